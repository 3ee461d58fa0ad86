"""The teacher's live view of a poll: how many answered, the raw share of "yes", the de-biased
estimate with an interval that holds it at least 95% of the time for any class size (Clopper-Pearson,
dpcore.ldp.randomized_response.rr_exact_interval), and how that interval narrows as answers
arrive. Recomputed every second from the answers in the database; and the answers as a CSV file."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import numpy as np
import pandas as pd

from dpcore.export import safe_csv_bytes
from dpcore.ldp.randomized_response import rr_summary
from ui import fmt
from ui.charts import poll as charts
from ui.charts.theme import CURVE_POINTS
from ui.text.poll import TEXT


def _labels() -> charts.IntervalLabels:
    return charts.IntervalLabels(tuple(TEXT["chart_title"].split("\n")), TEXT["chart_x"], TEXT["chart_y"],
                                 TEXT["chart_estimate"], TEXT["chart_band"], TEXT["chart_raw"])


@dataclass(frozen=True)
class Settings:
    p: float
    method: str  # "device" or "coin"
    answers: tuple[bool, ...]  # randomized answers in the order they arrived
    closed: bool
    revealed: bool


@dataclass(frozen=True)
class View:
    status: str
    metrics: tuple[tuple[str, str], ...]  # (label, value) per big number
    summary: str  # the numbers in a sentence (what tests and people read)
    note: str  # which randomization the poll uses
    chart: dict


def checkpoints(n: int) -> np.ndarray:
    """At most CURVE_POINTS answer counts from 1 to n, evenly spread, n included."""
    if n == 0:
        return np.zeros(0, dtype=int)
    return np.unique(np.linspace(1, n, min(n, CURVE_POINTS)).round().astype(int))


def compute(s: Settings) -> View:
    yes = np.asarray(s.answers, dtype=bool)
    n = int(yes.size)
    ks = checkpoints(n)
    cumulative = np.cumsum(yes)
    steps = [rr_summary(int(cumulative[k - 1]), int(k), s.p, exact=True) for k in ks]
    chart = charts.interval_over_answers(
        ks, np.array([e.estimate for e in steps]), np.array([e.low for e in steps]),
        np.array([e.high for e in steps]), np.array([e.raw_share for e in steps]), _labels())
    status = TEXT["status_revealed" if s.revealed else "status_closed" if s.closed else "status_open"]
    note = TEXT["note_coin" if s.method == "coin" else "note_device"]
    num = fmt.number
    if n == 0:
        metrics = ((TEXT["metric_answers"], "0"), (TEXT["metric_raw"], "–"), (TEXT["metric_estimate"], "–"))
        return View(status, metrics, TEXT["live_none"], note, chart)
    e = steps[-1]
    metrics = ((TEXT["metric_answers"], f"{n:,}"), (TEXT["metric_raw"], num(e.raw_share)),
               (TEXT["metric_estimate"], f"{num(e.estimate)} ({num(e.low)} – {num(e.high)})"))
    summary = TEXT["live_summary"].format(
        answers=fmt.plural(n, TEXT["answers_one"], TEXT["answers_many"]), n_yes=f"{e.n_yes:,}",
        raw=num(e.raw_share), p=num(s.p, 4), est=num(e.estimate), low=num(e.low), high=num(e.high))
    if not 0 <= e.estimate <= 1:
        summary += " " + TEXT["live_outside"]
    return View(status, metrics, summary, note, chart)


def export_csv(rows: list[tuple[int, bool, datetime]]) -> bytes:
    """The answers as a spreadsheet-safe CSV: arrival number, randomized answer, time received (UTC).
    No student token: the file says what was sent, not by whom."""
    frame = pd.DataFrame({
        TEXT["csv_number"]: [r[0] for r in rows],
        TEXT["csv_answer"]: [TEXT["csv_yes"] if r[1] else TEXT["csv_no"] for r in rows],
        TEXT["csv_received"]: [r[2].strftime("%Y-%m-%d %H:%M:%S") for r in rows],
    })
    return safe_csv_bytes(frame)
