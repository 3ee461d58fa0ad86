"""Control groups of the Synthetic data page: the columns, ε and number of rows of the MST fit with its
button and progress bar, the marginals shown, and the synthetic table kept for this session."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, timezone

import streamlit as st

from dpcore.limits import MAX_SYNTHETIC_PAGE_ROWS, SYNTHETIC_ROWS_DEFAULT
from dpcore.synthetic import SynthesisResult
from ui import fmt
from ui.page import PageContext, computed
from ui.state import url_choice
from ui.text.synthetic import TEXT
from ui.views.synthetic import mst, tradeoff
from ui.widgets import epsilon_slider

_RESULT = "_syn_result"  # the last KeptFit
_SWEEP = "_syn_sweep"  # (dataset, columns, seed) -> {epsilon: tradeoff.Point}
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


def _key(ctx: PageContext, s: mst.FitSettings) -> FitKey:
    """The key of a fit of `s` on the page's dataset."""
    return FitKey(ctx.dataset.ident, s.columns, s.epsilon, s.seed)


@dataclass(frozen=True, eq=False)
class KeptFit:
    """A synthetic table made in this session, with its settings, what it was fitted for and when it was made."""

    settings: mst.FitSettings
    result: SynthesisResult
    made_at: datetime
    fitted_for: FitKey


def synthetic_table(ctx: PageContext, s: mst.FitSettings) -> KeptFit | None:
    """The button that fits MST (with a progress bar), and the table it made for these settings; a new
    number of rows is drawn again from the kept model (post-processing, no new fit)."""
    if st.button(TEXT["mst_button"], key="syn_fit", type="primary"):
        bar = st.progress(0.0, text=TEXT["stage_prepare"])
        result = computed(lambda f: mst.fit(f, lambda done, stage: bar.progress(done, text=TEXT[f"stage_{stage}"])), s)
        bar.empty()
        if result is not None:
            st.session_state[_RESULT] = KeptFit(s, result, datetime.now(timezone.utc), _key(ctx, s))
    kept: KeptFit | None = st.session_state.get(_RESULT)
    if kept is None or kept.fitted_for != _key(ctx, s):
        return None
    if kept.settings.rows != s.rows:
        model = kept.result
        result = computed(lambda f: mst.resized(model, f), s)
        if result is None:
            return None
        kept = replace(kept, settings=s, result=result)
        st.session_state[_RESULT] = kept
    return kept


def last_fit(ctx: PageContext) -> KeptFit | None:
    """The last synthetic table made in this session on the dataset in use (for the lesson tab)."""
    kept: KeptFit | None = st.session_state.get(_RESULT)
    return kept if kept is not None and kept.fitted_for.dataset == ctx.dataset.ident else None


def shown(result: SynthesisResult) -> tuple[str, tuple[str, str]]:
    """Which column's marginal and which pair's heat maps to show."""
    names = [d.column for d in result.domains]
    c1, c2, c3 = st.columns(3)
    column = url_choice(c1.selectbox, TEXT["oneway_column"], names, "syn_col", names[0])
    first = url_choice(c2.selectbox, TEXT["pair_columns"], names, "syn_pair_a", names[0])
    rest = [n for n in names if n != first]
    second = url_choice(c3.selectbox, " ", rest, "syn_pair_b", rest[0], label_visibility="hidden")
    return column, (first, second)


def sweep_points(ctx: PageContext, s: mst.FitSettings) -> tuple[tradeoff.Point, ...]:
    """The button that fits MST at every ε of the sweep not fitted yet (a progress bar per ε); the
    points kept for these columns and seed. Each point is kept as soon as it is done, so a sweep
    interrupted by another click resumes where it stopped."""
    store: dict[tuple, dict[float, tradeoff.Point]] = st.session_state.setdefault(_SWEEP, {})
    points = store.setdefault((ctx.dataset.ident, s.columns, s.seed), {})
    missing = [e for e in tradeoff.EPSILONS if e not in points]
    slot = st.empty()
    if missing and slot.button(TEXT["sweep_button"].format(n=len(missing)), key="syn_sweep_fit", type="primary"):
        bar = st.progress(0.0)
        for i, eps in enumerate(missing):
            def progress(done: float, stage: str, i: int = i, eps: float = eps) -> None:
                bar.progress((i + done) / len(missing), text=TEXT["sweep_progress"].format(
                    eps=eps, i=i + 1, n=len(missing), stage=TEXT[f"stage_{stage}"]))

            fitted = replace(s, epsilon=eps)
            point = computed(lambda f: tradeoff.measure(f, mst.fit(f, progress)), fitted)
            if point is None:
                break
            points[eps] = point
        bar.empty()
        if len(points) == len(tradeoff.EPSILONS):
            slot.empty()  # nothing left to fit
    return tuple(points.values())
