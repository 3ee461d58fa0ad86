"""Hypothetical outcome plots: the histogram tab's release of D and D' drawn again and again, so a
class sees the noise rather than one draw. A simulation with numpy and the seed, built once per
setting: plotly.js plays the frames.
"""

from __future__ import annotations

from dataclasses import dataclass

from dpcore import animation as anim
from dpcore.mechanisms import GaussianMethod, NoiseKind, calibrate
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import animations as charts
from ui.text.animations import TEXT
from ui.text.common import TEXT as COMMON
from ui.views.animation import AnimationView, animation_view
from ui.views.histogram.counts import CountsView

DRAWS = 30


@dataclass(frozen=True, eq=False)
class Settings:
    counts: CountsView  # the tab's true histograms (ui.views.histogram.counts)
    kind: NoiseKind
    epsilon: float
    delta: float
    method: GaussianMethod
    seed: int
    draws: int = DRAWS

    def _key(self) -> tuple:
        """Everything the figure depends on (the counts are arrays, so compared by their bytes)."""
        c = self.counts
        return (tuple(c.labels), c.counts_d.tobytes(), c.counts_dp.tobytes(), c.changed,
                c.sensitivity.for_noise(self.kind), self.kind, self.epsilon, self.delta, self.method, self.seed,
                self.draws)

    def __eq__(self, other: object) -> bool:  # equal settings draw the same figure: a memo key
        return isinstance(other, Settings) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())


def compute(settings: Settings) -> AnimationView:
    c = settings.counts
    mechanism = calibrate(settings.kind, settings.epsilon, settings.delta, c.sensitivity.for_noise(settings.kind),
                          settings.method)
    draws_d = anim.hypothetical_outcomes(c.counts_d, mechanism, settings.draws, make_rng(settings.seed, "hist-hops-D"))
    draws_dp = anim.hypothetical_outcomes(c.counts_dp, mechanism, settings.draws,
                                          make_rng(settings.seed, "hist-hops-D-prime"))
    figure = charts.hops_animation(
        c.labels, c.counts_d, c.counts_dp, draws_d, draws_dp, c.changed,
        charts.HopsLabels(TEXT["hops_title"], TEXT["hops_x"], TEXT["hops_y"], (TEXT["hops_d"], TEXT["hops_dp"]),
                          TEXT["hops_truth"], charts.PlayerLabels(TEXT["play"], TEXT["pause"], TEXT["hops_current"])),
    )
    caption = TEXT["hops_caption"].format(
        draws=settings.draws, kind=COMMON[f"mechanism_{settings.kind}"], eps=fmt.number(settings.epsilon),
        sd=fmt.number(mechanism.std),
    )
    return animation_view(figure, caption)
