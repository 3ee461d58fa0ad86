"""The attacker's view: posterior bounds, exact posteriors, privacy loss, hypothesis tests and a game.

Thin on purpose: widgets in, dpcore.posterior calls, one ui.charts.posterior call per figure. Only
the chosen part runs on each rerun (a URL-bound choice, so a shared link reopens the same part).
"""

from __future__ import annotations

import math

import numpy as np
import streamlit as st

from dpcore import posterior as post
from dpcore.limits import MAX_GAME_ROUNDS
from ui.charts import posterior as charts
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
    pair = model.pair
    names = (
        (TEXT["pair_cancer_d"], TEXT["pair_cancer_dp"]) if choice == "cancer"
        else (md_escape(ctx.dataset.name), TEXT["pair_dataset_dp"])
    )
    st.caption(TEXT["pair_caption"].format(d_name=names[0], dp_name=names[1], query=md_escape(pair.query),
                                           d=pair.value_d, dp=pair.value_d_prime, subject=md_escape(pair.subject)))
    if model.noise is None:
        st.caption(TEXT["pair_rr_caption"].format(subject=md_escape(pair.subject), p=model.truth_probability))
    else:
        noise = model.noise
        delta_part = TEXT["noise_caption_delta"].format(delta=model.delta) if noise.kind == "gaussian" else ""
        st.caption(TEXT["noise_caption"].format(kind=COMMON[f"mechanism_{noise.kind}"], scale=noise.scale, std=noise.std,
                                                eps=model.epsilon, delta_part=delta_part, sens=pair.sensitivity))
        if model.caveat:
            st.warning(model.caveat)


def settings(ctx: PageContext) -> tuple[post.AttackModel, float] | None:
    """The controls every part shares; None (after an error box) when they cannot be used."""
    st.subheader(TEXT["settings_title"])
    left, right = st.columns(2, gap="large")
    with left:
        kind = mechanism_select("post_mech", options=post.ATTACK_KINDS)
        epsilon = epsilon_slider("post_eps", default=1.0)
        delta, method = 0.0, "analytic"
        if kind == "gaussian":
            delta = delta_select("post_delta")
            method = gaussian_method_select("post_gm")
    with right:
        prior = st.slider(TEXT["prior_label"], 0.0, 1.0, 0.5, 0.01, key="post_prior", help=TEXT["prior_help"],
                          bind="query-params")
        try:
            choice, pair = neighbour_pair(ctx)
            model = session_memo("post_model", (kind, pair, epsilon, delta, method),
                                 lambda: post.attack_model(kind, pair, epsilon, delta, method))
        except ValueError as exc:
            show_error(exc)
            return None
        pair_caption(ctx, choice, model)
    return model, float(prior)


def loss_distribution(model: post.AttackModel) -> post.PrivacyLossDistribution:
    return session_memo("post_pld", model, lambda: post.privacy_loss_distribution(model))


# --- part 1 ---------------------------------------------------------------------------------


def part_bounds(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    eps = model.epsilon
    st.markdown(TEXT["bounds_intro"])
    st.latex(TEXT["bounds_latex"])
    lower, upper = (float(v) for v in post.posterior_bounds(prior, eps))
    factor = post.odds_factor(eps)
    st.markdown(TEXT["bounds_words"].format(prior=pct(prior), upper=pct(upper), lower=pct(lower), eps=eps))
    st.markdown(TEXT["bounds_odds"].format(prior_odds=odds(prior), factor=factor, lower_odds=odds(lower), upper_odds=odds(upper)))
    c1, c2, c3 = st.columns(3)
    c1.metric(TEXT["metric_lower"], pct(lower))
    c2.metric(TEXT["metric_upper"], pct(upper))
    c3.metric(TEXT["metric_odds"], f"× {factor:.4g}")
    epsilons = tuple(sorted(set(BAND_EPSILONS) | {eps}))
    band = post.band_curves(epsilons)
    show_figure(charts.band_figure(band.prior, epsilons, band.lower, band.upper, epsilons.index(eps), prior, lower, upper),
                key="post_fig_band")
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
    st.markdown(TEXT["posterior_sentence"].format(posterior=reading.posterior, output=output, prior=pct(prior),
                                                  posterior_pct=pct(reading.posterior)))
    if reading.inside_band:
        st.markdown(TEXT["inside_band"].format(lower=reading.lower, upper=reading.upper))
    else:
        st.warning(TEXT["outside_band"].format(lower=reading.lower, upper=reading.upper, loss=reading.privacy_loss,
                                               eps=model.epsilon))
    c1, c2, c3, c4 = st.columns(4)
    c1.metric(TEXT["metric_posterior"], f"{reading.posterior:.3f}")
    c2.metric(TEXT["metric_lik_d"], f"{reading.likelihood_d:.4g}")
    c3.metric(TEXT["metric_lik_dp"], f"{reading.likelihood_d_prime:.4g}")
    c4.metric(TEXT["metric_loss"], f"{reading.privacy_loss:.4f}")
    leak = post.band_leak(model) if model.kind == "gaussian" else None
    if leak is not None and leak.above is not None and leak.below is not None:
        st.info(TEXT["leak_gaussian"].format(above=leak.above, below=leak.below, mass=leak.mass_d, delta_one=leak.delta_one,
                                             excess=leak.delta_excess, delta=model.delta))
    else:
        st.caption(TEXT["leak_pure"])
    grid = axis.grid()
    lik_d, lik_dp = model.likelihoods(grid)
    binary = model.noise is None
    show_figure(charts.densities_figure(grid, lik_d, lik_dp, output, model.discrete, binary,
                                        leak.above if leak else None, leak.below if leak else None), key="post_fig_dens")
    show_figure(charts.posterior_curve_figure(grid, post.exact_posterior(model, prior, grid), prior, reading.lower,
                                              reading.upper, output, reading.posterior, model.discrete, binary),
                key="post_fig_posterior")


# --- part 3 ---------------------------------------------------------------------------------


def part_loss(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    eps = model.epsilon
    pld = loss_distribution(model)
    axis = post.output_axis(model)
    grid = axis.grid()
    observed = st.session_state.get(O_KEY)
    observed = axis.snap(observed if observed is not None else model.centre_d)
    st.markdown(TEXT["loss_intro"])
    hist = post.loss_histogram(pld)
    show_figure(charts.privacy_loss_figure(grid, model.privacy_loss(grid), eps, observed, model.discrete,
                                           model.noise is None, hist.edges, hist.mass), key="post_fig_loss")
    st.markdown(TEXT["delta_intro"])
    st.latex(TEXT["delta_latex"])
    multiple = st.select_slider(TEXT["read_label"], options=READ_MULTIPLES, value=0.5, format_func=lambda m: f"{m:g}",
                                key="post_read", help=TEXT["read_help"], bind="query-params")
    read_at = float(multiple) * eps
    delta = post.delta_for_epsilon(model, read_at)
    grid = np.union1d(np.linspace(0.0, 2.5 * eps, 101), [read_at])
    curves = post.delta_curves(model, pld, grid)
    area = post.delta_area(pld, read_at)
    st.markdown(TEXT["delta_values"].format(eps=read_at, delta=delta, delta_one=area.delta_one))
    at_read = {name: (float(ref[np.searchsorted(grid, read_at)]) if ref is not None else 0.0)
               for name, ref in (("analytic", curves.analytic), ("accounting", curves.accounting))}
    st.markdown(TEXT[f"check_{model.kind}"].format(**at_read, gap=curves.largest_gap))
    if model.delta == 0.0 and read_at >= eps:
        st.caption(TEXT["delta_pure"].format(eps=eps))
    show_figure(charts.delta_figure(area.u, area.y, area.delta, area.delta_one, curves.epsilons, curves.numeric,
                                    curves.delta_one, read_at, model.delta, curves.analytic, curves.accounting),
                key="post_fig_delta")


# --- part 4 ---------------------------------------------------------------------------------


def part_testing(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    st.markdown(TEXT["testing_intro"])
    st.markdown(TEXT["testing_region"])
    roc = post.roc_curve(loss_distribution(model))
    bound = post.advantage_bound(model.epsilon, model.delta)
    st.markdown(TEXT["advantage_words"].format(adv=roc.max_advantage, tpr=roc.best_tpr, fpr=roc.best_fpr, bound=bound,
                                               ceiling=pct(post.accuracy_ceiling(model.epsilon, model.delta))))
    c1, c2 = st.columns(2)
    c1.metric(TEXT["metric_advantage"], f"{roc.max_advantage:.3f}")
    c2.metric(TEXT["metric_advantage_bound"], f"{bound:.3f}")
    fpr = np.unique(np.concatenate((np.linspace(0, 1, 401), np.geomspace(1e-9, 1, 200))))
    upper, lower = post.dp_roc_region(model.epsilon, model.delta, fpr)
    show_figure(charts.roc_figure(roc.fpr, roc.tpr, fpr, upper, lower, roc.best_fpr, roc.best_tpr), key="post_fig_roc")


# --- part 5 ---------------------------------------------------------------------------------


def part_game(ctx: PageContext, model: post.AttackModel, prior: float) -> None:
    st.markdown(TEXT["game_intro"])
    rounds = st.number_input(TEXT["rounds_label"], min_value=1, max_value=MAX_GAME_ROUNDS, value=10_000, step=1_000,
                             key="post_rounds", help=TEXT["rounds_help"], bind="query-params")
    game = post.play_game(model, int(rounds), ctx.rng("game"), loss_distribution(model))
    st.markdown(TEXT["game_result"].format(rounds=game.rounds, accuracy=pct(game.accuracy), low=pct(game.ci_low),
                                           high=pct(game.ci_high)))
    ceiling_key = "game_ceiling_approx" if model.delta > 0 else "game_ceiling_pure"
    st.markdown(TEXT[ceiling_key].format(ceiling=pct(game.ceiling), eps=model.epsilon, delta=model.delta,
                                         expected=pct(game.expected_accuracy)))
    st.caption(TEXT["game_below"] if game.ci_low <= game.ceiling else TEXT["game_above"])
    c1, c2, c3 = st.columns(3)
    c1.metric(TEXT["metric_accuracy"], pct(game.accuracy))
    c2.metric(TEXT["metric_ceiling"], pct(game.ceiling))
    c3.metric(TEXT["metric_expected"], pct(game.expected_accuracy))
    show_figure(charts.game_figure(game.checkpoints, game.running_accuracy, game.running_low, game.running_high,
                                   game.ceiling, game.expected_accuracy), key="post_fig_game")
    st.caption(COMMON["simulation_note"])


VIEWS = {"bounds": part_bounds, "mechanism": part_mechanism, "loss": part_loss, "testing": part_testing, "game": part_game}

ctx = start_page(TEXT["title"], icon="🎲")
st.markdown(TEXT["intro"])
chosen = settings(ctx)
if chosen is not None:
    model, prior = chosen
    part = url_choice(st.radio, TEXT["part_label"], PARTS, "post_part", format_func=lambda p: TEXT[f"part_{p}"],
                      horizontal=True)
    st.divider()
    try:
        VIEWS[part](ctx, model, prior)
    except ValueError as exc:
        show_error(exc)
