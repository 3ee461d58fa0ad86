"""Tab 6: the shuffle model (ESA / Prochlo). n users each send an eps0-local report; a shuffler
strips who sent what and mixes them; the collector's view is (eps, delta)-DP centrally with eps far
below eps0 when n is large: the numerical bound and the closed form of Feldman, McMillan and Talwar
(2021) against n, and how little a class of 30 gains."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from dpcore.ldp.shuffle import closed_form_applies, shuffle_epsilon, shuffle_epsilon_closed_form
from dpcore.validation import check_count, check_delta, check_epsilon
from ui import fmt
from ui.charts import curves
from ui.i18n import current
from ui.text.local_dp import TEXT

LOCAL_EPSILONS: tuple[float, ...] = (0.5, 1.0, 2.0, 4.0)
COLORS = ("#c6dbef", "#6baed6", "#2171b5", "#08306b")
USERS = np.unique(np.round(np.geomspace(10, 10**7, 25)).astype(np.int64))
CLASS_SIZE = 30


@dataclass(frozen=True)
class Settings:
    epsilon0: float
    n: int
    delta: float


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str


def shuffle_lines(delta: float) -> tuple[curves.Line, ...]:
    """The numerical bound (solid) and the closed form where it applies (dashed) for each eps0 of
    LOCAL_EPSILONS: the part of the chart that depends on delta only (200 bounds, about a second),
    kept per delta and language."""
    return _shuffle_lines(delta, current())


@lru_cache(maxsize=16)
def _shuffle_lines(delta: float, _language: str) -> tuple[curves.Line, ...]:
    out = []
    for eps0, color in zip(LOCAL_EPSILONS, COLORS):
        name = fmt.number(eps0)
        numeric = np.array([shuffle_epsilon(eps0, int(m), delta) for m in USERS])
        out.append(curves.Line(TEXT["shuffle_numeric"].format(eps0=name), USERS, numeric, color))
        valid = np.array([closed_form_applies(eps0, int(m), delta) for m in USERS])
        closed = np.array([shuffle_epsilon_closed_form(eps0, int(m), delta) for m in USERS[valid]])
        out.append(curves.Line(TEXT["shuffle_closed"].format(eps0=name), USERS[valid], closed, color, dashed=True))
    return tuple(out)


def compute(s: Settings) -> View:
    """Raises ValueError for eps0 <= 0, n < 1 or delta outside (0, 1)."""
    eps0 = check_epsilon(s.epsilon0)
    n = check_count("The number of users n", s.n)
    delta = check_delta(s.delta, allow_zero=False)
    central = shuffle_epsilon(eps0, n, delta)
    in_class = shuffle_epsilon(eps0, CLASS_SIZE, delta)
    chart = curves.lines(
        shuffle_lines(delta),
        curves.AxisLabels(tuple(TEXT["shuffle_chart_title"].split("\n")), TEXT["users_axis"], TEXT["central_eps_axis"],
                          TEXT["shuffle_series"]),
        markers=(curves.Marker(n, central, TEXT["shuffle_note"].format(eps=fmt.number(central))),
                 curves.Marker(CLASS_SIZE, None, TEXT["class_note"])),
    )
    closed = (TEXT["closed_value"].format(eps=fmt.number(shuffle_epsilon_closed_form(eps0, n, delta)))
              if closed_form_applies(eps0, n, delta) else TEXT["closed_not_applicable"])
    summary = TEXT["shuffle_summary"].format(
        eps0=fmt.number(eps0), n=f"{n:,}", delta=fmt.tiny(delta), central=fmt.number(central), closed=closed,
        class_size=CLASS_SIZE, in_class=fmt.number(in_class, 4), kept=f"{fmt.number(100 * in_class / eps0, 4)}%",
    )
    return View(chart, summary)
