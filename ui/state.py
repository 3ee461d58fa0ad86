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


def _first_tab(key: str) -> str:
    """Where url_tabs keeps the tab the session opened first (the address's, on its first run)."""
    return f"_tabs_first_{key}"


def url_tabs(key: str, tabs: dict[str, tuple[str, Callable[..., None]]], *args: Any) -> str:
    """Tabs whose open one is in the URL as ?key=<tab id> (not its translated label), so a link to
    "2. Averaging" opens that tab. Only the open tab runs: its function is called with `args`
    inside its container; the closed tabs stay empty until opened. Returns the open tab's id.

    `tabs` maps stable ids to (label, function), in display order.
    """
    ids, labels = list(tabs), [label for label, _ in tabs.values()]
    first = _first_tab(key)
    if first not in st.session_state or st.session_state[first] not in labels:
        # the first run of this page in the session, or the first in another language: the URL says
        from_url = tabs.get(st.query_params.get(key, ""))
        st.session_state[first] = from_url[0] if from_url else labels[0]
        st.session_state.pop(key, None)
    containers = st.tabs(labels, key=key, on_change="rerun", default=st.session_state[first])
    open_label = st.session_state.get(key) or st.session_state[first]
    open_id = ids[labels.index(open_label)] if open_label in labels else ids[0]
    if open_id == ids[0]:
        st.query_params.pop(key, None)
    else:
        st.query_params[key] = open_id
    with containers[ids.index(open_id)]:
        tabs[open_id][1](*args)
    return open_id


def forget(key: str) -> None:
    """Drop what this session remembers of a URL-bound choice or tab (`url_choice`, `url_tabs`, or a
    widget bound to the address), so the next run of its page reads the address again."""
    st.session_state.pop(key, None)
    st.session_state.pop(_first_tab(key), None)
