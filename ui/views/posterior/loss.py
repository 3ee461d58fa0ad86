"""Part 3: the privacy loss of each output and its distribution (`compute_loss`), then δ read at a
chosen ε′ (`compute_delta`, rerun alone when its slider moves)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore import posterior as post
from ui import fmt
from ui.charts import posterior as charts
from ui.charts.theme import CURVE_POINTS
from ui.i18n import per_language
from ui.text.posterior import TEXT
from ui.views.posterior.words import ANSWERS, small

READ_MULTIPLES = (0.0, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0)  # where to read delta, as multiples of the mechanism's eps
LOSS = per_language(lambda: charts.LossLabels(title=TEXT["fig_loss_title"], x=TEXT["fig_loss_x"], y=TEXT["fig_loss_y"],
                         curve=TEXT["fig_loss_y"], eps_lines=TEXT["fig_loss_eps"],
                         seen=TEXT["fig_dens_seen"], answers=ANSWERS()))
PLD = per_language(lambda: charts.PldLabels(title=TEXT["fig_pld_title"], x=TEXT["fig_pld_x"], y=TEXT["fig_pld_y"],
                       within=TEXT["fig_pld_within"], beyond=TEXT["fig_pld_beyond"]))
AREA = per_language(lambda: charts.AreaLabels(title=TEXT["fig_area_title"], x=TEXT["fig_area_x"], y=TEXT["fig_area_y"],
                         curve=TEXT["fig_area_curve"], delta=TEXT["fig_area_delta_name"],
                         delta_one=TEXT["fig_area_delta_one_name"]))
CURVES = per_language(lambda: charts.DeltaCurvesLabels(
    title=TEXT["fig_curve_title"], x=TEXT["fig_curve_x"], y=TEXT["fig_curve_y"], delta=TEXT["fig_curve_delta"],
    kind=TEXT["fig_curve_kind"], numeric=TEXT["fig_curve_numeric"], delta_one=TEXT["fig_curve_delta_one"],
    analytic=TEXT["fig_curve_analytic"], accounting=TEXT["fig_curve_accounting"], chosen=TEXT["fig_curve_chosen"],
    target=TEXT["fig_curve_target"]))
FORMULA = per_language(lambda: TEXT["delta_intro"] + f"\n\n$$\n{TEXT['delta_latex']}\n$$")  # its own element: typeset once


@dataclass(frozen=True)
class LossSettings:
    model: post.AttackModel
    pld: post.PrivacyLossDistribution
    observed: float  # the output marked (on the output axis)


@dataclass(frozen=True)
class LossView:
    loss_chart: dict
    pld_chart: dict


@dataclass(frozen=True)
class DeltaSettings:
    model: post.AttackModel
    pld: post.PrivacyLossDistribution
    multiple: float  # read delta at eps' = multiple x the mechanism's eps


@dataclass(frozen=True)
class DeltaView:
    reading: str
    pure: str | None  # a pure-DP mechanism read at eps' >= eps: delta is 0
    area_chart: dict
    curves_chart: dict


def compute_loss(s: LossSettings) -> LossView:
    model, eps = s.model, s.model.epsilon
    bends = () if model.discrete else (model.centre_d, model.centre_d_prime)
    outputs = post.output_axis(model).grid(CURVE_POINTS, bends)
    hist = post.loss_histogram(s.pld)
    loss = model.privacy_loss(outputs)
    extent = charts.loss_extent(loss, hist.edges, eps)
    return LossView(
        charts.privacy_loss_chart(outputs, loss, eps, s.observed, model.discrete, model.noise is None, extent, LOSS()),
        charts.loss_distribution_chart(hist.edges, hist.mass, eps, extent, PLD()),
    )


def compute_delta(s: DeltaSettings) -> DeltaView:
    model, eps = s.model, s.model.epsilon
    read_at = float(s.multiple) * eps
    delta = post.delta_for_epsilon(model, read_at)
    grid = np.union1d(np.linspace(0.0, 2.5 * eps, 101), [read_at])
    curves = post.delta_curves(model, s.pld, grid)
    area = post.delta_area(s.pld, read_at, points=CURVE_POINTS // 2)
    at_read = {name: small(float(ref[np.searchsorted(grid, read_at)]) if ref is not None else 0.0)
               for name, ref in (("analytic", curves.analytic), ("accounting", curves.accounting))}
    reading = "\n\n".join((
        TEXT["delta_values"].format(eps=fmt.number(read_at), delta=small(delta), delta_one=small(area.delta_one)),
        TEXT[f"check_{model.kind}"].format(**at_read, gap=small(curves.largest_gap)),
    ))
    pure = TEXT["delta_pure"].format(eps=fmt.number(eps)) if model.delta == 0.0 and read_at >= eps else None
    return DeltaView(
        reading, pure, charts.delta_area_chart(area.u, area.y, area.delta_one, AREA()),
        charts.delta_curves_chart(curves.epsilons, curves.numeric, curves.delta_one, read_at, model.delta,
                                  curves.analytic, curves.accounting, CURVES()),
    )
