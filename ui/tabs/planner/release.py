"""The release tab: the session's ledger and its budget, the button that draws the plan's release at
the total budget with OpenDP (on the table as it is: the release bounds contributions itself, with
fresh secret randomness), the values drawn with their four files, and the ledger's entries.

The ledger and the last release are kept in the session across pages (the session's budget); the
files are made only when downloaded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timezone

import pandas as pd
import streamlit as st

from dpcore.catalog import BUNDLED
from dpcore.export import safe_file_name
from dpcore.ledger import Ledger
from dpcore.protection import Protection
from ui.datasets import UPLOAD, Dataset
from ui.memo import shared_memo
from ui.page import PageContext, show_error, show_metrics
from ui.safe import md_escape
from ui.tabs.planner.common import BUDGET, at_total, keep_ledger, session_ledger
from ui.text.planner import TEXT
from ui.views.planner import cost, plan
from ui.views.planner import ledger as ledger_view
from ui.views.planner import release as plan_release
from ui.views.planner.pipeline_script import pipelinedp_script
from ui.views.planner.plan import PlanView, Row
from ui.widgets import delta_select

_DRAWN = "_plan_drawn"  # kept across pages: the session's last release (its ledger: common.session_ledger)


@dataclass(frozen=True, eq=False)
class DrawnRelease:
    """The last release drawn in this session, with what its report and scripts are made from: the
    plan's rows, the unit of protection, each accountant's total and the delta they were taken at."""

    release: plan_release.PlanRelease
    rows: tuple[Row, ...]
    protection: Protection
    totals: dict[str, float]
    delta: float


def tab(ctx: PageContext, settings: plan.Settings) -> None:
    """The ledger's figures over the button (filled once the button has been read), the release
    drawn with its files, and the ledger's entries."""
    view = at_total(settings)
    if view is None:
        return
    book = _ledger()
    top = st.container()
    book = _draw(book, view, ctx.dataset.table.frame, settings.protection, settings.delta)
    shown = ledger_view.compute(book, view.total_epsilon, view.total_delta)
    with top:
        show_metrics(shown.metrics)
        st.markdown(shown.text)
    last = _downloads(ctx.dataset)
    if last is not None:
        drawn, files = last
        st.subheader(TEXT["released_title"])
        st.table(plan_release.values_table(drawn), border="horizontal", hide_index=True)
        # a row that wraps (each button as wide as its label): four columns of a narrow panel cut the labels
        row = st.container(horizontal=True, gap="small")
        row.download_button(TEXT["release_csv"], files["csv"], "release.csv", "text/csv", key="plan_dl_csv",
                            on_click="ignore")
        row.download_button(TEXT["release_json"], files["json"], "release_report.json", "application/json",
                            key="plan_dl_json", on_click="ignore")
        row.download_button(TEXT["release_script"], files["py"], "redo_release.py", "text/x-python",
                            key="plan_dl_py", on_click="ignore")
        if "spark" in files:
            row.download_button(TEXT["release_spark"], files["spark"], "release_on_spark.py", "text/x-python",
                                key="plan_dl_spark", on_click="ignore", help=TEXT["release_spark_help"])
        else:
            st.caption(TEXT["release_spark_no_keys"])
        st.caption(TEXT["release_script_file"].format(file=md_escape(_script_data_name(ctx.dataset))))
    if shown.table is not None:
        st.subheader(TEXT["ledger_title"])
        st.table(shown.table, border="horizontal", hide_index=True)
        st.download_button(TEXT["ledger_download"], book.to_json(), "ledger.json", "application/json",
                           key="plan_dl_ledger", on_click="ignore")


def _ledger() -> Ledger:
    """The session's ledger under the budget typed here (a budget below what was spent is refused)."""
    left, right = st.columns([3, 2])
    epsilon = left.number_input(TEXT["ledger_budget"], min_value=0.001, max_value=1000.0, value=BUDGET[0], step=0.5,
                                key="plan_budget_eps", bind="query-params")  # common.BUDGET_KEYS: spend reads them
    delta = delta_select("plan_budget_delta", default=BUDGET[1], container=right)
    current = session_ledger()
    try:
        book = Ledger(epsilon, delta, current.entries if current else ())
    except ValueError as exc:
        show_error(exc)
        book = current or Ledger(epsilon, delta)
    keep_ledger(book)
    return book


def _draw(book: Ledger, view: PlanView, frame: pd.DataFrame, protection: Protection, delta: float) -> Ledger:
    """The button that draws the plan's release: recorded in the ledger first, refused past the
    budget. `frame` is the table before contribution bounding (the release bounds it with fresh
    secret randomness, never with the seed the plan's figures used). Returns the ledger after the click."""
    if not st.button(TEXT["release_draw"], key="plan_draw", type="primary", icon=":material/casino:"):
        return book
    good = [r for r in view.rows if not r.problem]
    try:
        after = book.record(", ".join(r.name for r in good), view.total_epsilon, view.total_delta,
                            datetime.now(timezone.utc))
        drawn = plan_release.release(frame, view.rows, protection)
        settings = cost.Settings(view.events, delta, view.histograms)
        totals = shared_memo("plan_cost", settings, lambda: cost.compute(settings)).totals
    except ValueError as exc:
        show_error(exc)
        return book
    keep_ledger(after)
    st.session_state[_DRAWN] = DrawnRelease(drawn, view.rows, protection, totals, delta)
    return after


def _script_data_name(dataset: Dataset) -> str:
    """The data file the generated scripts read: a bundled dataset's file, or the upload's name made
    safe (the name a browser sent is the user's text: `%22`, folders)."""
    return safe_file_name(dataset.name if dataset.key == UPLOAD else BUNDLED[dataset.key].file)


def _downloads(dataset: Dataset) -> tuple[plan_release.PlanRelease, dict[str, Callable[[], bytes | str]]] | None:
    """The last release drawn in this session and how to make each of its four files (made only
    when downloaded: the report and the script are built from the plan, not on every rerun). No
    Spark job for a plan with categories read from the data: the job releases declared ones only."""
    saved: DrawnRelease | None = st.session_state.get(_DRAWN)
    if saved is None:
        return None
    csv_name = _script_data_name(dataset)
    files: dict[str, Callable[[], bytes | str]] = {
        "csv": lambda: plan_release.values_csv(saved.release),
        "json": lambda: plan_release.report_json(saved.release, saved.rows, saved.protection, dict(saved.totals),
                                                 saved.delta, dataset=dataset.name, file_name=csv_name),
        "py": lambda: plan_release.opendp_script(saved.rows, saved.protection, csv_name),
    }
    if not any(row.item.select_keys for row in saved.rows if not row.problem):
        files["spark"] = lambda: pipelinedp_script(saved.rows, saved.protection, csv_name)
    return saved.release, files
