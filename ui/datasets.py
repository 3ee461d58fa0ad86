"""The shared dataset picker: bundled datasets or an upload, parsed once per session.

Bundled files are public, so their parse is cached for everyone. An upload is parsed once when it
arrives (keyed by Streamlit's file id) and kept in this session's state only, never in a global
cache. A file that cannot be used shows its error and the last good dataset stays in use.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from dpcore.catalog import BUNDLED, DEFAULT_DATASET
from dpcore.io import LoadedTable, load_csv
from dpcore.limits import MAX_UPLOAD_MB
from ui.safe import md_escape
from ui.state import url_choice
from ui.text.common import TEXT

UPLOAD = "upload"
_UPLOAD_STATE = "_dataset_upload"  # (file_id, file name, LoadedTable) of the last good upload
_UPLOAD_ERROR = "_dataset_upload_error"


@dataclass(frozen=True)
class Dataset:
    """The dataset in use: its parsed table, a display name, and the bundled neighbour if any.

    `ident` changes whenever the data does (bundled key, or the upload's file id), so work that
    depends only on the data can be kept per session under it.
    """

    key: str
    ident: str
    name: str
    table: LoadedTable
    neighbour: LoadedTable | None = None


@st.cache_data(show_spinner=False)
def _bundled(path: str) -> LoadedTable:
    return load_csv(path)


def bundled_dataset(key: str) -> Dataset:
    """Load one bundled dataset (and its course neighbour) through the shared cache."""
    info = BUNDLED[key]
    neighbour = _bundled(str(info.neighbour_path)) if info.neighbour_path else None
    return Dataset(key, key, info.title, _bundled(str(info.path)), neighbour)


def _read_upload() -> Dataset | None:
    uploaded = st.sidebar.file_uploader(
        TEXT["sidebar_upload"],
        type=["csv", "txt", "tsv"],
        key="upload_file",
        help=TEXT["sidebar_upload_help"].format(mb=MAX_UPLOAD_MB),
    )
    kept = st.session_state.get(_UPLOAD_STATE)
    if uploaded is not None and (kept is None or kept[0] != uploaded.file_id):
        try:
            table = load_csv(uploaded.getvalue(), max_bytes=MAX_UPLOAD_MB * 1024 * 1024)
        except ValueError as exc:
            st.session_state[_UPLOAD_ERROR] = (uploaded.file_id, str(exc))
        else:
            kept = (uploaded.file_id, uploaded.name, table)
            st.session_state[_UPLOAD_STATE] = kept
            st.session_state.pop(_UPLOAD_ERROR, None)
    error = st.session_state.get(_UPLOAD_ERROR)
    if uploaded is not None and error and error[0] == uploaded.file_id:
        st.sidebar.error(TEXT["error_prefix"].format(message=error[1]))
        if kept is not None:
            st.sidebar.warning(TEXT["sidebar_kept_previous"].format(name=md_escape(kept[1])))
    if kept is None:
        return None
    return Dataset(UPLOAD, kept[0], kept[1], kept[2])


def dataset_picker() -> Dataset:
    """Render the sidebar's dataset picker and return the dataset in use."""
    options = [*BUNDLED, UPLOAD]
    choice = url_choice(
        st.sidebar.selectbox,
        TEXT["sidebar_dataset"],
        options,
        "data",
        DEFAULT_DATASET,
        format_func=lambda k: TEXT["sidebar_upload_option"] if k == UPLOAD else BUNDLED[k].title,
        persist_state="session",
    )
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
