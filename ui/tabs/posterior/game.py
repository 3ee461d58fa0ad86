"""Part 5: the guessing game. A person plays one round at a time against the Bayes-optimal attacker
on the same outputs and the DP ceiling; below, the simulated benchmark of many rounds.

Epsilon is an ordinary slider beside the part (each step reruns the part: common.attack_model). The
play and the simulation are fragments of their own: a guess reruns only the play, the number of
rounds only the simulation. A new mechanism, epsilon, pair or seed starts the score again."""

from __future__ import annotations

from dataclasses import dataclass, replace

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore import posterior as post
from dpcore.limits import MAX_GAME_ROUNDS
from ui.page import PageContext, show_figure, show_metrics
from ui.tabs.posterior.common import Part, attack_model, loss_distribution
from ui.text.common import TEXT as COMMON
from ui.text.posterior import TEXT
from ui.views.posterior import game
from ui.views.posterior.game import Guess, game_round

GAME_KEY = "_post_game"


def tab(ctx: PageContext, part: Part) -> None:
    model = attack_model(ctx, part)
    if model is None:
        return
    _play_view(ctx, model)
    st.divider()
    _simulation_view(ctx, model)


@st.fragment
def _play_view(ctx: PageContext, model: post.AttackModel) -> None:
    """One round at a time: the output, the guesses, the score (a guess reruns only this)."""
    st.subheader(TEXT["play_title"])
    question = st.container()
    number, guesses = _guess_buttons(ctx, model, st.container())
    view = game.compute_play(game.PlaySettings(model, ctx.seed, number, guesses))
    question.markdown(f"{view.intro}\n\n{view.question}")
    if view.last_right is None:
        st.caption(view.last)
    else:
        (st.success if view.last_right else st.warning)(view.last)
    show_figure(view.chart, key="post_fig_score")
    st.markdown(view.score)
    st.caption(TEXT["play_note"])


@st.fragment
def _simulation_view(ctx: PageContext, model: post.AttackModel) -> None:
    """The simulated benchmark (the number of rounds reruns only this)."""
    st.subheader(TEXT["sim_title"])
    rounds = int(st.number_input(TEXT["rounds_label"], min_value=1, max_value=MAX_GAME_ROUNDS, value=10_000,
                                 step=1_000, key="post_rounds", help=TEXT["rounds_help"], bind="query-params"))
    view = game.compute_simulation(game.SimulationSettings(model, loss_distribution(model), rounds, ctx.seed))
    st.markdown(view.text)
    st.caption(view.below)
    show_metrics(view.metrics)
    show_figure(view.chart, key="post_fig_game")
    st.caption(COMMON["simulation_note"])


@dataclass(frozen=True)
class Game:
    """This session's game: what it is played on (model and seed), the next round's number and the
    guesses since the score last started."""

    played_on: tuple[post.AttackModel, int] | None = None
    number: int = 1
    guesses: tuple[Guess, ...] = ()


def _game(model: post.AttackModel, seed: int) -> Game:
    """This session's game on `model` and `seed`. A new mechanism, epsilon, pair or seed starts the
    score again (the round numbers go on)."""
    played: Game = st.session_state.get(GAME_KEY, Game())
    if played.played_on != (model, seed):
        played = replace(played, played_on=(model, seed), guesses=())
        st.session_state[GAME_KEY] = played
    return played


def _guess(model: post.AttackModel, seed: int, guess_d: bool) -> None:
    """Button callback: score the shown round with this guess and move on to the next one."""
    played = _game(model, seed)
    game_round(model, seed, played.number)  # the round the person saw (ValueError surfaces here, not later)
    st.session_state[GAME_KEY] = replace(played, number=played.number + 1,
                                         guesses=(*played.guesses, Guess(played.number, guess_d)))


def _new_game(model: post.AttackModel, seed: int) -> None:
    """Button callback: start the score again (the round numbers go on)."""
    st.session_state[GAME_KEY] = replace(_game(model, seed), guesses=())


def _guess_buttons(ctx: PageContext, model: post.AttackModel, where: DeltaGenerator) -> tuple[int, tuple[Guess, ...]]:
    """"I guess D", "I guess D′" and "New game" in `where`; returns the round to show and the guesses."""
    played = _game(model, ctx.seed)
    d, dp, reset = where.columns(3)
    args = (model, ctx.seed)
    d.button(TEXT["guess_d"], key="post_guess_d", on_click=_guess, args=(*args, True), help=TEXT["guess_help"],
             type="primary", width="stretch")
    dp.button(TEXT["guess_dp"], key="post_guess_dp", on_click=_guess, args=(*args, False), help=TEXT["guess_help"],
              type="primary", width="stretch")
    reset.button(TEXT["play_reset"], key="post_new_game", on_click=_new_game, args=args, help=TEXT["play_reset_help"],
                 width="stretch")
    return played.number, played.guesses
