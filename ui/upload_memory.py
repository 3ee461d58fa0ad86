"""Give an upload's memory back: the file's bytes once parsed, the parse's memory when it is freed.

Measured with `bench/bench_memory.py` (30 sessions each uploading 50 MB): the server held 472 MiB
per session and, 2 minutes after every session had left, still 12.6 GB of its 14.4 GB. Causes:
- Streamlit keeps an uploaded file's bytes in its upload manager until the session shuts down, and
  a session dropped after its reconnect grace is never shut down: the bytes are removed here as
  soon as the table is parsed (Streamlit's own chat input does the same);
- pyarrow's default allocator (mimalloc) keeps what a table frees for reuse by the thread that
  allocated it, and every session parses in its own script thread: nothing came back, even when
  asked (`release_unused` from another thread). Uploads are parsed with the system allocator,
  which returns a freed column (megabytes, so mapped on its own) at once; what the parse itself
  leaves on the heap is trimmed right after it;
- a session Streamlit drops (2 minutes after its tab closed, at the next tab that closes) is held
  in reference cycles, and the app turns off the full collection after each run (`postScriptGC`,
  80 ms a run): 4 sessions' 770 MB came back only when `gc.collect()` was run by hand. Once a
  server has parsed an upload, a background thread runs the full collection every minute
  (and trims the heap after it when something was freed), and frees uploads left unused
  (`ui.upload_store`).
"""

from __future__ import annotations

import gc
import threading
import time

import pyarrow as pa
import streamlit as st
from streamlit.runtime.memory_uploaded_file_manager import MemoryUploadedFileManager
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ui.upload_store import STORE


def use_system_allocator() -> None:
    """From now on, pyarrow allocates with malloc (once per process; later calls do nothing)."""
    if pa.default_memory_pool().backend_name != "system":
        pa.set_memory_pool(pa.system_memory_pool())


def release_freed_memory() -> None:
    """Return memory the allocator holds but no longer uses to the system (malloc_trim)."""
    pa.default_memory_pool().release_unused()


def drop_uploaded_bytes(file_id: str) -> None:
    """Remove an uploaded file's bytes from Streamlit's upload manager (its table is all we keep)."""
    ctx = get_script_run_ctx()
    if ctx is not None and isinstance(ctx.uploaded_file_mgr, MemoryUploadedFileManager):
        ctx.uploaded_file_mgr.remove_file(session_id=ctx.session_id, file_id=file_id)


COLLECT_EVERY_S = 60.0


def _collect_forever() -> None:
    while True:
        time.sleep(COLLECT_EVERY_S)
        freed = STORE.free_idle()  # uploads unused for UPLOAD_IDLE_MINUTES
        if gc.collect() or freed:
            release_freed_memory()  # what the freed sessions left on the heap goes back too


@st.cache_resource(show_spinner=False)
def start_collector() -> threading.Thread:
    """Once per server process: the thread that frees dropped sessions (their uploads) every minute."""
    thread = threading.Thread(target=_collect_forever, name="dp-explorer-gc", daemon=True)
    thread.start()
    return thread
