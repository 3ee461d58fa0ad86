"""The shared dataset picker: bundled datasets or an upload, parsed once per session.

Bundled files are public, so their parse is cached for everyone. An upload is parsed once when it
arrives and held for this session only (`ui.upload_store`: bounded in size and in total, freed when
idle), under a token the server minted; its `ident` is a hash of its bytes, never the file id the
browser sent, so results kept for every session can never be poisoned by an upload. A file that
cannot be used shows its error and the last good dataset stays in use.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st
from streamlit.delta_generator import DeltaGenerator
from streamlit.runtime.uploaded_file_manager import UploadedFile

from dpcore.catalog import BUNDLED, DEFAULT_DATASET
from dpcore.io import LoadedTable, load_csv
from dpcore.limits import MAX_UPLOAD_MB, UPLOAD_IDLE_MINUTES
from ui.errors import message
from ui.safe import md_escape
from ui.state import across_pages, keep_across_pages, url_choice
from ui.text.common import TEXT
from ui.upload_memory import drop_uploaded_bytes, release_freed_memory, start_collector, use_system_allocator
from ui.upload_store import PARSING, STORE, HeldUpload, OwnerHandle, UploadRefused, content_ident, table_bytes

UPLOAD = "upload"
_OWNER = "_dataset_upload_owner"  # this session's OwnerHandle in the upload store
_HELD = "_dataset_upload_held"  # the ident of the upload the store holds for this session
_UPLOAD_ERROR = "_dataset_upload_error"  # the last upload's error message, until one succeeds
_UPLOAD_GENERATION = "_dataset_upload_generation"  # bumps after each upload: a fresh, empty uploader


@dataclass(frozen=True)
class Dataset:
    """The dataset in use: its parsed table, a display name, and the bundled neighbour if any.

    `ident` changes whenever the data does (bundled key, or a hash of the upload's bytes), so work
    that depends only on the data can be kept under it, for this session or for all.
    """

    key: str
    ident: str
    name: str
    table: LoadedTable
    neighbour: LoadedTable | None = None


@st.cache_resource(show_spinner=False)
def _bundled(path: str) -> LoadedTable:
    """One parsed table for every session, never copied (as an upload is kept for its session):
    nothing changes a loaded frame in place. `cache_data` unpickled a copy at every rerun (4% of a
    full rerun's server time on Attacks under a class's load)."""
    return load_csv(path)


def bundled_dataset(key: str) -> Dataset:
    """Load one bundled dataset (and its course neighbour) through the shared cache."""
    info = BUNDLED[key]
    neighbour = _bundled(str(info.neighbour_path)) if info.neighbour_path else None
    return Dataset(key, key, TEXT[f"dataset_{key}"], _bundled(str(info.path)), neighbour)


def _parse_upload(widget_key: str) -> None:
    """on_change of the uploader: parse the new file once, keep the result, empty the uploader.

    Emptying it (a new widget key) matters: Streamlit copies a widget's value on every rerun,
    which for a 100 MB upload would cost tens of milliseconds each time epsilon moves. The
    parsed table is all that is kept (never the bytes)."""
    uploaded = st.session_state.get(widget_key)
    if not isinstance(uploaded, UploadedFile):  # none, or a file already parsed and dropped
        return
    use_system_allocator()
    start_collector()
    owner: OwnerHandle = st.session_state.setdefault(_OWNER, OwnerHandle())
    try:
        with PARSING:
            data = uploaded.getvalue()
            table = load_csv(data, max_bytes=MAX_UPLOAD_MB * 1024 * 1024)
            held = HeldUpload(content_ident(data), uploaded.name, table, table_bytes(table))
            del data, table
        STORE.put(owner.token, held)
    except ValueError as exc:
        st.session_state[_UPLOAD_ERROR] = message(exc)
    except UploadRefused as refused:
        st.session_state[_UPLOAD_ERROR] = TEXT[f"upload_refused_{refused.reason}"].format(mb=refused.mb)
    else:
        st.session_state[_HELD] = held.ident
        st.session_state.pop(_UPLOAD_ERROR, None)
    finally:
        drop_uploaded_bytes(uploaded.file_id)
        uploaded.close()
    st.session_state[_UPLOAD_GENERATION] = st.session_state.get(_UPLOAD_GENERATION, 0) + 1
    release_freed_memory()


def _read_upload() -> Dataset | None:
    widget_key = f"upload_file_{st.session_state.get(_UPLOAD_GENERATION, 0)}"
    st.sidebar.file_uploader(
        TEXT["sidebar_upload"],
        type=["csv", "txt", "tsv"],
        key=widget_key,
        help=TEXT["sidebar_upload_help"].format(mb=MAX_UPLOAD_MB, idle=UPLOAD_IDLE_MINUTES),
        on_change=_parse_upload,
        args=(widget_key,),
    )
    owner = st.session_state.get(_OWNER)
    kept = None if owner is None else STORE.get(owner.token)
    if kept is None and st.session_state.pop(_HELD, None) is not None:  # freed while unused
        st.session_state[_UPLOAD_ERROR] = TEXT["upload_freed"].format(minutes=UPLOAD_IDLE_MINUTES)
    error = st.session_state.get(_UPLOAD_ERROR)
    if error:
        st.sidebar.error(TEXT["error_prefix"].format(message=error))
        if kept is not None:
            st.sidebar.warning(TEXT["sidebar_kept_previous"].format(name=md_escape(kept.name)))
    if kept is None:
        return None
    return Dataset(UPLOAD, kept.ident, kept.name, kept.table)


def use_bundled(key: str) -> None:
    """Make the bundled dataset `key` the one in use, picker and address included (call it from a
    button's callback: it runs before the picker is drawn)."""
    st.session_state["data"] = key
    keep_across_pages("data", key)
    st.query_params["data"] = key


def offer_bundled(key: str, label: str, button_key: str, where: DeltaGenerator | None = None) -> None:
    """A button `label` that puts the bundled dataset `key` in use: the whole page reruns with it (a
    tab is a fragment, and the sidebar's picker must show it)."""
    if (where or st).button(label, key=button_key, type="primary", on_click=use_bundled, args=(key,)):
        st.rerun()


def dataset_picker() -> Dataset:
    """Render the sidebar's dataset picker and return the dataset in use."""
    options = [*BUNDLED, UPLOAD]
    keep = across_pages("data")
    asked = None if "data" in st.session_state else st.query_params.get("data")  # a link, on a first visit
    choice = url_choice(
        st.sidebar.selectbox,
        TEXT["sidebar_dataset"],
        options,
        "data",
        DEFAULT_DATASET,
        format_func=lambda k: TEXT["sidebar_upload_option"] if k == UPLOAD else TEXT[f"dataset_{k}"],
        persist_state="session",
        notice=False,  # said below, with the dataset shown instead
        on_change=keep,
    )
    keep_across_pages("data", choice)
    if asked is not None and asked not in options:  # an old or mistyped link: say so, never silently
        shown = md_escape(TEXT[f"dataset_{choice}"])
        st.toast(TEXT["sidebar_unknown_dataset"].format(asked=md_escape(asked), name=shown), icon=":material/help:")
    if choice != UPLOAD:
        return bundled_dataset(choice)
    dataset = _read_upload()
    if dataset is None:
        fallback = bundled_dataset(DEFAULT_DATASET)
        if st.session_state.get(_UPLOAD_ERROR):
            st.sidebar.warning(TEXT["sidebar_kept_previous"].format(name=md_escape(fallback.name)))
        else:
            st.sidebar.info(TEXT["sidebar_upload_prompt"])
        return fallback
    return dataset
