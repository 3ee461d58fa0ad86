"""What the planner's tabs share: the plan kept in the session and the address, the total budget's
slider (the accuracy chart's own, ui/chart_slider.py), the total delta, and the plan at the total.

The plan (a tuple of `Item`s) lives in the session and in the address (`?plan=<json>`), so a
prepared link opens the same plan: the left side (`the_plan`) lists its statistics, the accuracy
tab types their weights or targets, and every tab reads it as it is now (`listed`).

The session's ledger (dpcore.ledger) is kept here too: the release tab shows it under the budget
typed there, and any tab that spends part of that budget (a private suggestion of bounds) records
it with `spend`.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timezone

import pandas as pd
import streamlit as st

from dpcore.catalog import declared_bounds, typical_bounds
from dpcore.ledger import Ledger
from dpcore.limits import DELTA_GRID
from dpcore.protection import Protection
from ui import fmt
from ui.chart_slider import ChartSlider
from ui.datasets import Dataset
from ui.page import PageContext, computed, show_error, show_figure, show_rows
from ui.reading import Rows
from ui.state import bound_of
from ui.text.planner import TEXT
from ui.views.planner import plan
from ui.views.planner.items import Item, to_json
from ui.widgets import delta_select

TOTAL = ChartSlider("plan_eps", field="total_epsilon")
PLAN, UIDS = "_plan_items", "_plan_uids"  # the listed statistics and their widgets' stable ids
LEDGER = "_plan_ledger"  # the session's ledger, kept across pages (the release tab's budget)
BUDGET_KEYS = "plan_budget_eps", "plan_budget_delta"  # the release tab's budget widgets, bound to the address
BUDGET = 3.0, 1e-5  # the budget (epsilon, delta) until one is typed


def bound_keys(uid: int) -> tuple[str, str]:
    """The keys of a listed statistic's two bound boxes (the left side's), by its stable id: a tab
    that changes the bounds sets them too, or the boxes would put the old ones back."""
    return f"plan_lo_{uid}", f"plan_hi_{uid}"


def listed() -> tuple[Item, ...]:
    """The plan as it is now: its statistics with their latest weights and targets."""
    return st.session_state[PLAN]


def keep_in_address() -> None:
    """Write the plan into the address if a typed number changed it. Call it last in the fragment:
    the address then reaches the browser with the run's end and is drawn with it, rather than
    costing a redraw of the whole page of its own (LEARNED.md, "A typed number")."""
    encoded = to_json(st.session_state[PLAN])
    if st.query_params.get("plan") != encoded:
        st.query_params["plan"] = encoded


def public_bounds(dataset: Dataset, column: str) -> tuple[tuple[float, float] | None, str]:
    """Bounds a page may use without reading the data: documented, else typical for the name."""
    documented = declared_bounds(dataset.key, column)
    if documented is not None:
        return documented, TEXT["source_catalog"]
    typical = typical_bounds(column)
    return (typical, TEXT["source_typical"]) if typical is not None else (None, TEXT["source_none"])


def settings(ctx: PageContext, protection: Protection, frame: pd.DataFrame, direction: plan.Direction) -> plan.Settings:
    """The plan's settings as they are now: the listed statistics, the total delta (its widget drawn
    here) and, a total budget in, the chart slider's total epsilon. `frame` (after contribution
    bounding with the seed's draw) is known by the dataset's ident and the seed."""
    delta = delta_select("plan_delta", default=1e-6)
    return plan.Settings(frame, (ctx.dataset.ident, ctx.seed), protection, listed(), direction,
                         TOTAL.value() if direction == "budget" else 0.0, delta)


def at_total(s: plan.Settings) -> plan.PlanView | None:
    """The plan at the server's total budget (an ordinary slider on it), for the tabs that need it."""
    if s.direction == "budget":
        s = replace(s, total_epsilon=TOTAL.widget(TEXT["total_epsilon"]))
    return computed(plan.compute, s)


def session_ledger() -> Ledger | None:
    """The session's ledger, None before anything was drawn or the release tab was opened."""
    return st.session_state.get(LEDGER)


def keep_ledger(book: Ledger) -> None:
    """Keep `book` as the session's ledger."""
    st.session_state[LEDGER] = book


def _budget() -> tuple[float, float]:
    """The budget the release tab's widgets would open on: the address's (a link, or what was typed
    there), else `BUDGET`."""
    eps_key, delta_key = BUDGET_KEYS
    epsilon, delta = BUDGET
    typed = st.query_params.get(eps_key, "")
    bound = bound_of(eps_key)
    if typed and bound is not None and bound.accepts(typed):
        epsilon = float(typed)
    labels = {fmt.tiny(d): d for d in DELTA_GRID}  # the delta slider keeps its label in the address
    return epsilon, labels.get(st.query_params.get(delta_key, ""), delta)


def spend(what: str, epsilon: float, delta: float = 0.0) -> bool:
    """Record a release of (epsilon, delta) outside the plan's own (a private suggestion of bounds)
    in the session's ledger, created as the release tab creates it when missing. False, with the
    refusal shown, when the budget does not allow it: then nothing may be drawn."""
    book = session_ledger()
    try:
        if book is None:
            book = Ledger(*_budget())
        after = book.record(what, epsilon, delta, datetime.now(timezone.utc))
    except ValueError as exc:
        show_error(exc)
        if book is not None:
            keep_ledger(book)
        return False
    keep_ledger(after)
    return True


def pick_statistic(names: list[str], label: str, key: str) -> int:
    """The place of the statistic a tab's chart shows: a select box when the plan has several."""
    if len(names) < 2:
        return 0
    chosen = st.selectbox(label, names, key=key)
    return names.index(chosen) if chosen in names else 0


def show_analysis(chart: dict | None, text: str, table: Rows, key: str) -> None:
    """A tab's chart (if any), its reading and its table (if any), as the bound tabs draw them."""
    if chart is not None:
        show_figure(chart, key=key)
    st.markdown(text)
    if table:
        show_rows(table)
