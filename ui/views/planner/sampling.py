"""A sample of a population: what the plan costs towards the population when the data is a secret
Poisson sample of it (dpcore.amplification), beside what it costs towards the people in the data."""

from __future__ import annotations

from dataclasses import dataclass

from dpcore.amplification import poisson_amplified
from ui import fmt
from ui.text.planner import TEXT


@dataclass(frozen=True)
class Settings:
    """The plan's total (the tightest accountant's epsilon at the plan's delta) and the sampling rate."""

    epsilon: float
    delta: float
    rate: float


@dataclass(frozen=True)
class View:
    metrics: tuple[tuple[str, str], ...]
    text: str


def compute(s: Settings) -> View:
    """Raises ValueError for a rate outside (0, 1] or an unusable total."""
    epsilon, delta = poisson_amplified(s.epsilon, s.delta, s.rate)
    metrics = ((TEXT["sample_metric_data"], fmt.number(s.epsilon)),
               (TEXT["sample_metric_population"], fmt.number(epsilon)))
    text = TEXT["sample_reading"].format(
        rate=fmt.percent(s.rate), epsilon=fmt.number(s.epsilon), delta=fmt.tiny(s.delta),
        amplified=fmt.number(epsilon), amplified_delta=fmt.tiny(delta) if delta else "0")
    return View(metrics, f"{text}\n\n{TEXT['sample_when']}")
