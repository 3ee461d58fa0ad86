"""The computes of the two browser-played animations: frames, fixed axes, reproducible seeds,
a valid plotly figure, and the text in both languages."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from dpcore.histogram import NumericBins
from ui.i18n import language
from ui.views.animation import AnimationView
from ui.views.attacks import animation as avg
from ui.views.histogram import counts as counts_view
from ui.views.histogram import hops


def _frame_values(spec: dict, axis_of_trace) -> dict[str, list[float]]:
    """Every y value each axis shows, over the first data and every frame."""
    seen: dict[str, list[float]] = {}
    for frame in [{"data": spec["data"], "traces": range(len(spec["data"]))}, *spec["frames"]]:
        for index, trace in zip(frame["traces"], frame["data"]):
            seen.setdefault(axis_of_trace(spec["data"][index]), []).extend(trace["y"])
    return seen


@pytest.fixture(scope="module")
def attack() -> AnimationView:
    return avg.compute(avg.Settings(truth=405, epsilon=0.1, k=1_000, seed=42))


def test_attack_has_a_frame_per_checkpoint_up_to_k(attack: AnimationView) -> None:
    spec = attack.spec
    assert attack.frames == len(spec["frames"]) <= avg.FRAMES
    assert spec["frames"][-1]["name"] == "1000" and spec["frames"][0]["name"] == "1"
    assert [s["label"] for s in spec["layout"]["sliders"][0]["steps"]] == [f["name"] for f in spec["frames"]]
    small = avg.compute(avg.Settings(truth=12, epsilon=1.0, k=20, seed=1))
    assert [f["name"] for f in small.spec["frames"]] == [str(k) for k in range(1, 21)]


def test_attack_axes_are_fixed_and_hold_every_frame(attack: AnimationView) -> None:
    spec = attack.spec
    values = _frame_values(spec, lambda trace: trace["yaxis"])
    for axis, name in (("y", "yaxis"), ("y2", "yaxis2")):
        low, high = spec["layout"][name]["range"]
        assert spec["layout"][name]["autorange"] is False
        assert low <= min(values[axis]) and max(values[axis]) <= high
    assert spec["layout"]["xaxis"]["range"] == spec["layout"]["xaxis2"]["range"]
    assert "layout" not in spec["frames"][0]  # frames move data, never the axes


def test_attack_split_does_not_converge(attack: AnimationView) -> None:
    last = attack.spec["frames"][-1]["data"]
    dots = [d for d in last if len(set(d["x"])) == 1 and len(d["x"]) == avg.ATTACKERS]
    naive, split = (np.abs(np.array(d["y"]) - 405) for d in dots)
    from dpcore.attacks import mean_noise_std, split_mean_noise_std

    assert naive.max() < 3 * mean_noise_std(0.1, 1_000)  # within 3 sd of the truth: about 1.3
    assert split.min() > naive.max()  # every split mean is further off than every naive one
    assert split_mean_noise_std(0.1, 1_000) == pytest.approx(1_000 * mean_noise_std(0.1, 1_000))  # k times wider


def test_attack_is_reproducible_and_seeded(attack: AnimationView) -> None:
    again = avg.compute(avg.Settings(truth=405, epsilon=0.1, k=1_000, seed=42))
    other = avg.compute(avg.Settings(truth=405, epsilon=0.1, k=1_000, seed=43))
    assert again.spec == attack.spec
    assert other.spec["frames"][-1] != attack.spec["frames"][-1]
    assert "Simulation" in attack.caption and "1,000" in attack.caption


def test_attack_figure_is_valid_plotly_with_a_player(attack: AnimationView) -> None:
    import plotly.graph_objects as go

    figure = go.Figure(attack.spec)  # validates every trace, frame and layout key
    assert len(figure.frames) == attack.frames
    buttons = attack.spec["layout"]["updatemenus"][0]["buttons"]
    assert [b["method"] for b in buttons] == ["animate", "animate"] and buttons[0]["label"] == "Play"
    assert attack.spec["layout"]["height"] > 0
    assert len(attack.figure.frames) == attack.frames  # what the page draws


@pytest.fixture(scope="module")
def counts() -> counts_view.CountsView:
    frame = pd.DataFrame({"age": [21, 25, 33, 35, 38, 44, 52, 58, 61, 67, 69]})
    return counts_view.compute(counts_view.CountsSettings(frame, "age", NumericBins(20, 70, 5), None, "remove", row=2))


def test_hops_has_a_frame_per_draw_on_a_fixed_axis(counts: counts_view.CountsView) -> None:
    view = hops.compute(hops.Settings(counts, "laplace", 1.0, 0.0, "analytic", seed=42))
    spec = view.spec
    assert view.frames == len(spec["frames"]) == hops.DRAWS
    low, high = spec["layout"]["yaxis"]["range"]
    values = _frame_values(spec, lambda trace: "y")["y"]
    assert low <= min(values) and max(values) <= high
    assert "layout" not in spec["frames"][0]
    first, second = spec["frames"][0]["data"][0]["y"], spec["frames"][1]["data"][0]["y"]
    assert first != second  # a new draw per frame
    # the truth ticks are the true counts, and the shaded bin is the one that differs
    assert spec["data"][2]["y"] == [float(v) for v in counts.counts_d]
    assert [s["x0"] + 0.5 for s in spec["layout"]["shapes"]] == list(counts.changed)
    assert hops.compute(hops.Settings(counts, "laplace", 1.0, 0.0, "analytic", seed=42)).spec == spec
    assert "Simulation" in view.caption


def test_hops_noise_follows_the_mechanism(counts: counts_view.CountsView) -> None:
    wide = hops.compute(hops.Settings(counts, "gaussian", 0.1, 1e-5, "analytic", seed=1, draws=200)).spec
    narrow = hops.compute(hops.Settings(counts, "gaussian", 5.0, 1e-5, "analytic", seed=1, draws=200)).spec
    spread = lambda spec: np.std([f["data"][0]["y"][0] for f in spec["frames"]])
    assert spread(wide) > 10 * spread(narrow)
    assert wide["layout"]["yaxis"]["range"] != narrow["layout"]["yaxis"]["range"]


def test_chinese_text_reaches_the_figures(counts: counts_view.CountsView) -> None:
    with language("zh"):
        a = avg.compute(avg.Settings(truth=405, epsilon=0.1, k=100, seed=42))
        h = hops.compute(hops.Settings(counts, "laplace", 1.0, 0.0, "analytic", seed=42))
    assert a.spec["layout"]["updatemenus"][0]["buttons"][0]["label"] == "播放"
    assert "模拟" in a.caption and "模拟" in h.caption and "<br>" in h.spec["layout"]["title"]["text"]
