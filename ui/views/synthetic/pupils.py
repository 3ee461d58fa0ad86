"""Tab 1: the course's one-column method (section 6.5.3) on the six pupils' ages, step by step:
true counts over the declared ages 12..15, Laplace noise, clamped at zero, normalised into a
distribution, and six synthetic ages drawn from it; the course's own outcome as one possible draw.
The pupils' tab draws `compute` at every epsilon of the chart's own slider (ui/chart_slider.py)."""

from __future__ import annotations

from dataclasses import dataclass

from dpcore.rng import make_rng
from dpcore.synthetic import draw_probability, histogram_steps
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.reading import Block
from ui.text.synthetic import TEXT

AGES = (12, 13, 15, 13, 15, 12)  # the course's six pupils
DOMAIN = (12, 13, 14, 15)  # declared in public: the ages a pupil of this class can have
COURSE_DRAW = (13, 15, 12, 15, 12, 13)  # the course's synthetic ages


@dataclass(frozen=True)
class Settings:
    epsilon: float | None  # None: the chart's slider sets it
    seed: int


@dataclass(frozen=True)
class View:
    chart: dict
    reading: tuple[Block, ...]  # the steps, the table of their numbers, the synthetic ages


def compute(s: Settings) -> View:
    """Raises ValueError for an epsilon the Laplace mechanism cannot use (each epsilon draws from the
    same seed)."""
    epsilon = float(s.epsilon or 0.0)
    run = histogram_steps(AGES, DOMAIN, epsilon, len(AGES), make_rng(s.seed, "syn-pupils"), column="age")
    ages = [str(a) for a in DOMAIN]
    chart = curves.grouped_bars(
        ages, {TEXT["true_counts"]: run.true_counts, TEXT["noisy_counts"]: run.noisy_counts,
               TEXT["clamped"]: run.clamped},
        (COLORS["truth"], COLORS["neutral"], COLORS["d"]),
        curves.AxisLabels(tuple(TEXT["pupils_chart_title"].format(eps=fmt.number(epsilon)).split("\n")),
                          TEXT["age_axis"], TEXT["pupils_axis"], TEXT["step_series"]),
    )
    header = (TEXT["col_age"], TEXT["col_true"], TEXT["col_noise"], TEXT["col_clamped"], TEXT["col_probability"])
    table = tuple(zip(ages, [str(int(c)) for c in run.true_counts], [fmt.number(x, 2) for x in run.noise],
                      [fmt.number(x, 2) for x in run.clamped], [fmt.percent(float(p)) for p in run.distribution]))
    steps = TEXT["pupils_steps"].format(eps=fmt.number(epsilon), scale=fmt.number(1 / epsilon))
    sample = TEXT["pupils_sample"].format(
        sample=", ".join(str(a) for a in run.sample), course=", ".join(str(a) for a in COURSE_DRAW),
        chance=fmt.share(draw_probability(run, COURSE_DRAW)),
    )
    return View(chart, (*(("p", line) for line in steps.split("\n")), ("table", (header, *table)), ("p", sample)))
