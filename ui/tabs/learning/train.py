"""Train: the data and DP-SGD's knobs on the left; on the right, once the grid is trained (a progress
bar until then, `common.results`), test accuracy after each epoch of the model at the chart's ε and of
the model without privacy, ε being the chart's own slider (ui/chart_slider.py)."""

from __future__ import annotations

import streamlit as st

from dpcore.limits import DEFAULT_SEED
from ui.chart_slider import ChartSlider
from ui.i18n import LANGUAGES, language
from ui.page import PageContext
from ui.tabs.learning import common
from ui.text.learning import TEXT
from ui.views.learning import train
from ui.views.learning.experiment import EPSILONS

EPSILON = ChartSlider("ml_eps", default=1.0, options=EPSILONS)


@st.fragment
def tab(ctx: PageContext) -> None:
    grid = common.trained(ctx)
    if grid is None:
        return
    steps = EPSILON.steps(train.Settings(grid.setup, None, grid.results), train.compute, where=grid.right)
    if steps is None:
        return
    with grid.right:
        EPSILON.chart(steps, "chart", TEXT["epsilon_slider"])
        EPSILON.reading(steps, "reading")
    EPSILON.follow()


def warm(seed: int = DEFAULT_SEED) -> None:
    """Every ε's frame of the default grid in every language, for every session: queued in the page's
    background worker after the grid (the server's start), so a first step of the slider has them."""
    setup = common.default_setup(seed)

    def frames(report: object) -> None:
        status = common.JOBS.wait(("grid", setup), timeout=3600)
        if status is None or status.result is None:
            return
        for lang in LANGUAGES:
            with language(lang):
                EPSILON.warm(train.Settings(setup, None, status.result), train.compute)

    common.JOBS.submit(("frames", setup), frames, pinned=True)
