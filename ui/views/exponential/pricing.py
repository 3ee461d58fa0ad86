"""Pumpkin pricing (course 6.3.1): the exponential mechanism against the best price and against
the best price plus Laplace noise, at one ε and along the whole ε range."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.limits import EPSILON_GRID
from dpcore.pricing import buyer_table, compare_pricing, price_grid, pricing_curves
from ui import fmt
from ui.charts import exponential as charts
from ui.i18n import per_language
from ui.text.exponential import TEXT

CANDIDATES = per_language(lambda: charts.CandidatesLabels(tuple(TEXT["candidates_title"].split("\n")), TEXT["price_axis"],
                                     TEXT["revenue_axis"], TEXT["probability_axis"], TEXT["buyer_max"]))
CURVES = per_language(lambda: charts.CurvesLabels(tuple(TEXT["revenue_curves_title"].split("\n")), TEXT["epsilon_axis"],
                             TEXT["expected_revenue_axis"], TEXT["curve_way"]))


@dataclass(frozen=True)
class Market:
    """The buyers as typed (names and maximum prices, unchecked) and the candidate price grid."""

    buyers: tuple[object, ...]
    max_prices: tuple[object, ...]
    lowest: float
    highest: float
    step: float


@dataclass(frozen=True)
class Settings:
    market: Market
    epsilon: float


@dataclass(frozen=True)
class View:
    metrics: tuple[tuple[str, str], ...]  # (label, value) of the three ways of pricing
    reading: str
    candidates_chart: dict
    curves_chart: dict
    noise: str


def compute(s: Settings) -> View:
    """The three ways of pricing compared at ε and along EPSILON_GRID, with both charts.
    Raises ValueError, in a sentence, for a buyer table or a price grid that cannot be used."""
    m = s.market
    buyers = buyer_table(m.buyers, m.max_prices).values
    prices = price_grid(m.lowest, m.highest, m.step)
    r = compare_pricing(prices, buyers, s.epsilon)
    epsilons = np.asarray(EPSILON_GRID)
    best, expo, noisy = pricing_curves(prices, buyers, epsilons)
    curves = {TEXT["curve_best"]: best, TEXT["curve_exponential"]: expo, TEXT["curve_noisy"]: noisy}
    n = fmt.number
    reading = "\n\n".join([
        TEXT["price_sensitivity"].format(delta=n(r.score_sensitivity), width=n(r.noisy_price_sensitivity)),
        TEXT["price_summary"].format(eps=n(s.epsilon, 4), price=n(r.best_price), best=n(r.best_revenue),
                                     expo=n(r.exponential_expected), noisy=n(r.noisy_expected)),
    ])
    noise = TEXT["price_noise_sensitivity"].format(
        scale=n(r.noisy_price_scale), best=n(r.best_price), width=n(r.noisy_price_sensitivity),
        low=n(float(prices.min())), high=n(float(prices.max())), delta=n(r.score_sensitivity),
    )
    metrics = (
        (TEXT["metric_best"], TEXT["metric_best_value"].format(revenue=n(r.best_revenue), price=n(r.best_price))),
        (TEXT["metric_exponential"], n(r.exponential_expected)),
        (TEXT["metric_noisy"], n(r.noisy_expected)),
    )
    return View(
        metrics=metrics,
        reading=reading,
        candidates_chart=charts.pricing_candidates(prices, r.revenues, r.probabilities, buyers, CANDIDATES()),
        curves_chart=charts.pricing_curves(epsilons, curves, s.epsilon, CURVES()),
        noise=noise,
    )
