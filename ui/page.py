"""What every page does first (config, shared sidebar) and how it shows figures and errors."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import streamlit as st

from dpcore.limits import DEFAULT_SEED, SEED_MAX
from dpcore.rng import make_rng
from ui.datasets import Dataset, dataset_picker
from ui.navigation import sidebar_menu
from ui.safe import md_escape
from ui.text.common import TEXT


@dataclass(frozen=True)
class PageContext:
    """What the shared sidebar decided: the dataset in use and the seed."""

    dataset: Dataset
    seed: int

    def rng(self, stream: str) -> np.random.Generator:
        """An independent, reproducible Generator for one purpose on this page."""
        return make_rng(self.seed, stream)


def start_page(title: str, icon: str = "🔐") -> PageContext:
    """Configure the page and render the shared sidebar (dataset, seed). Call first on every page."""
    st.set_page_config(page_title=f"{title} · {TEXT['app_title']}", page_icon=icon, layout="wide")
    sidebar_menu()
    dataset = dataset_picker()
    seed = st.sidebar.number_input(
        TEXT["sidebar_seed"],
        min_value=0,
        max_value=SEED_MAX,
        value=DEFAULT_SEED,
        step=1,
        key="seed",
        help=TEXT["sidebar_seed_help"],
        bind="query-params",
    )
    frame = dataset.table.frame
    st.sidebar.caption(
        TEXT["sidebar_in_use"].format(name=md_escape(dataset.name), rows=len(frame), cols=frame.shape[1])
    )
    st.sidebar.caption(TEXT["sidebar_share"])
    st.title(title)
    return PageContext(dataset, int(seed))


def show_figure(spec: dict, key: str) -> None:
    """Draw a Vega-Lite chart from ui.charts full width (its data in named datasets)."""
    st.vega_lite_chart(spec=spec, key=key, width="stretch")


def show_error(exc: ValueError) -> None:
    """Show a dpcore ValueError as an error box in the page (never a traceback)."""
    st.error(TEXT["error_prefix"].format(message=exc))
