"""Post-processing: one oracle's raw estimates, projected onto the simplex, and every method's
error. ε is the first chart's own slider (ui/chart_slider.py), the second chart follows it; the
other controls rerun the tab alone (a fragment). The simulation is kept for every session at the
same settings: settings not seen yet simulate the current ε alone, every ε (one sweep) follows when
the slider first moves."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.ldp.oracles import ORACLES
from ui.page import PageContext
from ui.state import url_choice
from ui.tabs.local_dp.common import EPSILON, repeats, users_row
from ui.text.local_dp import TEXT
from ui.views.local_dp import postprocessing
from ui.views.local_dp.oracles import oracle_name


@st.fragment
def tab(ctx: PageContext) -> None:
    chosen = users_row(ctx)
    if chosen is None:
        return
    data, third, fourth = chosen
    settings = postprocessing.Settings(data, None, oracle(third), repeats(fourth), ctx.seed)
    steps = EPSILON.steps(settings, postprocessing.compute, postprocessing.sweep)
    if steps is not None:
        st.caption(steps.template.population)
        EPSILON.chart_pair(steps, "chart", "errors", TEXT["epsilon"], follower="errors")
        EPSILON.reading(steps, "summary")
        EPSILON.follow()


def oracle(where: DeltaGenerator) -> str:
    """The oracle whose estimates are post-processed."""
    return url_choice(where.selectbox, TEXT["oracle"], ORACLES, "ldp_oracle", "oue", format_func=oracle_name)
