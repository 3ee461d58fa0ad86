"""The noisy release of D's and D''s histograms at one epsilon, and what it means.

A simulation with numpy and the seed (the page says so); the download is drawn with OpenDP
(dpcore.release). The noisy values are dots with their 95% intervals on a y axis that hugs the
counts and moves only in round steps (steady while epsilon moves): one person's difference and
the noise both show, whatever the size of the bars. The bar that differs also gets its own chart
of both output distributions.

The histogram tab draws `compute` at every epsilon of the chart's own slider (ui/chart_slider.py):
charts that step through epsilon in the browser, with the sentences of each.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

import numpy as np

from dpcore.histogram import PostProcessing, noisy_counts, post_process, utility
from dpcore.mechanisms import AdditiveNoise, GaussianMethod, NoiseKind, calibrate
from dpcore.rng import make_rng
from ui import fmt
from ui.charts.histogram import BarsLabels, DistributionLabels, output_distributions, paired_histograms, steady_range
from ui.reading import Block
from ui.text.common import TEXT as COMMON
from ui.text.histogram import TEXT
from ui.views.histogram.counts import CountsView


@dataclass(frozen=True)
class ReleaseSettings:
    """The true histograms and how to release them. The counts (arrays) are not compared: `source`,
    what they were counted from (the dataset's ident, what was counted, the neighbour D'), names them
    in a memo key."""

    counts: CountsView = field(compare=False)
    source: Hashable
    kind: NoiseKind
    epsilon: float | None  # None: the chart's slider sets it
    delta: float
    method: GaussianMethod
    post: PostProcessing
    seed: int


@dataclass(frozen=True, eq=False)
class ReleaseView:
    """The noisy charts, the sentences that read them, and the numbers behind them."""

    mechanism: AdditiveNoise
    noisy_chart: dict
    distribution_chart: dict | None
    reading: tuple[Block, ...]  # the noise used, the ratio of the bar that differs, utility in words
    numbers: tuple[Block, ...]  # the numbers behind the charts at this epsilon: a sentence and a table

    @property
    def text(self) -> str:
        return "\n".join(text for _, text in self.reading)


def noisy_title(epsilon: float) -> str:
    """The noisy chart's title at `epsilon` (a refused epsilon's empty frame is titled so too)."""
    return TEXT["noisy_title"].format(eps=fmt.number(epsilon))


def compute(s: ReleaseSettings) -> ReleaseView:
    """Calibrate, draw the noise for D and D', post-process, and read the result. Raises ValueError."""
    c, epsilon = s.counts, float(s.epsilon or 0.0)
    mechanism = calibrate(s.kind, epsilon, s.delta, c.sensitivity.for_noise(s.kind), s.method)
    noisy_d = noisy_counts(c.counts_d, mechanism, make_rng(s.seed, "hist-noise-D"))
    noisy_dp = noisy_counts(c.counts_dp, mechanism, make_rng(s.seed, "hist-noise-D-prime"))
    released_d, released_dp = post_process(noisy_d, s.post), post_process(noisy_dp, s.post)
    half = mechanism.accuracy(0.05)
    if s.post.normalise:
        chart = paired_histograms(
            c.labels, released_d, released_dp, c.changed,
            BarsLabels(noisy_title(epsilon), TEXT["bin_axis"], TEXT["share_axis"], (TEXT["noisy_d"], TEXT["noisy_dp"])),
        )
    else:
        true = np.concatenate([c.counts_d, c.counts_dp]).astype(float)
        chart = paired_histograms(
            c.labels, released_d, released_dp, c.changed,
            BarsLabels(noisy_title(epsilon), TEXT["bin_axis"], TEXT["count_axis"], (TEXT["noisy_d"], TEXT["noisy_dp"])),
            half_width=half, y_domain=steady_range(true.min() - half, true.max() + half),
        )
    u = utility(c.counts_d, noisy_d if s.post.normalise else released_d, mechanism)
    noise_note = TEXT["noise_scale"].format(
        kind=COMMON[f"mechanism_{s.kind}"], scale=fmt.number(mechanism.scale), std=fmt.number(mechanism.std),
        calibration=TEXT[f"calibration_{mechanism.calibration}"],
    ) + " " + TEXT["simulation_label"]
    reading: list[Block] = [
        ("p", noise_note),
        ("strong", TEXT["utility_title"]),
        ("li", fmt.plural(u.expected_abs_error_per_bar, TEXT["utility_expected_one"], TEXT["utility_expected"])),
        ("li", TEXT["utility_interval"].format(half=fmt.number(u.interval_half_width))),
        ("li", fmt.plural(u.l1_error, TEXT["utility_l1_one"], TEXT["utility_l1"])),
    ]
    distribution = None
    if c.changed:
        b = c.changed[0]
        observed = float(noisy_d[b])
        distribution = output_distributions(
            mechanism, float(c.counts_d[b]), float(c.counts_dp[b]), observed,
            DistributionLabels(
                [TEXT["dist_title"], TEXT["dist_subtitle"].format(label=c.labels[b])], TEXT["output_axis"],
                TEXT["pmf_axis"] if mechanism.discrete else TEXT["density_axis"],
                (TEXT["under_d"], TEXT["under_dp"]), TEXT["observed_marker"],
            ),
        )
        ratio = float(np.exp(mechanism.privacy_loss(observed, c.counts_d[b], c.counts_dp[b])))
        cap = float(np.exp(epsilon))
        reading.insert(1, ("p", TEXT["ratio"].format(observed=fmt.number(observed), ratio=fmt.number(ratio),
                                                      cap=fmt.number(cap))))
        if ratio > cap or 1 / ratio > cap:
            reading.append(("p", TEXT["ratio_gaussian_over"].format(delta=fmt.number(s.delta))))
    header = (TEXT["bin_axis"], "D", "D′", TEXT["numbers_noisy_d"], TEXT["numbers_noisy_dp"])
    rows = tuple((str(label), *(fmt.number(float(x)) for x in values)) for label, *values in
                 zip(c.labels, c.counts_d, c.counts_dp, released_d, released_dp))
    numbers = (("p", TEXT["numbers_at"].format(eps=fmt.number(epsilon))), ("table", (header, *rows)))
    return ReleaseView(mechanism, chart, distribution, tuple(reading), numbers)
