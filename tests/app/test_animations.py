"""AppTest for the animations the browser plays (Attacks: averaging; Histogram: hypothetical
outcome plots): closed by default (nothing sent, nothing built), open from the address, a plotly
chart with frames, a figure that stays byte-identical when an unrelated control moves (so the
browser keeps the drawn chart) and changes when its own settings do."""

from __future__ import annotations

import json

from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, page_text, run_page, step
from ui.text.animations import EN
from ui.text.zh.animations import TEXT as ZH

ATTACKS, HISTOGRAM = "pages/1_Attacks.py", "pages/2_Histogram_and_neighbour.py"
AVERAGING = {"att_tab": "averaging"}


def plotly_specs(at: AppTest) -> list[str]:
    """The spec of every plotly chart on the page, as sent to the browser (JSON)."""
    return [chart.proto.spec for chart in at.get("plotly_chart")]  # type: ignore[attr-defined]


def only_figure(at: AppTest) -> dict:
    specs = plotly_specs(at)
    assert len(specs) == 1, len(specs)
    return json.loads(specs[0])


def test_attacks_animation_is_closed_and_not_built_by_default() -> None:
    at = run_page(ATTACKS, AVERAGING)
    assert_clean(at)
    assert plotly_specs(at) == []
    assert at.expander  # the expander is there to open
    step(at, "att_eps", 0.5)  # a step of the chart's own slider sends no animation either
    assert plotly_specs(at) == []


def test_attacks_animation_plays_frames_and_follows_its_settings() -> None:
    at = run_page(ATTACKS, {**AVERAGING, "att_anim": "true", "att_k": "100"})
    assert_clean(at)
    figure = only_figure(at)
    assert len(figure["frames"]) == 60 and figure["frames"][-1]["name"] == "100"
    assert figure["layout"]["updatemenus"][0]["buttons"][0]["label"] == EN["play"]
    assert "Simulation with numpy" in page_text(at)
    before = plotly_specs(at)
    at.number_input(key="att_attackers").set_value(3_000).run()  # not an input of the animation
    assert_clean(at)
    assert plotly_specs(at) == before  # the same bytes: the browser keeps the drawn chart
    step(at, "att_eps", 0.5)  # a step of the chart's slider leaves the drawn animation alone ...
    assert plotly_specs(at) == before
    assert "each answer spends ε = 0.1" in page_text(at)
    at.button(key="att_anim_refresh").click().run()  # ... until its button takes the chart's ε
    assert_clean(at)
    assert plotly_specs(at) != before  # epsilon is one of its inputs
    assert "each answer spends ε = 0.5" in page_text(at)
    assert len(only_figure(at)["frames"]) == len(figure["frames"])
    at.session_state["att_anim"] = False  # closed, then opened again: at the chart's ε of that moment
    at.run()
    at.session_state["att_anim"] = True
    at.run()
    assert "each answer spends ε = 0.5" in page_text(at)


def test_histogram_hops_closed_by_default_then_open_from_the_address() -> None:
    at = run_page(HISTOGRAM)
    assert_clean(at)
    assert plotly_specs(at) == []
    at = run_page(HISTOGRAM, {"hist_hops": "true"})
    assert_clean(at)
    figure = only_figure(at)
    assert len(figure["frames"]) == 30
    assert [t["type"] for t in figure["data"][:2]] == ["bar", "bar"]
    assert figure["layout"]["yaxis"]["autorange"] is False
    assert "30 independent releases" in page_text(at)
    before = plotly_specs(at)
    at.checkbox(key="hist_round").check().run()  # post-processing: not an input of the draws
    assert_clean(at)
    assert plotly_specs(at) == before
    step(at, "hist_eps", 0.5)  # the chart's own slider, reported to the server: the animation stays ...
    assert plotly_specs(at) == before
    at.button(key="hist_hops_refresh").click().run()  # ... until its button takes the chart's ε
    assert plotly_specs(at) != before
    assert "ε = 0.5" in page_text(at)
    at.radio(key="hist_mech").set_value("gaussian").run()
    assert_clean(at)
    assert len(only_figure(at)["frames"]) == 30


def test_animations_speak_chinese() -> None:
    at = run_page(HISTOGRAM, {"hist_hops": "true", "lang": "zh"})
    assert_clean(at)
    assert only_figure(at)["layout"]["updatemenus"][0]["buttons"][0]["label"] == ZH["play"]
    at = run_page(ATTACKS, {**AVERAGING, "att_anim": "true", "lang": "zh"})
    assert_clean(at)
    assert ZH["avg_naive"] in json.dumps(only_figure(at), ensure_ascii=False)
