"""The app's pages: the sidebar menu (MENU) and, in tour order, the pages the home page's tour and
the guided lesson visit (PAGES)."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from ui.text.common import TEXT


@dataclass(frozen=True)
class PageEntry:
    """A page file and the key of its menu label in ui.text.common."""

    path: str
    label_key: str
    icon: str


PAGES: tuple[PageEntry, ...] = (
    PageEntry("app.py", "nav_home", ":material/home:"),
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
)
# Pages in the menu that the tour does not visit yet (the home page's tour and the guided lesson,
# ui/views/lesson.TOUR, list PAGES): "Why removing names is not enough" opens the menu after home.
REIDENTIFICATION = PageEntry("pages/0_Reidentification.py", "nav_reidentification", ":material/person_search:")
MENU: tuple[PageEntry, ...] = (PAGES[0], REIDENTIFICATION, *PAGES[1:])


def sidebar_menu() -> None:
    """Links to every page, in the menu's order (Streamlit's own file list is hidden in config.toml)."""
    for entry in MENU:
        st.sidebar.page_link(entry.path, label=TEXT[entry.label_key], icon=entry.icon)
    st.sidebar.divider()
