"""Streamlit's own words on a chart's toolbar ("Fullscreen", "Download as PNG"...) in the page's
language: Streamlit 1.67 translates none of them. An invisible element (st.components.v2, inline
JS) rewrites the toolbar buttons' names and their tooltips as they appear."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

_WORDS = st.components.v2.component(
    "dpx_toolbar_words", html="<span></span>",
    js=(Path(__file__).parent / "toolbar_words.js").read_text(encoding="utf-8"),
)


def translate(words: dict[str, str]) -> None:
    """Show each English toolbar word in `words` as its translation, on this page."""
    _WORDS(key="toolbar_words", data={"words": words}, height=0)
