"""The uploads the server holds (ui.upload_store): bounded per upload and in total, freed when idle
or when the session goes, and named by their content, never by an id the browser sends."""

from __future__ import annotations

import gc

import pandas as pd
import pytest

from dpcore.catalog import BUNDLED
from dpcore.io import LoadedTable, load_csv
from ui.upload_store import MB, HeldUpload, OwnerHandle, UploadRefused, UploadStore, content_ident, table_bytes


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def _upload(mb: int, name: str = "f.csv") -> HeldUpload:
    table = LoadedTable(pd.DataFrame({"x": [1]}), (), "utf-8", ",")
    return HeldUpload(content_ident(name.encode()), name, table, mb * MB)


def _store(clock: Clock, per: int = 100, total: int = 250) -> UploadStore:
    return UploadStore(per, total, idle_minutes=30, reclaim_minutes=5, clock=clock)


def test_an_upload_larger_than_one_may_hold_is_refused_with_its_size() -> None:
    store = _store(Clock())
    with pytest.raises(UploadRefused) as refused:
        store.put("a", _upload(101))
    assert (refused.value.reason, refused.value.mb) == ("too_large", 101)
    assert store.held_bytes == 0


def test_the_total_is_never_passed_and_nobody_in_use_is_dropped_for_room() -> None:
    clock = Clock()
    store = _store(clock)
    store.put("a", _upload(100))
    store.put("b", _upload(100))
    clock.now = 60.0  # both used a minute ago: in use
    with pytest.raises(UploadRefused) as refused:
        store.put("c", _upload(100))
    assert refused.value.reason == "server_full" and refused.value.mb == 250
    assert store.get("a") is not None and store.get("b") is not None and store.get("c") is None
    assert store.held_bytes == 200 * MB


def test_tables_unused_for_a_while_make_room_least_recently_used_first() -> None:
    clock = Clock()
    store = _store(clock)
    store.put("a", _upload(100))
    store.put("b", _upload(100))
    clock.now = 10 * 60.0
    store.get("a")  # a is used again; b is not
    store.put("c", _upload(100))
    assert store.get("b") is None and store.get("a") is not None and store.get("c") is not None
    assert store.held_bytes <= 250 * MB


def test_a_new_upload_replaces_the_sessions_previous_one() -> None:
    store = _store(Clock())
    store.put("a", _upload(100, "first.csv"))
    store.put("a", _upload(100, "second.csv"))  # would not fit beside the first: it replaces it
    store.put("b", _upload(100))
    assert store.get("a").name == "second.csv" and store.held_bytes == 200 * MB


def test_idle_uploads_are_freed_and_used_ones_kept() -> None:
    clock = Clock()
    store = _store(clock)
    store.put("a", _upload(10))
    store.put("b", _upload(10))
    clock.now = 29 * 60.0
    store.get("b")
    clock.now = 30 * 60.0
    assert store.free_idle() == 1
    assert store.get("a") is None and store.get("b") is not None


@pytest.mark.slow
def test_a_sessions_upload_goes_when_its_state_is_collected() -> None:
    store = _store(Clock())
    handle = OwnerHandle(store)
    store.put(handle.token, _upload(10))
    del handle
    gc.collect()
    assert store.held_bytes == 0


def test_an_uploads_ident_is_its_content_and_never_a_bundled_key() -> None:
    assert content_ident(b"a,b\n1,2\n") == content_ident(b"a,b\n1,2\n")
    assert content_ident(b"a,b\n1,2\n") != content_ident(b"a,b\n1,3\n")
    assert not set(BUNDLED) & {content_ident(key.encode()) for key in BUNDLED}


def test_table_bytes_counts_text_cells_whole() -> None:
    short = load_csv(b"a\n" + b"x\n" * 10_000)
    long = load_csv(b"a\n" + b"x" * 100 + b"\n" + b"y\n" * 9_999)
    assert table_bytes(short) >= 10_000 and table_bytes(long) > table_bytes(short)
