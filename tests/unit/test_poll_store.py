"""The poll store against both databases it supports: SQLite (a file in WAL mode) and a throwaway
PostgreSQL server (tests/postgres.py). Every test runs once per database."""

from __future__ import annotations

import math
import secrets
import socket
import sqlite3
import threading
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import Engine, inspect, select

from tests.postgres import postgres_url  # noqa: F401  (the session fixture)
from ui.classroom import limits, store


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)])  # a server: slow
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
    assert set(inspect(eng).get_table_names()) == {"poll", "answer", "answer_origin", "poll_language"}


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


def test_page_opens_expire_at_most_once_a_minute(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(store, "_EXPIRED", {})  # this process has not expired this database yet
    old, _ = store.create_poll(engine, "Old?", 1.0, now=datetime.now(UTC) - timedelta(hours=30))
    store.expire_now_and_then(engine)
    assert store.get_poll(engine, old.code) is None
    again, _ = store.create_poll(engine, "Old again?", 1.0, now=datetime.now(UTC) - timedelta(hours=30))
    store.expire_now_and_then(engine)  # within the minute: skipped
    assert store.get_poll(engine, again.code) is not None


def test_max_age_comes_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(limits.MAX_AGE_ENV, "2.5")
    assert limits.max_age_hours() == 2.5
    for bad in ("", "abc", "-1", "0", "nan"):
        monkeypatch.setenv(limits.MAX_AGE_ENV, bad)
        assert limits.max_age_hours() == limits.MAX_AGE_HOURS_DEFAULT


@pytest.mark.slow
def test_sixty_students_at_once_lose_and_double_nothing(engine: Engine) -> None:
    """60 threads answer within seconds, each also pressing twice (a double tap): the database holds
    exactly one answer per student and the tally matches what was sent."""
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    students = 60
    sent: dict[str, bool] = {_token(): i % 3 == 0 for i in range(students)}
    addresses = {token: f"10.0.0.{i}" for i, token in enumerate(sent)}  # each phone its own address
    outcomes: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(students)

    def answer(token: str, yes: bool) -> None:
        start.wait()
        results = [store.submit_answer(engine, poll.code, token, yes, address=addresses[token]) for _ in range(2)]
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


def _origins(engine: Engine) -> list[tuple]:
    with engine.connect() as conn:
        return [tuple(r) for r in conn.execute(select(store.Origin.device, store.Origin.address)).all()]


def test_twenty_made_up_browser_tokens_from_one_session_record_one_answer(engine: Engine) -> None:
    """The phone's token is not trusted: the session's own token (minted by the server) binds the first
    answer, and every later one from that session is "duplicate", whatever token the phone sends."""
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    session = _token()
    outcomes = [store.submit_answer(engine, poll.code, session, i % 2 == 0, device=secrets.token_hex(16),
                                    address="203.0.113.7") for i in range(20)]
    assert outcomes == ["recorded"] + ["duplicate"] * 19
    assert store.tally(engine, poll.id) == store.Tally(1, 1)


def test_a_browser_that_answered_cannot_answer_again_from_a_new_session(engine: Engine) -> None:
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    device = secrets.token_hex(16)
    assert store.submit_answer(engine, poll.code, _token(), True, device=device) == "recorded"
    assert store.submit_answer(engine, poll.code, _token(), False, device=device) == "duplicate"  # a reload
    other, _ = store.create_poll(engine, "R?", 1.0)
    assert store.submit_answer(engine, other.code, _token(), False, device=device) == "recorded"
    assert store.tally(engine, poll.id) == store.Tally(1, 1)


def test_one_address_cannot_fill_the_poll(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """Fresh sessions and browser tokens from one address (a cleared browser, private windows, a script)
    stop at the address's share; another address still answers. The default share is far below the cap."""
    assert limits.max_answers_per_address() * 20 <= limits.MAX_ANSWERS_PER_POLL
    monkeypatch.setenv(limits.MAX_PER_ADDRESS_ENV, "5")
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    start = datetime.now(UTC)
    outcomes = [store.submit_answer(engine, poll.code, _token(), True, now=start + timedelta(seconds=i),
                                    device=secrets.token_hex(16), address="198.51.100.9") for i in range(8)]
    assert outcomes == ["recorded"] * 5 + ["address_full"] * 3
    assert store.submit_answer(engine, poll.code, _token(), False, address="198.51.100.10") == "recorded"
    assert store.tally(engine, poll.id) == store.Tally(6, 5)


def test_one_address_answers_at_most_so_many_times_a_second(engine: Engine) -> None:
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    start = datetime.now(UTC)
    rate = limits.MAX_PER_ADDRESS_SECOND
    outcomes = [store.submit_answer(engine, poll.code, _token(), True, now=start, address="192.0.2.1")
                for _ in range(rate + 1)]
    assert outcomes == ["recorded"] * rate + ["too_fast"]
    later = start + timedelta(seconds=1.5)
    assert store.submit_answer(engine, poll.code, _token(), True, now=later, address="192.0.2.1") == "recorded"
    assert store.submit_answer(engine, poll.code, _token(), True, now=start, address="192.0.2.2") == "recorded"


def test_addresses_and_browser_tokens_are_kept_only_as_keyed_hashes_per_poll(engine: Engine) -> None:
    first, _ = store.create_poll(engine, "Q?", 1.0)
    second, _ = store.create_poll(engine, "R?", 1.0)
    device = secrets.token_hex(16)
    for poll in (first, second):
        store.submit_answer(engine, poll.code, _token(), True, device=device, address="203.0.113.42")
    rows = _origins(engine)
    assert len(rows) == 2
    assert not any("203.0.113.42" in str(r) or device in str(r) for r in rows)
    assert rows[0][0] != rows[1][0] and rows[0][1] != rows[1][1]  # not linkable across polls


def test_an_unknown_address_shares_one_count(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without an address (localhost, a proxy that hides it) every session counts against one share."""
    monkeypatch.setenv(limits.MAX_PER_ADDRESS_ENV, "2")
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    start = datetime.now(UTC)
    outcomes = [store.submit_answer(engine, poll.code, _token(), True, now=start + timedelta(seconds=i))
                for i in range(3)]
    assert outcomes == ["recorded", "recorded", "address_full"]


def test_a_deleted_sqlite_file_is_noticed_and_the_answer_not_acknowledged(tmp_path: Path) -> None:
    """The file deleted mid-poll: the pooled connections still write into the deleted file (lost at the
    next restart), so the answer is refused with StoreError("gone"); the store then works on a new file."""
    path = tmp_path / "polls.sqlite"
    eng = store.make_engine(f"sqlite:///{path}")
    poll, _ = store.create_poll(eng, "Q?", 1.0)
    assert store.submit_answer(eng, poll.code, _token(), True) == "recorded"
    path.unlink()
    with pytest.raises(store.StoreError) as refused:
        store.submit_answer(eng, poll.code, _token(), True)
    assert refused.value.reason == "gone"
    assert path.exists() and store.get_poll(eng, poll.code) is None  # reopened, empty: nothing pretended
    fresh, _ = store.create_poll(eng, "Again?", 1.0)
    assert store.submit_answer(eng, fresh.code, _token(), False) == "recorded"
    eng.dispose()
    reopened = store.make_engine(f"sqlite:///{path}")  # what a restart finds: exactly what was acknowledged
    assert store.tally(reopened, fresh.id) == store.Tally(1, 0)
    reopened.dispose()


def test_a_replaced_sqlite_file_is_reopened(tmp_path: Path) -> None:
    path = tmp_path / "polls.sqlite"
    eng = store.make_engine(f"sqlite:///{path}")
    poll, _ = store.create_poll(eng, "Q?", 1.0)
    backup = tmp_path / "backup.sqlite"
    with sqlite3.connect(path) as source, sqlite3.connect(backup) as copy:
        source.backup(copy)
    backup.replace(path)  # a restore from a backup: a new file at the same path
    with pytest.raises(store.StoreError, match="gone"):
        store.get_poll(eng, poll.code)
    assert store.get_poll(eng, poll.code) == poll  # the restored file is the store now
    eng.dispose()


@pytest.mark.slow
def test_a_held_write_lock_makes_answers_busy_and_page_opens_skip_expiring(tmp_path: Path) -> None:
    """Another program holds the write lock: an answer is refused as "busy" after the short wait (not
    30 s), expiring on a page open is skipped without waiting, and reading the poll still works."""
    path = tmp_path / "polls.sqlite"
    eng = store.make_engine(f"sqlite:///{path}")
    poll, _ = store.create_poll(eng, "Q?", 1.0)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        with pytest.raises(store.StoreError) as refused:
            store.submit_answer(eng, poll.code, _token(), True)
        assert refused.value.reason == "busy"
        with pytest.raises(store.StoreError, match="busy"):
            store.expire(eng, wait=False)
        store.expire_now_and_then(eng)  # skipped, no error
        assert store.get_poll(eng, poll.code) == poll
        assert store.tally(eng, poll.id) == store.Tally(0, 0)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.submit_answer(eng, poll.code, _token(), True) == "recorded"
    eng.dispose()


@pytest.mark.slow
def test_an_unreachable_postgresql_is_a_store_error_not_a_hang() -> None:
    """Refused at once, or a server that never answers (the connect timeout ends the wait): "down"."""
    with pytest.raises(store.StoreError) as refused:
        store.make_engine("postgresql+psycopg://nobody@127.0.0.1:1/polls")
    assert refused.value.reason == "down"
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(1)  # accepts nothing: the client waits for a greeting that never comes
        with pytest.raises(store.StoreError, match="down"):
            store.make_engine(f"postgresql+psycopg://nobody@127.0.0.1:{silent.getsockname()[1]}/polls")


@pytest.mark.slow
def test_a_held_lock_on_postgresql_makes_answers_busy_not_a_hang(postgres_url: str) -> None:  # noqa: F811
    """PostgreSQL: another session holds the poll's row (lock_timeout ends the wait): "busy", nothing
    stored; reading and expiring on a page open go on."""
    engine = store.make_engine(postgres_url)
    poll, _ = store.create_poll(engine, "Q?", 1.0)
    with engine.connect() as holder, holder.begin():
        holder.execute(select(store.Poll.id).where(store.Poll.id == poll.id).with_for_update())
        with pytest.raises(store.StoreError, match="busy"):
            store.submit_answer(engine, poll.code, _token(), True)
        assert store.get_poll(engine, poll.code) == poll
        store.expire(engine, wait=False)  # touches no locked row: runs
    assert store.tally(engine, poll.id) == store.Tally(0, 0)
    engine.dispose()
