"""The planner's two sides: on the left the plan, who is protected (and the data after contribution
bounding), whether a total budget or targets are given, and the statistics listed, with the form that
adds one; on the right what the plan gives, one tab each (`plan_and_results`).

Each listed statistic keeps its own widgets, keyed by a stable id, so removing one does not shift
the others' values. The plan is kept in the session and the address (ui/tabs/planner/common.py).
"""

from __future__ import annotations

from dataclasses import replace

import pandas as pd
import streamlit as st

from dpcore.catalog import BUNDLED, public_categories
from dpcore.counting import is_numeric_column
from dpcore.limits import MAX_CATEGORIES
from dpcore.mechanisms import NOISE_KINDS
from dpcore.protection import Protection, bound_contributions
from dpcore.statistics import QUANTILE_MECHANISM
from ui import fmt
from ui.datasets import UPLOAD, Dataset
from ui.page import PageContext, show_error
from ui.safe import md_escape
from ui.state import Tabs, url_choice, url_tabs
from ui.tabs.planner.common import PLAN, UIDS, bound_keys, keep_in_address, public_bounds, settings
from ui.text.common import TEXT as COMMON
from ui.text.planner import TEXT
from ui.views.planner.items import STAT_KINDS, Item, from_json, keyed
from ui.views.planner.plan import Direction, name_of

_NEXT, _FOR = "_plan_next_uid", "_plan_dataset"
_LINKED = "_plan_linked"  # the plan of a link made with an upload, until a file is uploaded
_LINKED_ID = "_plan_linked_id"  # ... and its ID column
CATEGORIES_FILE_BYTES = 100_000  # a list of categories is short: 200 names fit in a few kilobytes


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
    st.session_state[PLAN], st.session_state[UIDS] = items, uids
    keep_in_address()


def _start(dataset: Dataset) -> None:
    """The plan of the address on a session's first visit, else the dataset's default plan;
    a new dataset starts a new plan (the old one named columns it may not have). A link made with
    an upload keeps its plan aside until a file is uploaded, and opens it then."""
    if st.session_state.get(_FOR) == dataset.ident and PLAN in st.session_state:
        return
    items: tuple[Item, ...] | None = None
    if _FOR not in st.session_state and "plan" in st.query_params:
        try:
            items = from_json(st.query_params["plan"])
        except ValueError as exc:
            show_error(exc)
        if items is not None and st.session_state.get("data") == UPLOAD and dataset.key != UPLOAD:
            st.session_state[_LINKED], items = items, None  # for the file the link was made with
    elif dataset.key == UPLOAD and _LINKED in st.session_state:
        items = st.session_state.pop(_LINKED)
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
    columns = [str(c) for c in frame.columns]
    _carry_id_column(ctx.dataset, columns)
    id_column = url_choice(id_col.selectbox, TEXT["id_column"], ["", *columns], "plan_id", "", notice=False,
                           format_func=lambda c: c or TEXT["no_id_column"])
    if not id_column:
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


def _carry_id_column(dataset: Dataset, columns: list[str]) -> None:
    """The ID column is in the address (`?plan_id=`), so a link protects the same people. A link made
    with an upload names a column of that file: kept aside until a file is uploaded (as its plan,
    `_start`), then chosen if the file has it. Without this a visitor's release would bound nobody's
    rows while the page still promised m rows per person."""
    linked = st.query_params.get("plan_id")
    waiting = dataset.key != UPLOAD and st.session_state.get("data") == UPLOAD  # the link's file is not here yet
    if "plan_id" not in st.session_state and linked and waiting:
        st.session_state[_LINKED_ID] = linked
    elif dataset.key == UPLOAD and _LINKED_ID in st.session_state:
        if (kept := st.session_state.pop(_LINKED_ID)) in columns:
            st.session_state["plan_id"] = kept


def _item_controls(item: Item, uid: int) -> Item | None:
    """One listed statistic: its name and noise; None when removed. Its weight or target is set
    in the accuracy tab (ui/tabs/planner/plan.py)."""
    with st.container(border=True):
        head = st.container(horizontal=True, vertical_alignment="center", horizontal_alignment="distribute")
        head.markdown(f"**{md_escape(name_of(item))}**", width="content")
        if head.button(TEXT["remove"], key=f"plan_rm_{uid}", icon=":material/delete:", type="tertiary"):
            return None
        item = _facts(item, uid)
        if item.kind == "quantile":
            st.caption(TEXT["mechanism_selection"])
            return item
        if item.select_keys:
            st.caption(TEXT["keys_mechanism"])
            return item
        mechanism = st.selectbox(TEXT["mechanism"], NOISE_KINDS, index=NOISE_KINDS.index(item.mechanism),
                                 format_func=lambda k: COMMON[f"mechanism_{k}"], key=f"plan_mech_{uid}")
        return replace(item, mechanism=mechanism)


def _facts(item: Item, uid: int) -> Item:
    """The public facts a listed statistic was given (bounds, categories), shown and editable."""
    if item.select_keys:
        st.caption(TEXT["facts_keys"])
        return item
    if item.categories:
        shown = TEXT["facts_categories"].format(n=len(item.categories), labels=", ".join(item.categories[:6])
                                                + (" …" if len(item.categories) > 6 else ""))
    elif item.lower is not None and item.upper is not None:
        bounds = float(item.lower), float(item.upper)
        shown = TEXT["facts_bounds"].format(lower=fmt.number(bounds[0], 6), upper=fmt.number(bounds[1], 6))
    else:
        return item
    st.caption(md_escape(shown))
    with st.popover(TEXT["facts_edit"], icon=":material/edit:"):
        if item.categories:
            typed = st.text_area(TEXT["categories"], value="\n".join(item.categories), help=TEXT["categories_help"],
                                 key=f"plan_cats_{uid}")
            declared = parse_categories(typed)
            return replace(item, categories=declared) if declared else item
        lo, hi = st.columns(2)
        keys = bound_keys(uid)
        for key, value in zip(keys, bounds, strict=True):  # the value lives in the session: another tab may set it
            st.session_state.setdefault(key, value)
        lower = lo.number_input(TEXT["lower"], format="%.10g", key=keys[0])
        upper = hi.number_input(TEXT["upper"], format="%.10g", key=keys[1])
        if lower >= upper:
            st.warning(TEXT["facts_bounds_order"])
            return item
        return replace(item, lower=float(lower), upper=float(upper))


def _categories_file(key: str) -> None:
    """A file of categories (one per line, or separated by commas), read into the text box `key` once
    per file: a public list someone keeps (the official counties), never the data itself."""
    upload = st.file_uploader(TEXT["categories_file"], type=["txt", "csv"], key="plan_add_cats_file",
                              help=TEXT["categories_file_help"], max_upload_size=1)  # MB: the browser refuses more
    seen = f"{key}:{upload.file_id}" if upload is not None else ""  # this session's own marker, nothing shared
    if upload is None or st.session_state.get("_plan_cats_file") == seen:
        return
    st.session_state["_plan_cats_file"] = seen
    if upload.size > CATEGORIES_FILE_BYTES:
        st.warning(TEXT["categories_file_big"].format(limit=fmt.number(CATEGORIES_FILE_BYTES // 1000)))
        return
    try:
        found = parse_categories(upload.getvalue().decode("utf-8-sig"))
    except UnicodeDecodeError:
        st.warning(TEXT["categories_file_not_text"])
        return
    if not found or len(found) > MAX_CATEGORIES:
        st.warning(TEXT["categories_file_count"].format(n=len(found), limit=MAX_CATEGORIES))
        return
    st.session_state[key] = "\n".join(found)


def parse_categories(typed: str) -> tuple[str, ...]:
    """Categories as typed or pasted: one per line, or separated by commas or semicolons; blanks and
    repeats dropped, the order kept."""
    parts = (part.strip() for line in typed.splitlines() for part in line.replace(";", ",").split(","))
    return tuple(dict.fromkeys(part for part in parts if part))


def plan_items(ctx: PageContext) -> None:
    """The listed statistics with their widgets, and the form that adds one."""
    _start(ctx.dataset)
    items, uids = st.session_state[PLAN], st.session_state[UIDS]
    if not items:
        st.info(TEXT["empty_plan"])
    kept = [(new, uid) for item, uid in zip(items, uids, strict=True) if (new := _item_controls(item, uid)) is not None]
    new_items, new_uids = tuple(i for i, _ in kept), [u for _, u in kept]
    added = add_statistic(ctx.dataset)
    if added is not None:
        new_items, new_uids = new_items + (added,), new_uids + [st.session_state[_NEXT]]
        st.session_state[_NEXT] += 1
    if new_items != items or new_uids != uids:
        _set_items(new_items, new_uids)
        if len(new_uids) != len(uids):
            st.rerun()  # redraw the list at once (a removed card must not linger one run)


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
        item: Item | None = Item(kind)
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
    """The public facts a statistic of `column` needs: declared categories or public bounds, or for
    a histogram its categories read from the data by key selection (at a share of delta)."""
    categories = public_categories(dataset.key, column)
    if kind == "histogram" and st.toggle(TEXT["keys_toggle"], key="plan_add_keys", help=TEXT["keys_toggle_help"]):
        st.caption(TEXT["keys_cost"])
        return keyed(Item("histogram", column))
    if kind == "histogram" and (categories or not is_numeric_column(dataset.table.frame, column)):
        key = f"plan_add_cats_{column}"
        st.session_state.setdefault(key, "\n".join(categories or ()))
        _categories_file(key)
        typed = st.text_area(TEXT["categories"], help=TEXT["categories_help"], key=key)
        declared = parse_categories(typed)
        return Item("histogram", column, categories=declared) if declared else None
    bounds, source = public_bounds(dataset, column)
    st.caption(TEXT["bounds_source"].format(source=source))
    lo, hi = st.columns(2)
    lower = lo.number_input(TEXT["lower"], value=None if bounds is None else bounds[0], format="%.10g",
                            key=f"plan_add_lo_{column}")  # 250000, never "250000.00" cut to "25" in a narrow box
    upper = hi.number_input(TEXT["upper"], value=None if bounds is None else bounds[1], format="%.10g",
                            key=f"plan_add_hi_{column}")
    if lower is None or upper is None:
        return None
    if kind == "histogram":
        bins = st.number_input(TEXT["bins"], min_value=1, max_value=200, value=10, key="plan_add_bins")
        return Item("histogram", column, lower=lower, upper=upper, bins=int(bins))
    if kind == "quantile":
        q = st.number_input(TEXT["quantile_q"], min_value=0.01, max_value=0.99, value=0.5, step=0.05, key="plan_add_q")
        return Item("quantile", column, mechanism=QUANTILE_MECHANISM, lower=lower, upper=upper, q=q)
    return Item(kind, column, lower=lower, upper=upper)  # type: ignore[arg-type]


def panel(ctx: PageContext) -> tuple[Protection, pd.DataFrame, Direction]:
    """The left side of the planner: who is protected (and the data after contribution bounding),
    whether a total budget or targets are given, and the statistics listed (common.listed)."""
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


def direction() -> Direction:
    """What the user knows: the total budget ("budget") or the accuracy each statistic needs."""
    return url_choice(st.radio, TEXT["direction"], ("budget", "accuracy"), "plan_direction",
                      format_func=lambda d: TEXT[f"direction_{d}"], horizontal=True)




@st.fragment
def plan_and_results(ctx: PageContext, tabs: Tabs) -> None:
    """The plan (left) and what it gives in `tabs` (right). A change of the plan (a statistic, its
    noise, who is protected) reruns both sides, never the sidebar."""
    left, right = st.columns([2, 3], gap="large")
    with left:
        protected, frame, chosen = panel(ctx)
    with right:
        _results(ctx, tabs, protected, frame, chosen)


@st.fragment
def _results(ctx: PageContext, tabs: Tabs, protected: Protection, frame: pd.DataFrame, chosen: Direction) -> None:
    """What the plan gives, in tabs, with the plan read as it is now (a weight or target may be typed
    after this fragment's arguments were taken)."""
    url_tabs("plan_tab", tabs, ctx, settings(ctx, protected, frame, chosen))
