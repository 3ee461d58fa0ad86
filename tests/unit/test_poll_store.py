"""The poll store against both databases it supports: SQLite (a file in WAL mode) and a throwaway
PostgreSQL server (tests/postgres.py). Every test runs once per database."""

from __future__ import annotations

import math
import secrets
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, inspect, select

from tests.postgres import postgres_url  # noqa: F401  (the session fixture)
from ui.classroom import limits, store


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    if request.param == "sqlite":
        eng = store.make_engine(f"sqlite:///{tmp_path / 'var' / 'polls.sqlite'}")
    else:
        eng = store.make_engine(request.getfixturevalue("postgres_url"))
        with eng.begin() as conn:  # one server for the session: start each test with empty tables
            conn.execute(store.Answer.__table__.delete())
            conn.execute(store.Poll.__table__.delete())
    yield eng
    eng.dispose()


def _token() -> str:
    return secrets.token_urlsafe(16)


def test_sqlite_file_and_folder_are_created_on_first_use_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new" / "polls.sqlite"
    eng = store.make_engine(f"sqlite:///{path}")
    assert path.exists()
    with eng.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    assert set(inspect(eng).get_table_names()) == {"poll", "answer"}


def test_database_url_defaults_to_sqlite_and_names_the_psycopg_driver() -> None:
    assert store.database_url({}) == f"sqlite:///{store.DEFAULT_SQLITE}"
    assert store.database_url({"DATABASE_URL": "postgres://u@h/db"}) == "postgresql+psycopg://u@h/db"
    assert store.database_url({"DATABASE_URL": "postgresql://u@h/db"}) == "postgresql+psycopg://u@h/db"
    assert store.database_url({"DATABASE_URL": "postgresql+psycopg://u@h/db"}) == "postgresql+psycopg://u@h/db"


def test_a_poll_is_created_with_an_unguessable_code_and_a_separate_secret(engine: Engine) -> None:
    poll, secret = store.create_poll(engine, "  Did you   cheat? ", math.log(3))
    assert poll.question == "Did you cheat?"
    assert len(poll.code) == limits.CODE_CHARS and set(poll.code) <= set(limits.CODE_ALPHABET)
    assert len(secret) >= 32 and poll.code not in secret
    assert poll.p == pytest.approx(0.75) and poll.method == "device"
    assert not poll.closed and not poll.revealed
    assert store.get_poll(engine, poll.code) == poll
    assert store.teacher_poll(engine, poll.code, secret) == poll
    with engine.connect() as conn:  # the secret itself is never stored
        stored = conn.execute(select(store.Poll.secret_hash)).scalar_one()
    assert secret not in stored
    codes = {store.create_poll(engine, "Q", 1.0)[0].code for _ in range(20)}
    assert len(codes) == 20


@pytest.mark.parametrize("question", ["", "   ", "x" * 201])
def test_a_question_must_have_1_to_200_characters(engine: Engine, question: str) -> None:
    with pytest.raises(ValueError, match="1 to 200 characters"):
        store.create_poll(engine, question, 1.0)


@pytest.mark.parametrize("epsilon", [0.0, 0.05, 5.5, math.inf, math.nan, True, "1"])
def test_epsilon_must_lie_within_the_poll_limits(engine: Engine, epsilon: object) -> None:
    with pytest.raises(ValueError):
        store.create_poll(engine, "Q?", epsilon)  # type: ignore[arg-type]


def test_the_coin_protocol_fixes_p_at_three_quarters(engine: Engine) -> None:
    poll, _ = store.create_poll(engine, "Q?", 3.0, "coin")
    assert poll.method == "coin" and poll.p == 0.75


def test_only_the_teachers_secret_opens_closes_and_reveals(engine: Engine) -> None:
    poll, secret = store.create_poll(engine, "Q?", 1.0)
    for wrong in ("", "x", secret[:-1] + ("A" if secret[-1] != "A" else "B"), None):
        assert store.teacher_poll(engine, poll.code, wrong) is None
        assert store.close_poll(engine, poll.code, wrong) is None
        assert store.reveal_poll(engine, poll.code, wrong) is None
    assert not store.get_poll(engine, poll.code).closed
    closed = store.close_poll(engine, poll.code, secret)
    assert closed is not None and closed.closed and not closed.revealed
    revealed = store.reveal_poll(engine, poll.code, secret)
    assert revealed is not None and revealed.revealed


def test_one_answer_per_token_and_poll(engine: Engine) -> None:
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    other, _ = store.create_poll(engine, "R?", 1.0)
    token = _token()
    assert store.submit_answer(engine, poll.code, token, True) == "recorded"
    assert store.submit_answer(engine, poll.code, token, False) == "duplicate"
    assert store.submit_answer(engine, other.code, token, False) == "recorded"  # another poll: fine
    assert store.tally(engine, poll.id) == store.Tally(1, 1)
    assert store.has_answered(engine, poll.id, token) is True
    assert store.has_answered(engine, poll.id, _token()) is None


def test_answers_are_refused_after_closing_and_for_unknown_codes(engine: Engine) -> None:
    poll, secret = store.create_poll(engine, "Q?", 1.0)
    assert store.submit_answer(engine, "abcdefghjk", _token(), True) == "unknown"
    assert store.submit_answer(engine, "<script>", _token(), True) == "unknown"
    store.close_poll(engine, poll.code, secret)
    assert store.submit_answer(engine, poll.code, _token(), True) == "closed"
    assert store.tally(engine, poll.id).n == 0


def test_bad_tokens_and_answers_are_refused(engine: Engine) -> None:
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    with pytest.raises(ValueError):
        store.submit_answer(engine, poll.code, "short", True)
    with pytest.raises(ValueError):
        store.submit_answer(engine, poll.code, _token(), "yes")  # type: ignore[arg-type]


def test_tally_answers_and_export_rows_agree(engine: Engine) -> None:
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    sent = [True, False, True, True, False]
    for yes in sent:
        store.submit_answer(engine, poll.code, _token(), yes)
    assert store.tally(engine, poll.id) == store.Tally(5, 3)
    assert store.answers(engine, poll.id) == tuple(sent)
    rows = store.answer_rows(engine, poll.id)
    assert [r[0] for r in rows] == [1, 2, 3, 4, 5] and [r[1] for r in rows] == sent
    assert all(r[2].tzinfo is not None for r in rows)


def test_old_polls_expire_with_their_answers(engine: Engine) -> None:
    now = datetime.now(UTC)
    old, _ = store.create_poll(engine, "Old?", 1.0, now=now - timedelta(hours=30))
    store.submit_answer(engine, old.code, _token(), True)
    fresh, _ = store.create_poll(engine, "New?", 1.0, now=now)  # creating expires the old one
    assert store.get_poll(engine, old.code) is None
    assert store.tally(engine, old.id).n == 0
    assert store.get_poll(engine, fresh.code) is not None
    assert store.expire(engine, now + timedelta(hours=2), max_age_hours=1.0) == 1
    assert store.get_poll(engine, fresh.code) is None


def test_max_age_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(limits.MAX_AGE_ENV, "2.5")
    assert limits.max_age_hours() == 2.5
    for bad in ("", "abc", "-1", "0", "nan"):
        monkeypatch.setenv(limits.MAX_AGE_ENV, bad)
        assert limits.max_age_hours() == limits.MAX_AGE_HOURS_DEFAULT


def test_sixty_students_at_once_lose_and_double_nothing(engine: Engine) -> None:
    """60 threads answer within seconds, each also pressing twice (a double tap): the database holds
    exactly one answer per student and the tally matches what was sent."""
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    students = 60
    sent: dict[str, bool] = {_token(): i % 3 == 0 for i in range(students)}
    outcomes: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(students)

    def answer(token: str, yes: bool) -> None:
        start.wait()
        results = [store.submit_answer(engine, poll.code, token, yes) for _ in range(2)]
        with lock:
            outcomes.extend(results)

    threads = [threading.Thread(target=answer, args=item) for item in sent.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert sorted(set(outcomes)) == ["duplicate", "recorded"]
    assert outcomes.count("recorded") == students and outcomes.count("duplicate") == students
    assert store.tally(engine, poll.id) == store.Tally(students, sum(sent.values()))
