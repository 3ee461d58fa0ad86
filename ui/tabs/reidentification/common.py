"""What the Re-identification page's parts share: the quasi-identifier picker above the parts (its
columns, how numbers are binned, the weight column of an aggregated table), and the voter list's
controls (simulated with a share of the table's people, or an uploaded CSV kept for the session)
that parts 2 and 3 draw alike."""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from dpcore.io import LoadedTable, load_csv
from dpcore.limits import MAX_UPLOAD_HELD_MB, MAX_UPLOAD_MB
from ui import fmt
from ui.datasets import offer_bundled
from ui.errors import message
from ui.page import PageContext
from ui.safe import md_escape
from ui.state import address_changed, address_notice, bound_select_slider, url_choice
from ui.text.common import TEXT as COMMON
from ui.text.reidentification import TEXT
from ui.upload_memory import drop_uploaded_bytes, use_system_allocator
from ui.upload_store import content_ident, table_bytes
from ui.views.reidentification.common import (
    BIN_CHOICES,
    COVERAGE_CHOICES,
    DEFAULT_BINS,
    OTHERS_CHOICES,
    Choice,
    VoterSource,
    candidates,
    context,
    default_columns,
)
from ui.widgets import weight_column_select

_DATA = "_reid_cols_data"  # the dataset the column picker was last drawn for
_VOTERS = "_reid_voters"  # this session's uploaded voter list (KeptVoters)
_VOTERS_ERROR = "_reid_voters_error"  # the last upload's error, until one succeeds
_VOTERS_GENERATION = "_reid_voters_generation"  # bumps after each upload: a fresh, empty uploader


def _columns_for(ctx: PageContext, offered: list[str]) -> None:
    """Before the picker binds: on another dataset than last drawn, forget its columns (the address
    and the session), so it opens on the new table's defaults; a link naming a column the table has
    not is dropped with a notice."""
    last = st.session_state.get(_DATA)
    st.session_state[_DATA] = ctx.dataset.ident
    asked = st.query_params.get_all("reid_cols")
    if last is not None and last != ctx.dataset.ident:
        st.session_state.pop("reid_cols", None)
        if asked:
            del st.query_params["reid_cols"]
            address_changed()
    elif asked and not set(asked) <= set(offered):
        del st.query_params["reid_cols"]
        address_changed()
        address_notice(["reid_cols"])


__all__ = ["context", "quasi_identifiers", "voter_source", "aggregated"]


def quasi_identifiers(ctx: PageContext) -> Choice:
    """The columns an outsider could know (in the order picked), how numbers are binned, and (an
    aggregated table) the column that says how many people a row stands for."""
    frame = ctx.dataset.table.frame
    c1, c2, c3 = st.columns([3, 1, 1])
    with c3:
        weight = weight_column_select(ctx.dataset, "", "reid_weight")
    offered = candidates(frame, weight)
    _columns_for(ctx, offered)
    columns = c1.multiselect(TEXT["columns"], offered, default=default_columns(ctx.dataset.key, frame, weight),
                             key="reid_cols", help=TEXT["columns_help"], bind="query-params")
    bins = url_choice(c2.selectbox, TEXT["bins"], BIN_CHOICES, "reid_bins", DEFAULT_BINS,
                      format_func=lambda b: TEXT[f"bins_{b}"], help=TEXT["bins_help"])
    return Choice(tuple(str(c) for c in columns if c in offered), bins, weight)


@dataclass(frozen=True, eq=False)
class KeptVoters:
    """An uploaded voter list, parsed once: its table, content ident and file name."""

    table: LoadedTable
    ident: str
    name: str


def _parse_voters(widget_key: str) -> None:
    """on_change of the voter list's uploader: parse it once, keep the table, drop the bytes."""
    uploaded = st.session_state.get(widget_key)
    if uploaded is None or not hasattr(uploaded, "getvalue"):
        return
    use_system_allocator()
    try:
        data = uploaded.getvalue()
        table = load_csv(data, max_bytes=MAX_UPLOAD_MB * 1024 * 1024)
        size = table_bytes(table)
        if size > MAX_UPLOAD_HELD_MB * 1024 * 1024:
            st.session_state[_VOTERS_ERROR] = COMMON["upload_refused_too_large"].format(mb=size // (1024 * 1024))
        else:
            st.session_state[_VOTERS] = KeptVoters(table, content_ident(data), str(uploaded.name))
            st.session_state.pop(_VOTERS_ERROR, None)
        del data
    except ValueError as exc:
        st.session_state[_VOTERS_ERROR] = message(exc)
    finally:
        drop_uploaded_bytes(uploaded.file_id)
        uploaded.close()
    st.session_state[_VOTERS_GENERATION] = st.session_state.get(_VOTERS_GENERATION, 0) + 1


def voter_source(ctx: PageContext) -> VoterSource | None:
    """The voter list's controls: simulated from the table (which share of its people), or an
    uploaded CSV; None (after saying what to do) while no usable upload is there."""
    c1, c2, c3 = st.columns([1, 1, 1])
    kind = url_choice(c1.radio, TEXT["voters"], ("simulated", "uploaded"), "reid_voters",
                      format_func=lambda k: TEXT[f"voters_{k}"])
    if kind == "simulated":
        coverage = bound_select_slider(c2, TEXT["coverage"], COVERAGE_CHOICES, value=1.0, key="reid_cover",
                                       format_func=lambda p: f"{p:.0%}", help=TEXT["coverage_help"])
        others = bound_select_slider(c3, TEXT["others"], OTHERS_CHOICES, value=1.0, key="reid_others",
                                     format_func=lambda p: f"{p:.0%}", help=TEXT["others_help"])
        return VoterSource(float(coverage), ctx.seed, float(others))
    generation = st.session_state.get(_VOTERS_GENERATION, 0)
    c2.file_uploader(TEXT["voters_upload"], type=["csv", "txt", "tsv"], key=f"reid_voters_file_{generation}",
                     help=TEXT["voters_upload_help"], on_change=_parse_voters, args=(f"reid_voters_file_{generation}",))
    error = st.session_state.get(_VOTERS_ERROR)
    if error:
        st.error(TEXT["voters_upload_error"].format(message=error))
    kept: KeptVoters | None = st.session_state.get(_VOTERS)
    if kept is None:
        st.info(TEXT["voters_upload_prompt"], icon=":material/upload_file:")
        return None
    st.caption(TEXT["voters_in_use"].format(name=md_escape(kept.name), rows=fmt.number(len(kept.table.frame))))
    return VoterSource(seed=ctx.seed, uploaded=kept.table.frame, ident=kept.ident, name=kept.name)


def no_people(choice: Choice, ctx: PageContext) -> bool:
    """Whether a part about people cannot run, after saying why: no column picked, or a table that
    counts people per row (`aggregated`)."""
    if not choice.columns:
        st.info(TEXT["pick_columns"], icon=":material/checklist:")
        return True
    return aggregated(choice, ctx)


def aggregated(choice: Choice, ctx: PageContext) -> bool:
    """Whether the table counts people per row (nothing to link): then say so, with its smallest count."""
    if choice.weight is None:
        return False
    counts = ctx.dataset.table.frame[choice.weight]
    st.info(TEXT["aggregated"].format(people_min=fmt.number(float(counts[counts > 0].min())),
                                      weight=md_escape(choice.weight)), icon=":material/groups:")
    offer_people()
    return True


def offer_people() -> None:
    """A button that puts UCI Adult, one person per row, in use."""
    offer_bundled("adult", TEXT["use_adult"], "reid_use_adult")
