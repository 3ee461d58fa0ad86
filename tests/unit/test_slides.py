"""Slide-size chart files (ui/charts/slides.py) from a real chart of the app."""

from __future__ import annotations

import math
import struct

import pytest

from dpcore.mechanisms import calibrate
from ui.charts import slides
from ui.charts.slides import SCALE_EXPR
from ui.charts.theme import FONT_SIZE
from ui.views.planner import risk

pytestmark = pytest.mark.slow  # the first chart converted starts vl-convert's engine: ~1-2 s

SPEC = risk.compute(risk.Settings(((calibrate("laplace", 1.0), 1),), 1e-6, 0.5)).chart


def test_a_png_is_exactly_slide_size() -> None:
    image = slides.png(SPEC)
    assert image[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", image[16:24])  # the IHDR chunk
    assert (width, height) == (slides.SLIDE_WIDTH, slides.SLIDE_HEIGHT)


def test_an_svg_holds_the_chart_s_title_and_marks() -> None:
    text = slides.svg(SPEC)
    assert text.startswith("<svg") and 'width="1920"' in text
    assert "The best attacker" in text
    assert "curve_marks" in text  # the layer drawn from the spec's own named dataset


def test_the_page_s_spec_is_left_as_it_was() -> None:
    slides.for_slides(SPEC)
    assert "width" not in SPEC and not isinstance(SPEC["datasets"]["curve"], list)


def _at_window(expr: str, width: int, height: int) -> float:
    """A projector size expression (`slides.SCALE_EXPR` inside) evaluated as Vega would, in a
    window of `width` x `height` CSS pixels."""
    python = (expr.replace("windowSize()[0]", str(width)).replace("windowSize()[1]", str(height))
              .replace("||", "or"))
    scope = {"clamp": lambda x, low, high: min(max(x, low), high), "min": min, "max": max,
             "round": lambda x: math.floor(x + 0.5)}
    return eval(python, scope)  # noqa: S307 - our own constant expression


def test_on_a_projector_every_size_grows_with_the_window_and_nothing_else_changes() -> None:
    text = {"name": "notes", "data": {"name": "notes"}, "mark": {"type": "text", "fontSize": FONT_SIZE - 3},
            "encoding": {"x": {"field": "x", "type": "quantitative", "axis": {"labelLimit": 100}}}}
    spec = {**SPEC, "layer": [*SPEC["layer"], text],
            "params": [{"name": "step", "value": 0, "bind": {"input": "range", "min": 0, "max": 2}}]}
    big = slides.for_projector(spec)
    assert big["datasets"] is spec["datasets"] and big["params"][:-1] == spec["params"]
    assert spec["config"]["axis"]["labelFontSize"] == FONT_SIZE - 2  # the page's own spec is left alone
    config = big["config"]
    sizes = {"ticks": config["axis"]["labelFontSize"], "axis title": config["axis"]["titleFontSize"],
             "title": config["title"]["fontSize"], "legend": config["legend"]["labelFontSize"],
             "text": config["text"]["fontSize"], "a layer's text": big["layer"][-1]["mark"]["fontSize"]}
    assert all(SCALE_EXPR in size["expr"] for size in sizes.values())
    at = {name: {window: _at_window(size["expr"], *window)
                 for window in ((1920, 1080), (1280, 720), (390, 844), (3840, 2160))} for name, size in sizes.items()}
    assert at["ticks"] == {(1920, 1080): 22, (1280, 720): 16, (390, 844): 16, (3840, 2160): 24}
    assert at["axis title"][1920, 1080] == 22 and at["title"][1920, 1080] == 28
    assert at["legend"][1920, 1080] == at["text"][1920, 1080] == 23 and at["a layer's text"][1920, 1080] == 21
    assert _at_window(big["layer"][-1]["encoding"]["x"]["axis"]["labelLimit"]["expr"], 1920, 1080) == 138
    assert _at_window(config["legend"]["symbolSize"]["expr"], 1920, 1080) == 340  # an area: the scale squared


def test_on_a_projector_the_plot_is_as_much_shorter_as_the_window_below_1080_px() -> None:
    """The page's type is 20 px at 1280x720 against 30 px at 1920x1080: a plot that kept its height
    pushed the bottom of 6 of the tour's 13 steps off a 1280x720 screen."""
    height = slides.for_projector(SPEC)["params"][-1]
    assert height["name"] == "height" and SPEC["height"] == 300
    at = {window: _at_window(height["expr"].replace("windowSize()[1] > 0 ?", "").replace(" : 1,", ","), *window)
          for window in ((1920, 1080), (1280, 720), (3840, 2160), (390, 500))}
    assert at == {(1920, 1080): 300, (1280, 720): 200, (3840, 2160): 300, (390, 500): 180}


def test_a_projector_s_chart_is_valid_and_a_renderer_with_no_window_keeps_the_theme_s_sizes() -> None:
    text = slides.svg(slides.for_projector(SPEC))
    assert f'font-size="{FONT_SIZE - 2}px"' in text and f'font-size="{FONT_SIZE + 2}px"' in text
    assert 'height="1080"' in text  # a slide's height, not the projector's window's


def test_a_title_on_one_line_joins_english_with_spaces_and_chinese_without() -> None:
    assert slides.one_line(["Group sizes:", "how many share their values", "(red: fewer than 5)"]) == (
        "Group sizes: how many share their values (red: fewer than 5)")
    assert slides.one_line(["收集者看到什么，", "又能推算出什么", "（真实“是”的比例：0.3）"]) == (
        "收集者看到什么，又能推算出什么（真实“是”的比例：0.3）")
    assert slides.one_line("Noisy counts at ε = 1") == "Noisy counts at ε = 1"
