"""The app's pages in tour order, for the shared sidebar menu and the home page's tour."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from streamlit.delta_generator import DeltaGenerator

from ui.text.common import TEXT


@dataclass(frozen=True)
class PageEntry:
    """A page file and the key of its menu label in ui.text.common."""

    path: str
    label_key: str
    icon: str


PAGES: tuple[PageEntry, ...] = (
    PageEntry("app.py", "nav_home", ":material/home:"),
    PageEntry("pages/0_Reidentification.py", "nav_reidentification", ":material/person_search:"),
    PageEntry("pages/1_Attacks.py", "nav_attacks", ":material/policy:"),
    PageEntry("pages/2_Histogram_and_neighbour.py", "nav_histogram", ":material/bar_chart:"),
    PageEntry("pages/3_Attacker_posterior.py", "nav_posterior", ":material/casino:"),
    PageEntry("pages/4_Exponential_mechanism.py", "nav_exponential", ":material/how_to_vote:"),
    PageEntry("pages/5_Randomized_response.py", "nav_rr", ":material/toll:"),
    PageEntry("pages/6_Release_planner.py", "nav_planner", ":material/calculate:"),
    PageEntry("pages/7_Live_poll.py", "nav_poll", ":material/ballot:"),
    PageEntry("pages/8_Local_DP.py", "nav_ldp", ":material/smartphone:"),
    PageEntry("pages/9_Synthetic_data.py", "nav_synthetic", ":material/content_copy:"),
    PageEntry("pages/10_Audit.py", "nav_audit", ":material/fact_check:"),
    PageEntry("pages/11_Machine_learning.py", "nav_learning", ":material/model_training:"),
)


def sidebar_menu(menu: DeltaGenerator, carried: Mapping[str, str]) -> None:
    """Links to every page, in tour order (Streamlit's own file list is hidden in config.toml), in
    `menu` (a sidebar container drawn above the settings), each carrying the session-wide settings
    in its address (`carried`: the dataset and the seed)."""
    for entry in PAGES:
        menu.page_link(entry.path, label=TEXT[entry.label_key], icon=entry.icon, query_params=dict(carried))
    menu.divider()
