"""Synthetic data: the course's one-column method on the six pupils, MST on many columns with the
original and the synthetic table side by side, and why a published synthetic table answers any
number of questions for one budget.

Each tab is a fragment; MST runs only when its button is pressed, and its table is kept for the session.
The pupils' ε is their chart's own slider: a step is drawn by the browser (ui/chart_slider.py)."""

from __future__ import annotations

import streamlit as st

from dpcore.export import safe_csv_bytes
from ui.chart_slider import ChartSlider
from ui.controls import synthetic as controls
from ui.page import PageContext, computed, show_figure, show_figures, start_page
from ui.state import url_tabs
from ui.text.synthetic import TEXT
from ui.views.synthetic import lesson, mst, pupils, report, tradeoff

PUPILS_EPSILON = ChartSlider("syn_pupils_eps")


@st.fragment
def pupils_tab(ctx: PageContext) -> None:
    """Counts, noise, clamping and the six synthetic ages, beside the ε that moves them."""
    left, right = st.columns(2, gap="large")
    left.markdown(TEXT["pupils_intro"])
    steps = PUPILS_EPSILON.steps("syn_pupils_steps", ctx.seed, lambda: pupils.compute_steps(
        pupils.Settings(PUPILS_EPSILON.value(), ctx.seed), PUPILS_EPSILON.options), left, shared=True)
    if steps is not None:
        with left:
            PUPILS_EPSILON.chart(steps.frames, TEXT["epsilon"])
        with right:
            PUPILS_EPSILON.reading(steps.readings)
        PUPILS_EPSILON.follow()


@st.fragment
def mst_tab(ctx: PageContext) -> None:
    """The fit on request, then the real and the synthetic table compared, and the download."""
    st.markdown(TEXT["mst_intro"])
    fitted = controls.fit_settings(ctx)
    if fitted is None:
        return
    kept = controls.synthetic_table(ctx, fitted)
    if kept is None:
        st.caption(TEXT["mst_hint"])
        return
    result = kept.result
    column, pair = controls.shown(result)
    view = computed(mst.compute, mst.Settings(fitted, result, column, pair))
    if view is None:
        return
    st.markdown(view.summary)
    left, right = st.columns(2)
    left.download_button(TEXT["download"], lambda: safe_csv_bytes(result.table), "synthetic.csv", "text/csv",
                         key="syn_download", on_click="ignore")
    right.download_button(TEXT["download_report"], lambda: report.report_json(result, fitted.seed, kept.made_at),
                          "synthetic_report.json", "application/json", key="syn_download_report", on_click="ignore")
    show_figures((view.oneway, "syn_fig_oneway"), (view.graph, "syn_fig_graph"), widths=[3, 2])
    show_figures((view.real_pair, "syn_fig_pair_real"), (view.synthetic_pair, "syn_fig_pair_synthetic"))
    show_figures((view.real_corr, "syn_fig_corr_real"), (view.synthetic_corr, "syn_fig_corr_synthetic"))
    st.markdown(view.errors)


@st.fragment
def tradeoff_tab(ctx: PageContext) -> None:
    """MST at five ε values on request, its error against ε beside the baselines."""
    st.markdown(TEXT["sweep_intro"])
    fitted = controls.fit_settings(ctx, key="syn_sweep", with_epsilon=False, with_rows=False)
    if fitted is None:
        return
    points = controls.sweep_points(ctx, fitted)
    if not points:
        st.caption(TEXT["sweep_hint"])
        return
    view = computed(tradeoff.compute, tradeoff.Settings(fitted, points))
    if view is not None:
        show_figure(view.chart, key="syn_fig_sweep")
        st.markdown(view.reading)


def lesson_tab(ctx: PageContext) -> None:
    """The synthetic table's answers against answering each question with its share of ε."""
    st.markdown(TEXT["lesson_intro"])
    last = controls.last_fit(ctx)
    if last is None:
        st.info(TEXT["lesson_needs_table"])
        return
    view = computed(lesson.compute, lesson.Settings(last.settings, last.result))
    if view is not None:
        show_figure(view.chart, key="syn_fig_lesson")
        st.markdown(view.summary)


ctx = start_page(TEXT["title"], icon="🧬", page=__file__)
st.markdown(TEXT["intro"])
TABS = {"pupils": (TEXT["tab_pupils"], pupils_tab), "mst": (TEXT["tab_mst"], mst_tab),
        "tradeoff": (TEXT["tab_tradeoff"], tradeoff_tab), "lesson": (TEXT["tab_lesson"], lesson_tab)}
url_tabs("syn_tab", TABS, ctx)
