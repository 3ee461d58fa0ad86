"""What the histogram tab counts: the column, its bins (public bounds, declared categories, a typed
list, or for an upload a list prefilled from the data, which the page may chart but never release)
and the neighbour D'.

Keys of column-specific widgets carry a short tag of the column name (`_tag`), so each column keeps
its own bounds and categories (and its own URL parameters) when the user switches between columns."""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import pandas as pd
import streamlit as st

from dpcore.catalog import BUNDLED, declared_bounds, public_categories, typical_bounds
from dpcore.histogram import Bins, NumericBins
from dpcore.limits import MAX_BINS
from dpcore.release import HistogramDomain
from ui.datasets import Dataset
from ui.memo import session_memo
from ui.page import show_error
from ui.state import url_choice
from ui.text.histogram import TEXT
from ui.widgets import column_select, weight_column_select


@dataclass(frozen=True)
class DataChoice:
    """What to count: a column, its bins and where they came from, and the column of people per row."""

    column: str
    domain: HistogramDomain
    weight: str | None

    @property
    def bins(self) -> Bins:
        return self.domain.bins



@dataclass(frozen=True)
class NeighbourChoice:
    """How D' differs from D: the kind, and for a removed or changed record its row and new value."""

    kind: str
    row: int = 0
    new_value: object = None



def _tag(column: str) -> str:
    return f"{zlib.crc32(column.encode('utf-8')):08x}"[:6]


def _use_typical(tag: str, bounds: tuple[float, float]) -> None:
    st.session_state[f"hist_lo_{tag}"], st.session_state[f"hist_hi_{tag}"] = bounds


def _numeric_bins(dataset: Dataset, column: str, tag: str) -> HistogramDomain | None:
    """Public bounds and a number of bins. Bounds the catalog does not declare start empty: the
    user sets them (a default taken from the data would leak), with typical ones offered."""
    declared = declared_bounds(dataset.key, column)
    c1, c2, c3 = st.columns(3)
    default = declared or (None, None)
    lower = c1.number_input(TEXT["lower"], value=default[0], key=f"hist_lo_{tag}", bind="query-params")
    upper = c2.number_input(TEXT["upper"], value=default[1], key=f"hist_hi_{tag}", bind="query-params")
    count = c3.number_input(
        TEXT["bins"], min_value=1, max_value=MAX_BINS, value=10, step=1, key=f"hist_bins_{tag}", bind="query-params"
    )
    if lower is not None and upper is not None:
        return HistogramDomain.public_bounds(float(lower), float(upper), int(count))
    st.info(TEXT["bounds_needed"], icon=":material/straighten:")
    typical = typical_bounds(column)
    if typical:
        st.button(
            TEXT["bounds_typical"].format(lower=typical[0], upper=typical[1]), key=f"hist_typical_{tag}",
            help=TEXT["bounds_typical_help"], on_click=_use_typical, args=(tag, typical),
        )
    return None


def _type_own(own: str, ident: str) -> None:
    """The user empties the category list to type their own: every label of the new list is typed."""
    st.session_state[own] = ident


def _category_domain(dataset: Dataset, column: str, tag: str) -> HistogramDomain | None:
    """The categories to count, and where the list came from.

    A bundled dataset's documented list is offered (`catalog` while the choice equals it, `typed`
    once edited: its labels are public). Otherwise the list is prefilled from the data and stays
    data-derived (`data`, never released) whatever the edits, since every label read from the data
    taints it; only a list the user builds from an empty start ("Clear the list and type my own")
    is `typed` (None while it is empty). That list is not kept in the address: a link's labels were
    not typed by its reader."""
    declared = public_categories(dataset.key, column)
    key = f"hist_cats_{tag}"
    if declared:
        chosen = _category_list(list(declared), key, bind=True)
        if set(chosen) == set(declared):
            return HistogramDomain.catalog(dataset.key, column)
        return HistogramDomain.typed(chosen)
    own = f"_hist_cats_own_{tag}"
    if st.session_state.get(own) == dataset.ident:
        typed_key = f"hist_typed_{tag}"  # offers only what was typed in it, never a label of the data
        typed = _category_list([str(c) for c in st.session_state.get(typed_key, [])], typed_key)
        if not typed:
            st.info(TEXT["categories_type"], icon=":material/edit_note:")
            return None
        return HistogramDomain.typed(typed)
    observed = session_memo(key, (dataset.ident, column), lambda: HistogramDomain.observed(dataset.table.frame[column]))
    chosen = _category_list(list(observed.bins.labels), key, bind=True)
    st.caption(TEXT["data_hint_categories"])
    st.button(TEXT["categories_clear"], key=f"hist_clear_{tag}", icon=":material/edit_note:",
              on_click=_type_own, args=(own, dataset.ident))
    return observed if chosen == list(observed.bins.labels) else HistogramDomain.prefilled(chosen)


def _category_list(options: list[str], key: str, bind: bool = False) -> list[str]:
    """A list of categories the user may edit and add to, opening on `options`."""
    return [str(c) for c in st.multiselect(
        TEXT["categories"], options, default=options, key=key, accept_new_options=True,
        bind="query-params" if bind else None,
    )]


def data_choice(dataset: Dataset) -> DataChoice | None:
    """Column, bins (public bounds or declared categories) and weight column; None until usable."""
    frame = dataset.table.frame
    columns = [str(c) for c in frame.columns]
    column = column_select(dataset, columns, "hist_col", TEXT["column"])
    tag = _tag(column)
    mode = "categories"
    if pd.api.types.is_numeric_dtype(frame[column]):
        mode = url_choice(
            st.radio, TEXT["mode"], ["bounds", "categories"], f"hist_mode_{tag}",
            "categories" if public_categories(dataset.key, column) else "bounds",
            format_func=lambda m: TEXT[f"mode_{m}"], horizontal=True,
        )
    try:
        domain = _numeric_bins(dataset, column, tag) if mode == "bounds" else _category_domain(dataset, column, tag)
    except ValueError as exc:
        show_error(exc)
        return None
    weight = weight_column_select(dataset, column, "hist_w")
    with st.expander(TEXT["why_public_bins_title"]):
        st.markdown(TEXT["why_public_bins"])
    return None if domain is None else DataChoice(column, domain, weight)


def neighbour_choice(dataset: Dataset, data: DataChoice | None) -> NeighbourChoice:
    """Pick D': the course's neighbour file, or remove or change one record."""
    kinds = (["course"] if dataset.neighbour is not None else []) + ["remove", "replace"]
    neighbour_file = BUNDLED[dataset.key].neighbour_file if dataset.neighbour is not None else ""
    kind = url_choice(
        st.radio, TEXT["neighbour_kind"], kinds, "hist_nb",
        format_func=lambda k: TEXT[f"neighbour_{k}"].format(file=neighbour_file),
    )
    if kind == "course":
        return NeighbourChoice(kind)
    rows = len(dataset.table.frame)
    row = st.number_input(
        TEXT["row"], min_value=0, max_value=max(rows - 1, 0), value=0, step=1, key="hist_row", bind="query-params"
    )
    new_value: object = None
    if kind == "replace" and data is not None:
        tag = _tag(data.column)
        if isinstance(data.bins, NumericBins):
            new_value = st.number_input(
                TEXT["new_value"], value=float(data.bins.upper), key=f"hist_new_{tag}", bind="query-params"
            )
        else:
            options = list(data.bins.categories)
            new_value = url_choice(st.selectbox, TEXT["new_value"], options, f"hist_newc_{tag}", options[-1])
    return NeighbourChoice(kind, int(row), new_value)

