"""The most common value of a column, chosen privately by the exponential mechanism (score = count)."""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from dpcore.pricing import private_mode
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import exponential as charts
from ui.i18n import per_language
from ui.safe import md_escape
from ui.text.exponential import TEXT

BARS = per_language(lambda: charts.ModeLabels(tuple(TEXT["mode_chart_title"].split("\n")), TEXT["mode_value_axis"],
                         TEXT["probability_axis"], TEXT["count_title"], TEXT["mode_chosen_label"]))


@dataclass(frozen=True)
class Settings:
    """A column's values, the people each row stands for (None: one each), the public candidates
    if the dataset declares them, ε and the seed."""

    column: str
    values: pd.Series
    weights: pd.Series | None
    candidates: tuple[str, ...] | None
    epsilon: float
    seed: int


@dataclass(frozen=True)
class View:
    result: str
    chart: dict
    notes: str


def compute(s: Settings) -> View:
    """The private choice next to the true mode, the probability chart, and notes on the
    candidates. Raises ValueError, in a sentence, for a column it cannot use."""
    choice = private_mode(s.values, s.epsilon, make_rng(s.seed, "exp-mode"), name=s.column, weights=s.weights,
                          candidates=s.candidates)
    mode = int(choice.mode_indices[0])
    result = TEXT["mode_result"].format(
        chosen=md_escape(choice.candidates[choice.chosen]), chosen_count=fmt.people(int(choice.counts[choice.chosen])),
        mode=md_escape(choice.candidates[mode]), mode_count=fmt.people(int(choice.counts[mode])),
        eps=fmt.number(s.epsilon, 4), prob=fmt.share(choice.mode_probability),
    )
    if choice.mode_indices.size > 1:
        result += " " + TEXT["mode_result_tied"]
    notes = []
    if len(choice.candidates) > charts.MAX_BARS:
        notes.append(TEXT["mode_bars_truncated"].format(shown=charts.MAX_BARS, total=len(choice.candidates)))
    notes.append(TEXT["mode_public"] if choice.public_candidates else TEXT["mode_private_candidates"])
    if choice.truncated:
        notes.append(TEXT["mode_truncated"].format(distinct=f"{choice.distinct:,}", kept=len(choice.candidates)))
    if choice.missing or choice.outside:
        notes.append(TEXT["mode_left_out"].format(missing=fmt.people(choice.missing), outside=fmt.people(choice.outside)))
    notes.append(TEXT["simulation"])
    chart = charts.mode_bars(choice.candidates, choice.counts, choice.probabilities, choice.chosen, BARS())
    return View(result, chart, "\n\n".join(notes))
