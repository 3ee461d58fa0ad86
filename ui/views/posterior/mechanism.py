"""Part 2: a real mechanism. The attacker sees one output O and computes the exact posterior."""

from __future__ import annotations

from dataclasses import dataclass, replace

from dpcore import posterior as post
from ui import fmt
from ui.charts import posterior as charts
from ui.charts.theme import CURVE_POINTS
from ui.i18n import per_language
from ui.text.posterior import TEXT
from ui.views.posterior.words import ANSWERS, small

DENSITIES = per_language(lambda: charts.DensitiesLabels(
    title=TEXT["fig_dens_title"], x=TEXT["fig_dens_x"], y=TEXT["fig_dens_y_density"], on_d=TEXT["fig_on_d"],
    on_dp=TEXT["fig_on_dp"], world=TEXT["fig_dens_world"], seen=TEXT["fig_dens_seen"], leak=TEXT["fig_dens_leak"],
    answers=ANSWERS()))
POSTERIOR = per_language(lambda: charts.PosteriorLabels(
    title=TEXT["fig_post_title"], x=TEXT["fig_post_x"], y=TEXT["fig_post_y"], band=TEXT["fig_post_band"],
    prior=TEXT["fig_post_prior"], curve=TEXT["fig_post_curve"], seen=TEXT["fig_post_seen"], answers=ANSWERS()))


@dataclass(frozen=True)
class Draw:
    """The last output drawn from A(D) with the button: its number in the seeded sequence."""

    number: int
    seed: int
    value: float


@dataclass(frozen=True)
class Settings:
    model: post.AttackModel
    prior: float
    output: float  # already on the output axis's grid
    axis: post.OutputAxis
    last_draw: Draw | None = None


@dataclass(frozen=True)
class View:
    sentence: str  # the posterior in words, and whether it is inside the band
    warning: str | None  # the posterior left the pure-eps band
    metrics: tuple[tuple[str, str], ...]
    leak: str | None  # Gaussian noise: where and how often the posterior leaves the band
    pure: str | None  # pure DP: it never does
    draw_note: str | None
    densities: dict
    curve: dict


def _leak_sentence(model: post.AttackModel, leak: post.BandLeak | None) -> str | None:
    if leak is None or leak.above is None or leak.below is None:
        return None
    return TEXT["leak_gaussian"].format(above=fmt.number(leak.above), below=fmt.number(leak.below),
                                        mass=fmt.share(leak.mass_d), delta_one=small(leak.delta_one),
                                        excess=small(leak.delta_excess), delta=small(model.delta))


def compute(s: Settings) -> View:
    model = s.model
    reading = post.read_output(model, s.prior, s.output)
    leak = post.band_leak(model) if model.kind == "gaussian" else None
    grid = s.axis.grid(CURVE_POINTS, keep=() if model.discrete else (model.centre_d, model.centre_d_prime))
    lik_d, lik_dp = model.likelihoods(grid)
    binary = model.noise is None
    labels = replace(DENSITIES(), y=TEXT["fig_dens_y_pmf"]) if model.discrete else DENSITIES()
    densities = charts.densities_chart(grid, lik_d, lik_dp, s.output, model.discrete, binary,
                                       leak.above if leak else None, leak.below if leak else None, labels)
    curve = charts.posterior_curve_chart(grid, post.exact_posterior(model, s.prior, grid), s.prior, reading.lower,
                                         reading.upper, s.output, reading.posterior, model.discrete, binary, POSTERIOR())
    sentence = TEXT["posterior_sentence"].format(
        posterior=fmt.number(reading.posterior), output=fmt.number(s.output, 6), prior=fmt.share(s.prior),
        posterior_pct=fmt.share(reading.posterior))
    band = {"lower": fmt.share(reading.lower), "upper": fmt.share(reading.upper)}
    warning = None
    if reading.inside_band:
        sentence += "\n\n" + TEXT["inside_band"].format(**band)
    else:
        warning = TEXT["outside_band"].format(**band, loss=fmt.number(round(reading.privacy_loss, 9)),
                                              eps=fmt.number(model.epsilon))
    metrics = ((TEXT["metric_posterior"], fmt.number(reading.posterior)),
               (TEXT["metric_lik_d"], small(reading.likelihood_d)),
               (TEXT["metric_lik_dp"], small(reading.likelihood_d_prime)),
               (TEXT["metric_loss"], fmt.number(round(reading.privacy_loss, 9))))
    leak_text = _leak_sentence(model, leak)
    note = None if s.last_draw is None else TEXT["draw_note"].format(
        n=s.last_draw.number, seed=s.last_draw.seed, value=fmt.number(s.last_draw.value, 4))
    return View(sentence, warning, metrics, leak_text, None if leak_text else TEXT["leak_pure"], note, densities, curve)
