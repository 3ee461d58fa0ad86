"""The attacker's view: posterior bounds, exact posteriors, privacy loss, hypothesis tests and a game.

Thin on purpose: widgets in, dpcore.posterior calls, one ui.charts.posterior call per chart. Only
the chosen part runs on each rerun (a URL-bound choice, so a shared link reopens the same part), in
nested fragments: epsilon and the part's own controls rerun the epsilon slider, the mechanism's
caption and the part; the other settings rerun all settings too; neither reruns the sidebar. Each
part computes its numbers and charts before drawing them, so they reach the browser in one batch.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore import posterior as post
from dpcore.limits import MAX_GAME_ROUNDS
from ui.charts import posterior as charts
from ui.charts.theme import CURVE_POINTS
from ui.datasets import bundled_dataset
from ui.memo import session_memo
from ui.page import PageContext, show_error, show_figure, start_page
from ui.safe import md_escape
from ui.state import url_choice
from ui.text.common import TEXT as COMMON
from ui.text.posterior import TEXT
from ui.widgets import delta_select, epsilon_slider, gaussian_method_select, mechanism_select

PARTS = ("bounds", "mechanism", "loss", "testing", "game")
BAND_EPSILONS = (0.1, 0.5, 1.0, 2.0, 5.0)
# Priors to draw the band on: even steps, and even steps in log-odds (where each edge of the band is
# a straight line) for the sharp bends of eps = 5 near 0 and 1. 59 points per curve: every point
# drawn costs the browser time on each redraw. 50% is one of them.
BAND_PRIORS = np.union1d(np.linspace(0.0, 1.0, 41), 1 / (1 + np.exp(-np.linspace(-9.0, 9.0, 19))))
READ_MULTIPLES = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)  # where to read delta, as multiples of the mechanism's eps
O_KEY, DRAWS_KEY, AXIS_KEY, WRITTEN_KEY = "post_o", "_post_draws", "_post_o_axis", "_post_o_written"


def pct(x: float) -> str:
    """50% / 73.1% / 99.99%: a probability in words, with more digits near 0 and 1."""
    if 0.001 <= x <= 0.999:
        return f"{100 * x:.1f}".rstrip("0").rstrip(".") + "%"
    return f"{100 * x:.4g}%"


def odds(p: float) -> str:
    """Betting odds for D, as "x to 1"."""
    return "∞ to 1" if p >= 1 else f"{p / (1 - p):.3g} to 1"


def neighbour_pair(ctx: PageContext) -> tuple[str, post.CountPair]:
    """The radio "which neighbour pair" and the count pair it names."""
    options = ("cancer", "dataset") if ctx.dataset.neighbour is not None else ("cancer",)
    choice = url_choice(st.radio, TEXT["pair_label"], options, "post_pair", format_func=lambda k: TEXT[f"pair_{k}"],
                        horizontal=True, help=TEXT["pair_help"])
    if choice == "cancer":
        frame = bundled_dataset("cancer").table.frame
        pair = session_memo("post_pair_cancer", "cancer", lambda: post.count_with_and_without(
            frame, name_column="name", name="Alice", column="has_cancer", value="yes"))
        return choice, pair
    d, nb = ctx.dataset.table.frame, ctx.dataset.neighbour.frame  # type: ignore[union-attr]
    return choice, session_memo("post_pair_dataset", ctx.dataset.ident, lambda: post.neighbour_count_pair(d, nb))


def pair_caption(ctx: PageContext, choice: str, model: post.AttackModel) -> None:
    """What D and D′ are and how the mechanism is calibrated, in one caption."""
    pair = model.pair
    names = (
        (TEXT["pair_cancer_d"], TEXT["pair_cancer_dp"]) if choice == "cancer"
        else (md_escape(ctx.dataset.name), TEXT["pair_dataset_dp"])
    )
    lines = [TEXT["pair_caption"].format(d_name=names[0], dp_name=names[1], query=md_escape(pair.query),
                                         d=pair.value_d, dp=pair.value_d_prime, subject=md_escape(pair.subject))]
    if model.noise is None:
        lines.append(TEXT["pair_rr_caption"].format(subject=md_escape(pair.subject), p=model.truth_probability))
    else:
        noise = model.noise
        delta_part = TEXT["noise_caption_delta"].format(delta=model.delta) if noise.kind == "gaussian" else ""
        lines.append(TEXT["noise_caption"].format(kind=COMMON[f"mechanism_{noise.kind}"], scale=noise.scale, std=noise.std,
                                                  eps=model.epsilon, delta_part=delta_part, sens=pair.sensitivity))
    st.caption("\n\n".join(lines))  # one element: each element drawn costs the browser time
    if model.caveat:
        st.warning(model.caveat)


@dataclass(frozen=True)
class Choices:
    """The settings drawn outside the epsilon fragment: mechanism, prior, neighbour pair, part."""

    kind: str
    delta: float
    method: str
    prior: float
    choice: str
    pair: post.CountPair | None
    part: str


def loss_distribution(model: post.AttackModel) -> post.PrivacyLossDistribution:
    return session_memo("post_pld", model, lambda: post.privacy_loss_distribution(model))


def curve_outputs(model: post.AttackModel, axis: post.OutputAxis) -> np.ndarray:
    """Outputs to draw curves on: at most CURVE_POINTS (the browser's redraw cost grows with every
    point), every few whole numbers when discrete, else with f(D) and f(D′), where a Laplace curve bends."""
    if axis.discrete:
        every = axis.step * max(1, math.ceil((axis.hi - axis.lo) / axis.step / (CURVE_POINTS - 1)))
        return np.arange(axis.lo, axis.hi + 0.5 * every, every)
    return np.union1d(np.linspace(axis.lo, axis.hi, CURVE_POINTS - 2), [model.centre_d, model.centre_d_prime])


# --- part 1 ---------------------------------------------------------------------------------


def part_bounds(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    eps = model.epsilon
    lower, upper = (float(v) for v in post.posterior_bounds(prior, eps))
    factor = post.odds_factor(eps)
    grey = [post.posterior_bounds(BAND_PRIORS, e) for e in BAND_EPSILONS]  # the same for every epsilon and prior
    chosen_lower, chosen_upper = post.posterior_bounds(BAND_PRIORS, eps)
    chart = charts.band_chart(BAND_PRIORS, BAND_EPSILONS, np.array([g[0] for g in grey]), np.array([g[1] for g in grey]),
                              eps, chosen_lower, chosen_upper, prior, lower, upper)
    # The formula stays apart from the numbers: a markdown element whose text is unchanged is not
    # drawn again, and typesetting the formula on every epsilon change would cost the browser time.
    st.markdown(f"{TEXT['bounds_intro']}\n\n$$\n{TEXT['bounds_latex']}\n$$")
    st.markdown("\n\n".join((  # one element: each element drawn costs the browser time
        TEXT["bounds_words"].format(prior=pct(prior), upper=pct(upper), lower=pct(lower), eps=eps),
        TEXT["bounds_odds"].format(prior_odds=odds(prior), factor=factor, lower_odds=odds(lower), upper_odds=odds(upper)),
    )))
    c1, c2, c3 = st.columns(3)
    c1.metric(TEXT["metric_lower"], pct(lower))
    c2.metric(TEXT["metric_upper"], pct(upper))
    c3.metric(TEXT["metric_odds"], f"× {factor:.4g}")
    show_figure(chart, key="post_fig_band")
    st.caption(TEXT["bounds_reading"])


# --- part 2 ---------------------------------------------------------------------------------


def _draw(ctx: PageContext, model: post.AttackModel, axis: post.OutputAxis) -> None:
    """Button callback: the next output of the seeded sequence, drawn from A(D)."""
    n = st.session_state.get(DRAWS_KEY, 0) + 1
    st.session_state[DRAWS_KEY] = n
    value = post.draw_output(model, ctx.rng(f"post-draw-{n}"))
    st.session_state[O_KEY] = axis.snap(value)
    st.session_state[WRITTEN_KEY] = True
    st.session_state["_post_last_draw"] = (n, ctx.seed, value)


def output_slider(ctx: PageContext, model: post.AttackModel) -> tuple[float, post.OutputAxis]:
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
    col_slider, col_button = st.columns([4, 1], vertical_alignment="bottom")
    default = None if written else axis.snap(model.centre_d)
    output = col_slider.slider(label, axis.lo, axis.hi, default, axis.step, format=f"%.{decimals}f",
                               key=O_KEY, help=TEXT["output_help"], bind="query-params")
    col_button.button(TEXT["draw_button"], key="post_draw", help=TEXT["draw_help"], on_click=_draw,
                      args=(ctx, model, axis), width="stretch")
    last = st.session_state.get("_post_last_draw")
    if last is not None:
        st.caption(TEXT["draw_note"].format(n=last[0], seed=last[1], value=last[2]))
    return axis.snap(float(output)), axis


def part_mechanism(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    st.markdown(TEXT["mechanism_intro"])
    output, axis = output_slider(ctx, model)
    reading = post.read_output(model, prior, output)
    leak = post.band_leak(model) if model.kind == "gaussian" else None
    grid = curve_outputs(model, axis)
    lik_d, lik_dp = model.likelihoods(grid)
    binary = model.noise is None
    densities = charts.densities_chart(grid, lik_d, lik_dp, output, model.discrete, binary,
                                       leak.above if leak else None, leak.below if leak else None)
    curve = charts.posterior_curve_chart(grid, post.exact_posterior(model, prior, grid), prior, reading.lower,
                                         reading.upper, output, reading.posterior, model.discrete, binary)
    sentence = TEXT["posterior_sentence"].format(posterior=reading.posterior, output=output, prior=pct(prior),
                                                 posterior_pct=pct(reading.posterior))
    if reading.inside_band:
        st.markdown(sentence + "\n\n" + TEXT["inside_band"].format(lower=reading.lower, upper=reading.upper))
    else:
        st.markdown(sentence)
        st.warning(TEXT["outside_band"].format(lower=reading.lower, upper=reading.upper, loss=reading.privacy_loss,
                                               eps=model.epsilon))
    c1, c2, c3, c4 = st.columns(4)
    c1.metric(TEXT["metric_posterior"], f"{reading.posterior:.3f}")
    c2.metric(TEXT["metric_lik_d"], f"{reading.likelihood_d:.4g}")
    c3.metric(TEXT["metric_lik_dp"], f"{reading.likelihood_d_prime:.4g}")
    c4.metric(TEXT["metric_loss"], f"{reading.privacy_loss:.4f}")
    if leak is not None and leak.above is not None and leak.below is not None:
        st.info(TEXT["leak_gaussian"].format(above=leak.above, below=leak.below, mass=leak.mass_d, delta_one=leak.delta_one,
                                             excess=leak.delta_excess, delta=model.delta))
    else:
        st.caption(TEXT["leak_pure"])
    show_figure(densities, key="post_fig_dens")
    show_figure(curve, key="post_fig_posterior")


# --- part 3 ---------------------------------------------------------------------------------


def part_loss(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    eps = model.epsilon
    top = st.container()  # the loss charts go above the slider, but are drawn with everything else
    st.markdown(TEXT["delta_intro"] + f"\n\n$$\n{TEXT['delta_latex']}\n$$")
    multiple = st.select_slider(TEXT["read_label"], options=READ_MULTIPLES, value=0.5, format_func=lambda m: f"{m:g}",
                                key="post_read", help=TEXT["read_help"], bind="query-params")
    pld = loss_distribution(model)
    axis = post.output_axis(model)
    outputs = curve_outputs(model, axis)
    observed = st.session_state.get(O_KEY)
    observed = axis.snap(observed if observed is not None else model.centre_d)
    hist = post.loss_histogram(pld)
    loss = model.privacy_loss(outputs)
    extent = charts.loss_extent(loss, hist.edges, eps)
    loss_chart = charts.privacy_loss_chart(outputs, loss, eps, observed, model.discrete, model.noise is None, extent)
    pld_chart = charts.loss_distribution_chart(hist.edges, hist.mass, eps, extent)
    read_at = float(multiple) * eps
    delta = post.delta_for_epsilon(model, read_at)
    grid = np.union1d(np.linspace(0.0, 2.5 * eps, 101), [read_at])
    curves = post.delta_curves(model, pld, grid)
    area = post.delta_area(pld, read_at, points=CURVE_POINTS // 2)
    at_read = {name: (float(ref[np.searchsorted(grid, read_at)]) if ref is not None else 0.0)
               for name, ref in (("analytic", curves.analytic), ("accounting", curves.accounting))}
    reading = [TEXT["delta_values"].format(eps=read_at, delta=delta, delta_one=area.delta_one),
               TEXT[f"check_{model.kind}"].format(**at_read, gap=curves.largest_gap)]
    area_chart = charts.delta_area_chart(area.u, area.y, area.delta, area.delta_one)
    curves_chart = charts.delta_curves_chart(curves.epsilons, curves.numeric, curves.delta_one, read_at, model.delta,
                                             curves.analytic, curves.accounting)

    with top:
        st.markdown(TEXT["loss_intro"])
        left, right = st.columns(2, gap="medium")
        with left:
            show_figure(loss_chart, key="post_fig_loss")
        with right:
            show_figure(pld_chart, key="post_fig_pld")
    st.markdown("\n\n".join(reading))  # one element: each element drawn costs the browser time
    if model.delta == 0.0 and read_at >= eps:
        st.caption(TEXT["delta_pure"].format(eps=eps))
    left, right = st.columns(2, gap="medium")
    with left:
        show_figure(area_chart, key="post_fig_delta")
    with right:
        show_figure(curves_chart, key="post_fig_delta_curves")


# --- part 4 ---------------------------------------------------------------------------------


def part_testing(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    roc = post.roc_curve(loss_distribution(model), points=(CURVE_POINTS - 3) * 3 // 4)  # picks + picks // 3 + 3 points
    bound = post.advantage_bound(model.epsilon, model.delta)
    fpr = np.unique(np.concatenate((np.linspace(0, 1, 401), np.geomspace(1e-9, 1, 200))))
    upper, lower = post.dp_roc_region(model.epsilon, model.delta, fpr)
    chart = charts.roc_chart(roc.fpr, roc.tpr, fpr, upper, lower, roc.best_fpr, roc.best_tpr)
    st.markdown("\n\n".join((  # one element: each element drawn costs the browser time
        TEXT["testing_intro"],
        TEXT["testing_region"],
        TEXT["advantage_words"].format(adv=roc.max_advantage, tpr=roc.best_tpr, fpr=roc.best_fpr, bound=bound,
                                       ceiling=pct(post.accuracy_ceiling(model.epsilon, model.delta))),
    )))
    c1, c2 = st.columns(2)
    c1.metric(TEXT["metric_advantage"], f"{roc.max_advantage:.3f}")
    c2.metric(TEXT["metric_advantage_bound"], f"{bound:.3f}")
    square, _ = st.columns([3, 2])  # the ROC square keeps both rates at the same scale
    with square:
        show_figure(chart, key="post_fig_roc")


# --- part 5 ---------------------------------------------------------------------------------


def part_game(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    st.markdown(TEXT["game_intro"])
    rounds = st.number_input(TEXT["rounds_label"], min_value=1, max_value=MAX_GAME_ROUNDS, value=10_000, step=1_000,
                             key="post_rounds", help=TEXT["rounds_help"], bind="query-params")
    game = post.play_game(model, int(rounds), ctx.rng("game"), loss_distribution(model), checkpoints=CURVE_POINTS)
    chart = charts.game_chart(game.checkpoints, game.running_accuracy, game.running_low, game.running_high,
                              game.ceiling, game.expected_accuracy)
    ceiling_key = "game_ceiling_approx" if model.delta > 0 else "game_ceiling_pure"
    st.markdown("\n\n".join((  # one element: each element drawn costs the browser time
        TEXT["game_result"].format(rounds=game.rounds, accuracy=pct(game.accuracy), low=pct(game.ci_low),
                                   high=pct(game.ci_high)),
        TEXT[ceiling_key].format(ceiling=pct(game.ceiling), eps=model.epsilon, delta=model.delta,
                                 expected=pct(game.expected_accuracy)),
    )))
    st.caption(TEXT["game_below"] if game.ci_low <= game.ceiling else TEXT["game_above"])
    c1, c2, c3 = st.columns(3)
    c1.metric(TEXT["metric_accuracy"], pct(game.accuracy))
    c2.metric(TEXT["metric_ceiling"], pct(game.ceiling))
    c3.metric(TEXT["metric_expected"], pct(game.expected_accuracy))
    show_figure(chart, key="post_fig_game")
    st.caption(COMMON["simulation_note"])


VIEWS = {"bounds": part_bounds, "mechanism": part_mechanism, "loss": part_loss, "testing": part_testing, "game": part_game}


@st.fragment
def attacker_view(ctx: PageContext) -> None:
    """The shared settings and the choice of part; then `release_view` draws epsilon and the part.

    A fragment: a setting here reruns only this, not the sidebar (each element redrawn costs the
    browser time); the sidebar's dataset and seed rerun the whole page. Epsilon's slot and the
    caption's slot are filled by the nested fragment."""
    st.subheader(TEXT["settings_title"])
    left, right = st.columns(2, gap="large")
    with left:
        kind = mechanism_select("post_mech", options=post.ATTACK_KINDS)
        epsilon_slot = st.container()
        delta, method = 0.0, "analytic"
        if kind == "gaussian":
            delta = delta_select("post_delta")
            method = gaussian_method_select("post_gm")
    with right:
        prior = st.slider(TEXT["prior_label"], 0.0, 1.0, 0.5, 0.01, key="post_prior", help=TEXT["prior_help"],
                          bind="query-params")
        try:
            choice, pair = neighbour_pair(ctx)
        except ValueError as exc:
            show_error(exc)
            choice, pair = "", None
        caption_slot = st.container()
    part = PARTS[0]
    if pair is not None:
        part = url_choice(st.radio, TEXT["part_label"], PARTS, "post_part", format_func=lambda p: TEXT[f"part_{p}"],
                          horizontal=True)
        st.divider()
    release_view(ctx, Choices(kind, delta, method, float(prior), choice, pair, part), epsilon_slot, caption_slot)


@st.fragment
def release_view(ctx: PageContext, chosen: Choices, epsilon_slot: DeltaGenerator, caption_slot: DeltaGenerator) -> None:
    """The epsilon slider, the calibrated mechanism's caption and the chosen part.

    A fragment of its own: an epsilon change reruns only these, not the other settings (each
    widget redrawn costs the browser time). The slider is drawn even without a pair, so its value
    survives a bad setting elsewhere."""
    with epsilon_slot:
        epsilon = epsilon_slider("post_eps", default=1.0)
    if chosen.pair is None:
        return
    kind, pair, delta, method = chosen.kind, chosen.pair, chosen.delta, chosen.method
    try:
        model = session_memo("post_model", (kind, pair, epsilon, delta, method),
                             lambda: post.attack_model(kind, pair, epsilon, delta, method))
    except ValueError as exc:
        show_error(exc)
        return
    with caption_slot:
        pair_caption(ctx, chosen.choice, model)
    try:
        VIEWS[chosen.part](ctx, model, chosen.prior)
    except ValueError as exc:
        show_error(exc)


ctx = start_page(TEXT["title"], icon="🎲")
st.markdown(TEXT["intro"])
attacker_view(ctx)
