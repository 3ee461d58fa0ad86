"""The uploads the server holds: one per session, bounded in size and in total, freed when idle.

Every session's parsed upload lives here, under a token the server mints and keeps in that
session's state (never a name or an id the browser sends), so the server can count and bound what
all sessions hold together (bench/bench_memory.py: four tabs holding a 143 MB file of short rows
took the server from 174 MB to 2.5 GB, and nothing bounded the total):
- one upload's parsed table may take at most `MAX_UPLOAD_HELD_MB` (a file's size says little: short
  text cells take several times their bytes once parsed);
- all sessions together hold at most `MAX_UPLOADS_HELD_MB`; when a new upload does not fit, tables
  unused for `RECLAIM_IDLE_MINUTES` are freed first, and if it still does not fit it is refused
  with a plain sentence (nobody's data in use is ever dropped to make room);
- at most `PARSES_AT_ONCE` uploads are read at the same time (`PARSING`): reading a file takes
  about 6x its size for a while (four 143 MB files read at once peaked at 3.9 GB), and on 2 cores
  more at once would only wait for each other;
- a table unused for `UPLOAD_IDLE_MINUTES` is freed (`free_idle`, run by the collector thread of
  `ui.upload_memory`), and so is a session's table when Streamlit drops the session (a finalizer on
  the handle kept in its state).
The upload's `ident` is a hash of its bytes: results kept for every session are keyed by content,
so an upload can never take the place of a bundled dataset or of another person's upload.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from dpcore.io import LoadedTable
from dpcore.limits import (
    MAX_UPLOAD_HELD_MB,
    MAX_UPLOADS_HELD_MB,
    PARSES_AT_ONCE,
    RECLAIM_IDLE_MINUTES,
    UPLOAD_IDLE_MINUTES,
)

MB = 2**20


def content_ident(data: bytes) -> str:
    """The ident of an upload: a hash of its bytes (no bundled dataset's key looks like it)."""
    return "upload-" + hashlib.blake2b(data, digest_size=16).hexdigest()


def table_bytes(table: LoadedTable) -> int:
    """What a parsed table takes in memory (string cells counted whole)."""
    return int(table.frame.memory_usage(deep=True, index=True).sum())


@dataclass(frozen=True, eq=False)
class HeldUpload:
    """A session's parsed upload: its content ident, the file's name, the table and its size."""

    ident: str
    name: str
    table: LoadedTable
    nbytes: int


class UploadRefused(Exception):
    """An upload the server will not hold: `reason` is "too_large" or "server_full"; `mb` the figure."""

    def __init__(self, reason: str, mb: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.mb = mb


class UploadStore:
    """Held uploads by owner token, least recently used first; thread-safe."""

    def __init__(self, per_upload_mb: int, total_mb: int, idle_minutes: float, reclaim_minutes: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_upload = per_upload_mb * MB
        self.total = total_mb * MB
        self.idle_s = idle_minutes * 60
        self.reclaim_s = reclaim_minutes * 60
        self._clock = clock
        self._held: OrderedDict[str, tuple[HeldUpload, float]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def held_bytes(self) -> int:
        with self._lock:
            return sum(upload.nbytes for upload, _ in self._held.values())

    def put(self, owner: str, upload: HeldUpload) -> None:
        """Hold `upload` for `owner` in place of its previous one, or raise UploadRefused."""
        if upload.nbytes > self.per_upload:
            raise UploadRefused("too_large", -(-upload.nbytes // MB))
        with self._lock:
            self._held.pop(owner, None)
            now = self._clock()
            held = sum(u.nbytes for u, _ in self._held.values())
            for other, (kept, used) in list(self._held.items()):  # least recently used first
                if held + upload.nbytes <= self.total or now - used < self.reclaim_s:
                    break
                del self._held[other]
                held -= kept.nbytes
            if held + upload.nbytes > self.total:
                raise UploadRefused("server_full", self.total // MB)
            self._held[owner] = (upload, now)

    def get(self, owner: str) -> HeldUpload | None:
        """The owner's upload (marked as just used), or None if none is held or it was freed."""
        with self._lock:
            kept = self._held.pop(owner, None)
            if kept is None:
                return None
            self._held[owner] = (kept[0], self._clock())
            return kept[0]

    def drop(self, owner: str) -> None:
        with self._lock:
            self._held.pop(owner, None)

    def free_idle(self) -> int:
        """Free every upload unused for the idle time; the number freed."""
        with self._lock:
            now = self._clock()
            idle = [owner for owner, (_, used) in self._held.items() if now - used >= self.idle_s]
            for owner in idle:
                del self._held[owner]
            return len(idle)


PARSING = threading.BoundedSemaphore(PARSES_AT_ONCE)
STORE = UploadStore(MAX_UPLOAD_HELD_MB, MAX_UPLOADS_HELD_MB, UPLOAD_IDLE_MINUTES, RECLAIM_IDLE_MINUTES)


class OwnerHandle:
    """Kept in a session's state: its owner token, and a finalizer that frees the session's upload
    when Streamlit drops the session (the state, and this handle with it, is collected)."""

    def __init__(self, store: UploadStore = STORE) -> None:
        self.token = secrets.token_hex(16)
        weakref.finalize(self, store.drop, self.token)
