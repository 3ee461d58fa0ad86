"""The averaging attack on a count: running means of a few attackers, the exact and simulated chance
that the rounded mean of k answers is the exact count, and that chance against k, at one epsilon of
the chart's own slider (every epsilon draws from the same seed: the noise of one epsilon is another's
rescaled, so the traces tighten as epsilon grows rather than jump)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore import attacks as A
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import attacks as charts
from ui.reading import Block
from ui.text.attacks import TEXT
from ui.views.attacks.common import CURVE_KS, TOL, TRACES, checkpoints, exact_probability, trace_chart, trace_range

# The k at which attackers are simulated for the recovery chart (the chosen k is added).
SIM_KS = tuple(m * 10**e for e in range(6) for m in (1, 3)) + (1_000_000,)


@dataclass(frozen=True)
class Settings:
    truth: int
    epsilon: float
    k: int
    attackers: int
    seed: int


@dataclass(frozen=True)
class View:
    budget: str  # what each answer spends, above the charts
    traces: dict
    traces_note: str
    reading: str  # truth, exact and simulated chances, spread, the attackers' rounded means
    curve: dict
    method: str

    @property
    def budget_blocks(self) -> tuple[Block, ...]:
        """Under the running means: what each answer spends, and the window."""
        return ("p", self.budget), ("p", self.traces_note)

    @property
    def reading_blocks(self) -> tuple[Block, ...]:
        """Beside the recovery chart: the reading, a paragraph a block."""
        return tuple(("p", part) for part in self.reading.split("\n\n"))


def compute(settings: Settings) -> View:
    eps, k = settings.epsilon, settings.k
    sim_ks = sorted(set(SIM_KS) | {k})
    sims = {
        kk: A.simulate_recovery(eps, kk, settings.attackers, make_rng(settings.seed, f"att-avg-sim-{kk}"), TOL)
        for kk in sim_ks
    }
    paths = A.running_means(eps, checkpoints(k), TRACES, make_rng(settings.seed, "att-avg-traces"))
    sd = A.mean_noise_std(eps, k)
    rounded = np.round(settings.truth + paths.means[:, -1])
    sim = sims[k]
    curve = charts.recovery_curve(
        np.array(CURVE_KS), np.array([exact_probability(eps, x) for x in CURVE_KS]), sim_ks,
        [sims[x].proportion for x in sim_ks], [sims[x].ci_low for x in sim_ks], [sims[x].ci_high for x in sim_ks],
        k,
        charts.RecoveryLabels(
            title=tuple(TEXT["avg_curve_title"].format(eps=fmt.number(eps)).split("\n")), x=TEXT["avg_curve_x"], y=TEXT["avg_curve_y"],
            exact=TEXT["avg_curve_exact"], simulated=TEXT["avg_curve_sim"], chosen=TEXT["avg_curve_chosen"], series=TEXT["series"],
        ),
    )
    reading = "\n\n".join([
        TEXT["avg_truth"].format(truth=fmt.number(settings.truth, 4)),
        TEXT["avg_exact"].format(k=fmt.number(k, 7), p=fmt.share(exact_probability(eps, k), 4)),
        TEXT["avg_simulated"].format(
            p=fmt.share(sim.proportion, 4), n=fmt.number(sim.trials, 6), lo=fmt.share(sim.ci_low, 4), hi=fmt.share(sim.ci_high, 4)
        ),
        TEXT["avg_spread"].format(sd=fmt.number(sd)),
        TEXT["avg_shown"].format(
            m=TRACES, k=fmt.number(k, 7), values=", ".join(fmt.number(v, 7) for v in rounded)
        ),
    ])
    return View(
        budget=TEXT["avg_budget"].format(eps=fmt.number(eps), k=fmt.number(k, 7)),
        traces=trace_chart(paths, settings.truth, sd,
                           tuple(TEXT["avg_traces_title"].format(m=TRACES, eps=fmt.number(eps)).split("\n"))),
        traces_note=TEXT["avg_traces_note"].format(half=fmt.number(trace_range(sd))),
        reading=reading,
        curve=curve,
        method=f"{TEXT['avg_method']}\n\n{TEXT['simulation_note']}",
    )
