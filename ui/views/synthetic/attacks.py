"""Tab 5: attacks on a published synthetic table (issue 34, section 2), in the style of Anonymeter
(dpcore.synthetic.attacks). The complete rows of the chosen declared columns are split at random
(the page's seed) into a training half, on which MST is fitted at each ε of a short sweep, and a
control half it never sees. Each table is attacked (singling out, linkability, attribute inference,
distance to closest record) and each attack's risk is drawn against ε beside the highest risk ε
allows, and beside the training rows published as they are (no privacy at all)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
import pandas as pd

from dpcore.rng import make_rng
from dpcore.synthetic import declared_domains, encode, sizes_of
from dpcore.synthetic.attacks import AttackResult, Measurement, Rate, measure, risk_bound, split_rows, success_bound
from ui import fmt
from ui.charts import curves
from ui.charts import synthetic_attacks as charts
from ui.charts.theme import COLORS
from ui.safe import md_escape
from ui.text.synthetic import TEXT
from ui.views.synthetic.mst import FitSettings, fit

EPSILONS = (0.3, 1.0, 3.0, 10.0)
COPY = "copy"  # the id of the table that is the training rows themselves
MIN_ROWS = 20  # complete rows needed to split into two halves worth attacking
ATTACK_COLORS = (COLORS["d"], COLORS["d_prime"], COLORS["danger"])

Progress = Callable[[float, str], None]


def table_id(epsilon: float) -> str:
    """The id of the MST table fitted at `epsilon` (as kept in the session)."""
    return f"{epsilon:g}"


@dataclass(frozen=True)
class Halves:
    """The complete rows split into the training half (MST's input) and the control half, coded."""

    training_frame: pd.DataFrame
    training: np.ndarray
    control: np.ndarray
    sizes: tuple[int, ...]


def complete_rows(fitted: FitSettings) -> int:
    """How many rows have a value in every chosen column."""
    return len(fitted.complete)


def halves(fitted: FitSettings) -> Halves:
    """The split fixed by the page's seed. Raises ValueError when a value falls outside its declared
    domain or fewer than two columns are chosen."""
    complete = fitted.complete
    doms = declared_domains(list(complete.columns), fitted.domains, fitted.columns)
    codes = encode(complete, doms)
    training, control = split_rows(len(codes), make_rng(fitted.seed, "syn-attacks-split"))
    return Halves(complete.iloc[training].reset_index(drop=True), codes[training], codes[control], sizes_of(doms))


def fit_training(fitted: FitSettings, split: Halves, epsilon: float, progress: Progress | None = None) -> np.ndarray:
    """MST at `epsilon` on the training half only (`fitted.rows` rows, a public choice): its codes."""
    return fit(replace(fitted, frame=split.training_frame, epsilon=epsilon), progress).codes


def attack(fitted: FitSettings, split: Halves, secret: str, synthetic: np.ndarray, table: str,
           progress: Progress | None = None) -> Measurement:
    """Every attack on one table (`table`: its id, which also seeds the attacks' draws)."""
    return measure(synthetic, split.training, split.control, split.sizes, fitted.columns.index(secret),
                   make_rng(fitted.seed, f"syn-attacks-{table}"), progress=progress)


@dataclass(frozen=True)
class Settings:
    fitted: FitSettings  # columns, seed and rows (its ε is not used)
    secret: str  # the column attribute inference guesses
    measured: tuple[tuple[str, Measurement], ...]  # (table id, its attacks): COPY and ε so far, any order
    shown: str  # the table id whose details are shown


@dataclass(frozen=True)
class View:
    chart: dict | None
    reading: str
    details: str  # markdown: every attack on the shown table
    closest: dict | None
    closest_reading: str


def _attacks() -> tuple[str, ...]:
    return (TEXT["att_singling_out"], TEXT["att_linkability"], TEXT["att_inference"])


def _charted(m: Measurement) -> tuple[AttackResult, ...]:
    return (m.singling_out_multivariate, m.linkability, m.inference)


def _bound(table: str, attack: int, result: AttackResult) -> float:
    """The highest risk ε allows this attack on this table (NaN: the rows themselves, or singling out)."""
    if table == COPY or attack == 0:
        return float("nan")
    return risk_bound(float(table), result.control.value)


def label(table: str) -> str:
    """A table's name for people: "ε = 1", or the training rows themselves."""
    return TEXT["att_copy_label"] if table == COPY else TEXT["att_eps_label"].format(eps=fmt.number(float(table)))


def ordered(measured: tuple[tuple[str, Measurement], ...]) -> list[tuple[str, Measurement]]:
    """The tables by ε, the training rows themselves last."""
    return sorted(measured, key=lambda item: (item[0] == COPY, 0.0 if item[0] == COPY else float(item[0])))


def _pct(x: float) -> str:
    """A share as a percentage with two significant digits: "0.38%", "9%", "43%"."""
    return f"{fmt.number(100 * x, 2)}%"


def _rate(r: Rate) -> str:
    """The share of attacks that succeeded, as counted (the risk uses anonymeter's Wilson centres)."""
    return _pct(r.successes / r.attempts)


def _risk(result: AttackResult) -> str:
    return TEXT["att_interval"].format(risk=_pct(result.risk.value), low=_pct(result.risk.low).rstrip("%"),
                                       high=_pct(result.risk.high))


def _details(table: str, m: Measurement) -> str:
    results = (m.singling_out_univariate, m.singling_out_multivariate, m.linkability, m.inference)
    names = (TEXT["att_singling_out_one"], TEXT["att_singling_out"], TEXT["att_linkability"], TEXT["att_inference"])
    bounds = [float("nan"), float("nan"), _bound(table, 1, m.linkability), _bound(table, 2, m.inference)]
    return fmt.markdown_table({
        TEXT["att_col_attack"]: list(names),
        TEXT["att_col_success"]: [TEXT["att_success"].format(training=_rate(r.main), control=_rate(r.control),
                                                            baseline=_rate(r.baseline)) for r in results],
        TEXT["att_col_risk"]: [_risk(r) for r in results],
        TEXT["att_col_bound"]: ["–" if np.isnan(b) else _pct(b) for b in bounds],
    })


def _reading(tables: list[tuple[str, Measurement]]) -> str:
    mst = [(t, m) for t, m in tables if t != COPY]
    copy = dict(tables).get(COPY)
    parts = []
    if mst:
        names = _attacks()
        worst = max(((t, k, r) for t, m in mst for k, r in enumerate(_charted(m)) if k > 0),
                    key=lambda item: item[2].risk.value)
        table, k, result = worst
        bound = _bound(table, k, result)
        parts.append(TEXT["att_reading" if bound < 0.995 else "att_reading_unbounded"].format(
            n=len(mst), attack=names[k], eps=fmt.number(float(table)), risk=_pct(result.risk.value),
            high=_pct(result.risk.high), bound=_pct(bound), gap=fmt.number(100 * max(0.0, bound - result.risk.high), 2),
            singling=_pct(max(m.singling_out_multivariate.risk.value for _, m in mst)),
        ))
    if copy is not None:
        parts.append(TEXT["att_copy_reading"].format(
            inference=_pct(copy.inference.risk.value), linkability=_pct(copy.linkability.risk.value),
            singling=_pct(copy.singling_out_multivariate.risk.value),
            copies=_pct(copy.closest.copied_training.successes / copy.closest.copied_training.attempts),
        ))
    seconds = [m.seconds for _, m in tables]
    parts.append(TEXT["att_seconds"].format(seconds=fmt.number(max(seconds), 2)))
    return "\n\n".join(parts)


def _closest(table: str, m: Measurement) -> tuple[dict, str]:
    c = m.closest
    training = np.asarray(c.training, float) / max(1, sum(c.training))
    control = np.asarray(c.control, float) / max(1, sum(c.control))
    chart = curves.grouped_bars(
        [str(d) for d in range(len(training))],
        {TEXT["att_training_rows"]: training, TEXT["att_control_rows"]: control},
        (COLORS["danger"], COLORS["neutral"]),
        curves.AxisLabels(tuple(TEXT["att_closest_title"].split("\n")), TEXT["att_closest_x"],
                          TEXT["att_closest_y"], TEXT["att_rows_series"]),
    )
    for layer in chart["layer"]:
        if layer["name"] == "bars":  # shares, and the few short numbers of columns read level
            layer["encoding"]["y"]["axis"] = {"format": ".0%"}
            layer["encoding"]["x"]["axis"] = {**layer["encoding"]["x"]["axis"], "labelAngle": 0, "labelAlign": "center"}
    reading = TEXT["att_closest_reading"].format(
        table=label(table), training=_pct(training[0]), control=_pct(control[0]),
        bound=TEXT["att_copies_bound"].format(eps=label(table), bound=_pct(success_bound(float(table),
                                                                                          c.copied_control.value)))
        if table != COPY else "",
        mean_training=fmt.number(float(np.dot(np.arange(len(training)), training)), 2),
        mean_control=fmt.number(float(np.dot(np.arange(len(control)), control)), 2),
    )
    return chart, reading


def compute(s: Settings) -> View:
    """The risk chart across every table attacked so far, the reading, and the shown table's details."""
    done = ordered(s.measured)
    if not done:
        return View(None, "", "", None, "")
    tables = [t for t, _ in done]
    results = [_charted(m) for _, m in done]  # tables x attacks
    risk = np.array([[r[k].risk.value for r in results] for k in range(3)])
    low = np.array([[r[k].risk.low for r in results] for k in range(3)])
    high = np.array([[r[k].risk.high for r in results] for k in range(3)])
    bound = np.array([[_bound(t, k, r[k]) for t, r in zip(tables, results, strict=True)] for k in range(3)])
    chart = charts.risk_bars(
        [label(t) for t in tables], _attacks(), ATTACK_COLORS, risk, low, high, bound,
        charts.RiskLabels(tuple(TEXT["att_chart_title"].split("\n")), TEXT["att_chart_x"], TEXT["att_chart_y"],
                          TEXT["att_chart_series"], TEXT["att_low"], TEXT["att_high"], TEXT["att_bound"]),
    )
    shown = s.shown if s.shown in tables else tables[-1 if tables[-1] != COPY or len(tables) == 1 else -2]
    m = dict(done)[shown]
    details = TEXT["att_details_intro"].format(table=label(shown), secret=md_escape(s.secret)) + "\n\n" + \
        _details(shown, m)
    closest, closest_reading = _closest(shown, m)
    return View(chart, _reading(done), details, closest, closest_reading)
