"""Part 4: the attacker's best test between D and D′ (its ROC) inside the region DP allows."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore import posterior as post
from ui import fmt
from ui.charts import posterior as charts
from ui.charts.theme import CURVE_POINTS
from ui.i18n import per_language
from ui.text.posterior import TEXT

LABELS = per_language(lambda: charts.RocLabels(title=TEXT["fig_roc_title"], x=TEXT["fig_roc_x"], y=TEXT["fig_roc_y"],
                          region=TEXT["fig_roc_region"], curve=TEXT["fig_roc_curve"], chance=TEXT["fig_roc_chance"],
                          best=TEXT["fig_roc_best"]))
# False-positive rates to draw the DP region on (only its corners are sent), dense near 0.
REGION_FPR = np.unique(np.concatenate((np.linspace(0, 1, 401), np.geomspace(1e-9, 1, 200))))


@dataclass(frozen=True)
class Settings:
    model: post.AttackModel
    pld: post.PrivacyLossDistribution


@dataclass(frozen=True)
class View:
    text: str
    metrics: tuple[tuple[str, str], ...]
    chart: dict


def compute(s: Settings) -> View:
    eps, delta = s.model.epsilon, s.model.delta
    roc = post.roc_curve(s.pld, points=(CURVE_POINTS - 3) * 3 // 4)  # picks + picks // 3 + 3 points
    bound = post.advantage_bound(eps, delta)
    upper, lower = post.dp_roc_region(eps, delta, REGION_FPR)
    chart = charts.roc_chart(roc.fpr, roc.tpr, REGION_FPR, upper, lower, roc.best_fpr, roc.best_tpr, LABELS())
    text = "\n\n".join((
        TEXT["testing_intro"],
        TEXT["testing_region"],
        TEXT["advantage_words"].format(adv=fmt.number(roc.max_advantage), tpr=fmt.share(roc.best_tpr),
                                       fpr=fmt.share(roc.best_fpr), bound=fmt.number(bound),
                                       ceiling=fmt.share(post.accuracy_ceiling(eps, delta))),
    ))
    metrics = ((TEXT["metric_advantage"], fmt.number(roc.max_advantage)),
               (TEXT["metric_advantage_bound"], fmt.number(bound)))
    return View(text, metrics, chart)
