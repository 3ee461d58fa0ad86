"""Controls used on more than one page, each defined once and bound to the URL.

Numbers are bound with Streamlit's `bind="query-params"`; choices with ui.state.url_choice (stable
option ids in the URL, not labels). Either way the value sits in the address bar under the widget's
key, so a shared link reopens the same view. Keys must be unique per page: use a page prefix such
as "hist_".
"""

from __future__ import annotations

from typing import Any

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import BUNDLED
from dpcore.columns import count_columns
from dpcore.io import LoadedTable
from dpcore.limits import DELTA_GRID, EPSILON_GRID
from dpcore.mechanisms import GAUSSIAN_METHODS, NOISE_KINDS, GaussianMethod, NoiseKind
from ui import fmt
from ui.datasets import Dataset
from ui.memo import session_memo
from ui.state import address_changed, bound_select_slider, url_choice
from ui.text.common import TEXT


def _where(container: DeltaGenerator | None) -> Any:
    return st if container is None else container


def epsilon_slider(
    key: str,
    default: float = 1.0,
    label: str | None = None,
    container: DeltaGenerator | None = None,
    options: tuple[float, ...] = EPSILON_GRID,
) -> float:
    """A log-scale epsilon slider (0.001 … 20 in 1-1.5-2-3-5-7 steps)."""
    return float(
        bound_select_slider(
            _where(container),
            label or TEXT["epsilon"],
            options,
            value=default,
            format_func=lambda v: f"{v:g}",
            key=key,
            help=TEXT["epsilon_help"],
        )
    )


_OLD_DELTA_LABELS = {f"{v:.0e}": v for v in DELTA_GRID}  # "1e-06": how the address wrote a delta before


def delta_select(key: str, default: float = 1e-5, container: DeltaGenerator | None = None) -> float:
    """A log-scale delta slider (10⁻¹² … 0.1), each value as people write it (fmt.tiny); a link from
    before, with "1e-06" in the address, still opens on its delta."""
    old = _OLD_DELTA_LABELS.get(st.query_params.get(key, ""))
    if old is not None:
        st.query_params[key] = fmt.tiny(old)
        address_changed()
    return float(
        bound_select_slider(
            _where(container),
            TEXT["delta"],
            DELTA_GRID,
            value=default,
            format_func=fmt.tiny,
            key=key,
            help=TEXT["delta_help"],
        )
    )


def mechanism_select(
    key: str,
    default: NoiseKind = "laplace",
    options: tuple[NoiseKind, ...] = NOISE_KINDS,
    container: DeltaGenerator | None = None,
) -> NoiseKind:
    """Choose an additive-noise mechanism."""
    return url_choice(
        _where(container).radio,
        TEXT["mechanism"],
        options,
        key,
        default,
        format_func=lambda k: TEXT[f"mechanism_{k}"],
        horizontal=True,
    )


def gaussian_method_select(key: str, container: DeltaGenerator | None = None) -> GaussianMethod:
    """Choose the Gaussian calibration: analytic (exact) or the classic textbook formula."""
    return url_choice(
        _where(container).radio,
        TEXT["gaussian_method"],
        GAUSSIAN_METHODS,
        key,
        format_func=lambda m: TEXT[f"gaussian_method_{m}"],
        horizontal=True,
        help=TEXT["gaussian_method_help"],
    )


def dataset_report(table: LoadedTable) -> None:
    """Show what was read: encoding, delimiter, size, column types, missing values, fixes made.

    Everything from the file is shown as data or plain text, never as HTML or markdown.
    """
    frame = table.frame
    delimiter = {"\t": "tab", " ": "space"}.get(table.delimiter, table.delimiter)
    report = st.expander(TEXT["report_title"], key="data_report", on_change="rerun", bind="query-params")
    if not report.open:  # two data grids cost a page's first open ~0.3 s: only when asked for
        return
    with report:
        st.text(
            TEXT["report_detected"].format(
                encoding=table.encoding, delimiter=delimiter, rows=len(frame), cols=frame.shape[1]
            )
        )
        for note in table.notes or (TEXT["report_no_notes"],):
            st.text(f"• {note}")
        st.caption(TEXT["report_columns"])
        st.dataframe(table.summary(), hide_index=True, width="stretch")
        st.caption(TEXT["report_preview"])
        st.dataframe(frame.head(10), width="stretch")


def column_select(
    dataset: Dataset, columns: list[str], key: str, label: str, container: DeltaGenerator | None = None
) -> str:
    """Pick one of `columns` of the dataset in use; a bundled dataset opens on its catalog column."""
    return url_choice(_where(container).selectbox, label, columns, key, default_column(dataset, columns))


def default_column(dataset: Dataset, columns: list[str]) -> str:
    """The column a view opens on: a bundled dataset's catalog column, else the first of `columns`."""
    info = BUNDLED.get(dataset.key)
    return info.histogram_column if info and info.histogram_column in columns else columns[0]


def weight_columns(dataset: Dataset, column: str, found: list[str]) -> tuple[list[str], str]:
    """The weight columns offered beside `column` ("" first: one row, one person) among the count
    columns `found`, and the one a view opens on (a bundled table's declared count column, or "")."""
    info = BUNDLED.get(dataset.key)
    options = ["", *(c for c in found if c != column)]
    return options, info.weight_column if info and info.weight_column in options else ""


def weight_column_select(
    dataset: Dataset, column: str, key: str, container: DeltaGenerator | None = None
) -> str | None:
    """Which column says how many people a row stands for (None: one row, one person).

    Offered only where some column could be such a count (dpcore.columns.count_columns: whole,
    non-negative numbers and a name that says it counts); a bundled aggregated table (the
    course's medicaldata.csv) opens on its declared count column."""
    frame = dataset.table.frame
    found = session_memo("weight_columns", dataset.ident, lambda: count_columns(frame))
    options, default = weight_columns(dataset, column, found)
    if len(options) == 1:
        return None
    chosen = url_choice(
        _where(container).selectbox,
        TEXT["weight"],
        options,
        key,
        default,
        format_func=lambda c: c or TEXT["weight_none"],
        help=TEXT["weight_help"],
    )
    return chosen or None


def column_and_weight_row(
    dataset: Dataset, columns: list[str], column_key: str, weight_key: str, label: str
) -> tuple[str, str | None, DeltaGenerator]:
    """The column and weight pickers side by side, and the row's third cell, left empty for the
    control (usually epsilon) that a nested fragment draws there."""
    c1, c2, c3 = st.columns(3)
    column = column_select(dataset, columns, column_key, label, c1)
    return column, weight_column_select(dataset, column, weight_key, c2), c3.container()
