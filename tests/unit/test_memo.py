"""The memos every session shares: a value computed once per key and language, the least recently
used dropped first; and the merged spec of a chart slider kept while the same frames are drawn."""

from __future__ import annotations

import threading
import time

import pytest

from tests.unit.test_steps import steps_of_lines
from ui import chart_slider, memo
from ui.i18n import language


@pytest.fixture(autouse=True)
def _empty(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "_SHARED", type(memo._SHARED)())
    monkeypatch.setattr(chart_slider, "_MERGED", type(chart_slider._MERGED)())


def test_a_shared_value_is_computed_once_per_key_and_language() -> None:
    calls: list[int] = []

    def compute() -> int:
        calls.append(1)
        return len(calls)

    assert memo.shared_memo("slot", (1, "a"), compute) == 1
    assert memo.shared_memo("slot", (1, "a"), compute) == 1  # kept
    assert memo.shared_memo("other", (1, "a"), compute) == 2  # another slot
    with language("zh"):
        assert memo.shared_memo("slot", (1, "a"), compute) == 3  # its sentences are another language's
    assert len(calls) == 3


def test_the_least_recently_used_goes_first(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "SHARED_ENTRIES", 2)
    for key in ("a", "b"):
        memo.shared_memo("slot", key, lambda kept=key: kept)
    memo.shared_memo("slot", "a", lambda: "again")  # "a" is used again: "b" is now the oldest
    memo.shared_memo("slot", "c", lambda: "c")
    assert memo.shared_memo("slot", "a", lambda: "new") == "a"
    assert memo.shared_memo("slot", "b", lambda: "new") == "new"


def test_an_unhashable_key_is_refused() -> None:
    with pytest.raises(TypeError):
        memo.shared_memo("slot", ([1],), lambda: 0)


def test_the_merged_spec_is_kept_for_the_same_frames_only() -> None:
    frames = steps_of_lines((0.5, 1.0)).frames("chart")
    first = chart_slider._merged(frames, 1, "ε")
    assert chart_slider._merged(frames, 1, "ε") is first
    assert chart_slider._merged(frames, 0, "ε") is not first  # another start
    same_values = tuple(dict(f) for f in frames)  # equal frames, another object: merged anew
    assert chart_slider._merged(same_values, 1, "ε") is not first


def test_sessions_asking_for_a_key_being_computed_wait_for_it() -> None:
    calls: list[int] = []

    def slow() -> int:
        calls.append(1)
        time.sleep(0.2)
        return 7

    results: list[int] = []
    threads = [threading.Thread(target=lambda: results.append(memo.shared_memo("slot", "k", slow))) for _ in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [7] * 5 and len(calls) == 1


def test_a_refusal_is_not_kept() -> None:
    def refuse() -> int:
        raise ValueError("no")

    with pytest.raises(ValueError):
        memo.shared_memo("slot", "k", refuse)
    assert memo.shared_memo("slot", "k", lambda: 3) == 3
