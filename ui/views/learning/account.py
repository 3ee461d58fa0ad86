"""Tab 2: what DP-SGD costs. For n examples, batches of B (so each step takes each example with
probability q = B / n), noise multiplier σ and a number of epochs (T = ceil(epochs / q) steps), ε at
the chosen δ by dp-accounting's RDP accountant (the moments accountant of Abadi et al. 2016, the
course's) and by its PLD accountant, after every epoch. The course's check is the default: 60,000
examples, batches of 256, σ = 1.1, 60 epochs, δ = 10⁻⁵ give 2.60 (RDP) and 2.38 (PLD)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dpcore.errors import DPError
from dpcore.learning.accounting import EpsilonByEpoch, epsilon_by_epoch
from ui import fmt
from ui.charts import learning as charts
from ui.charts.theme import COLORS, CURVE_POINTS
from ui.text.learning import TEXT
from ui.views.learning.experiment import epochs_shown


@dataclass(frozen=True)
class Settings:
    examples: int
    batch: int
    sigma: float
    epochs: int
    delta: float


COURSE = Settings(examples=60_000, batch=256, sigma=1.1, epochs=60, delta=1e-5)


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str
    rdp: float  # ε after the last epoch
    pld: float


@lru_cache(maxsize=32)
def _curve(q: float, sigma: float, epochs: int, delta: float) -> EpsilonByEpoch:
    """The accountants' numbers, kept for both languages (the course's check takes ~6 s)."""
    return epsilon_by_epoch(q, sigma, epochs, delta)


def compute(s: Settings) -> View:
    """Raises DPError for a batch larger than the examples, or numbers the accountants refuse."""
    if not 1 <= s.batch <= s.examples:
        raise DPError("dpsgd_batch", rows=s.examples, value=s.batch)
    q = s.batch / s.examples
    curve = _curve(q, s.sigma, s.epochs, s.delta)
    shown = epochs_shown(curve.epochs, CURVE_POINTS)
    x = np.asarray(curve.epochs, float)[shown]
    lines = [
        charts.Curve(TEXT["series_rdp"], x, np.asarray(curve.rdp)[shown], COLORS["d_prime"], points=x.size <= 20),
        charts.Curve(TEXT["series_pld"], x, np.asarray(curve.pld)[shown], COLORS["d"], points=x.size <= 20),
    ]
    chart = charts.curves(
        lines, charts.Labels(tuple(TEXT["account_chart_title"].split("\n")), TEXT["epoch_axis"], TEXT["epsilon_axis"]),
        charts.Axis(domain=(1.0, float(max(2, s.epochs))), format="d"), charts.Axis(format=",.3~r"))
    rdp, pld = curve.rdp[-1], curve.pld[-1]
    words = [TEXT["account_reading"].format(
        epochs=s.epochs, steps=f"{curve.steps[-1]:,}", batch=f"{s.batch:,}", examples=f"{s.examples:,}",
        q=fmt.share(q), sigma=fmt.number(s.sigma), delta=fmt.tiny(s.delta), rdp=f"{rdp:.2f}", pld=f"{pld:.2f}",
        saved=fmt.share(1 - pld / rdp) if rdp > 0 else "0%")]
    words.append(TEXT["account_why"])
    words.append(TEXT["account_is_course"] if s == COURSE else TEXT["account_course"])
    return View(chart, "\n\n".join(words), rdp, pld)
