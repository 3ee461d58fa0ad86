"""Tab 4: membership inference on the trained grid. The loss threshold (Yeom et al. 2018) and LiRA with
a few shadow models (Carlini et al. 2022) against each model: the share of its training rows each
finds (TPR) at a false-positive rate of 0.1% or 1%, against ε, next to the most any attack can reach
against the model's accounting (the PLD's trade-off curve, `dpcore.learning.membership_bound`) and the
same attacks on the model trained without privacy (reference lines). A table lists every number."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ui import fmt
from ui.charts import learning as charts
from ui.charts.theme import COLORS
from ui.text.learning import TEXT
from ui.views.learning.experiment import EPSILONS, Attack, Results, Setup

MIDDLE = 1.0  # the ε the reading quotes besides the largest
FEWEST_ACCUSED = 10  # below this many falsely accused held-out rows, a TPR read at that FPR is mostly luck


@dataclass(frozen=True)
class Settings:
    setup: Setup
    fpr: float  # one of the results' fprs
    results: Results = field(compare=False, repr=False)


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str
    table: str


def log_ticks(low: float, high: float) -> tuple[float, ...]:
    """1, 2 and 5 times each power of ten within [low, high]: a log axis's labels and grid, no more."""
    found = [m * 10.0**k for k in range(-6, 1) for m in (1, 2, 5)]
    return tuple(float(f"{v:.1g}") for v in found if low <= v <= high)


def times_chance(tpr: float, fpr: float) -> str:
    return fmt.number(tpr / fpr, 2)


def leaks(attack: Attack, i: int, fpr: float) -> bool:
    """Whether the attack finds members above chance beyond doubt: its interval's low end above the FPR."""
    return attack.tpr_intervals[i][0] > fpr


def compute(s: Settings) -> View:
    r = s.results
    i = r.fprs.index(s.fpr)
    f = s.fpr
    eps = np.asarray(r.epsilons, float)
    floor = f / 5  # a TPR of 0 is drawn here (a log axis has no 0)
    loss = np.array([max(floor, t.loss.tprs[i]) for t in r.private])
    lira = np.array([max(floor, t.lira.tprs[i]) for t in r.private])
    bound = np.array([(t.bound or (1.0,) * len(r.fprs))[i] for t in r.private])
    ends = np.array([eps[0], eps[-1]])
    plain = r.non_private
    lines = [
        charts.Curve(TEXT["series_bound"], eps, bound, COLORS["truth"], points=True),
        charts.Curve(TEXT["series_lira"], eps, lira, COLORS["danger"], points=True),
        charts.Curve(TEXT["series_loss"], eps, loss, COLORS["d"], points=True),
        charts.Curve(TEXT["series_lira_plain"], ends, np.full(2, max(floor, plain.lira.tprs[i])), COLORS["danger"],
                     dashed=True),
        charts.Curve(TEXT["series_loss_plain"], ends, np.full(2, max(floor, plain.loss.tprs[i])), COLORS["d"],
                     dashed=True),
        charts.Curve(TEXT["series_chance"], ends, np.full(2, f), COLORS["neutral"], dashed=True),
    ]
    top = float(min(1.0, 1.5 * max(bound.max(), lira.max(), loss.max(), plain.lira.tprs[i], plain.loss.tprs[i])))
    chart = charts.curves(
        lines, charts.Labels(tuple(TEXT["attack_chart_title"].format(fpr=fmt.share(f)).split("\n")),
                             TEXT["epsilon_axis"], TEXT["tpr_axis"].format(fpr=fmt.share(f))),
        charts.Axis(log=True, ticks=EPSILONS),
        charts.Axis(log=True, domain=(floor, top), format=".2~%", ticks=log_ticks(floor, top)), height=340)
    return View(chart, summary(r, i), table(r))


def summary(r: Results, i: int) -> str:
    f = r.fprs[i]
    plain = r.non_private
    best_plain = max(plain.lira.tprs[i], plain.loss.tprs[i])
    words = [TEXT["attack_plain_leaks" if leaks(plain.lira, i, f) or leaks(plain.loss, i, f) else
                  "attack_plain_quiet"].format(
        fpr=fmt.share(f), lira=fmt.share(plain.lira.tprs[i]), times=times_chance(best_plain, f),
        loss=fmt.share(plain.loss.tprs[i]), auroc=fmt.number(plain.lira.auroc), members=f"{r.n_train:,}",
        advantage=fmt.share(max(plain.lira.advantage, plain.loss.advantage)))]
    middle = r.at(MIDDLE) if MIDDLE in r.epsilons else r.private[len(r.private) // 2]
    top = r.private[-1]
    words.append(TEXT["attack_dp"].format(
        eps=f"{middle.epsilon:g}", lira=fmt.share(middle.lira.tprs[i]), loss=fmt.share(middle.loss.tprs[i]),
        times=times_chance(max(middle.lira.tprs[i], middle.loss.tprs[i]), f), fpr=fmt.share(f),
        bound=fmt.share((middle.bound or (1.0, 1.0))[i])))
    best_top = max(top.lira.tprs[i], top.loss.tprs[i])
    words.append(TEXT["attack_far_below"].format(
        eps=f"{top.epsilon:g}", bound=fmt.share((top.bound or (1.0, 1.0))[i]), best=fmt.share(best_top),
        fpr=fmt.share(f)))
    above = [(t, name, attack) for t in r.private for name, attack in (("lira", t.lira), ("loss", t.loss))
             if t.bound is not None and attack.tprs[i] > t.bound[i]]
    if above:
        t, name, found = max(above, key=lambda a: a[2].tprs[i] - (a[0].bound or (0.0, 0.0))[i])
        low, high = found.tpr_intervals[i]
        sure = low > (t.bound or (0.0, 0.0))[i]
        words.append(TEXT["attack_above_bound_sure" if sure else "attack_above_bound"].format(
            eps=f"{t.epsilon:g}", attack=TEXT[f"name_{name}"], tpr=fmt.share(found.tprs[i]),
            bound=fmt.share((t.bound or (0.0, 0.0))[i]), count=fmt.number(r.per_side * f), low=fmt.share(low),
            high=fmt.share(high)))
    if r.per_side * f < FEWEST_ACCUSED:
        words.append(TEXT["attack_few"].format(count=fmt.number(r.per_side * f), per_side=f"{r.per_side:,}",
                                               fpr=fmt.share(f)))
    words.append(TEXT["attack_simulation"].format(shadows=r.shadows, half=r.shadows // 2, per_side=f"{r.per_side:,}"))
    return "\n\n".join(words)


def table(r: Results) -> str:
    """Every attack's numbers at both false-positive rates, one row per model (markdown)."""
    def pair(values: tuple[float, ...]) -> str:
        return " / ".join(fmt.share(v) for v in values)

    rows = [(TEXT["table_no_privacy"], "–", pair(r.non_private.loss.tprs), pair(r.non_private.lira.tprs),
             fmt.number(r.non_private.lira.auroc), "–")]
    rows += [(f"{t.epsilon:g}", fmt.number(t.sigma or 0.0), pair(t.loss.tprs), pair(t.lira.tprs),
              fmt.number(t.lira.auroc), pair(t.bound or ())) for t in r.private]
    rates = " / ".join(fmt.share(f) for f in r.fprs)
    header = (TEXT["table_epsilon"], TEXT["table_sigma"], TEXT["table_loss"].format(rates=rates),
              TEXT["table_lira"].format(rates=rates), TEXT["table_auroc"], TEXT["table_bound"].format(rates=rates))
    return fmt.markdown_table({name: [row[k] for row in rows] for k, name in enumerate(header)})
