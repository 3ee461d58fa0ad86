"""A per-session memo for work that depends on the data (parsing, binning), not on epsilon.

`st.cache_data` would hash a 1,000,000-row column on every rerun; here the caller names what the
result depends on (dataset id, column, bins) and the result is kept in this session only, so an
epsilon change reuses it and no other session ever sees it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

import streamlit as st

from ui.i18n import current

T = TypeVar("T")
_STORE = "_session_memo"


def session_memo(slot: str, key: Hashable, compute: Callable[[], T]) -> T:
    """Return the value kept in `slot` if it was computed for `key` (in this language: results may
    hold sentences); otherwise compute and keep it."""
    key = (current(), key)
    store: dict[str, tuple[Hashable, object]] = st.session_state.setdefault(_STORE, {})
    kept = store.get(slot)
    if kept is not None and kept[0] == key:
        return kept[1]  # type: ignore[return-value]
    value = compute()
    store[slot] = (key, value)
    return value
