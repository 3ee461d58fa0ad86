"""The trade-off tab: MST at five ε values when its button is pressed (a progress bar per ε), its
error against ε beside the baselines. A fragment: its widgets rerun it alone. Each ε's point is kept
for the session as soon as it is done, so a sweep interrupted by another click resumes where it
stopped."""

from __future__ import annotations

from dataclasses import replace

import streamlit as st

from ui.page import PageContext, computed, show_figure
from ui.tabs.synthetic.common import fit_settings
from ui.text.synthetic import TEXT
from ui.views.synthetic import mst, tradeoff

_SWEEP = "_syn_sweep"  # (dataset, columns, seed) -> {epsilon: tradeoff.Point}


def sweep_points(ctx: PageContext, s: mst.FitSettings) -> tuple[tradeoff.Point, ...]:
    """The button that fits MST at every ε of the sweep not fitted yet (a progress bar per ε); the
    points kept for these columns and seed."""
    store: dict[tuple, dict[float, tradeoff.Point]] = st.session_state.setdefault(_SWEEP, {})
    points = store.setdefault((ctx.dataset.ident, s.columns, s.seed), {})
    missing = [e for e in tradeoff.EPSILONS if e not in points]
    slot = st.empty()
    if missing and slot.button(TEXT["sweep_button"].format(n=len(missing)), key="syn_sweep_fit", type="primary"):
        bar = st.progress(0.0)
        for i, eps in enumerate(missing):
            def progress(done: float, stage: str, i: int = i, eps: float = eps) -> None:
                bar.progress((i + done) / len(missing), text=TEXT["sweep_progress"].format(
                    eps=eps, i=i + 1, n=len(missing), stage=TEXT[f"stage_{stage}"]))

            fitted = replace(s, epsilon=eps)
            point = computed(lambda f: tradeoff.measure(f, mst.fit(f, progress)), fitted)
            if point is None:
                break
            points[eps] = point
        bar.empty()
        if len(points) == len(tradeoff.EPSILONS):
            slot.empty()  # nothing left to fit
    return tuple(points.values())


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["sweep_intro"])
    fitted = fit_settings(ctx, key="syn_sweep", with_epsilon=False, with_rows=False)
    if fitted is None:
        return
    points = sweep_points(ctx, fitted)
    if not points:
        st.caption(TEXT["sweep_hint"])
        return
    view = computed(tradeoff.compute, tradeoff.Settings(fitted, points))
    if view is not None:
        show_figure(view.chart, key="syn_fig_sweep")
        st.markdown(view.reading)
