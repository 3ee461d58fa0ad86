"""What gives an upload's memory back (ui.upload_memory; measured by bench/bench_memory.py)."""

from __future__ import annotations

from types import SimpleNamespace

import pyarrow as pa
import pytest
from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.uploaded_file_manager import UploadedFileRec

from ui import upload_memory


def test_parsed_upload_bytes_leave_streamlits_upload_manager(monkeypatch: pytest.MonkeyPatch) -> None:
    manager = MemoryUploadedFileManager("/upload")
    manager.add_file("s1", UploadedFileRec("f1", "big.csv", "text/csv", b"x" * 1000))
    manager.add_file("s1", UploadedFileRec("f2", "other.csv", "text/csv", b"y"))
    ctx = SimpleNamespace(uploaded_file_mgr=manager, session_id="s1")
    monkeypatch.setattr(upload_memory, "get_script_run_ctx", lambda: ctx)
    upload_memory.drop_uploaded_bytes("f1")
    assert [r.file_id for r in manager.get_files("s1", ["f1", "f2"])] == ["f2"]  # only the parsed one goes


def test_uploads_are_parsed_with_the_system_allocator() -> None:
    upload_memory.use_system_allocator()
    upload_memory.use_system_allocator()  # a second call changes nothing
    assert pa.default_memory_pool().backend_name == "system"
    upload_memory.release_freed_memory()  # malloc_trim: must not fail


def test_the_collector_starts_once_per_process() -> None:
    first = upload_memory.start_collector()
    assert first.is_alive() and first.daemon
    assert upload_memory.start_collector() is first
