"""What the Averaging and Defence views share: the exact recovery probability (cached, public
parameters only) and the running-means chart.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from dpcore import attacks as A
from ui.charts import attacks as charts
from ui.charts.theme import CURVE_POINTS, Title
from ui.text.attacks import TEXT

TOL = A.DEFAULT_TOLERANCE
TRACES = 5  # attackers drawn on a running-means chart
# The k of the recovery and spread curves: 61 points from 1 to 10^6, even on a log axis.
CURVE_KS = tuple(int(k) for k in np.unique(np.round(np.logspace(0, 6, 61))))


@lru_cache(maxsize=4_096)
def exact_probability(epsilon: float, k: int) -> float:
    """Exact recovery probability (public parameters only, so one cache serves every session)."""
    return A.averaging_success_probability(epsilon, k, TOL)


def trace_range(sd_final: float) -> float:
    """Half-height of a running-means chart: the danger zone stays visible, the end never clipped."""
    return max(6.0 * TOL, 3.0 * sd_final)


def trace_chart(means: A.RunningMeans, truth: int, sd_final: float, title: Title) -> dict:
    """The running means of a few attackers, around the true count, in a window that fits the end."""
    labels = charts.TraceLabels(
        title=title, x=TEXT["avg_traces_x"], y=TEXT["avg_traces_y"], trace=TEXT["avg_trace_name"],
        truth=TEXT["avg_truth_name"], zone=TEXT["avg_zone_name"], series=TEXT["series"],
    )
    return charts.running_means(means.checkpoints, truth + means.means, truth, TOL, trace_range(sd_final), labels)


def checkpoints(k: int) -> np.ndarray:
    """Where a running-means chart samples each path (at most CURVE_POINTS points per curve)."""
    return A.log_checkpoints(k, CURVE_POINTS)
