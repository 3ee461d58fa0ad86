"""Control groups of the Histogram & neighbour page: what to count, the neighbour D', the release.

Controls only: they return plain choices, and ui/views/histogram computes from them.

Keys of column-specific controls carry a short tag of the column name, so each column keeps its
own bounds and categories (and its own URL parameters) when the user switches between columns.
"""

from __future__ import annotations

import zlib
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from dpcore.catalog import BUNDLED, declared_bounds, public_categories, typical_bounds
from dpcore.export import safe_csv_bytes
from dpcore.histogram import Bins, CategoryBins, NumericBins, PostProcessing, observed_categories, post_process
from dpcore.limits import MAX_BINS
from dpcore.mechanisms import GaussianMethod, NoiseKind, calibrate
from dpcore.neighbours import Sensitivity
from dpcore.release import release_counts
from ui.datasets import Dataset
from ui.memo import session_memo
from ui.page import show_error
from ui.state import url_choice
from ui.text.histogram import TEXT
from ui.widgets import column_select, delta_select, gaussian_method_select, mechanism_select, weight_column_select

_RELEASE = "_hist_release"


@dataclass(frozen=True)
class DataChoice:
    """What to count: a column, its public bins, and the column that holds people per row."""

    column: str
    bins: Bins
    weight: str | None


@dataclass(frozen=True)
class ReleaseChoice:
    """The mechanism chosen above the release (epsilon has its own fragment) and its sensitivity."""

    kind: NoiseKind
    delta: float
    method: GaussianMethod
    sensitivity: float


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


def _numeric_bins(dataset: Dataset, column: str, tag: str) -> Bins | None:
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
        return NumericBins(float(lower), float(upper), int(count))
    st.info(TEXT["bounds_needed"], icon=":material/straighten:")
    typical = typical_bounds(column)
    if typical:
        st.button(
            TEXT["bounds_typical"].format(lower=typical[0], upper=typical[1]), key=f"hist_typical_{tag}",
            help=TEXT["bounds_typical_help"], on_click=_use_typical, args=(tag, typical),
        )
    return None


def data_choice(dataset: Dataset) -> DataChoice | None:
    """Column, bins (public bounds or declared categories) and weight column; None until usable."""
    frame = dataset.table.frame
    columns = [str(c) for c in frame.columns]
    column = column_select(dataset, columns, "hist_col", TEXT["column"])
    tag = _tag(column)
    declared = public_categories(dataset.key, column)
    mode = "categories"
    if pd.api.types.is_numeric_dtype(frame[column]):
        mode = url_choice(
            st.radio, TEXT["mode"], ["bounds", "categories"], f"hist_mode_{tag}",
            "categories" if declared else "bounds", format_func=lambda m: TEXT[f"mode_{m}"], horizontal=True,
        )
    try:
        if mode == "bounds":
            bins = _numeric_bins(dataset, column, tag)
        else:
            found = session_memo(f"hist_cats_{tag}", (dataset.ident, column), lambda: observed_categories(frame[column]))
            chosen = st.multiselect(
                TEXT["categories"], list(dict.fromkeys([*(declared or found), *found])),
                default=list(declared or found), key=f"hist_cats_{tag}", accept_new_options=True, bind="query-params",
            )
            if not declared:
                st.caption(TEXT["data_hint_categories"])
            bins = CategoryBins(tuple(str(c) for c in chosen))
    except ValueError as exc:
        show_error(exc)
        return None
    weight = weight_column_select(dataset, column, "hist_w")
    with st.expander(TEXT["why_public_bins_title"]):
        st.markdown(TEXT["why_public_bins"])
    return None if bins is None else DataChoice(column, bins, weight)


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
    new_value = None
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


def release_choice(sensitivity: Sensitivity | None) -> ReleaseChoice:
    """The mechanism (and for a Gaussian its delta and calibration), drawn above the epsilon slider."""
    kind = mechanism_select("hist_mech")
    delta, method = 0.0, "analytic"
    if kind == "gaussian":
        c1, c2 = st.columns(2)
        delta, method = delta_select("hist_delta", container=c1), gaussian_method_select("hist_gmethod", c2)
    return ReleaseChoice(kind, delta, method, 1.0 if sensitivity is None else sensitivity.for_noise(kind))


def release_panel(
    labels: tuple[str, ...], counts: np.ndarray, settings: ReleaseChoice, post: PostProcessing
) -> None:
    """Draw a release of D's histogram with OpenDP on request, and offer it as a safe CSV.

    Outside the epsilon fragment (an epsilon step redraws less): the click reads epsilon from the
    slider's state, and the release shown says which epsilon it spent."""
    st.subheader(TEXT["release_title"])
    st.caption(TEXT["release_note"])

    def draw() -> None:
        mechanism = calibrate(settings.kind, float(st.session_state["hist_eps"]), settings.delta,
                              settings.sensitivity, settings.method)
        released = post_process(release_counts(counts, mechanism), post)
        st.session_state[_RELEASE] = labels, pd.DataFrame(
            {"bin": list(labels), "released": released, "mechanism": mechanism.calibration,
             "epsilon": mechanism.epsilon, "delta": mechanism.delta}
        )

    st.button(TEXT["release_button"], key="hist_release", on_click=draw)
    kept_labels, table = st.session_state.get(_RELEASE, (None, None))
    if table is not None and kept_labels == labels:  # the last release of these very bins
        st.success(TEXT["release_drawn"].format(kind=table["mechanism"].iloc[0], epsilon=table["epsilon"].iloc[0]))
        st.dataframe(table, hide_index=True, key="hist_release_table")
        st.download_button(
            TEXT["release_download"], data=safe_csv_bytes(table), file_name="dp_histogram_release.csv",
            mime="text/csv", key="hist_release_download",
        )
