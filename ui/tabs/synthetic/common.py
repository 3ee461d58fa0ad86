"""What two tabs of the Synthetic data page share: the MST fit's widgets (the MST and the trade-off
tabs), and the synthetic table this session made (made by the MST tab, the subject of the lesson
tab: a fit of seconds, so the lesson explains the table the user made rather than fitting again)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import streamlit as st

from dpcore.limits import MAX_SYNTHETIC_PAGE_ROWS, SYNTHETIC_ROWS_DEFAULT
from dpcore.synthetic import SynthesisResult
from ui import fmt
from ui.datasets import offer_bundled
from ui.page import PageContext
from ui.text.synthetic import TEXT
from ui.views.synthetic import mst
from ui.widgets import epsilon_slider

_RESULT = "_syn_result"  # the last KeptFit
FAST_DEFAULT = ("species", "island", "sex", "body_mass_g")  # penguins: a fit of seconds


def fit_settings(ctx: PageContext, key: str = "syn", with_epsilon: bool = True, with_rows: bool = True,
                 ) -> mst.FitSettings | None:
    """The declared columns to synthesise, ε and the number of rows (widgets keyed `key`_cols, `key`_eps
    and the page's one rows input `syn_rows`; without the slider ε is 1, for a caller that sets its
    own; without the rows input, the default number of rows); None (after saying why) when nothing is
    declared."""
    domains = mst.declared(ctx.dataset.key)
    if len(domains) < 2:
        st.info(TEXT["no_domains"])
        offer_bundled("penguins", TEXT["use_penguins"], f"{key}_use_penguins")
        return None
    c1, c2, c3 = st.columns([3, 1, 1])
    default = [c for c in FAST_DEFAULT if c in domains] or list(domains)[:3]
    columns = c1.multiselect(TEXT["columns"], list(domains), default=default, key=f"{key}_cols")
    eps = epsilon_slider(f"{key}_eps", default=1.0, label=TEXT["epsilon"], container=c2) if with_epsilon else 1.0
    rows = SYNTHETIC_ROWS_DEFAULT
    if with_rows:
        rows = int(c3.number_input(TEXT["rows"], min_value=1, max_value=MAX_SYNTHETIC_PAGE_ROWS,
                                   value=SYNTHETIC_ROWS_DEFAULT, step=100, key="syn_rows", bind="query-params",
                                   help=TEXT["rows_help"].format(maximum=fmt.number(MAX_SYNTHETIC_PAGE_ROWS))))
    return mst.FitSettings(ctx.dataset.table.frame, domains, tuple(columns), eps, ctx.seed, rows)


@dataclass(frozen=True)
class FitKey:
    """What a fit depends on (not the number of rows: another number is drawn from the same model)."""

    dataset: str
    columns: tuple[str, ...]
    epsilon: float
    seed: int


def fit_key(ctx: PageContext, s: mst.FitSettings) -> FitKey:
    """The key of a fit of `s` on the page's dataset."""
    return FitKey(ctx.dataset.ident, s.columns, s.epsilon, s.seed)


@dataclass(frozen=True, eq=False)
class KeptFit:
    """A synthetic table made in this session, with its settings, what it was fitted for and when it was made."""

    settings: mst.FitSettings
    result: SynthesisResult
    made_at: datetime
    fitted_for: FitKey


def kept_fit() -> KeptFit | None:
    """The last synthetic table made in this session (on any dataset)."""
    return st.session_state.get(_RESULT)


def keep_fit(kept: KeptFit) -> None:
    """Keep `kept` as this session's synthetic table."""
    st.session_state[_RESULT] = kept
