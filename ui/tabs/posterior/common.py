"""What every part of the attacker's view shares: the part's radio, the shared settings beside it
(mechanism, prior, neighbour pair), epsilon and the mechanism's caption, and the privacy-loss
distribution that parts 3 to 5 read.

Only the part in the URL (?post_part=…) runs, beside the shared settings (a fragment); epsilon and
the part are a nested fragment (`_release`), so that epsilon reruns neither the radio nor the
settings. Off the bounds each step of epsilon needs the server: an ordinary slider (`attack_model`)
on the same value as the bounds chart's own slider.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore import posterior as post
from ui.chart_slider import ChartSlider
from ui.datasets import bundled_dataset
from ui.memo import session_memo
from ui.page import PageContext, show_error
from ui.state import url_choice
from ui.text.common import TEXT as COMMON
from ui.text.posterior import TEXT
from ui.views.posterior import setup
from ui.widgets import delta_select, gaussian_method_select, mechanism_select

EPSILON = ChartSlider("post_eps")


@dataclass(frozen=True)
class Shared:
    """The settings drawn beside the part: mechanism, prior and neighbour pair."""

    kind: post.AttackKind
    delta: float
    method: str
    prior: float
    choice: str
    pair: post.CountPair | None


@dataclass(frozen=True)
class Part:
    """What a part is given: the shared settings, and the slots beside it for epsilon and the caption."""

    shared: Shared
    epsilon_slot: DeltaGenerator
    caption_slot: DeltaGenerator


Tab = Callable[[PageContext, Part], None]


@st.fragment
def parts(ctx: PageContext, tabs: dict[str, tuple[str, Tab]]) -> None:
    """The radio of `tabs` (id: label and function, in the URL as ?post_part=<id>) and the shared
    settings beside the chosen part; only that part runs."""
    part = url_choice(st.radio, TEXT["part_label"], tuple(tabs), "post_part", format_func=lambda p: tabs[p][0],
                      horizontal=True)
    settings, content = st.columns([1, 2], gap="large")
    with settings:
        shared, epsilon_slot, caption_slot = _shared_settings(ctx)
    _release(ctx, tabs[part][1], Part(shared, epsilon_slot, caption_slot), content)


@st.fragment
def _release(ctx: PageContext, tab: Tab, part: Part, content: DeltaGenerator) -> None:
    """Epsilon, the mechanism's caption and the part, in `content` (a ValueError shows there)."""
    try:
        with content:
            tab(ctx, part)
    except ValueError as exc:
        show_error(exc, content)


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


def _shared_settings(ctx: PageContext) -> tuple[Shared, DeltaGenerator, DeltaGenerator]:
    """Mechanism with a slot for epsilon (and delta), prior, pair and a slot for the caption, in one
    column beside the part's charts: the slots are filled by the part."""
    kind: post.AttackKind = mechanism_select(  # it offers randomized response too (its type names noise only)
        "post_mech", options=post.ATTACK_KINDS)  # type: ignore[arg-type]
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


def attack_model(ctx: PageContext, part: Part) -> post.AttackModel | None:
    """Epsilon as an ordinary slider in its slot, and the calibrated mechanism on the pair (kept
    for the session) with its caption; None without a pair. Raises ValueError."""
    epsilon = EPSILON.widget(COMMON["epsilon"], part.epsilon_slot)
    shared = part.shared
    if shared.pair is None:
        return None
    key = (shared.kind, shared.pair, epsilon, shared.delta, shared.method)
    model = session_memo("post_model", key, lambda: post.attack_model(
        shared.kind, shared.pair, epsilon, shared.delta, shared.method))  # type: ignore[arg-type]
    part.caption_slot.caption(setup.compute(setup.Settings(model, shared.choice, ctx.dataset.name)).caption)
    return model


def loss_distribution(model: post.AttackModel) -> post.PrivacyLossDistribution:
    """The privacy-loss distribution of the model (kept for the session: parts 3 to 5 share it)."""
    return session_memo("post_pld", model, lambda: post.privacy_loss_distribution(model))
