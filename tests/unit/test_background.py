"""ui.background: one computation for every caller at the same settings, its progress visible while it
runs, its error kept (never raised in the worker), and bounds on workers, the queue and what is kept."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from ui.background import Busy, Jobs, Progress


@dataclass(frozen=True)
class Key:
    name: str
    seed: int


class Gate:
    """A computation that waits for the test to open its gate, counting its runs."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.started = threading.Event()
        self.runs = 0

    def __call__(self, progress: Progress) -> str:
        self.runs += 1
        progress(0.25, "training", epsilon=1.0)
        self.started.set()
        assert self.open.wait(10)
        return "trained"


def _returns(value: int) -> Callable[[Progress], int]:
    return lambda progress: value


def test_two_callers_at_the_same_settings_share_one_computation() -> None:
    jobs: Jobs[str] = Jobs("test")
    gate = Gate()
    first = jobs.submit(Key("grid", 1), gate)
    second = jobs.submit(Key("grid", 1), Gate())  # another session: same settings, its own function unused
    assert first.state in ("queued", "running") and second.state in ("queued", "running")
    assert gate.started.wait(10)
    gate.open.set()
    done = jobs.wait(Key("grid", 1), timeout=10)
    assert done is not None and done.state == "done" and done.result == "trained" and done.share == 1.0
    assert gate.runs == 1
    assert jobs.submit(Key("grid", 1), Gate()).result == "trained"  # kept: no new run


def test_progress_is_visible_while_the_job_runs() -> None:
    jobs: Jobs[str] = Jobs("test")
    gate = Gate()
    jobs.submit(Key("grid", 1), gate)
    assert gate.started.wait(10)
    status = jobs.status(Key("grid", 1))
    assert status is not None and status.state == "running" and not status.over
    assert status.share == 0.25 and status.stage == "training" and status.params == {"epsilon": 1.0}
    gate.open.set()
    jobs.wait(Key("grid", 1), timeout=10)


def test_progress_never_goes_back_and_stays_within_zero_and_one() -> None:
    jobs: Jobs[None] = Jobs("test")

    def work(progress: Progress) -> None:
        progress(0.5, "a")
        progress(0.2)
        progress(7.0)

    jobs.submit("k", work)
    assert jobs.idle(10)
    status = jobs.status("k")
    assert status is not None and status.share == 1.0 and status.stage == "a"


def test_an_error_is_kept_in_the_job_not_raised_in_the_thread() -> None:
    jobs: Jobs[None] = Jobs("test")
    seen: list[BaseException | None] = []
    old = threading.excepthook

    def hook(args: threading.ExceptHookArgs) -> None:
        seen.append(args.exc_value)

    threading.excepthook = hook
    try:
        def refused(progress: Progress) -> None:
            raise ValueError("Epsilon must be positive.")

        def bug(progress: Progress) -> None:
            raise ZeroDivisionError("oops")

        jobs.submit("refused", refused)
        jobs.submit("bug", bug)
        assert jobs.idle(10)
    finally:
        threading.excepthook = old
    refusal, failure = jobs.status("refused"), jobs.status("bug")
    assert refusal is not None and refusal.state == "failed" and isinstance(refusal.error, ValueError)
    assert str(refusal.error) == "Epsilon must be positive."
    assert failure is not None and failure.state == "failed" and isinstance(failure.error, ZeroDivisionError)
    assert seen == []  # nothing escaped a worker
    # the worker survived: the next job still runs
    jobs.submit("after", lambda progress: None)
    assert jobs.idle(10) and jobs.status("after").state == "done"  # type: ignore[union-attr]


def test_at_most_the_given_workers_run_at_once_and_the_rest_wait_in_order() -> None:
    jobs: Jobs[str] = Jobs("test", workers=1, queued=3)
    gates = [Gate() for _ in range(3)]
    for i, gate in enumerate(gates):
        jobs.submit(i, gate)
    assert gates[0].started.wait(10)
    states = [jobs.status(i) for i in range(3)]
    assert [s.state for s in states if s] == ["running", "queued", "queued"]
    assert [s.ahead for s in states if s][1:] == [0, 1]
    for gate in gates:
        gate.open.set()
    assert jobs.idle(10)
    assert all(gate.runs == 1 for gate in gates)


def test_a_full_queue_refuses_another_job() -> None:
    jobs: Jobs[str] = Jobs("test", workers=1, queued=1)
    running, waiting = Gate(), Gate()
    jobs.submit("running", running)
    assert running.started.wait(10)
    jobs.submit("waiting", waiting)
    with pytest.raises(Busy) as refused:
        jobs.submit("third", Gate())
    assert refused.value.waiting == 1
    assert jobs.status("third") is None
    running.open.set()
    waiting.open.set()
    assert jobs.idle(10)


def test_only_the_most_recently_asked_finished_jobs_are_kept() -> None:
    jobs: Jobs[int] = Jobs("test", kept=2)
    for i in range(3):
        jobs.submit(i, _returns(i))
        assert jobs.idle(10)
    assert jobs.status(0) is None  # the oldest went
    assert jobs.status(1).result == 1 and jobs.status(2).result == 2  # type: ignore[union-attr]
    jobs.status(1)  # asked again: now the most recent
    jobs.submit(3, lambda progress: 3)
    assert jobs.idle(10)
    assert jobs.status(2) is None and jobs.status(1) is not None and jobs.status(3) is not None


def test_the_server_s_own_job_is_kept_even_when_nobody_asked_for_it() -> None:
    jobs: Jobs[int] = Jobs("test", kept=1)
    jobs.submit("default", lambda progress: 0, pinned=True)
    for i in range(3):
        jobs.submit(i, _returns(i))
        assert jobs.idle(10)
    assert jobs.status("default").result == 0  # type: ignore[union-attr]


def test_a_waiting_job_nobody_asks_for_any_more_is_dropped_before_it_starts() -> None:
    now = [0.0]
    jobs: Jobs[str] = Jobs("test", workers=1, stale_s=60, clock=lambda: now[0])
    running, left, pinned = Gate(), Gate(), Gate()
    jobs.submit("running", running)
    assert running.started.wait(10)
    jobs.submit("left", left)  # its session moved on to other settings
    jobs.submit("server", pinned, pinned=True)
    now[0] = 120.0
    jobs.status("running")
    running.open.set()
    pinned.open.set()
    assert jobs.idle(10)
    assert left.runs == 0 and jobs.status("left") is None  # dropped: a new ask would start it again
    assert pinned.runs == 1 and jobs.status("server").state == "done"  # type: ignore[union-attr]
