"""Part 2: a real mechanism. The attacker sees one output O (a slider, or a button that draws one
from A(D) with the seed) and computes the exact posterior.

Epsilon is an ordinary slider beside the part (each step reruns the part: common.attack_model); the
output O is in the URL (?post_o=) and kept on the output axis when epsilon or the mechanism moves it."""

from __future__ import annotations

import math

import streamlit as st

from dpcore import posterior as post
from dpcore.rng import make_rng
from ui.page import PageContext, show_figure, show_metrics
from ui.tabs.posterior.common import Part, attack_model
from ui.text.posterior import TEXT
from ui.views.posterior import mechanism
from ui.views.posterior.mechanism import Draw

O_KEY, DRAWS_KEY, AXIS_KEY = "post_o", "_post_draws", "_post_o_axis"
WRITTEN_KEY, LAST_DRAW_KEY = "_post_o_written", "_post_last_draw"


def tab(ctx: PageContext, part: Part) -> None:
    model = attack_model(ctx, part)
    if model is None:
        return
    output, axis, last_draw = _output_slider(ctx, model)
    view = mechanism.compute(mechanism.Settings(model, part.shared.prior, output, axis, last_draw))
    if view.draw_note:
        st.caption(view.draw_note)
    show_figure(view.densities, key="post_fig_dens")
    show_figure(view.curve, key="post_fig_posterior")
    st.markdown(f"{view.sentence}\n\n{TEXT['mechanism_intro']}")
    if view.warning:
        st.warning(view.warning)
    show_metrics(view.metrics)
    (st.info if view.leak else st.caption)(view.leak or view.pure)


def _draw(seed: int, model: post.AttackModel, axis: post.OutputAxis) -> None:
    """Button callback: the next output of the seeded sequence, drawn from A(D)."""
    n = st.session_state.get(DRAWS_KEY, 0) + 1
    st.session_state[DRAWS_KEY] = n
    value = post.draw_output(model, make_rng(seed, f"post-draw-{n}"))
    st.session_state[O_KEY] = axis.snap(value)
    st.session_state[WRITTEN_KEY] = True
    st.session_state[LAST_DRAW_KEY] = Draw(n, seed, value)


def _output_slider(ctx: PageContext, model: post.AttackModel) -> tuple[float, post.OutputAxis, Draw | None]:
    """The output O the attacker sees (URL-bound) and the button that draws one from A(D)."""
    axis = post.output_axis(model)
    # The axis follows epsilon and the mechanism, and a new axis is a new slider to Streamlit: carry
    # the attacker's O over to it, moved onto its grid. A value written here or by the draw button
    # is the slider's value, so the slider then gets no default of its own.
    signature = (axis.lo, axis.hi, axis.step)
    written = st.session_state.pop(WRITTEN_KEY, False)
    current = st.session_state.get(O_KEY)
    if current is not None and st.session_state.get(AXIS_KEY, signature) != signature:
        st.session_state[O_KEY] = axis.snap(current)
        written = True
    st.session_state[AXIS_KEY] = signature
    decimals = max(0, -math.floor(math.log10(axis.step)))
    label = TEXT["output_label_rr"] if model.noise is None else TEXT["output_label"]
    col_slider, col_button = st.columns([3, 2], vertical_alignment="bottom")
    default = None if written else axis.snap(model.centre_d)
    output = col_slider.slider(label, axis.lo, axis.hi, default, axis.step, format=f"%.{decimals}f",
                               key=O_KEY, help=TEXT["output_help"], bind="query-params")
    col_button.button(TEXT["draw_button"], key="post_draw", help=TEXT["draw_help"], on_click=_draw,
                      args=(ctx.seed, model, axis), width="stretch")
    return axis.snap(float(output)), axis, st.session_state.get(LAST_DRAW_KEY)
