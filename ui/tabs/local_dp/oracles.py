"""Every oracle on the same users: estimates, bits, the variance Table 2 predicts and the one
measured. ε is the chart's own slider (ui/chart_slider.py): the browser steps through every ε's
frame without a rerun. The tab is a fragment: its controls rerun it alone.

The simulation is kept for every session at the same settings (the users by the dataset's ident):
settings not seen yet simulate the current ε alone, and every ε (one sweep, each run reporting at
all of them) follows when the slider first moves. The view a first visit opens on is computed at the
server's start (`warm`)."""

from __future__ import annotations

import streamlit as st

from dpcore.catalog import DEFAULT_DATASET
from dpcore.columns import answer_columns, count_columns
from ui.datasets import bundled_dataset
from ui.i18n import LANGUAGES, language
from ui.page import PageContext
from ui.tabs.local_dp.common import DEFAULT_REPEATS, DEFAULT_USERS, EPSILON, repeats, users_of, users_row
from ui.text.local_dp import TEXT
from ui.views.local_dp import oracles
from ui.widgets import default_column, weight_columns


@st.fragment
def tab(ctx: PageContext) -> None:
    chosen = users_row(ctx)
    if chosen is None:
        return
    data, third, _ = chosen
    steps = EPSILON.steps(oracles.Settings(data, None, repeats(third), ctx.seed), oracles.compute, oracles.sweep)
    if steps is not None:
        st.caption(steps.template.population)
        EPSILON.chart(steps, "chart", TEXT["epsilon"])
        EPSILON.reading(steps, "reading")
        EPSILON.follow()
        st.caption(TEXT["oracles_glossary"])


def warm(seed: int) -> None:
    """Compute the tab a first visit opens on (the default dataset's column, DEFAULT_USERS users,
    DEFAULT_REPEATS runs) at every ε, in every language, at the server's start."""
    dataset = bundled_dataset(DEFAULT_DATASET)
    frame = dataset.table.frame
    column = default_column(dataset, answer_columns(frame))
    data = users_of(dataset, column, weight_columns(dataset, column, count_columns(frame))[1] or None, DEFAULT_USERS)
    for lang in LANGUAGES:
        with language(lang):
            EPSILON.warm(oracles.Settings(data, None, DEFAULT_REPEATS, seed), oracles.compute, oracles.sweep)
