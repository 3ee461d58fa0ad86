"""Histogram & neighbour: a noisy histogram of D next to the same release on a neighbour D'."""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from dpcore.counting import count_above, interactive_count, noisy_records_count
from dpcore.histogram import (
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
    release_panel,
)
from ui.datasets import bundled_dataset
from ui.memo import session_memo
from ui.page import PageContext, show_error, show_figure, start_page
from ui.text.common import TEXT as COMMON
from ui.text.histogram import TEXT
from ui.widgets import delta_select, epsilon_slider, gaussian_method_select, mechanism_select


@st.fragment
def histogram_view(ctx: PageContext) -> None:
    """Settings in three columns, then the true, noisy and per-bar pictures and the utility.

    A fragment: changing epsilon reruns this tab only, not the sidebar or the zoo tab."""
    col_data, col_neighbour, col_mech = st.columns(3, gap="large")
    with col_data:
        st.subheader(TEXT["section_data"])
        settings: HistogramSettings | None = histogram_settings(ctx.dataset)
    with col_mech:
        st.subheader(TEXT["section_mechanism"])
        kind = mechanism_select("hist_mech")
        epsilon = epsilon_slider("hist_eps", default=1.0)
        delta, method = 0.0, "analytic"
        if kind == "gaussian":
            delta = delta_select("hist_delta")
            method = gaussian_method_select("hist_gmethod")
    if settings is None:
        return
    frame = ctx.dataset.table.frame
    try:
        hist = session_memo(
            "hist_d",
            (ctx.dataset.ident, settings.column, settings.bins, settings.weight),
            lambda: histogram(frame, settings.column, settings.bins, settings.weight),
        )
    except ValueError as exc:
        show_error(exc)
        return
    if hist.missing or hist.outside or hist.clamped:
        with col_data:
            st.caption(TEXT["left_out"].format(missing=hist.missing, outside=hist.outside, clamped=hist.clamped))
    with col_neighbour:
        st.subheader(TEXT["section_neighbour"])
        choice: NeighbourChoice | None = neighbour_choice(ctx.dataset, settings, hist.counts)
    if choice is None:
        return
    sensitivity = choice.sensitivity.l2 if kind == "gaussian" else choice.sensitivity.l1
    try:
        mechanism = calibrate(kind, epsilon, delta, sensitivity, method)
    except ValueError as exc:
        show_error(exc)
        return
    with col_mech:
        st.caption(
            TEXT["noise_scale"].format(
                kind=COMMON[f"mechanism_{kind}"], scale=mechanism.scale, std=mechanism.std,
                calibration=mechanism.calibration,
            )
        )
        if mechanism.caveat:
            st.warning(mechanism.caveat)
        st.markdown(f"**{TEXT['post_title']}**")
        post = PostProcessing(
            clamp_at_zero=st.checkbox(TEXT["clamp"], key="hist_clamp", bind="query-params"),
            round_to_integers=st.checkbox(TEXT["round"], key="hist_round", bind="query-params"),
            normalise=st.checkbox(TEXT["normalise"], key="hist_norm", bind="query-params"),
        )
        st.caption(TEXT["post_note"])

    counts_d, counts_dp = hist.counts, choice.counts
    changed = [int(i) for i in np.flatnonzero(counts_d != counts_dp)]
    labels = hist.labels
    noisy_d = noisy_counts(counts_d, mechanism, ctx.rng("hist-noise-D"))
    noisy_dp = noisy_counts(counts_dp, mechanism, ctx.rng("hist-noise-D-prime"))
    released_d, released_dp = post_process(noisy_d, post), post_process(noisy_dp, post)
    half_width = None if post.normalise else mechanism.accuracy(0.05)

    left, right = st.columns(2, gap="medium")
    with left:
        show_figure(
            charts.paired_histograms(labels, counts_d, counts_dp, changed, TEXT["true_title"], TEXT["bin_axis"], TEXT["count_axis"]),
            key="hist_fig_true",
        )
    with right:
        show_figure(
            charts.paired_histograms(
                labels, released_d, released_dp, changed, TEXT["noisy_title"], TEXT["bin_axis"],
                TEXT["share_axis"] if post.normalise else TEXT["count_axis"],
                names=(TEXT["noisy_d"], TEXT["noisy_dp"]), half_width=half_width,
            ),
            key="hist_fig_noisy",
        )
    if not changed:
        st.info(TEXT["same_histograms"])
    st.caption(TEXT["simulation_label"])

    left, right = st.columns([3, 2], gap="medium")
    if changed:
        b = changed[0]
        observed = float(noisy_d[b])
        with left:
            show_figure(
                charts.output_distributions(
                    mechanism, float(counts_d[b]), float(counts_dp[b]), observed,
                    TEXT["dist_title"].format(label=labels[b]), TEXT["output_axis"],
                    TEXT["pmf_axis"] if mechanism.discrete else TEXT["density_axis"],
                ),
                key="hist_fig_dist",
            )
        ratio = float(np.exp(mechanism.privacy_loss(observed, counts_d[b], counts_dp[b])))
        cap = float(np.exp(epsilon))
        with right:
            st.markdown(TEXT["ratio"].format(observed=observed, ratio=ratio, cap=cap))
            if ratio > cap or 1 / ratio > cap:
                st.info(TEXT["ratio_gaussian_over"].format(delta=delta))
    with right:
        st.subheader(TEXT["utility_title"])
        u = utility(counts_d, noisy_d if post.normalise else released_d, mechanism)
        st.markdown(
            "\n".join(
                f"- {line}"
                for line in (
                    TEXT["utility_expected"].format(mae=u.expected_abs_error_per_bar),
                    TEXT["utility_interval"].format(half=u.interval_half_width),
                    TEXT["utility_l1"].format(l1=u.l1_error),
                )
            )
        )
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
    release_panel(labels, counts_d, mechanism, post, signature=(ctx.dataset.ident, settings, kind, epsilon, delta, method, post))


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
            TEXT["zoo_chart_title"], TEXT["count_axis"],
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
