"""The differencing attack's two questions answered with Laplace noise: the noisy difference, its
two possible densities, and the attacker's belief, which never leaves the eps band, at one epsilon of
the charts' own slider (ui/chart_slider.py: every epsilon is drawn from the same seed); its sentences
are plain text (ui/reading.py), the target's name as typed."""

from __future__ import annotations

from dataclasses import dataclass

from dpcore import attacks as A
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import attacks as charts
from ui.charts.theme import STEPPED_CURVE_POINTS
from ui.reading import Block
from ui.text.attacks import TEXT
from ui.views.attacks.differencing import Table


@dataclass(frozen=True)
class Settings:
    table: Table
    target: str
    position: int  # the target's row, from 1 (names the random stream: one draw per target)
    with_target: int  # the exact answers of the two questions
    without_target: int
    epsilon: float
    prior: float
    seed: int


@dataclass(frozen=True)
class View:
    reading: tuple[Block, ...]  # what the noise is, the noisy answers, and the belief with its band
    density: dict
    belief: dict
    note: str

    @property
    def text(self) -> str:
        return "\n\n".join(str(text) for _, text in self.reading)


def compute(settings: Settings) -> View:
    exact = A.Differencing(settings.with_target, settings.without_target, settings.table)
    rng = make_rng(settings.seed, f"att-diff-{settings.table}-{settings.position}")
    noisy = A.noisy_differencing(exact, settings.epsilon, rng)
    eps, prior = settings.epsilon, settings.prior
    observed = float(A.difference_posterior(noisy.difference, eps, prior))
    low, high = A.posterior_band(prior, eps)
    secret = TEXT[f"diff_secret_{settings.table}"]
    grid = A.difference_grid(noisy.difference, eps, STEPPED_CURVE_POINTS)
    density = charts.difference_densities(
        grid, A.noisy_difference_pdf(grid, 1, eps), A.noisy_difference_pdf(grid, 0, eps), noisy.difference,
        charts.DensityLabels(
            title=tuple(TEXT["diff_density_title"].format(eps=fmt.number(eps)).split("\n")), x=TEXT["diff_density_x"], y=TEXT["diff_density_y"],
            secret=TEXT["diff_density_secret"].format(secret=secret), none=TEXT["diff_density_none"],
            observed=TEXT["diff_observed"], series=TEXT["series"],
        ),
    )
    belief = charts.difference_posterior(
        grid, A.difference_posterior(grid, eps, prior), (low, high), prior, noisy.difference, observed,
        charts.BeliefLabels(
            title=TEXT["diff_post_title"], x=TEXT["diff_post_x"], y=TEXT["diff_post_y"].format(secret=secret),
            curve=TEXT["diff_post_curve"], observed=TEXT["diff_observed"], prior=TEXT["diff_post_prior"],
            band=TEXT["diff_post_band"], series=TEXT["series"],
        ),
    )
    reading: tuple[Block, ...] = tuple(("p", text) for text in [
        TEXT["diff_noise_intro"],
        TEXT["diff_noisy_answers"].format(
            a=fmt.number(noisy.answer_with), b=fmt.number(noisy.answer_without), d=fmt.number(noisy.difference),
            exact=exact.difference,
        ),
        TEXT["diff_posterior"].format(
            post=fmt.share(observed), name=settings.target, secret=secret, prior=fmt.share(prior),
            eps=fmt.number(eps), low=fmt.share(low), high=fmt.share(high),
        ),
    ])
    return View(reading, density, belief, f"{TEXT['diff_posterior_why']}\n\n{TEXT['simulation_note']}")
