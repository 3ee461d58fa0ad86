"""How a page shows a ValueError dpcore raised: an error box with the sentence in the run's language.

Its own module so that `ui.page` (which starts every page) and the modules it draws with
(`ui.presentation`) can both show errors without importing each other.
"""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from ui.errors import message
from ui.text.common import TEXT


def show_error(exc: ValueError, where: DeltaGenerator | None = None) -> None:
    """Show a dpcore ValueError as an error box in the page (never a traceback)."""
    (where or st).error(TEXT["error_prefix"].format(message=message(exc)))
