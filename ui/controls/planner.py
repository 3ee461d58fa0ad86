"""Control groups of the release planner: who is protected, the list of statistics, the budget.

The plan (a tuple of `Item`s) lives in the session and in the address (`?plan=<json>`), so a
prepared link opens the same plan. Each listed statistic keeps its own widgets, keyed by a stable
id, so removing one does not shift the others' values.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timezone

import pandas as pd
import streamlit as st

from dpcore.catalog import BUNDLED, declared_bounds, public_categories, typical_bounds
from dpcore.counting import is_numeric_column
from dpcore.errors import DPError
from dpcore.export import safe_file_name
from dpcore.ledger import Ledger
from dpcore.mechanisms import NOISE_KINDS
from dpcore.protection import Protection, bound_contributions
from dpcore.statistics import QUANTILE_MECHANISM
from ui import fmt
from ui.components import spend
from ui.datasets import UPLOAD, Dataset
from ui.errors import message
from ui.memo import shared_memo
from ui.page import PageContext, show_error, show_metrics
from ui.reading import Block
from ui.safe import md_escape
from ui.state import url_choice
from ui.text.common import TEXT as COMMON
from ui.text.planner import TEXT
from ui.text.planner_sensitivity import TEXT as SENS
from ui.views.planner import cost
from ui.views.planner import ledger as ledger_view
from ui.views.planner import release as plan_release
from ui.views.planner.items import STAT_KINDS, Item, from_json, to_json
from ui.views.planner.pipeline_script import pipelinedp_script
from ui.views.planner.plan import PlanView, Row, name_of, unique_names
from ui.widgets import delta_select

_PLAN, _UIDS, _NEXT, _FOR = "_plan_items", "_plan_uids", "_plan_next_uid", "_plan_dataset"
_LEDGER, _DRAWN = "_plan_ledger", "_plan_drawn"  # kept across pages: the session's budget and last release
_SPEND = {"budget": "plan_weights", "accuracy": "plan_targets"}  # keys of the spend inputs


@dataclass(frozen=True, eq=False)
class DrawnRelease:
    """The last release drawn in this session, with what its report and scripts are made from: the
    plan's rows, the unit of protection, each accountant's total and the delta they were taken at."""

    release: plan_release.PlanRelease
    rows: tuple[Row, ...]
    protection: Protection
    totals: dict[str, float]
    delta: float


def public_bounds(dataset: Dataset, column: str) -> tuple[tuple[float, float] | None, str]:
    """Bounds a page may use without reading the data: documented, else typical for the name."""
    documented = declared_bounds(dataset.key, column)
    if documented is not None:
        return documented, TEXT["source_catalog"]
    typical = typical_bounds(column)
    return (typical, TEXT["source_typical"]) if typical is not None else (None, TEXT["source_none"])


def default_plan(dataset: Dataset) -> tuple[Item, ...]:
    """A starting plan: the count of rows, a histogram of a declared categorical column and the
    mean of a column with public bounds, where the dataset has them."""
    items = [Item("count")]
    frame = dataset.table.frame
    for column in frame.columns:
        categories = public_categories(dataset.key, str(column))
        if categories:
            items.append(Item("histogram", str(column), categories=categories))
            break
    for column in frame.columns:
        bounds, _ = public_bounds(dataset, str(column))
        if bounds is not None and is_numeric_column(frame, str(column)):
            items.append(Item("mean", str(column), lower=bounds[0], upper=bounds[1]))
            break
    return tuple(items)


def _set_items(items: tuple[Item, ...], uids: list[int]) -> None:
    st.session_state[_PLAN], st.session_state[_UIDS] = items, uids
    keep_in_address()


def _start(dataset: Dataset) -> None:
    """The plan of the address on a session's first visit, else the dataset's default plan;
    a new dataset starts a new plan (the old one named columns it may not have)."""
    if st.session_state.get(_FOR) == dataset.ident and _PLAN in st.session_state:
        return
    items: tuple[Item, ...] | None = None
    if _FOR not in st.session_state and "plan" in st.query_params:
        try:
            items = from_json(st.query_params["plan"])
        except ValueError as exc:
            show_error(exc)
    if items is None:
        items = default_plan(dataset)
        st.caption(TEXT["default_plan_note"])
    st.session_state[_FOR] = dataset.ident
    first = st.session_state.get(_NEXT, 0)  # ids never reused: what was typed for the old plan stays there
    st.session_state[_NEXT] = first + len(items)
    _set_items(items, list(range(first, first + len(items))))


def protection(ctx: PageContext) -> tuple[Protection, pd.DataFrame, str]:
    """The unit of protection, the data after contribution bounding, and the sentence saying how."""
    frame = ctx.dataset.table.frame
    unit = url_choice(st.radio, TEXT["unit"], ("row", "person"), "plan_unit",
                      format_func=lambda u: TEXT[f"unit_{u}"], horizontal=True)
    if unit == "row":
        return Protection(), frame, TEXT["explain_row"]
    m_col, id_col = st.columns(2)
    m = int(m_col.number_input(TEXT["rows_per_person"], min_value=1, max_value=10_000, value=2, step=1,
                               key="plan_m", bind="query-params"))
    none = TEXT["no_id_column"]
    id_column = id_col.selectbox(TEXT["id_column"], [none, *map(str, frame.columns)], key="plan_id")
    if id_column == none:
        return Protection(m), frame, TEXT["explain_person_promised"].format(m=m)
    # The plan's figures: rows kept with the seed (a simulation). A release bounds the table again
    # with fresh secret randomness (plan_release.release); the counts here are data facts, said so.
    bounded = bound_contributions(frame, id_column, m, ctx.rng("planner_contributions"))
    sentence = " ".join((
        TEXT["explain_person_bounded"].format(m=m, column=id_column), TEXT["bounding_draws"],
        TEXT["bounded_rows"].format(dropped=fmt.plural(bounded.dropped_rows, TEXT["row_one"], TEXT["row_many"]),
                                    rows=fmt.plural(len(frame), TEXT["row_one"], TEXT["row_many"]),
                                    people=fmt.people(bounded.people)),
        TEXT["bounded_not_private"]))
    return Protection(m, id_column), bounded.frame, sentence


def _item_controls(item: Item, uid: int) -> Item | None:
    """One listed statistic: its name and noise; None when removed. Its weight or target is set
    beside the results (`spend_inputs`)."""
    with st.container(border=True):
        head = st.container(horizontal=True, vertical_alignment="center", horizontal_alignment="distribute")
        head.markdown(f"**{md_escape(name_of(item))}**", width="content")
        if head.button(TEXT["remove"], key=f"plan_rm_{uid}", icon=":material/delete:", type="tertiary"):
            return None
        if item.kind == "quantile":
            st.caption(TEXT["mechanism_selection"])
            return item
        mechanism = st.selectbox(TEXT["mechanism"], NOISE_KINDS, index=NOISE_KINDS.index(item.mechanism),
                                 format_func=lambda k: COMMON[f"mechanism_{k}"], key=f"plan_mech_{uid}")
        return replace(item, mechanism=mechanism)


def plan_items(ctx: PageContext) -> None:
    """The listed statistics with their widgets, and the form that adds one."""
    _start(ctx.dataset)
    items, uids = st.session_state[_PLAN], st.session_state[_UIDS]
    if not items:
        st.info(TEXT["empty_plan"])
    kept = [(new, uid) for item, uid in zip(items, uids) if (new := _item_controls(item, uid)) is not None]
    new_items, new_uids = tuple(i for i, _ in kept), [u for _, u in kept]
    added = add_statistic(ctx.dataset)
    if added is not None:
        new_items, new_uids = new_items + (added,), new_uids + [st.session_state[_NEXT]]
        st.session_state[_NEXT] += 1
    if new_items != items or new_uids != uids:
        _set_items(new_items, new_uids)
        if len(new_uids) != len(uids):
            st.rerun()  # redraw the list at once (a removed card must not linger one run)


def spend_plan(direction: str) -> tuple[Item, ...]:
    """The plan with the weights (a total budget in) or targets (targets in) last typed in
    `spend_inputs`, kept in the session (and in the address by `keep_in_address`)."""
    items, uids = st.session_state[_PLAN], st.session_state[_UIDS]
    sent = spend.typed(_SPEND[direction])
    if direction == "budget":
        new = tuple(replace(i, weight=sent[u] or 0.0) if u in sent else i for i, u in zip(items, uids))
    else:
        new = tuple(replace(i, target=sent[u] or None) if u in sent else i for i, u in zip(items, uids))
    st.session_state[_PLAN] = new
    return new


def keep_in_address() -> None:
    """Write the plan into the address if a typed number changed it. Call it last in the fragment:
    the address then reaches the browser with the run's end and is drawn with it, rather than
    costing a redraw of the whole page of its own (LEARNED.md, "A typed number")."""
    encoded = to_json(st.session_state[_PLAN])
    if st.query_params.get("plan") != encoded:
        st.query_params["plan"] = encoded


def spend_inputs(direction: str, blocks: Sequence[Block] = (), chart: str = "") -> None:
    """Each listed statistic's weight or target accuracy, side by side under one heading (drawn
    apart, `spend_heading`) and named by its statistic, with `blocks` of text under them: one
    element, so that a typed number reruns little. `chart`: the container of a chart that reads the
    targets as they are typed (ui/components/spend)."""
    items, uids = st.session_state[_PLAN], st.session_state[_UIDS]
    if not items:
        return
    budget = direction == "budget"
    spend.spend_inputs(_SPEND[direction], unique_names(items), uids, [i.weight if budget else i.target for i in items],
                       "" if budget else TEXT["target_placeholder"], 0.5 if budget else 1.0, blocks, chart)


def spend_heading(direction: str) -> None:
    """What the numbers of `spend_inputs` are: weights or target accuracies."""
    if st.session_state[_PLAN]:
        st.markdown(f"**{TEXT['weight' if direction == 'budget' else 'target']}**")


def add_statistic(dataset: Dataset) -> Item | None:
    """The "Add a statistic" panel: kind, column and its public facts; the item when Add is clicked."""
    frame = dataset.table.frame
    columns = [str(c) for c in frame.columns]
    # keyed, it stays open as it changes; its body is drawn only while open (fewer elements for every
    # rerun of the page to redraw: a typed target, LEARNED.md)
    panel = st.expander(TEXT["add_title"], icon=":material/add:", key="plan_add_open", on_change="rerun")
    if not panel.open:
        return None
    with panel:
        kind = st.radio(TEXT["stat_kind"], STAT_KINDS, format_func=lambda k: TEXT[f"kind_{k}"], key="plan_add_kind")
        numeric = [c for c in columns if is_numeric_column(frame, c)]
        choices = columns if kind in ("count", "histogram") else numeric
        if kind != "count" and not choices:
            st.info(TEXT["no_numeric"])
            return None
        item = Item(kind)
        if kind == "count":
            column = st.selectbox(TEXT["filter_column"], [TEXT["no_filter"], *columns], key="plan_add_fcol")
            if column != TEXT["no_filter"]:
                value = st.text_input(TEXT["filter_value"], key="plan_add_fval")
                item = Item("count", column, equals=value or None) if value else item
        else:
            column = st.selectbox(TEXT["stat_column"], choices, key="plan_add_col")
            item = _described(dataset, kind, column)
        clicked = st.button(TEXT["add_button"], key="plan_add", type="primary", disabled=item is None)
    return item if clicked else None


def _described(dataset: Dataset, kind: str, column: str) -> Item | None:
    """The public facts a statistic of `column` needs: declared categories or public bounds."""
    categories = public_categories(dataset.key, column)
    if kind == "histogram" and (categories or not is_numeric_column(dataset.table.frame, column)):
        typed = st.text_area(TEXT["categories"], value="\n".join(categories or ()), help=TEXT["categories_help"],
                             key=f"plan_add_cats_{column}")
        declared = tuple(dict.fromkeys(line.strip() for line in typed.splitlines() if line.strip()))
        return Item("histogram", column, categories=declared) if declared else None
    bounds, source = public_bounds(dataset, column)
    st.caption(TEXT["bounds_source"].format(source=source))
    lo, hi = st.columns(2)
    lower = lo.number_input(TEXT["lower"], value=None if bounds is None else bounds[0], key=f"plan_add_lo_{column}")
    upper = hi.number_input(TEXT["upper"], value=None if bounds is None else bounds[1], key=f"plan_add_hi_{column}")
    if lower is None or upper is None:
        return None
    if kind == "histogram":
        bins = st.number_input(TEXT["bins"], min_value=1, max_value=200, value=10, key="plan_add_bins")
        return Item("histogram", column, lower=lower, upper=upper, bins=int(bins))
    if kind == "quantile":
        q = st.number_input(TEXT["quantile_q"], min_value=0.01, max_value=0.99, value=0.5, step=0.05, key="plan_add_q")
        return Item("quantile", column, mechanism=QUANTILE_MECHANISM, lower=lower, upper=upper, q=q)
    return Item(kind, column, lower=lower, upper=upper)  # type: ignore[arg-type]


def the_plan(ctx: PageContext) -> tuple[Protection, pd.DataFrame, str]:
    """The left side of the planner: who is protected (and the data after contribution bounding),
    whether a total budget or targets are given, and the statistics listed (`listed`)."""
    st.subheader(TEXT["section_unit"])
    if getattr(BUNDLED.get(ctx.dataset.key), "weight_column", None):
        st.info(TEXT["aggregated"])
    try:
        unit, frame, sentence = protection(ctx)
        st.caption(sentence)
    except ValueError as exc:
        show_error(exc)
        unit, frame = Protection(), ctx.dataset.table.frame
    st.subheader(TEXT["section_statistics"])
    chosen = direction()
    plan_items(ctx)
    return unit, frame, chosen


def listed() -> tuple[Item, ...]:
    """The plan as it is now: its statistics with their latest weights and targets."""
    return st.session_state[_PLAN]


def direction() -> str:
    """What the user knows: the total budget ("budget") or the accuracy each statistic needs."""
    return url_choice(st.radio, TEXT["direction"], ("budget", "accuracy"), "plan_direction",
                      format_func=lambda d: TEXT[f"direction_{d}"], horizontal=True)


def total_delta() -> float:
    """The total δ (the total ε is the plan chart's own slider, pages/6_Release_planner.py)."""
    return delta_select("plan_delta", default=1e-6)


def sensitivity_inputs(dataset: Dataset, frame: pd.DataFrame) -> tuple[str | None, float | None, float | None]:
    """The sensitivity tab's numeric column and its public bounds (documented or typical, else typed)."""
    numeric = [str(c) for c in frame.columns if is_numeric_column(frame, str(c))]
    if not numeric:
        st.info(SENS["no_numeric"])
        return None, None, None
    column = st.selectbox(SENS["column"], numeric, key="plan_sens_col")
    bounds, source = public_bounds(dataset, column)
    st.caption(TEXT["bounds_source"].format(source=source))
    lo, hi = st.columns(2)
    lower = lo.number_input(SENS["lower"], value=None if bounds is None else bounds[0], key=f"plan_sens_lo_{column}")
    upper = hi.number_input(SENS["upper"], value=None if bounds is None else bounds[1], key=f"plan_sens_hi_{column}")
    if lower is None or upper is None:  # a request to type them, not an error
        st.info(message(DPError("bounds_missing.public", column=md_escape(column))))
        return None, None, None
    return column, lower, upper


def ledger() -> Ledger:
    """The session's ledger under the budget typed here (a budget below what was spent is refused)."""
    left, right = st.columns([3, 2])
    epsilon = left.number_input(TEXT["ledger_budget"], min_value=0.001, max_value=1000.0, value=3.0, step=0.5,
                                key="plan_budget_eps", bind="query-params")
    delta = delta_select("plan_budget_delta", default=1e-5, container=right)
    current: Ledger | None = st.session_state.get(_LEDGER)
    try:
        book = Ledger(epsilon, delta, current.entries if current else ())
    except ValueError as exc:
        show_error(exc)
        book = current or Ledger(epsilon, delta)
    st.session_state[_LEDGER] = book
    return book


def draw_release(book: Ledger, view: PlanView, frame: pd.DataFrame, protection: Protection, delta: float) -> Ledger:
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
    st.session_state[_LEDGER] = after
    st.session_state[_DRAWN] = DrawnRelease(drawn, view.rows, protection, totals, delta)
    return after


def script_data_name(dataset: Dataset) -> str:
    """The data file the generated scripts read: a bundled dataset's file, or the upload's name made
    safe (the name a browser sent is the user's text: `%22`, folders)."""
    return safe_file_name(dataset.name if dataset.key == UPLOAD else BUNDLED[dataset.key].file)


def downloads(dataset: Dataset) -> tuple[plan_release.PlanRelease, dict[str, Callable[[], bytes | str]]] | None:
    """The last release drawn in this session and how to make each of its four files (made only
    when downloaded: the report and the script are built from the plan, not on every rerun)."""
    saved: DrawnRelease | None = st.session_state.get(_DRAWN)
    if saved is None:
        return None
    csv_name = script_data_name(dataset)
    return saved.release, {
        "csv": lambda: plan_release.values_csv(saved.release),
        "json": lambda: plan_release.report_json(saved.release, saved.rows, saved.protection, dict(saved.totals),
                                                 saved.delta),
        "py": lambda: plan_release.opendp_script(saved.rows, saved.protection, csv_name),
        "spark": lambda: pipelinedp_script(saved.rows, saved.protection, csv_name),
    }


def release_panel(ctx: PageContext, view: PlanView, protection: Protection, delta: float) -> None:
    """The release tab: the ledger and its budget, the button that draws the release (on the table as
    it is: the release bounds contributions itself), the values drawn with their four files, and the
    ledger's entries."""
    book = ledger()
    top = st.container()  # the ledger's figures, filled once the button has been read
    book = draw_release(book, view, ctx.dataset.table.frame, protection, delta)
    shown = ledger_view.compute(book, view.total_epsilon, view.total_delta)
    with top:
        show_metrics(shown.metrics)
        st.markdown(shown.text)
    last = downloads(ctx.dataset)
    if last is not None:
        drawn, files = last
        st.subheader(TEXT["released_title"])
        st.table(plan_release.values_table(drawn), border="horizontal", hide_index=True)
        a, b, c, d = st.columns(4)
        a.download_button(TEXT["release_csv"], files["csv"], "release.csv", "text/csv", key="plan_dl_csv",
                          on_click="ignore")
        b.download_button(TEXT["release_json"], files["json"], "release_report.json", "application/json",
                          key="plan_dl_json", on_click="ignore")
        c.download_button(TEXT["release_script"], files["py"], "redo_release.py", "text/x-python",
                          key="plan_dl_py", on_click="ignore")
        d.download_button(TEXT["release_spark"], files["spark"], "release_on_spark.py", "text/x-python",
                          key="plan_dl_spark", on_click="ignore", help=TEXT["release_spark_help"])
        st.caption(TEXT["release_script_file"].format(file=md_escape(script_data_name(ctx.dataset))))
    if shown.table is not None:
        st.subheader(TEXT["ledger_title"])
        st.table(shown.table, border="horizontal", hide_index=True)
        st.download_button(TEXT["ledger_download"], book.to_json(), "ledger.json", "application/json",
                           key="plan_dl_ledger", on_click="ignore")
