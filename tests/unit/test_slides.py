"""Slide-size chart files (ui/charts/slides.py) from a real chart of the app."""

from __future__ import annotations

import struct

import pytest

from dpcore.mechanisms import calibrate
from ui.charts import slides
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
