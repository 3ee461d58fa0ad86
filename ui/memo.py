"""Memos for work that depends on the data (parsing, binning) or on settings, not on epsilon.

`st.cache_data` would hash a 1,000,000-row column on every rerun; here the caller names what the
result depends on (dataset id, column, bins). `session_memo` keeps it in this session only, so an
epsilon change reuses it and no other session ever sees it. `shared_memo` keeps the last results
for every session of the server: a class at the same settings (the defaults, the teacher's link)
computes a view once, not once per student (30 sessions on 2 cores, CONTRIBUTING.md "Speed").
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

import streamlit as st

from ui.i18n import current

T = TypeVar("T")
_STORE = "_session_memo"
SHARED_ENTRIES = 128  # views kept for all sessions (a view's frames: tens to hundreds of kB)
_SHARED: OrderedDict[Hashable, object] = OrderedDict()
_SHARED_LOCK = threading.Lock()
_PENDING: dict[Hashable, threading.Lock] = {}  # keys being computed, each with the lock its computation holds


@dataclass(frozen=True, eq=False)
class Kept:
    """What `session_memo` keeps in one slot: the value and the key (language included) it was computed for."""

    key: Hashable
    value: object


def session_memo(slot: str, key: Hashable, compute: Callable[[], T]) -> T:
    """Return the value kept in `slot` if it was computed for `key` (in this language: results may
    hold sentences); otherwise compute and keep it."""
    key = (current(), key)
    store: dict[str, Kept] = st.session_state.setdefault(_STORE, {})
    kept = store.get(slot)
    if kept is not None and kept.key == key:
        return kept.value  # type: ignore[return-value]
    value = compute()
    store[slot] = Kept(key, value)
    return value


def shared_peek(slot: str, key: Hashable) -> object | None:
    """The value some session computed in `slot` for `key` (in this language), or None: never computes."""
    full = (slot, current(), key)
    with _SHARED_LOCK:
        if full in _SHARED:
            _SHARED.move_to_end(full)
            return _SHARED[full]
    return None


def shared_memo(slot: str, key: Hashable, compute: Callable[[], T]) -> T:
    """Return the value any session computed in `slot` for `key` (in this language), else compute
    and keep it; the least recently used of SHARED_ENTRIES go first. Sessions asking for a key being
    computed wait for it (a class opening one link at once computes it once). `key` must name
    everything the value depends on (an upload by its own id, never shared by another session) and
    be hashable."""
    full = (slot, current(), key)
    with _SHARED_LOCK:
        if full in _SHARED:
            _SHARED.move_to_end(full)
            return _SHARED[full]  # type: ignore[return-value]
        pending = _PENDING.setdefault(full, threading.Lock())
    with pending:  # one computation per key; other keys never wait
        with _SHARED_LOCK:
            if full in _SHARED:
                return _SHARED[full]  # type: ignore[return-value]
        try:
            value = compute()
        finally:
            with _SHARED_LOCK:
                _PENDING.pop(full, None)
        with _SHARED_LOCK:
            _SHARED[full] = value
            while len(_SHARED) > SHARED_ENTRIES:
                _SHARED.popitem(last=False)
    return value
