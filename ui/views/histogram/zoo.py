"""Experiment 6-1: the zoo count on D (zoo.csv) and D' (zoo_nb.csv, without the Dugong), both
schemes, several budgets, and the guarantee each scheme really gives against removing the Dugong."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd

from dpcore.counting import count_above, interactive_count, noisy_records_count
from dpcore.record_noise import removal_delta
from dpcore.rng import make_rng
from ui import fmt
from ui.charts.histogram import ZooLabels, zoo_answers
from ui.text.histogram import TEXT


@dataclass(frozen=True, eq=False)
class ZooSettings:
    """The carrots on D and on D' (one record fewer: `removed`), the threshold, budgets, seed."""

    values_d: np.ndarray
    values_dp: np.ndarray
    removed: float
    threshold: float
    budgets: tuple[float, ...]
    seed: int


@dataclass(frozen=True, eq=False)
class ZooView:
    intro: str
    truth: str
    table: pd.DataFrame
    chart: dict | None
    guarantee: str


def compute(s: ZooSettings) -> ZooView:
    """Answer the count with both schemes at each budget (largest first) on D and on D'."""
    truth_d, truth_dp = count_above(s.values_d, s.threshold), count_above(s.values_dp, s.threshold)
    rows, guarantees = [], []
    for eps in sorted(s.budgets, reverse=True):
        answers = {
            "zoo_interactive": (
                interactive_count(s.values_d, s.threshold, eps, make_rng(s.seed, f"zoo-1-D-{eps}")),
                interactive_count(s.values_dp, s.threshold, eps, make_rng(s.seed, f"zoo-1-D'-{eps}")),
            ),
            "zoo_noninteractive": (
                noisy_records_count(s.values_d, s.threshold, eps, make_rng(s.seed, f"zoo-2-D-{eps}")),
                noisy_records_count(s.values_dp, s.threshold, eps, make_rng(s.seed, f"zoo-2-D'-{eps}")),
            ),
        }
        for scheme, (a_d, a_dp) in answers.items():
            shows = round(a_d) - round(a_dp) == truth_d - truth_dp
            rows.append((f"{eps:g}", TEXT[scheme], a_d, a_dp, TEXT["zoo_yes" if shows else "zoo_no"]))
        delta = removal_delta(s.values_dp, s.removed, s.threshold, eps, eps)
        guarantees.append(TEXT["zoo_guarantee_row"].format(eps=fmt.number(eps), delta=fmt.share(delta)))
    columns = [TEXT[k] for k in ("zoo_table_eps", "zoo_table_scheme", "zoo_table_d", "zoo_table_dp", "zoo_table_shows")]
    chart = None
    if rows:
        chart = zoo_answers(
            [(f"ε={r[0]} · {r[1]}", r[2], r[3]) for r in rows], truth_d, truth_dp,
            ZooLabels(TEXT["zoo_chart_title"], TEXT["zoo_count_axis"]),
        )
    return ZooView(
        intro=TEXT["zoo_intro"].format(threshold=s.threshold),
        truth=TEXT["zoo_truth"].format(d=truth_d, dp=truth_dp),
        table=pd.DataFrame(rows, columns=columns),
        chart=chart,
        guarantee="\n".join([TEXT["zoo_guarantee"], *guarantees]) if guarantees else "",
    )
