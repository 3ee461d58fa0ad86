"""The attacks tab: MST fitted on a training half of the rows at a few ε when its button is pressed,
each table (and the training rows themselves) attacked as Anonymeter does, with a progress bar; then
the risks against ε beside what ε allows, and one table's details. A fragment: its widgets rerun it
alone. Fits and attacks are kept for the session as soon as each is done, so a sweep interrupted by
another click resumes where it stopped, and another secret column attacks the same fits again."""

from __future__ import annotations

import numpy as np
import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.limits import MAX_SYNTHETIC_PAGE_ROWS, SYNTHETIC_ROWS_DEFAULT
from dpcore.synthetic.attacks import Measurement
from ui import fmt
from ui.datasets import offer_bundled
from ui.page import PageContext, computed, show_figure
from ui.state import url_choice
from ui.text.synthetic import TEXT
from ui.views.synthetic import attacks, mst

_FITS = "_syn_att_fits"  # (dataset, columns, seed, rows) -> {table id: synthetic codes}
_MEASURED = "_syn_att_measured"  # (dataset, columns, seed, rows, secret) -> {table id: Measurement}


def _one(table: str, i: int, n: int, fitted: mst.FitSettings, split: attacks.Halves, secret: str, fits: dict,
         bar: DeltaGenerator) -> Measurement | None:
    """Fit MST on the training half for `table` (unless kept) and attack it, the bar telling how far."""
    fitting = table != attacks.COPY and table not in fits
    share = 0.6 if fitting else 0.0  # of this table's part of the bar: the fit, then the attacks

    def show(done: float, stage: str) -> None:
        bar.progress(min(1.0, (i + done) / n), text=TEXT["att_progress"].format(
            table=attacks.label(table), i=i + 1, n=n, stage=stage))

    def fit_one(f: mst.FitSettings) -> np.ndarray:
        return attacks.fit_training(f, split, float(table),
                                    lambda done, stage: show(share * done, TEXT[f"stage_{stage}"]))

    if fitting:
        codes = computed(fit_one, fitted)
        if codes is None:
            return None
        fits[table] = codes.astype(np.min_scalar_type(int(codes.max())))  # kept per session: a byte a cell
    synthetic = split.training if table == attacks.COPY else fits[table]

    def attack_one(f: mst.FitSettings) -> Measurement:
        return attacks.attack(f, split, secret, synthetic, table,
                              lambda done, stage: show(share + (1 - share) * done, TEXT[f"att_stage_{stage}"]))

    return computed(attack_one, fitted)


def _run(ctx: PageContext, fitted: mst.FitSettings, secret: str) -> tuple[tuple[str, Measurement], ...]:
    """The button that fits and attacks every table not done yet (a progress bar); the attacks kept."""
    key = (ctx.dataset.ident, fitted.columns, fitted.seed, fitted.rows)
    fits: dict = st.session_state.setdefault(_FITS, {}).setdefault(key, {})
    measured: dict = st.session_state.setdefault(_MEASURED, {}).setdefault((*key, secret), {})
    wanted = [attacks.COPY, *(attacks.table_id(e) for e in attacks.EPSILONS)]
    missing = [t for t in wanted if t not in measured]
    slot = st.empty()
    if missing and slot.button(TEXT["att_button"].format(n=len(missing)), key="syn_att_run", type="primary"):
        split = computed(attacks.halves, fitted)
        if split is None:
            return tuple(measured.items())
        bar = st.progress(0.0)
        for i, table in enumerate(missing):
            result = _one(table, i, len(missing), fitted, split, secret, fits, bar)
            if result is None:
                break
            measured[table] = result
        bar.empty()
        if len(measured) == len(wanted):
            slot.empty()  # nothing left to do
    return tuple(measured.items())


def _settings(ctx: PageContext) -> tuple[mst.FitSettings, str] | None:
    """The declared columns to attack (all of them by default: a few coarse columns single nobody
    out, even published as they are), the secret column and the rows of each synthetic table; None
    (after saying why) when the dataset declares too few columns or too few rows are complete."""
    domains = mst.declared(ctx.dataset.key)
    if len(domains) < 2:
        st.info(TEXT["no_domains"])
        offer_bundled("penguins", TEXT["use_penguins"], "syn_att_use_penguins")
        return None
    columns = st.multiselect(TEXT["columns"], list(domains), default=list(domains), key="syn_att_cols")
    c2, c3 = st.columns([2, 1])
    rows = int(c3.number_input(TEXT["rows"], min_value=1, max_value=MAX_SYNTHETIC_PAGE_ROWS,
                               value=SYNTHETIC_ROWS_DEFAULT, step=100, key="syn_rows", bind="query-params",
                               help=TEXT["rows_help"].format(maximum=fmt.number(MAX_SYNTHETIC_PAGE_ROWS))))
    if len(columns) < 2:
        st.info(TEXT["att_two_columns"])
        return None
    fitted = mst.FitSettings(ctx.dataset.table.frame, domains, tuple(columns), 1.0, ctx.seed, rows)
    complete = attacks.complete_rows(fitted)
    if complete < attacks.MIN_ROWS:
        st.info(TEXT["att_too_few"].format(rows=complete, minimum=attacks.MIN_ROWS))
        return None
    secret = url_choice(c2.selectbox, TEXT["att_secret"], list(fitted.columns), "syn_att_secret", fitted.columns[0],
                        help=TEXT["att_secret_help"])
    return fitted, secret


@st.fragment
def tab(ctx: PageContext) -> None:
    st.markdown(TEXT["att_intro"])
    chosen = _settings(ctx)
    if chosen is None:
        return
    fitted, secret = chosen
    measured = _run(ctx, fitted, secret)
    if not measured:
        st.caption(TEXT["att_hint"])
        return
    tables = [t for t, _ in attacks.ordered(measured)]
    default = next((t for t in reversed(tables) if t != attacks.COPY), tables[-1])
    top = st.container()  # the chart over every table, above the chooser of the table shown in detail
    shown = url_choice(st.selectbox, TEXT["att_shown"], tables, "syn_att_shown", default, format_func=attacks.label,
                       notice=False)
    view = computed(attacks.compute, attacks.Settings(fitted, secret, measured, shown), where=top)
    if view is None or view.chart is None:
        return
    with top:
        show_figure(view.chart, key="syn_fig_attacks")
        st.markdown(view.reading + "\n\n" + TEXT["att_bound_note"])
    st.markdown(view.details)
    if view.closest is not None:
        show_figure(view.closest, key="syn_fig_closest")
        st.markdown(view.closest_reading)
