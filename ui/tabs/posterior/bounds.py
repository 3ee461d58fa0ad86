"""Part 1: the band every ε-DP mechanism keeps the attacker's posterior in, at every ε.

Epsilon is the chart's own slider, drawn by the browser with the words and numbers that follow it
and the mechanism's caption beside (ui/chart_slider.py): a step reruns nothing. The band depends on
ε and the prior only, so it is drawn even when the neighbour pair is bad."""

from __future__ import annotations

import streamlit as st

from ui.page import PageContext
from ui.tabs.posterior.common import EPSILON, Part
from ui.text.common import TEXT as COMMON
from ui.text.posterior import TEXT
from ui.views.posterior import bounds, setup


def tab(ctx: PageContext, part: Part) -> None:
    """The band stepped by the chart's own slider; the mechanism's caption (given a pair) follows."""
    shared = part.shared
    steps = EPSILON.steps(bounds.Settings(EPSILON.value(), shared.prior), bounds.compute)
    if steps is None:
        return
    EPSILON.chart(steps, "chart", COMMON["epsilon"])
    EPSILON.reading(steps, bounds.blocks)
    st.caption(TEXT["bounds_reading"])
    st.markdown(bounds.FORMULA())  # its own unchanging element: the formula is typeset once
    if shared.pair is not None:
        captions = EPSILON.steps(setup.CaptionSettings(
            shared.kind, shared.pair, shared.delta, shared.method, EPSILON.value(),  # type: ignore[arg-type]
            shared.choice, ctx.dataset.name), setup.compute_caption, where=part.caption_slot)
        if captions is not None:
            with part.caption_slot:
                EPSILON.reading(captions, "lines", name="caption")
    EPSILON.follow()
