"""The histogram tab: a noisy histogram of D next to the same release on a neighbour D'.

The release on the left, what to count and the neighbour D' on the right. The tab is a fragment:
its widgets rerun it alone. Epsilon is the noisy chart's own slider: the charts hold the release at
every epsilon and a step is drawn by the browser, sentences included (ui/chart_slider.py); the
server learns the new epsilon a moment later. Each part is widgets -> compute (ui/views/histogram)
-> draw; the true histograms are kept per session, the release at every epsilon for every session.

Keys of column-specific widgets carry a short tag of the column name (`_tag`), so each column keeps
its own bounds and categories (and its own URL parameters) when the user switches between columns.

The bins remember where they came from (dpcore.release.HistogramDomain): the dataset's documented
categories (or the user's edit of them), a list the user typed from an empty start, numeric bins on
public bounds, or (for an upload) a list prefilled from the data, edited or not, which the page may
chart but never release.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Hashable
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from dpcore.catalog import BUNDLED, declared_bounds, public_categories, typical_bounds
from dpcore.export import safe_csv_bytes
from dpcore.histogram import Bins, NumericBins, PostProcessing, post_process
from dpcore.limits import MAX_BINS
from dpcore.mechanisms import GaussianMethod, NoiseKind, calibrate
from dpcore.neighbours import Sensitivity
from dpcore.release import HistogramDomain, release_histogram
from ui import fmt
from ui.chart_slider import ChartSlider
from ui.datasets import Dataset
from ui.memo import session_memo
from ui.page import PageContext, show_animation, show_error, show_figure
from ui.state import url_choice
from ui.text.animations import TEXT as ANIM
from ui.text.common import TEXT as COMMON
from ui.text.histogram import TEXT
from ui.views.histogram import counts as counts_view
from ui.views.histogram import hops as hops_view
from ui.views.histogram import release as release_view
from ui.views.steps import Steps
from ui.widgets import column_select, delta_select, gaussian_method_select, mechanism_select, weight_column_select

EPSILON = ChartSlider("hist_eps")
_RELEASE = "_hist_release"


@dataclass(frozen=True)
class DataChoice:
    """What to count: a column, its bins and where they came from, and the column of people per row."""

    column: str
    domain: HistogramDomain
    weight: str | None

    @property
    def bins(self) -> Bins:
        return self.domain.bins


@dataclass(frozen=True, eq=False)
class KeptRelease:
    """The last release the button drew (its table and mechanism) or why it was refused, with the
    dataset and the counted data it was drawn on: shown only while they are the page's."""

    dataset: str
    data: DataChoice
    table: pd.DataFrame | None = None
    kind: NoiseKind | None = None
    refused: ValueError | None = None


@dataclass(frozen=True)
class ReleaseChoice:
    """The mechanism chosen above the release (epsilon is the chart's own slider) and its sensitivity."""

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
    delta: float = 0.0
    method: GaussianMethod = "analytic"
    if kind == "gaussian":
        c1, c2 = st.columns(2)
        delta, method = delta_select("hist_delta", container=c1), gaussian_method_select("hist_gmethod", c2)
    return ReleaseChoice(kind, delta, method, 1.0 if sensitivity is None else sensitivity.for_noise(kind))


def release_panel(dataset: Dataset, data: DataChoice, settings: ReleaseChoice, post: PostProcessing,
                  epsilon: Callable[[], float]) -> None:
    """Draw a release of D's histogram with OpenDP on request, and offer it as a safe CSV.

    Only declared bins are released (dpcore.release.release_histogram); a list read from the data
    gets a sentence saying why not and how to declare it, and no button. A Gaussian release always
    uses the analytic calibration. The click reads `epsilon()` (the chart's slider, taking a step
    reported with the click), and the release shown says which epsilon it spent.
    A refusal is kept like a release and shown as an error box, so the other choices stay."""
    st.subheader(TEXT["release_title"])
    st.caption(TEXT["release_note"])
    if not data.domain.declared:
        st.warning(TEXT["release_undeclared"], icon=":material/block:")
        return

    def draw() -> None:
        try:
            mechanism = calibrate(settings.kind, epsilon(), settings.delta,
                                  settings.sensitivity, "analytic")
            release = release_histogram(dataset.table.frame, data.column, data.domain, mechanism, data.weight)
        except ValueError as exc:
            st.session_state[_RELEASE] = KeptRelease(dataset.ident, data, refused=exc)
            return
        released = post_process(release.values, post)
        # rounded to what the noise justifies (in shares, the noise's share of the total)
        noise = mechanism.scale / max(1.0, abs(float(np.sum(release.values)))) if post.normalise else mechanism.scale
        st.session_state[_RELEASE] = KeptRelease(dataset.ident, data, pd.DataFrame(
            {"bin": list(release.labels), "released": fmt.justified(released, noise),
             "mechanism": mechanism.calibration, "epsilon": mechanism.epsilon, "delta": mechanism.delta}
        ), mechanism.kind)

    st.button(TEXT["release_button"], key="hist_release", on_click=draw)
    if settings.kind == "gaussian" and settings.method != "analytic":
        st.caption(TEXT["release_analytic"])
    kept: KeptRelease | None = st.session_state.get(_RELEASE)
    if kept is None or (kept.dataset, kept.data) != (dataset.ident, data):  # only a release of these very bins and data
        return
    table = kept.table
    if kept.refused is not None:
        show_error(kept.refused)
    elif table is not None:
        st.success(" ".join((
            TEXT["release_drawn"].format(kind=COMMON[f"mechanism_{kept.kind}"], epsilon=table["epsilon"].iloc[0]),
            TEXT[f"release_bins_{data.domain.source}"],
        )))
        st.dataframe(table, hide_index=True, key="hist_release_table")
        st.download_button(
            TEXT["release_download"], data=safe_csv_bytes(table), file_name="dp_histogram_release.csv",
            mime="text/csv", key="hist_release_download",
        )


def draw_counts(view: counts_view.CountsView) -> None:
    if view.record:
        st.caption(TEXT["record_shown"])
        st.text(view.record)
    if view.warning:
        st.warning(view.warning)
    st.markdown(view.notes)
    show_figure(view.chart, key="hist_fig_true")


def draw_release(steps: Steps[release_view.ReleaseView]) -> None:
    EPSILON.chart(steps, "noisy_chart", COMMON["epsilon"], title=release_view.noisy_title)
    EPSILON.reading(steps, "reading")
    if steps.template.distribution_chart is not None:
        EPSILON.chart(steps, "distribution_chart", COMMON["epsilon"], follower="dist")
    numbers = st.expander(TEXT["numbers_title"], key="hist_numbers", on_change="rerun", bind="query-params")
    if numbers.open:  # a table only when asked for, swapped by the browser at each step
        with numbers:
            EPSILON.reading(steps, "numbers", "numbers")


def release_part(ctx: PageContext, counts: counts_view.CountsView | None, source: Hashable, post: PostProcessing,
                 choice: ReleaseChoice) -> None:
    """The release at every epsilon, stepped by the chart's own slider (kept for every session by
    `source`, what the counts come from), its numbers table too; the animation keeps the epsilon it
    was opened at."""
    if counts is None:
        return
    settings = release_view.ReleaseSettings(counts, source, choice.kind, None, choice.delta, choice.method, post,
                                            ctx.seed)
    steps = EPSILON.steps(settings, release_view.compute)
    if steps is None:
        return
    draw_release(steps)
    show_animation(ANIM["hops_expander"], "hist_hops", EPSILON.value, lambda eps: hops_view.Settings(
        counts, choice.kind, eps, choice.delta, choice.method, ctx.seed), hops_view.compute)
    EPSILON.follow()


@st.fragment
def tab(ctx: PageContext) -> None:
    """The release on the left (first on a phone, so epsilon and its charts open the page); what to
    count and the neighbour D' on the right, with their true histograms under them."""
    release_col, settings_col = st.columns([3, 2], gap="large")
    with settings_col:
        st.subheader(TEXT["section_data"])
        data = data_choice(ctx.dataset)
        st.subheader(TEXT["section_neighbour"])
        neighbour = neighbour_choice(ctx.dataset, data)
        post = post_processing_controls()
    counts, key = None, (ctx.dataset.ident, data, neighbour)
    if data is not None:
        dataset = ctx.dataset
        settings = counts_view.CountsSettings(
            dataset.table.frame, data.column, data.bins, data.weight, neighbour.kind,
            dataset.neighbour.frame if dataset.neighbour is not None else None, neighbour.row, neighbour.new_value,
        )
        try:
            counts = session_memo("hist_counts", key, lambda: counts_view.compute(settings))
        except ValueError as exc:
            show_error(exc, settings_col)
    if counts is not None:
        with settings_col:
            draw_counts(counts)
    with release_col:
        choice = release_choice(None if counts is None else counts.sensitivity)
        release_part(ctx, counts, key, post, choice)
        if counts is not None and data is not None:
            release_panel(ctx.dataset, data, choice, post, EPSILON.value)
