"""Tab 3: publish once, or answer each question? The same total epsilon spent once on the
synthetic table, or split over k counting queries answered with Laplace noise (basic composition,
epsilon/k each): the typical error of an answer against k. The synthetic table's error stays flat;
each interactive answer gets noisier as the questions pile up."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from dpcore.rng import make_rng
from dpcore.synthetic import SynthesisResult, counting_workload, encode, interactive_vs_synthetic, sizes_of
from ui import fmt
from ui.charts import curves
from ui.charts.theme import COLORS
from ui.text.synthetic import TEXT
from ui.views.synthetic.mst import FitSettings

KS = np.unique(np.round(np.geomspace(1, 1_000, 25)).astype(int))


@dataclass(frozen=True)
class Settings:
    fitted: FitSettings
    result: SynthesisResult


@dataclass(frozen=True)
class View:
    chart: dict
    summary: str


def compute(s: Settings) -> View:
    doms = s.result.domains
    real = encode(s.fitted.complete, doms)
    workload = counting_workload(sizes_of(doms), int(KS[-1]), min(2, len(doms)), make_rng(s.fitted.seed, "syn-lesson-q"))
    lesson = interactive_vs_synthetic(real, s.result.codes, workload, s.result.epsilon, KS,
                                      make_rng(s.fitted.seed, "syn-lesson"))
    chart = curves.lines(
        [curves.Line(TEXT["lesson_synthetic"], lesson.ks, lesson.synthetic_error, COLORS["d"], thick=True),
         curves.Line(TEXT["lesson_laplace"], lesson.ks, lesson.laplace_error, COLORS["danger"]),
         curves.Line(TEXT["lesson_expected"], lesson.ks, lesson.laplace_expected, COLORS["danger"], dashed=True)],
        curves.AxisLabels(tuple(TEXT["lesson_title"].split("\n")), TEXT["queries_axis"], TEXT["error_people_axis"],
                          TEXT["answers_series"]),
        x_format=",d",
    )
    crossing = next((int(k) for k, syn, lap in zip(lesson.ks, lesson.synthetic_error, lesson.laplace_expected)
                     if lap > syn), None)
    summary = TEXT["lesson_summary"].format(
        eps=fmt.number(s.result.epsilon), synthetic=fmt.number(float(lesson.synthetic_error[-1]), 2),
        k=int(lesson.ks[-1]), laplace=fmt.number(float(lesson.laplace_expected[-1]), 2),
        crossing=TEXT["lesson_crossing"].format(k=crossing) if crossing else TEXT["lesson_no_crossing"],
    )
    return View(chart, summary)
