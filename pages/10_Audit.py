"""Audit: every mechanism of the app, and three broken on purpose, tested from their outputs alone.

One fragment: the mechanism and the number of draws rerun only the audit beside them. An audit
depends on the mechanism, the draws, the seed and the language of its words only, never on the
session's data: each is computed once per server and shared, so going back to one costs nothing and a
class opening the page at once does not compute the same audit thirty times (~0.3 s each)."""

from __future__ import annotations

import streamlit as st

from dpcore.audit_mechanisms import MECHANISMS
from ui.i18n import current
from ui.page import PageContext, computed, show_figure, start_page
from ui.state import url_choice
from ui.text.audit import TEXT
from ui.views.audit import mechanism


@st.cache_data(max_entries=64, show_spinner=False)
def shared_audit(name: str, draws: int, seed: int, language: str) -> mechanism.View:
    """The audit of the mechanism `name` from `draws` outputs, once per server; `language` is a key
    only (the view holds sentences)."""
    return mechanism.compute(mechanism.Settings(name, draws, seed))


@st.fragment
def audit_part(ctx: PageContext) -> None:
    """The mechanism and the draws on the left, the bound against the promise on the right."""
    left, right = st.columns([1, 2], gap="large")
    name = url_choice(left.selectbox, TEXT["mechanism"], list(MECHANISMS), "audit_mech", "laplace",
                      format_func=lambda m: TEXT[f"mech_{m}"])
    draws = left.select_slider(TEXT["draws"], mechanism.DRAW_CHOICES, value=100_000, key="audit_draws",
                               format_func=lambda d: f"{d:,}", bind="query-params")
    settings = mechanism.Settings(name, int(draws), ctx.seed)
    with right, st.spinner():
        view = computed(lambda s: shared_audit(s.mechanism, s.draws, s.seed, current()), settings)
    if view is not None:
        with right:
            show_figure(view.chart, key="audit_fig")
        left.markdown(view.summary)


ctx = start_page(TEXT["title"], icon="🔍", page=__file__)
st.markdown(TEXT["intro"])
audit_part(ctx)
st.caption(TEXT["method"])
