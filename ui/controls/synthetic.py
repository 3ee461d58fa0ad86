"""Control groups of the Synthetic data page: the columns and ε of the MST fit with its button and
progress bar, the marginals shown, and the synthetic table kept for this session."""

from __future__ import annotations

import streamlit as st

from dpcore.synthetic import SynthesisResult
from ui.page import PageContext, computed
from ui.state import url_choice
from ui.text.synthetic import TEXT
from ui.views.synthetic import mst
from ui.widgets import epsilon_slider

_RESULT = "_syn_result"  # (fit settings' key, the fit settings, the synthetic table)
FAST_DEFAULT = ("species", "island", "sex", "body_mass_g")  # penguins: a fit of seconds


def fit_settings(ctx: PageContext) -> mst.FitSettings | None:
    """The declared columns to synthesise and ε; None (after saying why) when nothing is declared."""
    domains = mst.declared(ctx.dataset.key)
    if len(domains) < 2:
        st.info(TEXT["no_domains"])
        return None
    c1, c2 = st.columns([3, 1])
    default = [c for c in FAST_DEFAULT if c in domains] or list(domains)[:3]
    columns = c1.multiselect(TEXT["columns"], list(domains), default=default, key="syn_cols")
    eps = epsilon_slider("syn_eps", default=1.0, label=TEXT["epsilon"], container=c2)
    return mst.FitSettings(ctx.dataset.table.frame, domains, tuple(columns), eps, ctx.seed)


def _key(ctx: PageContext, s: mst.FitSettings) -> tuple:
    return ctx.dataset.ident, s.columns, s.epsilon, s.seed


def synthetic_table(ctx: PageContext, s: mst.FitSettings) -> SynthesisResult | None:
    """The button that fits MST (with a progress bar), and the table it made for these settings."""
    if st.button(TEXT["mst_button"], key="syn_fit", type="primary"):
        bar = st.progress(0.0, text=TEXT["stage_prepare"])
        result = computed(lambda f: mst.fit(f, lambda done, stage: bar.progress(done, text=TEXT[f"stage_{stage}"])), s)
        bar.empty()
        if result is not None:
            st.session_state[_RESULT] = (_key(ctx, s), s, result)
    kept = st.session_state.get(_RESULT)
    return kept[2] if kept is not None and kept[0] == _key(ctx, s) else None


def last_fit(ctx: PageContext) -> tuple[mst.FitSettings, SynthesisResult] | None:
    """The last synthetic table made in this session on the dataset in use (for the lesson tab)."""
    kept = st.session_state.get(_RESULT)
    return (kept[1], kept[2]) if kept is not None and kept[0][0] == ctx.dataset.ident else None


def shown(result: SynthesisResult) -> tuple[str, tuple[str, str]]:
    """Which column's marginal and which pair's heat maps to show."""
    names = [d.column for d in result.domains]
    c1, c2, c3 = st.columns(3)
    column = url_choice(c1.selectbox, TEXT["oneway_column"], names, "syn_col", names[0])
    first = url_choice(c2.selectbox, TEXT["pair_columns"], names, "syn_pair_a", names[0])
    rest = [n for n in names if n != first]
    second = url_choice(c3.selectbox, " ", rest, "syn_pair_b", rest[0], label_visibility="hidden")
    return column, (first, second)
