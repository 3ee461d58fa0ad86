"""Long computations in the background, one per settings for every session of the server, with progress.

A computation that takes a minute (training a grid of models, `ui/tabs/learning`) must never block a
page, and a class opening the same link must not start it thirty times. `Jobs` runs each one in a
worker thread of its own pool, keyed by **the settings themselves** (a hashable frozen dataclass
naming everything the result depends on: the data by its content's ident, never anything a browser
names): the first session to ask submits it, every session at the same settings reads the same job,
its progress while it runs and its result or error once it is done. Pages poll it
(`st.fragment(run_every=...)`) and draw the result when it is there.

Bounded on every side, for two cores shared by a class: at most `workers` computations at once, at
most `queued` waiting (another one is refused: `Busy`), at most `kept` finished ones (the least
recently asked for go first). A job waiting in the queue that nobody has asked about for `stale_s`
seconds (its sessions left, or moved on to other settings) is dropped before it starts; `pinned`
jobs (the server's own warm-up) never are. A computation's error is kept in its job and shown by
whoever asks, never raised in the worker thread: a `ValueError` as it is (its sentence is the
page's), anything else logged with its traceback. No streamlit here: the tests drive it directly.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, TypeVar

T = TypeVar("T")
State = Literal["queued", "running", "done", "failed"]
LOG = logging.getLogger(__name__)


class Progress:
    """What a computation calls to say how far it got: `progress(share, stage, **params)`, the share
    done in [0, 1] and the stage it is at (an id the page translates, with the numbers it names)."""

    def __init__(self, job: _Job[Any]) -> None:
        self._job = job

    def __call__(self, share: float, stage: str = "", **params: Any) -> None:
        with self._job.lock:
            self._job.share = min(1.0, max(self._job.share, float(share)))
            if stage:
                self._job.stage, self._job.params = stage, dict(params)


class Busy(Exception):
    """The queue is full: `queued` computations already wait (say so; try again later)."""

    def __init__(self, waiting: int) -> None:
        super().__init__(f"{waiting} computations are waiting")
        self.waiting = waiting


@dataclass(frozen=True)
class Status(Generic[T]):
    """A job as one session sees it at one moment: its state, the share done and the stage it is at,
    its place in the queue (0: next), and its result or its error once it is over."""

    state: State
    share: float = 0.0
    stage: str = ""
    params: Mapping[str, Any] = field(default_factory=dict)
    ahead: int = 0
    result: T | None = None
    error: BaseException | None = None

    @property
    def over(self) -> bool:
        return self.state in ("done", "failed")


@dataclass(eq=False)
class _Job(Generic[T]):
    key: Hashable
    work: Callable[[Progress], T]
    pinned: bool
    asked: float
    state: State = "queued"
    share: float = 0.0
    stage: str = ""
    params: dict[str, Any] = field(default_factory=dict)
    result: T | None = None
    error: BaseException | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    finished: threading.Event = field(default_factory=threading.Event)


class Jobs(Generic[T]):
    """A pool of at most `workers` threads running computations keyed by their settings (see the
    module's docstring)."""

    def __init__(self, name: str, *, workers: int = 1, queued: int = 4, kept: int = 4, stale_s: float = 90.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.name, self.workers, self.queued, self.kept, self.stale_s = name, workers, queued, kept, stale_s
        self._clock = clock
        self._lock = threading.Lock()
        self._jobs: OrderedDict[Hashable, _Job[T]] = OrderedDict()  # every job, least recently asked first
        self._queue: list[_Job[T]] = []
        self._running = 0

    def submit(self, key: Hashable, work: Callable[[Progress], T], *, pinned: bool = False) -> Status[T]:
        """The job for `key`: the one any session started, else `work` queued (run as soon as a worker
        is free). Raises `Busy` when `queued` jobs already wait."""
        with self._lock:
            job = self._jobs.get(key)
            if job is None:
                waiting = len(self._queue)
                if waiting >= self.queued:
                    raise Busy(waiting)
                job = _Job(key, work, pinned, self._clock())
                self._jobs[key] = job
                self._queue.append(job)
                self._start_worker()
            elif pinned:
                job.pinned = True
            return self._seen(job)

    def status(self, key: Hashable) -> Status[T] | None:
        """The job for `key` as it is now (and noted as asked for), or None if there is none."""
        with self._lock:
            job = self._jobs.get(key)
            return None if job is None else self._seen(job)

    def wait(self, key: Hashable, timeout: float | None = None) -> Status[T] | None:
        """Block until the job for `key` is over (or `timeout` seconds pass): for tests and the
        server's warm-up, never for a page."""
        with self._lock:
            job = self._jobs.get(key)
        if job is None:
            return None
        job.finished.wait(timeout)
        return self.status(key)

    def idle(self, timeout: float | None = None) -> bool:
        """Block until no job waits or runs (or `timeout` seconds pass); whether it is so."""
        end = None if timeout is None else self._clock() + timeout
        while True:
            with self._lock:
                busy = [job for job in self._jobs.values() if job.state in ("queued", "running")]
            if not busy:
                return True
            left = None if end is None else end - self._clock()
            if left is not None and left <= 0:
                return False
            busy[0].finished.wait(None if left is None else min(left, 0.5))

    def forget(self) -> None:
        """Drop every finished job (tests start from a clean server)."""
        with self._lock:
            for key in [k for k, job in self._jobs.items() if job.state in ("done", "failed")]:
                del self._jobs[key]

    # ------------------------------------------------------------------ inside, under self._lock

    def _seen(self, job: _Job[T]) -> Status[T]:
        job.asked = self._clock()
        self._jobs.move_to_end(job.key)
        with job.lock:
            ahead = self._queue.index(job) if job.state == "queued" and job in self._queue else 0
            return Status(job.state, job.share, job.stage, dict(job.params), ahead, job.result, job.error)

    def _start_worker(self) -> None:
        if self._running < self.workers and self._queue:
            self._running += 1
            threading.Thread(target=self._work, name=f"{self.name}-worker", daemon=True).start()

    def _next(self) -> _Job[T] | None:
        """The next job to run (stale ones dropped), or None: then this worker ends."""
        with self._lock:
            now = self._clock()
            while self._queue:
                job = self._queue.pop(0)
                if job.pinned or now - job.asked <= self.stale_s:
                    job.state = "running"
                    return job
                del self._jobs[job.key]  # nobody waits for it: a new ask starts it again
                job.finished.set()
            self._running -= 1
            return None

    def _work(self) -> None:
        while (job := self._next()) is not None:
            try:
                result = job.work(Progress(job))
            except ValueError as exc:  # a refusal: its sentence is for the page
                self._finish(job, "failed", error=exc)
            except Exception as exc:  # noqa: BLE001 - a bug: logged, and the page says it failed
                LOG.exception("background job %s failed", self.name)
                self._finish(job, "failed", error=exc)
            else:
                self._finish(job, "done", result=result)

    def _finish(self, job: _Job[T], state: State, result: T | None = None, error: BaseException | None = None) -> None:
        with self._lock:
            with job.lock:
                job.state, job.result, job.error = state, result, error
                job.share = 1.0 if state == "done" else job.share
            over = [k for k, j in self._jobs.items() if j.state in ("done", "failed")]
            # the least recently asked for go first; never the one just done, nor the server's own
            for key in [k for k in over if k != job.key and not self._jobs[k].pinned][:max(0, len(over) - self.kept)]:
                del self._jobs[key]
        job.finished.set()
