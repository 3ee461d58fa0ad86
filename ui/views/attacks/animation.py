"""The averaging attack played in the browser: a few attackers' running means after k = 1, 2, ...
answers with epsilon per answer, next to the same with epsilon split over all k answers (the
defence). A simulation with numpy and the seed, built once per setting: plotly.js plays the frames.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore import animation as anim
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import animations as charts
from ui.text.animations import TEXT
from ui.views.animation import AnimationView, animation_view
from ui.views.attacks.common import TOL

ATTACKERS = 3  # paths per panel: enough to see the spread, few enough to follow
FRAMES = 60  # at most; k <= 60 gives a frame per answer


@dataclass(frozen=True)
class Settings:
    truth: int
    epsilon: float  # per answer on the left; the total split over the k answers on the right
    k: int
    seed: int
    attackers: int = ATTACKERS
    frames: int = FRAMES


def compute(settings: Settings) -> AnimationView:
    paths = anim.averaging_frames(
        settings.epsilon, settings.k, settings.attackers, settings.frames,
        make_rng(settings.seed, "att-anim-naive"), make_rng(settings.seed, "att-anim-split"),
    )
    truth = settings.truth
    figure = charts.averaging_animation(
        paths.answers, truth + paths.naive, truth + paths.split, truth, TOL,
        charts.AveragingLabels(
            title=TEXT["avg_title"], naive=TEXT["avg_naive"], split=TEXT["avg_split"], x=TEXT["avg_x"],
            y=TEXT["avg_y"], truth=TEXT["avg_truth"], zone=TEXT["avg_zone"], attacker=TEXT["avg_attacker"],
            player=charts.PlayerLabels(TEXT["play"], TEXT["pause"], TEXT["avg_current"]),
        ),
    )
    k = int(paths.answers[-1])
    caption = TEXT["avg_caption"].format(
        m=settings.attackers, k=fmt.number(k, 7), truth=fmt.number(truth, 7), eps=fmt.number(paths.epsilon),
        per=fmt.number(paths.epsilon_split), naive_off=_off(paths.naive[:, -1]), split_off=_off(paths.split[:, -1]),
        frames=len(paths.answers),
    )
    return animation_view(figure, caption)


def _off(errors: np.ndarray) -> str:
    """The attackers' final errors, as people read them: "0.3, 1.2 and 0.05"."""
    return ", ".join(fmt.number(abs(float(e))) for e in errors)
