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

from ui.text.common import TEXT

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


def url_tabs(key: str, tabs: dict[str, tuple[str, Callable[..., None]]], *args: Any) -> str:
    """The page's parts as one row of buttons (a segmented control) whose chosen part is in the URL as
    ?key=<part id> (not its translated label), so a link to "2. Averaging" opens that part. Only the
    chosen part runs: its function is called with `args`. Returns the chosen part's id.

    Not `st.tabs`: a fragment inside a tab costs the browser 12-15 ms more on every slider step
    (LEARNED.md), and only one part ever has content anyway. `tabs` maps stable ids to (label,
    function), in display order.
    """
    open_id = url_choice(st.segmented_control, TEXT["parts"], list(tabs), key, format_func=lambda part: tabs[part][0],
                         required=True, label_visibility="collapsed", width="stretch")
    tabs[open_id][1](*args)
    return open_id


def forget(key: str) -> None:
    """Drop what this session remembers of a URL-bound choice or tab (`url_choice`, `url_tabs`, or a
    widget bound to the address), so the next run of its page reads the address again."""
    st.session_state.pop(key, None)
