"""The sports vote (course Table 6-4): selection probabilities of a typed score table, and
simulated selections drawn with the seed; `book` is the course's table next to the computation.

`compute` gives the vote at one epsilon of the chart's own slider (ui/chart_slider.py computes it at
each, for charts and sentences that step through epsilon in the browser). Sentences are plain text
for the browser to swap (ui/reading.py), never markdown: user names show as typed."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from dpcore.mechanisms import exponential_probabilities, sample_exponential
from dpcore.pricing import TABLE_6_4_OPTIONS, TABLE_6_4_PRINTED, as_printed, running_frequencies, score_table
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import exponential as charts
from ui.i18n import per_language
from ui.reading import Rows
from ui.text.exponential import TEXT

BOOK_EPSILONS = tuple(e for e in TABLE_6_4_PRINTED if e > 0)  # the table's columns a slider can reach
CONVERGENCE = per_language(lambda: charts.ConvergenceLabels(tuple(TEXT["convergence_title"].split("\n")), TEXT["draws_axis"],
                                       TEXT["share_axis"], TEXT["option_axis"], TEXT["probability_axis"]))


@dataclass(frozen=True)
class Settings:
    """The score table as typed (names and scores, unchecked), ε (the chart's slider sets it), Δq,
    the number of simulated selections and the seed they are drawn with."""

    names: tuple[object, ...]
    scores: tuple[object, ...]
    epsilon: float
    sensitivity: float
    draws: int
    seed: int


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str  # ** marks bold (ui/reading.py)
    table: Rows  # header, then one row per option: its score and probabilities, as shown
    draws_chart: dict
    draws_summary: str


def compute(s: Settings) -> View:
    """Probabilities at ε (and at the book's ε), the summary, and the simulated selections.
    Raises ValueError, in a sentence, for a table or a Δq the mechanism cannot use."""
    table = score_table(s.names, s.scores)
    probs = exponential_probabilities(table.shifted, s.epsilon, s.sensitivity)
    names, scores = table.names, table.values
    best = int(np.argmax(probs))
    eps = fmt.number(s.epsilon, 4)
    summary = TEXT["vote_summary"].format(
        eps=eps, best=names[best], score=fmt.number(scores[best], 6), prob=fmt.share(probs[best]),
        low=fmt.share(probs.min()),
    )
    columns = {
        TEXT["table_probability_now"].format(eps=eps): probs,
        **{TEXT["table_probability_at"].format(eps=fmt.number(e)):
           exponential_probabilities(table.shifted, e, s.sensitivity) for e in BOOK_EPSILONS},
    }
    rows = (
        (TEXT["col_option"], TEXT["col_score"], *columns),
        *((str(name), fmt.number(score, 6), *(fmt.share(p[i]) for p in columns.values()))
          for i, (name, score) in enumerate(zip(names, scores))),
    )

    draws = sample_exponential(table.shifted, s.epsilon, make_rng(s.seed, "exp-vote-draws"), size=s.draws,
                               sensitivity=s.sensitivity)
    marks, freq = running_frequencies(draws, len(names))
    counts = np.bincount(draws, minlength=len(names))
    draws_summary = TEXT["draws_summary"].format(
        n=fmt.plural(s.draws, TEXT["selections_one"], TEXT["selections_many"]), best=names[best],
        count=fmt.plural(int(counts[best]), TEXT["times_one"], TEXT["times_many"]),
        share=fmt.share(counts[best] / s.draws), prob=fmt.share(probs[best]),
        gap=fmt.number(float(np.max(np.abs(counts / s.draws - probs))), 2),
    )
    return View(
        chart=charts.probability_bars(names, probs, scores, charts.BarsLabels(
            tuple(TEXT["vote_chart_title"].format(eps=eps).split("\n")), TEXT["option_axis"], TEXT["probability_axis"],
            TEXT["score_title"])),
        summary=summary,
        table=rows,
        draws_chart=charts.convergence(marks, freq, names, probs, CONVERGENCE()),
        draws_summary=draws_summary,
    )


@dataclass(frozen=True)
class BookView:
    table: pd.DataFrame
    note: str


def book() -> BookView:
    """Course Table 6-4 as printed, next to the computed probabilities at the printed precision."""
    scores = [s for _, s in TABLE_6_4_OPTIONS]
    table = {TEXT["book_option"]: [o for o, _ in TABLE_6_4_OPTIONS], TEXT["book_score"]: scores}
    for e, printed in TABLE_6_4_PRINTED.items():
        computed = exponential_probabilities(scores, e, 1.0)
        table[TEXT["book_printed"].format(eps=fmt.number(e))] = [_for_people(p) for p in printed]
        table[TEXT["book_computed"].format(eps=fmt.number(e))] = [
            _for_people(as_printed(v, p)) for v, p in zip(computed, printed, strict=True)]
    return BookView(pd.DataFrame(table), TEXT["book_note"])


def _for_people(printed: str) -> str:
    """A number at the book's precision as people write it: "1.5e-05" -> "1.5 × 10⁻⁵"."""
    return fmt.tiny(float(printed)) if "e" in printed.lower() else printed
