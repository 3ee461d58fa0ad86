"""Control groups of the Histogram & neighbour page: what to count, the neighbour D', the release.

Keys of column-specific controls carry a short tag of the column name, so each column keeps its
own bounds and categories (and its own URL parameters) when the user switches between columns.
"""

from __future__ import annotations

import zlib
from collections.abc import Hashable
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from dpcore.catalog import BUNDLED
from dpcore.export import safe_csv_bytes
from dpcore.histogram import (
    Bins,
    CategoryBins,
    NumericBins,
    PostProcessing,
    bin_of,
    histogram,
    observed_categories,
    post_process,
)
from dpcore.limits import MAX_BINS
from dpcore.mechanisms import AdditiveNoise
from dpcore.neighbours import (
    Sensitivity,
    histogram_sensitivity,
    neighbour_counts,
    neighbour_distance,
)
from dpcore.release import release_counts
from ui.datasets import Dataset
from ui.memo import session_memo
from ui.page import show_error
from ui.state import url_choice
from ui.text.histogram import TEXT
from ui.widgets import column_select, weight_column_select

_RELEASE = "_hist_release"


@dataclass(frozen=True)
class HistogramSettings:
    """What to count: a column, its public bins, and the column that holds people per row."""

    column: str
    bins: Bins
    weight: str | None


@dataclass(frozen=True)
class NeighbourChoice:
    """The neighbour's histogram and the sensitivity its kind of neighbour implies."""

    counts: np.ndarray
    sensitivity: Sensitivity


def _tag(column: str) -> str:
    return f"{zlib.crc32(column.encode('utf-8')):08x}"[:6]


def histogram_settings(dataset: Dataset) -> HistogramSettings | None:
    """Column, bins (public bounds or declared categories) and weight column; None if invalid."""
    frame = dataset.table.frame
    info = BUNDLED.get(dataset.key)
    domains = info.domains if info else {}
    columns = [str(c) for c in frame.columns]
    column = column_select(dataset, columns, "hist_col", TEXT["column"])
    numeric = pd.api.types.is_numeric_dtype(frame[column])
    weight = weight_column_select(dataset, column, "hist_w")
    domain = domains.get(column)
    tag = _tag(column)
    modes = ["bounds", "categories"]
    default_mode = "categories" if domain and isinstance(domain[0], str) else "bounds"
    mode = "categories"
    if numeric:
        mode = url_choice(
            st.radio, TEXT["mode"], modes, f"hist_mode_{tag}", default_mode,
            format_func=lambda m: TEXT[f"mode_{m}"], horizontal=True,
        )
    try:
        if mode == "bounds":
            bounds = domain if domain and not isinstance(domain[0], str) else (0.0, 100.0)
            c1, c2, c3 = st.columns(3)
            lower = c1.number_input(TEXT["lower"], value=float(bounds[0]), key=f"hist_lo_{tag}", bind="query-params")
            upper = c2.number_input(TEXT["upper"], value=float(bounds[1]), key=f"hist_hi_{tag}", bind="query-params")
            count = c3.number_input(
                TEXT["bins"], min_value=1, max_value=MAX_BINS, value=10, step=1, key=f"hist_bins_{tag}", bind="query-params"
            )
            if not (domain and not isinstance(domain[0], str)):
                st.caption(TEXT["data_hint_bounds"])
            bins: Bins = NumericBins(float(lower), float(upper), int(count))
        else:
            found = session_memo(f"hist_cats_{tag}", (dataset.ident, column), lambda: observed_categories(frame[column]))
            declared = list(domain) if domain and isinstance(domain[0], str) else found
            options = list(dict.fromkeys([*declared, *found]))
            chosen = st.multiselect(
                TEXT["categories"], options, default=declared, key=f"hist_cats_{tag}",
                accept_new_options=True, bind="query-params",
            )
            if not (domain and isinstance(domain[0], str)):
                st.caption(TEXT["data_hint_categories"])
            bins = CategoryBins(tuple(str(c) for c in chosen))
    except ValueError as exc:
        show_error(exc)
        return None
    with st.expander(TEXT["why_public_bins_title"]):
        st.markdown(TEXT["why_public_bins"])
    return HistogramSettings(column, bins, weight)


def neighbour_choice(dataset: Dataset, settings: HistogramSettings, counts_d: np.ndarray) -> NeighbourChoice | None:
    """Pick D' (the course's neighbour file, or remove/change one record); None if unusable."""
    frame = dataset.table.frame
    kinds = (["course"] if dataset.neighbour is not None else []) + ["remove", "replace"]
    neighbour_file = BUNDLED[dataset.key].neighbour_file if dataset.neighbour is not None else ""
    kind = url_choice(
        st.radio, TEXT["neighbour_kind"], kinds, "hist_nb",
        format_func=lambda k: TEXT[f"neighbour_{k}"].format(file=neighbour_file),
    )
    try:
        if kind == "course":
            st.caption(TEXT["sensitivity_course"])
            counts_dp = session_memo(
                "hist_dp_course",
                (dataset.ident, settings.column, settings.bins, settings.weight),
                lambda: histogram(dataset.neighbour.frame, settings.column, settings.bins, settings.weight).counts,
            )
            distance = neighbour_distance(counts_d, counts_dp)
            if distance.l1 > 1:
                st.warning(TEXT["not_neighbours"].format(l1=distance.l1))
                return None
            return NeighbourChoice(counts_dp, histogram_sensitivity("remove"))
        row = int(
            st.number_input(
                TEXT["row"], min_value=0, max_value=max(len(frame) - 1, 0), value=0, step=1,
                key="hist_row", bind="query-params",
            )
        )
        st.caption(TEXT["record_shown"])
        st.text(" · ".join(f"{name}: {value}" for name, value in frame.iloc[row].items()))
        removed = bin_of(settings.bins, frame[settings.column].iloc[row])
        added = None
        if kind == "replace":
            added = bin_of(settings.bins, _new_value(settings, frame[settings.column]))
        st.caption(TEXT[f"sensitivity_{kind}"])
        return NeighbourChoice(neighbour_counts(counts_d, removed, added), histogram_sensitivity(kind))
    except ValueError as exc:
        show_error(exc)
        return None


def _new_value(settings: HistogramSettings, values: pd.Series) -> object:
    tag = _tag(settings.column)
    if isinstance(settings.bins, NumericBins):
        return st.number_input(
            TEXT["new_value"], value=float(settings.bins.upper), key=f"hist_new_{tag}", bind="query-params"
        )
    options = list(settings.bins.categories)
    return url_choice(st.selectbox, TEXT["new_value"], options, f"hist_newc_{tag}", options[-1])


def post_processing_controls() -> PostProcessing:
    """Clamp, round, normalise: each changes the numbers shown, none costs privacy (the note says why)."""
    st.markdown(f"**{TEXT['post_title']}**")
    post = PostProcessing(
        clamp_at_zero=st.checkbox(TEXT["clamp"], key="hist_clamp", bind="query-params"),
        round_to_integers=st.checkbox(TEXT["round"], key="hist_round", bind="query-params"),
        normalise=st.checkbox(TEXT["normalise"], key="hist_norm", bind="query-params"),
    )
    st.caption(TEXT["post_note"])
    return post


def release_panel(
    labels: tuple[str, ...],
    counts: np.ndarray,
    mechanism: AdditiveNoise,
    post: PostProcessing,
    signature: Hashable,
) -> None:
    """Draw a release of D's histogram with OpenDP on request, and offer it as a safe CSV."""
    st.subheader(TEXT["release_title"])
    st.caption(TEXT["release_note"])

    def draw() -> None:
        released = post_process(release_counts(counts, mechanism), post)
        table = pd.DataFrame(
            {"bin": list(labels), "released": released, "mechanism": mechanism.calibration,
             "epsilon": mechanism.epsilon, "delta": mechanism.delta}
        )
        st.session_state[_RELEASE] = (signature, table)

    st.button(TEXT["release_button"], key="hist_release", on_click=draw)
    kept = st.session_state.get(_RELEASE)
    if kept is not None and kept[0] == signature:
        st.success(TEXT["release_drawn"].format(kind=mechanism.kind, epsilon=mechanism.epsilon))
        st.dataframe(kept[1], hide_index=True, key="hist_release_table")
        st.download_button(
            TEXT["release_download"], data=safe_csv_bytes(kept[1]), file_name="dp_histogram_release.csv",
            mime="text/csv", key="hist_release_download",
        )
