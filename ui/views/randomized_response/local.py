"""Local versus central: who sees the true answers (a static diagram and two sentences)."""

from __future__ import annotations

from dataclasses import dataclass, fields

from ui.charts import randomized_response as charts
from ui.text.randomized_response import TEXT


@dataclass(frozen=True)
class View:
    chart: dict
    sentence: str
    more: str


def compute() -> View:
    labels = charts.DiagramLabels(**{
        f.name: TEXT[f"diagram_{f.name}"] for f in fields(charts.DiagramLabels) if f.name != "title"
    }, title=TEXT["diagram_title"])
    return View(charts.local_vs_central(labels), TEXT["local_sentence"], TEXT["local_more"])
