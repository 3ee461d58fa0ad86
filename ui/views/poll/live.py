"""The teacher's live view of a poll: how many answered, the raw share of "yes", the de-biased
estimate with an interval that holds it at least 95% of the time for any class size (Clopper-Pearson,
dpcore.ldp.randomized_response.rr_exact_interval), and how that interval narrows as answers
arrive. Recomputed every second from the answers in the database; and the answers as a CSV file.

Shares read as whole percentages within 0-100% (`shares`, the students' result too): with few answers
the raw correction can fall outside (it is unbiased, not clipped), and is then shown at the nearest
end with a sentence; the interval's ends are rounded outwards, so rounding never costs it its level."""

from __future__ import annotations

import math
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
class Shares:
    """A poll's result as people read it: whole percentages within 0-100%."""

    raw: str  # the share of "yes" among the randomized answers: "67%"
    estimate: str  # the de-biased estimate, within 0-100%: "83%"
    low: str  # the interval's ends, rounded outwards: "56%", "100%"
    high: str
    notes: tuple[str, ...]  # why an estimate or an interval's end sits at 0% or 100% (none otherwise)


def _pct(x: float, rounding: str = "nearest") -> str:
    """`x` in [0, 1] as a whole percentage; "down" and "up" round outwards (an interval's ends)."""
    scaled = 100 * min(1.0, max(0.0, x))
    whole = {"down": math.floor(scaled + 1e-9), "up": math.ceil(scaled - 1e-9)}.get(rounding, round(scaled))
    return f"{whole}%"


def shares(n_yes: int, n: int, p: float) -> Shares:
    """The result of n randomized answers, n_yes of them "yes", at truth probability p, in percent:
    the raw share, the estimate clipped to 0-100% (with a sentence when the raw correction fell outside)
    and the Clopper-Pearson interval (`rr_summary(exact=True)`, cut at 0% and 100%: said when it is)."""
    e = rr_summary(n_yes, n, p, exact=True)
    notes = []
    if not 0 <= e.estimate <= 1:
        key = "outside_high" if e.estimate > 1 else "outside_low"
        notes.append(TEXT[key].format(value=fmt.percent(e.estimate).replace("-", "−"),
                                      answers=fmt.plural(n, TEXT["answers_one"], TEXT["answers_many"])))
    cut = ("both" if e.high >= 1 else "low") if e.low <= 0 else "high" if e.high >= 1 else ""
    if cut:
        notes.append(TEXT[f"interval_cut_{cut}"])
    return Shares(_pct(e.raw_share), _pct(e.estimate), _pct(e.low, "down"), _pct(e.high, "up"), tuple(notes))


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
        ks, np.clip([e.estimate for e in steps], 0, 1), np.array([e.low for e in steps]),
        np.array([e.high for e in steps]), np.array([e.raw_share for e in steps]), _labels())
    status = TEXT["status_revealed" if s.revealed else "status_closed" if s.closed else "status_open"]
    note = TEXT["note_coin" if s.method == "coin" else "note_device"]
    if n == 0:
        metrics = ((TEXT["metric_answers"], "0"), (TEXT["metric_raw"], "–"), (TEXT["metric_estimate"], "–"),
                   (TEXT["metric_interval"], "–"))
        return View(status, metrics, TEXT["live_none"], note, chart)
    share = shares(int(cumulative[-1]), n, s.p)
    metrics = ((TEXT["metric_answers"], f"{n:,}"), (TEXT["metric_raw"], share.raw),
               (TEXT["metric_estimate"], share.estimate),
               (TEXT["metric_interval"], TEXT["interval_value"].format(low=share.low, high=share.high)))
    summary = TEXT["live_summary"].format(
        answers=fmt.plural(n, TEXT["answers_one"], TEXT["answers_many"]), n_yes=f"{int(cumulative[-1]):,}",
        p=fmt.number(s.p, 4), est=share.estimate, low=share.low, high=share.high)
    summary += "".join(f" {sentence}" for sentence in share.notes)
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
