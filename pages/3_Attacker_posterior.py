"""The attacker's view: posterior bounds, exact posteriors, privacy loss, hypothesis tests and a game.

Only the part in the URL (?post_part=…) runs, beside the shared settings (a fragment); epsilon, the part
and each control that moves only its own charts are nested fragments. controls -> compute -> draw. On
the bounds, epsilon is the chart's own slider, drawn by the browser with words and caption (ui/chart_slider.py).
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.posterior import AttackModel, PrivacyLossDistribution
from ui.chart_slider import ChartSlider
from ui.controls import posterior as controls
from ui.page import PageContext, computed, show_error, show_figure, show_figures, show_metrics, start_page
from ui.text.common import TEXT as COMMON
from ui.text.posterior import TEXT
from ui.views.posterior import bounds, game, loss, mechanism, setup, testing

EPSILON = ChartSlider("post_eps")


def part_bounds(ctx: PageContext, shared: controls.Shared, caption_slot: DeltaGenerator) -> None:
    """The band at every ε, stepped by the chart's own slider; the mechanism's caption (given a pair) follows."""
    steps = EPSILON.steps("post_bounds_steps", shared.prior, lambda: bounds.compute_steps(
        bounds.Settings(EPSILON.value(), shared.prior), EPSILON.options), shared=True)
    if steps is None:
        return
    EPSILON.chart(steps.frames, COMMON["epsilon"])
    EPSILON.reading(steps.readings)
    st.caption(TEXT["bounds_reading"])
    st.markdown(bounds.FORMULA())  # its own unchanging element: the formula is typeset once
    captions = shared.pair and EPSILON.steps("post_captions", (shared, ctx.dataset.name), lambda: setup.caption_steps(
        shared.kind, shared.pair, shared.delta, shared.method, shared.choice, ctx.dataset.name, EPSILON.options),
        shared=True)
    if captions:
        with caption_slot:
            EPSILON.reading(captions, "caption")
    EPSILON.follow()


def part_mechanism(ctx: PageContext, model: AttackModel, prior: float) -> None:
    output, axis, last_draw = controls.output_slider(ctx, model)
    view = mechanism.compute(mechanism.Settings(model, prior, output, axis, last_draw))
    if view.draw_note:
        st.caption(view.draw_note)
    show_figure(view.densities, key="post_fig_dens")
    show_figure(view.curve, key="post_fig_posterior")
    st.markdown(f"{view.sentence}\n\n{TEXT['mechanism_intro']}")
    if view.warning:
        st.warning(view.warning)
    show_metrics(view.metrics)
    (st.info if view.leak else st.caption)(view.leak or view.pure)


def part_loss(ctx: PageContext, model: AttackModel, prior: float) -> None:
    pld = controls.loss_distribution(model)
    view = loss.compute_loss(loss.LossSettings(model, pld, controls.observed_output(model)))
    show_figures((view.loss_chart, "post_fig_loss"), (view.pld_chart, "post_fig_pld"), gap="small")
    st.markdown(TEXT["loss_intro"])
    st.markdown(loss.FORMULA())
    delta_view(model, pld)


@st.fragment
def delta_view(model: AttackModel, pld: PrivacyLossDistribution) -> None:
    """Where to read δ, and the two δ charts it moves (the slider reruns only these)."""
    multiple = controls.read_multiple()
    view = computed(loss.compute_delta, loss.DeltaSettings(model, pld, multiple))
    if view is None:
        return
    show_figure(view.area_chart, key="post_fig_delta")
    show_figure(view.curves_chart, key="post_fig_delta_curves")
    st.markdown(view.reading)
    if view.pure:
        st.caption(view.pure)


def part_testing(ctx: PageContext, model: AttackModel, prior: float) -> None:
    view = testing.compute(testing.Settings(model, controls.loss_distribution(model)))
    show_figure(view.chart, key="post_fig_roc")
    show_metrics(view.metrics)
    st.markdown(view.text)


def part_game(ctx: PageContext, model: AttackModel, prior: float) -> None:
    play_view(ctx, model)
    st.divider()
    simulation_view(ctx, model)


@st.fragment
def play_view(ctx: PageContext, model: AttackModel) -> None:
    """One round at a time: the output, the guesses, the score (a guess reruns only this)."""
    st.subheader(TEXT["play_title"])
    question = st.container()
    number, guesses = controls.guess_buttons(ctx, model, st.container())
    view = game.compute_play(game.PlaySettings(model, ctx.seed, number, guesses))
    question.markdown(f"{view.intro}\n\n{view.question}")
    {True: st.success, False: st.warning, None: st.caption}[view.last_right](view.last)
    show_figure(view.chart, key="post_fig_score")
    st.markdown(view.score)
    st.caption(TEXT["play_note"])


@st.fragment
def simulation_view(ctx: PageContext, model: AttackModel) -> None:
    """The simulated benchmark (the number of rounds reruns only this)."""
    st.subheader(TEXT["sim_title"])
    rounds = controls.rounds_input()
    view = game.compute_simulation(game.SimulationSettings(model, controls.loss_distribution(model), rounds, ctx.seed))
    st.markdown(view.text)
    st.caption(view.below)
    show_metrics(view.metrics)
    show_figure(view.chart, key="post_fig_game")
    st.caption(COMMON["simulation_note"])


PARTS = dict(mechanism=part_mechanism, loss=part_loss, testing=part_testing, game=part_game)


@st.fragment
def attacker_view(ctx: PageContext) -> None:
    """The part, and the shared settings beside it (epsilon and the caption are left to `release_view`)."""
    part = controls.part_choice()
    settings, content = st.columns([1, 2], gap="large")
    with settings:
        shared, epsilon_slot, caption_slot = controls.shared_settings(ctx)
    release_view(ctx, shared, part, epsilon_slot, caption_slot, content)


@st.fragment
def release_view(ctx: PageContext, shared: controls.Shared, part: str, epsilon_slot: DeltaGenerator,
                 caption_slot: DeltaGenerator, content: DeltaGenerator) -> None:
    """Epsilon, the mechanism's caption and the part. Off the bounds, each step needs the server:
    an ordinary slider on the same value as the chart's own."""
    if part == "bounds":  # ε and the prior alone: drawn even when the pair is bad
        with content:
            return part_bounds(ctx, shared, caption_slot)
    epsilon = EPSILON.widget(COMMON["epsilon"], epsilon_slot)
    if shared.pair is None:
        return
    try:
        model = controls.attack_model(shared, epsilon)
        view = setup.compute(setup.Settings(model, shared.choice, ctx.dataset.name))
        caption_slot.caption(view.caption)
        with content:
            PARTS[part](ctx, model, shared.prior)
    except ValueError as exc:
        show_error(exc, content)


ctx = start_page(TEXT["title"], icon="🎲", page=__file__)
st.markdown(TEXT["intro"])
attacker_view(ctx)
