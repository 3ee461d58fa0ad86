"""One mechanism audited from many draws: the mechanism and the verdict on the left, the bounds against
the promise on the right with the tight audits of the same draws under them (the Gaussian fit, the
attack's AUROC and TPR), the number of draws as the chart's own slider (ui/chart_slider.py).

An audit depends on the mechanism, the seed and the language of its words only, never on the
session's data: the chart slider keeps it for every session (the default one computed at the
server's start, `warm`), so a class opening the page at once computes it once (~0.3 s, seconds for
numpy's Gaussian)."""

from __future__ import annotations

import streamlit as st

from ui.chart_slider import ChartSlider
from ui.i18n import LANGUAGES, language
from ui.page import PageContext
from ui.tabs.audit.common import pick_mechanism
from ui.text.audit import TEXT
from ui.views.audit import mechanism

DRAWS = ChartSlider("audit_draws", default=100_000, options=mechanism.DRAW_CHOICES, format=",.0f", field="draws")


@st.fragment
def tab(ctx: PageContext) -> None:
    left, right = st.columns([1, 2], gap="large")
    name = pick_mechanism(left)
    with right, st.spinner():
        steps = DRAWS.steps(mechanism.Settings(name, None, ctx.seed), mechanism.compute, mechanism.sweep, where=right)
    if steps is None:
        return
    with right:
        DRAWS.chart(steps, "chart", TEXT["draws"])
        DRAWS.reading(steps, "tight", name="tight")
    with left:
        DRAWS.reading(steps, "summary")
    st.caption(TEXT["method"])
    DRAWS.follow()


def warm(seed: int) -> None:
    """Compute the audit a first visit opens on, at every number of draws and in every language (at
    the server's start)."""
    for lang in LANGUAGES:
        with language(lang):
            DRAWS.warm(mechanism.Settings(mechanism.DEFAULT_MECHANISM, None, seed), mechanism.compute, mechanism.sweep)
