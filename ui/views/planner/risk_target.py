"""Risk in, epsilon out: the largest total budget, at the plan's shares, that keeps the best attacker
within a stated risk (dpcore.risk_calibration), and where the plan's own total stands against it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, cast

from dpcore.mechanisms import NoiseKind
from dpcore.protection import Protection
from dpcore.risk_calibration import Events, RiskTarget, largest_total
from ui import fmt
from ui.text.planner import TEXT
from ui.views.planner.plan import Row

FPRS: tuple[float, ...] = (0.001, 0.01, 0.05)  # false-alarm rates a target may be stated at
TPRS: tuple[float, ...] = (0.02, 0.05, 0.1, 0.2, 0.5)  # members caught at most
ADVANTAGES: tuple[float, ...] = (0.01, 0.05, 0.1, 0.2, 0.5)


@dataclass(frozen=True)
class Settings:
    """The plan's rows at its total (each statistic's share of it), who is protected, and the target."""

    rows: tuple[Row, ...]
    protection: Protection
    total: float
    kind: Literal["tpr", "advantage"]
    value: float
    fpr: float


@dataclass(frozen=True)
class View:
    metrics: tuple[tuple[str, str], ...]
    text: str


def events_at(s: Settings, total: float) -> Events:
    """The plan's noises with every statistic's epsilon scaled from the plan's total to `total`
    (each keeps its share, and its delta); what each statistic costs is its dpcore `events`."""
    scale = total / s.total
    return tuple(e for r in s.rows if not r.problem and r.stat is not None
                 for e in r.stat.events(cast(NoiseKind, r.item.mechanism), r.epsilon * scale, s.protection, r.delta))


def compute(s: Settings) -> View:
    """Raises ValueError for a target no budget meets, or a plan with nothing to release."""
    target = RiskTarget(s.kind, s.value, s.fpr)
    if not events_at(s, s.total):
        raise ValueError(TEXT["empty_plan"])
    found = largest_total(lambda t: events_at(s, t), target)
    wanted = (TEXT["target_tpr"].format(tpr=fmt.percent(s.value), fpr=fmt.percent(s.fpr)) if s.kind == "tpr"
              else TEXT["target_advantage"].format(advantage=fmt.percent(s.value)))
    parts = [TEXT["target_found_top" if found.at_top else "target_found"].format(
        wanted=wanted, total=fmt.number(found.total), success=fmt.percent(found.success))]
    parts.append(TEXT["target_within" if s.total <= found.total else "target_over"].format(
        plan=fmt.number(s.total), total=fmt.number(found.total)))
    parts.append(TEXT["target_how"])
    metrics = ((TEXT["target_metric_total"], fmt.number(found.total)),
               (TEXT["target_metric_plan"], fmt.number(s.total)))
    return View(metrics, "\n\n".join(parts))
