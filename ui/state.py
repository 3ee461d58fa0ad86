"""Choice widgets bound to the URL by stable option ids, not by their (translatable) labels.

Streamlit's own `bind="query-params"` writes an option's *formatted label* into the URL, so a link
made in one interface language would not reopen in another, and labels make long URLs. Numbers
(epsilon, seed, bounds) keep Streamlit's binding; choices among named options use `url_choice`,
which stores `str(option)` under the widget's key.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import streamlit as st

T = TypeVar("T")


def url_choice(
    widget: Callable[..., Any],
    label: str,
    options: Sequence[T],
    key: str,
    default: T | None = None,
    **kwargs: Any,
) -> T:
    """Render `widget` (st.selectbox, st.radio or their container versions) bound to ?key=<id>.

    The first run of a session takes the value from the URL when it names a valid option; every
    run writes the value back (and removes it when it equals the default, to keep links short).
    """
    by_id = {str(o): o for o in options}
    fallback = default if default in options else options[0]
    if key not in st.session_state or st.session_state[key] not in options:
        from_url = st.query_params.get(key)
        st.session_state[key] = by_id.get(from_url, fallback) if from_url is not None else fallback
    value = widget(label, options, key=key, **kwargs)
    if value == fallback:
        if key in st.query_params:
            del st.query_params[key]
    else:
        st.query_params[key] = str(value)
    return value
