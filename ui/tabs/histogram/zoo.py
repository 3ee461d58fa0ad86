"""The zoo tab, experiment 6-1: the count of animals above a threshold on zoo.csv and zoo_nb.csv
(without the Dugong), answered by both schemes at several budgets, and the guarantee each really
gives. A fragment: its threshold and budgets rerun it alone."""

from __future__ import annotations

import streamlit as st

from dpcore.limits import EPSILON_GRID
from ui import fmt
from ui.datasets import bundled_dataset
from ui.page import PageContext, computed, show_figure
from ui.text.histogram import TEXT
from ui.views.histogram import zoo as zoo_view


@st.fragment
def tab(ctx: PageContext) -> None:
    zoo = bundled_dataset("zoo")
    c1, c2 = st.columns(2)
    threshold = c1.number_input(TEXT["zoo_threshold"], value=55.0, step=1.0, key="zoo_thr", bind="query-params")
    budgets = c2.multiselect(
        TEXT["zoo_eps"], options=EPSILON_GRID, default=[10.0, 0.1], format_func=lambda v: f"{v:g}",
        key="zoo_eps", bind="query-params",
    )
    assert zoo.neighbour is not None  # zoo_nb.csv, bundled with it
    frame_d, frame_dp = zoo.table.frame, zoo.neighbour.frame
    removed = frame_d.loc[~frame_d["animal"].isin(frame_dp["animal"]), "carrots"]
    view = computed(zoo_view.compute, zoo_view.ZooSettings(
        frame_d["carrots"].to_numpy(dtype=float), frame_dp["carrots"].to_numpy(dtype=float),
        float(removed.iloc[0]), float(threshold), tuple(budgets), ctx.seed,
    ))
    if view is None:
        return
    st.markdown(f"{view.intro}\n\n{view.truth}")
    if view.chart is None:
        st.info(TEXT["zoo_pick_eps"])
        return
    left, right = st.columns([3, 2], gap="large")
    with left:
        show_figure(view.chart, key="zoo_fig")
    right.markdown(view.guarantee)
    st.markdown(fmt.frame_table(view.table))
    st.markdown(TEXT["zoo_reading"])
    st.caption(TEXT["zoo_sensitivity_note"])
