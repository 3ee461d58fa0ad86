"""Control groups of the attacker's-view page: the shared settings (mechanism, prior, neighbour pair),
the part, the output O with its draw button, where to read delta, the game's guesses and rounds.

Each returns plain values for a view's `Settings`; the few dpcore calls here are the ones a control
needs (the output axis sets the O slider's range) or per-session memos of slow results.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore import posterior as post
from dpcore.limits import MAX_GAME_ROUNDS
from dpcore.rng import make_rng
from ui.datasets import bundled_dataset
from ui.memo import session_memo
from ui.page import PageContext, show_error
from ui.state import bound_select_slider, url_choice
from ui.text.posterior import TEXT
from ui.views.posterior.game import Guess, game_round
from ui.views.posterior.loss import READ_MULTIPLES
from ui.views.posterior.mechanism import Draw
from ui.widgets import delta_select, gaussian_method_select, mechanism_select

PARTS = ("bounds", "mechanism", "loss", "testing", "game")
O_KEY, DRAWS_KEY, AXIS_KEY = "post_o", "_post_draws", "_post_o_axis"
WRITTEN_KEY, LAST_DRAW_KEY = "_post_o_written", "_post_last_draw"
GAME_KEY = "_post_game"


@dataclass(frozen=True)
class Shared:
    """The settings drawn outside the epsilon fragment: mechanism, prior and neighbour pair."""

    kind: post.AttackKind
    delta: float
    method: str
    prior: float
    choice: str
    pair: post.CountPair | None


def _neighbour_pair(ctx: PageContext) -> tuple[str, post.CountPair]:
    """The radio "which neighbour pair" and the count pair it names."""
    options = ("cancer", "dataset") if ctx.dataset.neighbour is not None else ("cancer",)
    choice = url_choice(st.radio, TEXT["pair_label"], options, "post_pair", format_func=lambda k: TEXT[f"pair_{k}"],
                        horizontal=True, help=TEXT["pair_help"])
    if choice == "cancer":
        frame = bundled_dataset("cancer").table.frame
        return choice, session_memo("post_pair_cancer", "cancer", lambda: post.count_with_and_without(
            frame, name_column="name", name="Alice", column="has_cancer", value="yes"))
    d, nb = ctx.dataset.table.frame, ctx.dataset.neighbour.frame  # type: ignore[union-attr]
    return choice, session_memo("post_pair_dataset", ctx.dataset.ident, lambda: post.neighbour_count_pair(d, nb))


def shared_settings(ctx: PageContext) -> tuple[Shared, DeltaGenerator, DeltaGenerator]:
    """Mechanism with a slot for epsilon (and delta), prior, pair and a slot for the caption, in one
    column beside the part's charts: the slots are filled by the epsilon fragment."""
    kind = mechanism_select("post_mech", options=post.ATTACK_KINDS)
    epsilon_slot = st.container()
    delta, method = 0.0, "analytic"
    if kind == "gaussian":
        delta = delta_select("post_delta")
        method = gaussian_method_select("post_gm")
    prior = st.slider(TEXT["prior_label"], 0.0, 1.0, 0.5, 0.01, key="post_prior", help=TEXT["prior_help"],
                      bind="query-params")
    try:
        choice, pair = _neighbour_pair(ctx)
    except ValueError as exc:
        show_error(exc)
        choice, pair = "", None
    return Shared(kind, delta, method, float(prior), choice, pair), epsilon_slot, st.container()


def part_choice() -> str:
    """The part to show, in the URL as ?post_part=<id>; only that part runs."""
    return url_choice(st.radio, TEXT["part_label"], PARTS, "post_part", format_func=lambda p: TEXT[f"part_{p}"],
                      horizontal=True)


def attack_model(shared: Shared, epsilon: float) -> post.AttackModel:
    """The calibrated mechanism on the pair (kept for the session). Raises ValueError."""
    key = (shared.kind, shared.pair, epsilon, shared.delta, shared.method)
    return session_memo("post_model", key, lambda: post.attack_model(
        shared.kind, shared.pair, epsilon, shared.delta, shared.method))  # type: ignore[arg-type]


def loss_distribution(model: post.AttackModel) -> post.PrivacyLossDistribution:
    """The privacy-loss distribution of the model (kept for the session: parts 3 to 5 share it)."""
    return session_memo("post_pld", model, lambda: post.privacy_loss_distribution(model))


def _draw(seed: int, model: post.AttackModel, axis: post.OutputAxis) -> None:
    """Button callback: the next output of the seeded sequence, drawn from A(D)."""
    n = st.session_state.get(DRAWS_KEY, 0) + 1
    st.session_state[DRAWS_KEY] = n
    value = post.draw_output(model, make_rng(seed, f"post-draw-{n}"))
    st.session_state[O_KEY] = axis.snap(value)
    st.session_state[WRITTEN_KEY] = True
    st.session_state[LAST_DRAW_KEY] = Draw(n, seed, value)


def output_slider(ctx: PageContext, model: post.AttackModel) -> tuple[float, post.OutputAxis, Draw | None]:
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


def observed_output(model: post.AttackModel) -> float:
    """The output chosen in part 2 (or f(D) before any), on the current output axis."""
    axis = post.output_axis(model)
    observed = st.session_state.get(O_KEY)
    return axis.snap(observed if observed is not None else model.centre_d)


def read_multiple() -> float:
    """Where to read delta: eps' as a multiple of the mechanism's eps."""
    return float(bound_select_slider(st, TEXT["read_label"], READ_MULTIPLES, value=0.5, format_func=lambda m: f"{m:g}",
                                        key="post_read", help=TEXT["read_help"]))


def rounds_input() -> int:
    """How many rounds the simulated Bayes-optimal attacker plays."""
    return int(st.number_input(TEXT["rounds_label"], min_value=1, max_value=MAX_GAME_ROUNDS, value=10_000, step=1_000,
                               key="post_rounds", help=TEXT["rounds_help"], bind="query-params"))


# --- the game a person plays ----------------------------------------------------------------------


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
    game: Game = st.session_state.get(GAME_KEY, Game())
    if game.played_on != (model, seed):
        game = replace(game, played_on=(model, seed), guesses=())
        st.session_state[GAME_KEY] = game
    return game


def _guess(model: post.AttackModel, seed: int, guess_d: bool) -> None:
    """Button callback: score the shown round with this guess and move on to the next one."""
    game = _game(model, seed)
    game_round(model, seed, game.number)  # the round the person saw (ValueError surfaces here, not later)
    st.session_state[GAME_KEY] = replace(game, number=game.number + 1,
                                         guesses=(*game.guesses, Guess(game.number, guess_d)))


def _new_game(model: post.AttackModel, seed: int) -> None:
    """Button callback: start the score again (the round numbers go on)."""
    st.session_state[GAME_KEY] = replace(_game(model, seed), guesses=())


def guess_buttons(ctx: PageContext, model: post.AttackModel, where: DeltaGenerator) -> tuple[int, tuple[Guess, ...]]:
    """"I guess D", "I guess D′" and "New game" in `where`; returns the round to show and the guesses."""
    game = _game(model, ctx.seed)
    d, dp, reset = where.columns(3)
    args = (model, ctx.seed)
    d.button(TEXT["guess_d"], key="post_guess_d", on_click=_guess, args=(*args, True), help=TEXT["guess_help"],
             type="primary", width="stretch")
    dp.button(TEXT["guess_dp"], key="post_guess_dp", on_click=_guess, args=(*args, False), help=TEXT["guess_help"],
              type="primary", width="stretch")
    reset.button(TEXT["play_reset"], key="post_new_game", on_click=_new_game, args=args, help=TEXT["play_reset_help"],
                 width="stretch")
    return game.number, game.guesses
