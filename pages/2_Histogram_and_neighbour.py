"""Histogram & neighbour: a noisy histogram of D next to the same release on a neighbour D'."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.counting import count_above, interactive_count, noisy_records_count
from dpcore.histogram import (
    Histogram,
    PostProcessing,
    histogram,
    noisy_counts,
    post_process,
    utility,
)
from dpcore.limits import EPSILON_GRID
from dpcore.mechanisms import calibrate
from ui.charts import histogram as charts
from ui.controls.histogram import (
    HistogramSettings,
    NeighbourChoice,
    histogram_settings,
    neighbour_choice,
    post_processing_controls,
    release_panel,
)
from ui.datasets import Dataset, bundled_dataset
from ui.memo import session_memo
from ui.page import PageContext, show_error, show_figure, start_page
from ui.text.common import TEXT as COMMON
from ui.text.histogram import TEXT
from ui.widgets import delta_select, epsilon_slider, gaussian_method_select, mechanism_select


@st.fragment
def histogram_view(ctx: PageContext) -> None:
    """What to count, the neighbour D', post-processing and the true histograms; then the release.

    A fragment: changing these settings reruns this tab only, not the sidebar or the zoo tab.
    The mechanism's controls and the noisy charts go into slots filled by `release_view`."""
    col_data, col_neighbour, col_mech = st.columns(3, gap="large")
    col_mech.subheader(TEXT["section_mechanism"])
    mechanism_slot = col_mech.container()
    with col_mech:
        post = post_processing_controls()
    with col_data:
        st.subheader(TEXT["section_data"])
        settings: HistogramSettings | None = histogram_settings(ctx.dataset)
    pair = None if settings is None else histogram_pair(ctx.dataset, settings, col_data, col_neighbour)
    true_slot, noisy_slot = st.columns(2, gap="medium")
    if pair is not None:
        hist, choice = pair
        changed = bins_that_differ(pair)
        with true_slot:
            show_figure(
                charts.paired_histograms(
                    hist.labels, hist.counts, choice.counts, changed, TEXT["true_title"], TEXT["bin_axis"],
                    TEXT["count_axis"],
                ),
                key="hist_fig_true",
            )
        if not changed:
            st.info(TEXT["same_histograms"])
        st.caption(TEXT["simulation_label"])
    release_view(ctx, mechanism_slot, noisy_slot, pair, post)


def histogram_pair(
    dataset: Dataset, settings: HistogramSettings, col_data: DeltaGenerator, col_neighbour: DeltaGenerator
) -> tuple[Histogram, NeighbourChoice] | None:
    """D's histogram (memoised per data and bins) and the neighbour's; None once the page says why not."""
    frame = dataset.table.frame
    try:
        hist = session_memo(
            "hist_d",
            (dataset.ident, settings.column, settings.bins, settings.weight),
            lambda: histogram(frame, settings.column, settings.bins, settings.weight),
        )
    except ValueError as exc:
        show_error(exc)
        return None
    if hist.missing or hist.outside or hist.clamped:
        col_data.caption(TEXT["left_out"].format(missing=hist.missing, outside=hist.outside, clamped=hist.clamped))
    with col_neighbour:
        st.subheader(TEXT["section_neighbour"])
        choice = neighbour_choice(dataset, settings, hist.counts)
    return None if choice is None else (hist, choice)


def bins_that_differ(pair: tuple[Histogram, NeighbourChoice]) -> list[int]:
    """Indices of the bars where D and D' differ (shaded in every chart)."""
    return [int(i) for i in np.flatnonzero(pair[0].counts != pair[1].counts)]


@st.fragment
def release_view(
    ctx: PageContext,
    mechanism_slot: DeltaGenerator,
    noisy_slot: DeltaGenerator,
    pair: tuple[Histogram, NeighbourChoice] | None,
    post: PostProcessing,
) -> None:
    """The mechanism's controls and the noisy release, its output distribution and utility.

    A fragment of its own: an epsilon change redraws only these, not the data, neighbour and
    post-processing controls or the true histograms (each element redrawn costs the browser
    time). The controls are drawn even without a histogram, so their values survive a bad
    setting elsewhere."""
    with mechanism_slot:
        kind = mechanism_select("hist_mech")
        epsilon = epsilon_slider("hist_eps", default=1.0)
        delta, method = 0.0, "analytic"
        if kind == "gaussian":
            delta = delta_select("hist_delta")
            method = gaussian_method_select("hist_gmethod")
    if pair is None:
        return
    hist, choice = pair
    sensitivity = choice.sensitivity.l2 if kind == "gaussian" else choice.sensitivity.l1
    try:
        mechanism = calibrate(kind, epsilon, delta, sensitivity, method)
    except ValueError as exc:
        show_error(exc)
        return
    # Everything is computed before anything is drawn: the browser redraws once per batch of
    # elements that arrive together, so elements trickling in between computations cost more.
    counts_d, counts_dp, labels = hist.counts, choice.counts, hist.labels
    changed = bins_that_differ(pair)
    noisy_d = noisy_counts(counts_d, mechanism, ctx.rng("hist-noise-D"))
    noisy_dp = noisy_counts(counts_dp, mechanism, ctx.rng("hist-noise-D-prime"))
    released_d, released_dp = post_process(noisy_d, post), post_process(noisy_dp, post)
    noisy_chart = charts.paired_histograms(
        labels, released_d, released_dp, changed, TEXT["noisy_title"], TEXT["bin_axis"],
        TEXT["share_axis"] if post.normalise else TEXT["count_axis"],
        names=(TEXT["noisy_d"], TEXT["noisy_dp"]),
        half_width=None if post.normalise else mechanism.accuracy(0.05),
    )
    u = utility(counts_d, noisy_d if post.normalise else released_d, mechanism)
    reading = [
        f"#### {TEXT['utility_title']}",
        f"- {TEXT['utility_expected'].format(mae=u.expected_abs_error_per_bar)}",
        f"- {TEXT['utility_interval'].format(half=u.interval_half_width)}",
        f"- {TEXT['utility_l1'].format(l1=u.l1_error)}",
    ]
    dist_chart, over_cap = None, False
    if changed:
        b = changed[0]
        observed = float(noisy_d[b])
        dist_chart = charts.output_distributions(
            mechanism, float(counts_d[b]), float(counts_dp[b]), observed,
            TEXT["dist_title"].format(label=labels[b]), TEXT["output_axis"],
            TEXT["pmf_axis"] if mechanism.discrete else TEXT["density_axis"],
            (TEXT["under_d"], TEXT["under_dp"]), TEXT["observed_marker"],
        )
        ratio = float(np.exp(mechanism.privacy_loss(observed, counts_d[b], counts_dp[b])))
        cap = float(np.exp(epsilon))
        reading.insert(0, TEXT["ratio"].format(observed=observed, ratio=ratio, cap=cap) + "\n")
        over_cap = ratio > cap or 1 / ratio > cap

    with mechanism_slot:
        st.caption(
            TEXT["noise_scale"].format(
                kind=COMMON[f"mechanism_{kind}"], scale=mechanism.scale, std=mechanism.std,
                calibration=mechanism.calibration,
            )
        )
        if mechanism.caveat:
            st.warning(mechanism.caveat)
    with noisy_slot:
        show_figure(noisy_chart, key="hist_fig_noisy")
    left, right = st.columns([3, 2], gap="medium")
    if dist_chart is not None:
        with left:
            show_figure(dist_chart, key="hist_fig_dist")
    right.markdown("\n".join(reading))  # one element: each element drawn costs the browser time
    if over_cap:
        right.info(TEXT["ratio_gaussian_over"].format(delta=delta))
    numbers = st.expander(TEXT["numbers_title"], key="hist_numbers", on_change="rerun", bind="query-params")
    if numbers.open:  # a table costs a grid redraw on every epsilon change: only when asked for
        numbers.dataframe(
            pd.DataFrame(
                {TEXT["bin_axis"]: labels, "D": counts_d, "D′": counts_dp,
                 TEXT["numbers_noisy_d"]: released_d, TEXT["numbers_noisy_dp"]: released_dp}
            ),
            hide_index=True,
            key="hist_table",
        )
    signature = (ctx.dataset.ident, labels, counts_d.tobytes(), kind, epsilon, delta, method, post)
    release_panel(labels, counts_d, mechanism, post, signature=signature)


@st.fragment
def zoo_view(ctx: PageContext) -> None:
    """Experiment 6-1: the count on zoo.csv and zoo_nb.csv, both schemes, several budgets."""
    zoo = bundled_dataset("zoo")
    values_d = zoo.table.frame["carrots"].to_numpy(dtype=float)
    values_dp = zoo.neighbour.frame["carrots"].to_numpy(dtype=float)
    c1, c2 = st.columns(2)
    threshold = c1.number_input(TEXT["zoo_threshold"], value=55.0, step=1.0, key="zoo_thr", bind="query-params")
    budgets = c2.multiselect(
        TEXT["zoo_eps"], options=EPSILON_GRID, default=[10.0, 0.1], format_func=lambda v: f"{v:g}",
        key="zoo_eps", bind="query-params",
    )
    st.markdown(TEXT["zoo_intro"].format(threshold=threshold))
    truth_d, truth_dp = count_above(values_d, threshold), count_above(values_dp, threshold)
    st.markdown(TEXT["zoo_truth"].format(d=truth_d, dp=truth_dp))
    if not budgets:
        st.info(TEXT["zoo_pick_eps"])
        return
    rows = []
    for eps in sorted(budgets, reverse=True):
        answers = {
            "zoo_interactive": (
                interactive_count(values_d, threshold, eps, ctx.rng(f"zoo-1-D-{eps}")),
                interactive_count(values_dp, threshold, eps, ctx.rng(f"zoo-1-D'-{eps}")),
            ),
            "zoo_noninteractive": (
                noisy_records_count(values_d, threshold, eps, ctx.rng(f"zoo-2-D-{eps}")),
                noisy_records_count(values_dp, threshold, eps, ctx.rng(f"zoo-2-D'-{eps}")),
            ),
        }
        for scheme, (a_d, a_dp) in answers.items():
            shows = round(a_d) - round(a_dp) == truth_d - truth_dp
            rows.append((f"{eps:g}", TEXT[scheme], a_d, a_dp, TEXT["zoo_yes" if shows else "zoo_no"]))
    table = pd.DataFrame(
        rows,
        columns=[TEXT[k] for k in ("zoo_table_eps", "zoo_table_scheme", "zoo_table_d", "zoo_table_dp", "zoo_table_shows")],
    )
    st.dataframe(table, hide_index=True, key="zoo_table", column_config={
        TEXT["zoo_table_d"]: st.column_config.NumberColumn(format="%.2f"),
        TEXT["zoo_table_dp"]: st.column_config.NumberColumn(format="%.2f"),
    })
    show_figure(
        charts.zoo_answers(
            [(f"ε={r[0]} · {r[1]}", r[2], r[3]) for r in rows], truth_d, truth_dp,
            TEXT["zoo_chart_title"], TEXT["zoo_count_axis"],
        ),
        key="zoo_fig",
    )
    st.markdown(TEXT["zoo_reading"])
    st.caption(TEXT["zoo_sensitivity_note"])


ctx = start_page(TEXT["title"], icon="📊")
st.markdown(TEXT["intro"])
tab_histogram, tab_zoo = st.tabs([TEXT["tab_histogram"], TEXT["tab_zoo"]])
with tab_histogram:
    histogram_view(ctx)
with tab_zoo:
    zoo_view(ctx)
