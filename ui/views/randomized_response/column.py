"""A column of the dataset in use, every row randomized by the person it stands for, corrected,
and the typical error of local randomization against the central model's for every n."""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
import pandas as pd
from pandas.io.formats.style import Styler

from dpcore.ldp.randomized_response import central_frequency_error, grr_rmse, randomize_column
from dpcore.limits import MAX_RESPONDENTS
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import randomized_response as charts
from ui.i18n import per_language
from ui.text.randomized_response import TEXT

ERROR_EPSILONS = (0.5, 1.0, 2.0, 4.0)
ERROR_N = np.unique(np.round(np.geomspace(10, MAX_RESPONDENTS, 31)).astype(int))
ERRORS = per_language(lambda: charts.ErrorLabels(tuple(TEXT["error_chart_title"].split("\n")), TEXT["people_axis"], TEXT["error_axis"],
                            TEXT["curve_central"], "", TEXT["curve_title"]))


@dataclass(frozen=True)
class Settings:
    """A column's values, the people each row stands for (None: one each), the public categories
    if the dataset declares them, ε for each person and the seed."""

    column: str
    values: pd.Series
    weights: pd.Series | None
    categories: tuple[str, ...] | None
    epsilon: float
    seed: int


@dataclass(frozen=True)
class View:
    method: str
    chart: dict
    table: Styler
    errors: str  # this run's errors, and the notes on the categories
    error_chart: dict
    summary: str


def compute(s: Settings) -> View:
    """Raises ValueError, in a sentence, for a column randomized response cannot use."""
    r = randomize_column(s.values, s.epsilon, make_rng(s.seed, "rr-column"), name=s.column, weights=s.weights,
                         categories=s.categories)
    n, eps = fmt.number, fmt.number(s.epsilon, 4)
    k = len(r.categories)
    method = TEXT["column_method"].format(
        method=TEXT["method_binary"] if k == 2 else TEXT["method_general"].format(k=k),
        who=fmt.plural(r.n, TEXT["who_one"], TEXT["who_many"]), p=n(r.p), q=n(r.q), eps=eps,
    )
    half = 1.96 * r.standard_errors
    labels = charts.FrequencyLabels(
        tuple(TEXT["column_chart_title"].format(column=s.column).split("\n")), TEXT["category_axis"],
        TEXT["frequency_axis"], TEXT["bar_truth"], TEXT["bar_raw"], TEXT["bar_corrected"], TEXT["bar_title"],
    )
    frame = pd.DataFrame({
        TEXT["col_value"]: r.categories, TEXT["col_true_count"]: r.true_counts, TEXT["col_true"]: r.true_frequencies,
        TEXT["col_raw"]: r.raw_frequencies, TEXT["col_corrected"]: r.estimated_frequencies, TEXT["col_half"]: half,
    })
    shares = (TEXT["col_true"], TEXT["col_raw"], TEXT["col_corrected"], TEXT["col_half"])
    table = frame.style.format({TEXT["col_true_count"]: "{:,}", **{c: "{:.3f}" for c in shares}})
    raw_rmse = float(np.sqrt(np.mean((r.raw_frequencies - r.true_frequencies) ** 2)))
    notes = [TEXT["column_errors"].format(rmse=n(r.rmse), raw_rmse=n(raw_rmse), uniform=n(1 / len(r.categories)))]
    if len(r.categories) > charts.MAX_BARS:
        notes.append(TEXT["bars_truncated"].format(shown=charts.MAX_BARS, total=len(r.categories)))
    notes.append(TEXT["column_public"] if s.categories else TEXT["column_private"])
    if r.missing or r.outside:
        notes.append(TEXT["column_left_out"].format(missing=fmt.people(r.missing), outside=fmt.people(r.outside)))
    truth = r.true_frequencies
    curves = {
        **{TEXT["curve_local"].format(eps=n(e)): np.array([grr_rmse(truth, int(m), e) for m in ERROR_N])
           for e in ERROR_EPSILONS},
        TEXT["curve_local_chosen"]: np.array([grr_rmse(truth, int(m), s.epsilon) for m in ERROR_N]),
    }
    central = np.array([central_frequency_error(int(m), s.epsilon) for m in ERROR_N])
    error_labels = replace(ERRORS(), run_note=TEXT["this_run_note"].format(n=f"{r.n:,}", eps=eps))
    summary = TEXT["error_summary"].format(
        n=f"{r.n:,}", eps=eps, local=n(grr_rmse(truth, r.n, s.epsilon)), central=n(central_frequency_error(r.n, s.epsilon))
    )
    return View(
        method=method,
        chart=charts.frequency_comparison(r.categories, truth, r.raw_frequencies, r.estimated_frequencies, half, labels),
        table=table,
        errors="\n\n".join(notes),
        error_chart=charts.error_vs_n(ERROR_N, curves, central, (r.n, max(r.rmse, 1e-12)), error_labels),
        summary=summary,
    )
