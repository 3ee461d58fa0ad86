"""The MST tab: MST fitted on the declared columns of the dataset in use when its button is pressed
(with a progress bar), then the real and the synthetic table compared, and the downloads. A fragment:
its widgets rerun it alone. The table is kept for the session (common.keep_fit): showing another
marginal needs no new fit, and another number of rows is drawn again from the kept model."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import streamlit as st

from dpcore.export import safe_csv_bytes
from dpcore.synthetic import SynthesisResult
from ui.page import PageContext, computed, show_figures
from ui.state import url_choice
from ui.tabs.synthetic.common import FAST_DEFAULT, KeptFit, fit_key, fit_settings, keep_fit, kept_fit
from ui.text.synthetic import TEXT
from ui.views.synthetic import mst, report


def synthetic_table(ctx: PageContext, s: mst.FitSettings) -> KeptFit | None:
    """The button that fits MST (with a progress bar), and the table it made for these settings; a new
    number of rows is drawn again from the kept model (post-processing, no new fit)."""
    if st.button(TEXT["mst_button"], key="syn_fit", type="primary"):
        bar = st.progress(0.0, text=TEXT["stage_prepare"])

        def progress(done: float, stage: str) -> None:
            bar.progress(done, text=TEXT[f"stage_{stage}"])

        result = computed(lambda f: mst.fit(f, progress), s)
        bar.empty()
        if result is not None:
            keep_fit(KeptFit(s, result, datetime.now(timezone.utc), fit_key(ctx, s)))
    kept = kept_fit()
    if kept is None or kept.fitted_for != fit_key(ctx, s):
        return None
    if kept.settings.rows != s.rows:
        model = kept.result
        result = computed(lambda f: mst.resized(model, f), s)
        if result is None:
            return None
        kept = replace(kept, settings=s, result=result)
        keep_fit(kept)
    return kept


def shown(result: SynthesisResult) -> tuple[str, tuple[str, str]]:
    """Which column's marginal and which pair's heat maps to show."""
    names = [d.column for d in result.domains]
    c1, c2, c3 = st.columns(3)
    column = url_choice(c1.selectbox, TEXT["oneway_column"], names, "syn_col", names[0])
    first = url_choice(c2.selectbox, TEXT["pair_columns"], names, "syn_pair_a", names[0])
    rest = [n for n in names if n != first]
    second = url_choice(c3.selectbox, " ", rest, "syn_pair_b", rest[0], label_visibility="hidden")
    return column, (first, second)


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["mst_intro"])
    fitted = fit_settings(ctx)
    if fitted is None:
        return
    kept = synthetic_table(ctx, fitted)
    if kept is None:
        st.caption(TEXT["mst_hint"])
        return
    result = kept.result
    column, pair = shown(result)
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


def warm(seed: int) -> None:
    """Fit MST once on penguins' default columns at the server's start, in the background: a
    process's first fit compiles JAX's kernels (~11 s on 2 cores, later fits 3-6 s whatever the
    columns), which a class would otherwise wait for on its first press."""
    from ui.datasets import bundled_dataset

    dataset = bundled_dataset("penguins")
    mst.fit(mst.FitSettings(dataset.table.frame, mst.declared("penguins"), FAST_DEFAULT, 1.0, seed))
