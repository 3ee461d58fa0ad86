"""Charts at slide size, as PNG and SVG files: the page's own Vega-Lite spec rendered on the server.

Streamlit's chart menu saves a PNG at twice the size on screen (no SVG since 1.67); a teacher's
slide wants 1920x1080 whatever the screen, and a vector copy. vl-convert renders the same spec
(its named datasets written out as values) without a browser; it is imported on the first render,
which happens only when a teacher asks for a file (a deferred download).
"""

from __future__ import annotations

from typing import Any

SLIDE_WIDTH, SLIDE_HEIGHT = 1920, 1080


def for_slides(spec: dict[str, Any], width: int = SLIDE_WIDTH, height: int = SLIDE_HEIGHT) -> dict[str, Any]:
    """The spec filling a slide: fixed width and height (title, legend and axes included), its
    Arrow datasets written out as plain values (what a renderer without Streamlit reads)."""
    slide = {**spec, "width": width, "height": height, "autosize": {"type": "fit", "contains": "padding"},
             "background": "white"}
    slide["datasets"] = {name: table.to_pylist() for name, table in spec.get("datasets", {}).items()}
    return slide


def svg(spec: dict[str, Any]) -> str:
    """The chart at slide size as SVG text."""
    import vl_convert

    return vl_convert.vegalite_to_svg(for_slides(spec))


def png(spec: dict[str, Any]) -> bytes:
    """The chart at slide size as a PNG image."""
    import vl_convert

    return vl_convert.vegalite_to_png(for_slides(spec), scale=1)
