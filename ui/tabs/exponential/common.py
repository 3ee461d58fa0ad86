"""The editable two-column table that the vote's and the pricing's tabs both open with."""

from __future__ import annotations

import pandas as pd
import streamlit as st

from ui import fmt
from ui.text.exponential import TEXT


def table_editor(default: pd.DataFrame, key: str,
                 labels: tuple[str, str]) -> tuple[tuple[object, ...], tuple[object, ...]]:
    """A two-column table shown as text, and a button that opens it for editing (add, change and
    delete rows; not in the URL): its names and its numbers, as typed. The editing grid lives in a
    popover, drawn only while open, so the page opens without the grid's cost (LEARNED.md)."""
    name_col, number_col = default.columns
    shown = st.container()
    with st.popover(TEXT["editor_open"], icon=":material/edit:"):
        edited = st.data_editor(
            default, key=key, num_rows="dynamic", hide_index=True, width="stretch",
            column_config={
                name_col: st.column_config.TextColumn(labels[0]),
                number_col: st.column_config.NumberColumn(labels[1], format="%g"),
            },
        )
        st.caption(TEXT["editor_not_in_url"])
    shown.markdown(fmt.frame_table(edited.set_axis(labels, axis=1)))
    return tuple(edited[name_col]), tuple(edited[number_col])
