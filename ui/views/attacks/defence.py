"""Two defences against the averaging attack: split a total budget over the k answers, or cache the
answers. Running means of a naive, a split and a caching server, and the spread of the mean, at one
epsilon of the naive chart's own slider (every epsilon from the same seed: one epsilon's noise is
another's rescaled). The count attacked is the tab's own (the course's zoo count): the Averaging tab's
choice does not reach it."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore import attacks as A
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import attacks as charts
from ui.text.attacks import TEXT
from ui.views.attacks.common import CURVE_KS, TOL, TRACES, checkpoints, exact_probability, trace_chart


@dataclass(frozen=True)
class Settings:
    truth: int  # the course's zoo count (the tab's own: see the module's docstring)
    epsilon: float  # the naive server's budget per answer, and the split server's total
    k: int
    seed: int


@dataclass(frozen=True)
class View:
    truth: str
    naive_text: str
    naive: dict
    split_text: str
    split: dict
    spread: dict
    spread_text: str
    cache_intro: str
    cache_text: str
    cached: dict
    caveat: str


def _title(key: str, eps: float) -> tuple[str, ...]:
    return tuple(TEXT[key].format(eps=fmt.number(eps)).split("\n"))


def compute(settings: Settings) -> View:
    eps, k, truth = settings.epsilon, settings.k, settings.truth
    per = A.split_epsilon(eps, k)
    at = checkpoints(k)
    naive = A.running_means(eps, at, TRACES, make_rng(settings.seed, "att-def-naive"))
    split = A.running_means(per, at, TRACES, make_rng(settings.seed, "att-def-split"))
    cached = A.cached_running_means(eps, at, TRACES, make_rng(settings.seed, "att-def-cache"))
    split_sd = A.split_mean_noise_std(eps, k)
    spread = charts.spread_curves(
        np.array(CURVE_KS, dtype=float),
        np.array([A.mean_noise_std(eps, x) for x in CURVE_KS]),
        np.array([A.split_mean_noise_std(eps, x) for x in CURVE_KS]),
        TOL,
        charts.SpreadLabels(
            title=_title("def_spread_title", eps), x=TEXT["def_spread_x"], y=TEXT["def_spread_y"],
            naive=TEXT["def_spread_naive"], split=TEXT["def_spread_split"], zone=TEXT["def_spread_zone"],
            series=TEXT["series"],
        ),
    )
    count = fmt.number(truth, 4)
    return View(
        truth=TEXT["def_truth"].format(truth=count),
        naive_text=TEXT["def_naive_text"].format(
            eps=fmt.number(eps), k=fmt.number(k, 7), spent=fmt.number(A.spent_epsilon(eps, k), 7),
            p=fmt.share(exact_probability(eps, k), 4),
        ),
        naive=trace_chart(naive, truth, A.mean_noise_std(eps, k), _title("def_naive_title", eps)),
        split_text=TEXT["def_split_text"].format(
            per=fmt.number(per), eps=fmt.number(eps), p=fmt.share(exact_probability(per, k), 4), sd=fmt.number(split_sd),
        ),
        split=trace_chart(split, truth, split_sd, _title("def_split_title", eps)),
        spread=spread,
        spread_text=TEXT["def_spread_text"],
        cache_intro=f"### {TEXT['cache_title']}\n\n{TEXT['cache_intro']}",
        cache_text=TEXT["cache_text"].format(p=fmt.share(A.cached_success_probability(eps), 4), eps=fmt.number(eps)),
        cached=trace_chart(cached, truth, A.mean_noise_std(eps, 1), _title("cache_traces_title", eps)),
        caveat=f"{TEXT['cache_caveat']}\n\n{TEXT['simulation_note']}",
    )
