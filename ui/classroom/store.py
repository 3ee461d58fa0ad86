"""Live polls and their answers in a database: SQLite by default, PostgreSQL when DATABASE_URL is set.

SQLAlchemy 2 models and statements, no SQL written by hand. No streamlit here: the page caches one
engine per URL (ui/classroom/engine.py) and calls these functions with it.

- A poll has a public code (students' link) and a teacher's secret, kept only as its SHA-256: only
  the teacher's link may close, reveal or export.
- An answer is the *randomized* answer a phone sent (the true one never leaves the phone). Nothing the
  phone sends is trusted to tell students apart: one answer per poll and *server* session token (the
  page mints it; the database's unique constraint keeps it under a double click or two servers), per
  browser token (a second answer from a browser that kept its storage; a made-up token can only be
  refused, never add an answer), and at most `limits.max_answers_per_address()` answers from one
  network address, `limits.MAX_PER_ADDRESS_SECOND` of them within a second. Tokens and addresses are
  kept as keyed hashes bound to the poll (`Origin`), never as sent.
- A poll keeps the language the teacher opened it in (`PollLanguage`), so a student's page opens in it.
- The store answers within a couple of seconds or raises `StoreError` saying why (busy, file gone,
  database down), and then nothing was stored: an answer is acknowledged only once it is committed
  (`synchronous=FULL` on SQLite) into the file that is still the store's.
- Polls older than `limits.max_age_hours()` are deleted with their answers (`expire`): when a poll is
  created, and on page opens at most once a minute without waiting for a lock (`expire_now_and_then`).
"""

from __future__ import annotations

import hashlib
import hmac
import math
import os
import secrets
import threading
import time
import weakref
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

from sqlalchemy import (
    Boolean,
    Connection,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    Row,
    Select,
    String,
    UniqueConstraint,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from dpcore.mechanisms import rr_truth_probability
from ui.classroom import limits

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SQLITE = ROOT / "var" / "polls.sqlite"
Method = Literal["device", "coin"]
Outcome = Literal["recorded", "duplicate", "closed", "full", "unknown", "address_full", "too_fast"]
Problem = Literal["busy", "gone", "down"]
METHODS: tuple[Method, ...] = ("device", "coin")
_FILE = "dpx_sqlite_file"  # a SQLite connection's record: the path it opened and that file's identity
_WRITE = "dpx_write"  # execution option: this transaction writes (SQLite: BEGIN IMMEDIATE)
_PROCESS_KEY = secrets.token_bytes(32)  # the addresses' key when POLL_ADDRESS_KEY is not set
LANG_MAX_CHARS = 8  # a language id ("en", "zh")


class StoreError(RuntimeError):
    """The store did not do what was asked, and stored nothing. `reason`: "busy" (a lock held longer
    than limits.STORE_BUSY_SECONDS), "gone" (the SQLite file was deleted or replaced while the server
    had it open: it is reopened, empty) or "down" (the database cannot be reached or refused)."""

    def __init__(self, reason: Problem) -> None:
        super().__init__(f"The poll store is {reason}.")
        self.reason: Problem = reason


class Base(DeclarativeBase):
    pass


class Poll(Base):
    __tablename__ = "poll"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    code: Mapped[str] = mapped_column(String(limits.CODE_CHARS), unique=True, index=True)
    secret_hash: Mapped[str] = mapped_column(String(64))
    question: Mapped[str] = mapped_column(String(limits.QUESTION_MAX_CHARS))
    p: Mapped[float] = mapped_column(Float)
    method: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    revealed: Mapped[bool] = mapped_column(Boolean, default=False)


class Answer(Base):
    __tablename__ = "answer"
    __table_args__ = (UniqueConstraint("poll_id", "token", name="one_answer_per_token"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    poll_id: Mapped[int] = mapped_column(ForeignKey("poll.id", ondelete="CASCADE"), index=True)
    token: Mapped[str] = mapped_column(String(limits.TOKEN_MAX_CHARS))
    yes: Mapped[bool] = mapped_column(Boolean)  # the randomized answer, as the phone sent it
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class Origin(Base):
    """Where an answer came from: the browser's own token and the network address (a keyed hash),
    hashed with the poll (not linkable across polls). A table of its own, so a store made before it
    gains it by `create_all`."""

    __tablename__ = "answer_origin"
    __table_args__ = (UniqueConstraint("poll_id", "device", name="one_answer_per_device"),
                      Index("answer_origin_by_address", "poll_id", "address", "received_at"))

    answer_id: Mapped[int] = mapped_column(ForeignKey("answer.id", ondelete="CASCADE"), primary_key=True)
    poll_id: Mapped[int] = mapped_column(ForeignKey("poll.id", ondelete="CASCADE"))
    device: Mapped[str | None] = mapped_column(String(64), nullable=True)
    address: Mapped[str] = mapped_column(String(64))
    received_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PollLanguage(Base):
    """The language the teacher opened a poll in ("en", "zh"): students' pages open in it. A table of
    its own, like `Origin`, so a store made before it gains it by `create_all` (no migration); a poll
    without a row (opened before) has no language."""

    __tablename__ = "poll_language"

    poll_id: Mapped[int] = mapped_column(ForeignKey("poll.id", ondelete="CASCADE"), primary_key=True)
    lang: Mapped[str] = mapped_column(String(LANG_MAX_CHARS))


@dataclass(frozen=True)
class PollInfo:
    """A poll as the page needs it (no secret)."""

    id: int
    code: str
    question: str
    p: float
    method: Method
    created_at: datetime
    closed: bool
    revealed: bool
    lang: str | None = None  # the language the teacher opened it in (None: opened before polls kept one)


@dataclass(frozen=True)
class Tally:
    n: int
    n_yes: int


def database_url(environ: dict[str, str] | None = None) -> str:
    """DATABASE_URL when set (PostgreSQL: postgresql+psycopg://...), else the SQLite file var/polls.sqlite."""
    url = (environ if environ is not None else os.environ).get(limits.DATABASE_ENV, "").strip()
    if not url:
        return f"sqlite:///{DEFAULT_SQLITE}"
    if url.startswith("postgres://"):  # Heroku-style; SQLAlchemy wants the dialect and driver named
        url = "postgresql://" + url[len("postgres://"):]
    if url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def make_engine(url: str) -> Engine:
    """An engine with the tables created. SQLite: the file and its folder are created on first use,
    in WAL mode (readers never block the writer), each commit synced to disk (`synchronous=FULL`: an
    acknowledged answer survives a power cut); a write waits at most limits.STORE_BUSY_SECONDS for
    the lock (60 phones answering at once queue for milliseconds) and then the page says "busy".
    PostgreSQL: a connection attempt gives up after limits.STORE_CONNECT_SECONDS, a lock wait after
    STORE_BUSY_SECONDS. Raises StoreError when the database cannot be reached."""
    busy_ms = int(limits.STORE_BUSY_SECONDS * 1000)
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        on_disk = bool(path) and path != ":memory:"
        if on_disk:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": limits.STORE_BUSY_SECONDS, "check_same_thread": False},
                               pool_size=10, max_overflow=20)

        @event.listens_for(engine, "connect")
        def _sqlite_connect(dbapi_connection, record) -> None:  # noqa: ANN001
            dbapi_connection.isolation_level = None  # the driver's own BEGIN off: `_sqlite_begin` says which
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=FULL")
            cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
            cursor.close()
            if on_disk:
                record.info[_FILE] = (path, _identity(path))

        @event.listens_for(engine, "begin")
        def _sqlite_begin(conn: Connection) -> None:
            """A writing transaction takes the write lock first, so the counts it checks hold until it commits."""
            conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(_WRITE) else "BEGIN")
    else:
        engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True,
                               pool_timeout=limits.STORE_BUSY_SECONDS,
                               connect_args={"connect_timeout": limits.STORE_CONNECT_SECONDS,
                                             "options": f"-c lock_timeout={busy_ms}"})
    with _problems():
        Base.metadata.create_all(engine)
    return engine


def _identity(path: str) -> tuple[int, int] | None:
    """The file at `path` (device and inode), or None when there is none."""
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return None
    return found.st_dev, found.st_ino


def _reason(exc: DBAPIError) -> Problem:
    text = str(exc.orig).lower()
    if "locked" in text or getattr(exc.orig, "sqlstate", None) in ("55P03", "57014"):  # lock / statement timeout
        return "busy"
    if any(part in text for part in ("no such table", "disk i/o", "readonly", "unable to open")):
        return "gone"
    return "down"


@contextmanager
def _problems(engine: Engine | None = None) -> Iterator[None]:
    """The database's failures as a StoreError that says why (a unique constraint's refusal passes).
    A store found without its tables (its file deleted, then opened anew) is reopened with them."""
    try:
        yield
    except (StoreError, IntegrityError):
        raise
    except PoolTimeout as exc:
        raise StoreError("busy") from exc
    except DBAPIError as exc:
        reason = _reason(exc)
        if reason == "gone" and engine is not None:
            _reopen(engine)
        raise StoreError(reason) from exc


def _reopen(engine: Engine) -> None:
    """Drop every pooled connection and open the store at its path again (new and empty if the file is
    gone). If it cannot be opened yet, the next call finds out and says so again."""
    engine.dispose()
    with suppress(DBAPIError):
        Base.metadata.create_all(engine)


def _check_file(engine: Engine, conn: Connection) -> None:
    """SQLite: the file this connection opened is still the one at the store's path. If it was deleted
    or replaced, the store is reopened and StoreError("gone") raised: whatever this connection did is
    not acknowledged."""
    opened = conn.info.get(_FILE)
    if opened is None or _identity(opened[0]) == opened[1]:
        return
    conn.invalidate()
    _reopen(engine)
    raise StoreError("gone")


@contextmanager
def _reading(engine: Engine) -> Iterator[Connection]:
    with _problems(engine), engine.connect() as conn:
        _check_file(engine, conn)
        yield conn


_QUEUES: weakref.WeakKeyDictionary[Engine, threading.Lock] = weakref.WeakKeyDictionary()
_QUEUES_LOCK = threading.Lock()


@contextmanager
def _queued(engine: Engine, wait: bool) -> Iterator[None]:
    """SQLite: this server's writes take turns on a lock of their own, so 60 answers at once queue
    in order (~5 ms each) instead of polling SQLite's lock, where some starve past the busy timeout;
    the busy timeout is then only what another program's lock may cost."""
    if engine.dialect.name != "sqlite":
        yield
        return
    with _QUEUES_LOCK:
        queue = _QUEUES.setdefault(engine, threading.Lock())
    if not queue.acquire(timeout=limits.STORE_QUEUE_SECONDS if wait else 0):
        raise StoreError("busy")
    try:
        yield
    finally:
        queue.release()


@contextmanager
def _writing(engine: Engine, wait: bool = True) -> Iterator[Connection]:
    """One writing transaction; after its commit the file it went into is checked to still be the store's.
    `wait=False`: give up at once if another writer holds the lock (StoreError "busy")."""
    with _queued(engine, wait), _problems(engine), engine.connect() as conn:
        conn.execution_options(**{_WRITE: True})
        _check_file(engine, conn)
        sqlite = conn.dialect.name == "sqlite"
        if sqlite and not wait:
            conn.connection.driver_connection.execute("PRAGMA busy_timeout=0")
        try:
            with conn.begin():
                if not wait and conn.dialect.name == "postgresql":
                    conn.exec_driver_sql("SET LOCAL lock_timeout = 1")
                yield conn
        finally:
            if sqlite and not wait and not conn.invalidated:
                conn.connection.driver_connection.execute(
                    f"PRAGMA busy_timeout={int(limits.STORE_BUSY_SECONDS * 1000)}")
        _check_file(engine, conn)


def _address_hash(poll_id: int, address: str) -> str:
    """A keyed hash (HMAC-SHA256) of a network address, bound to one poll: the database never holds
    the address (a plain hash of one of 2^32 IPv4 addresses is reversed by trying them all), nor links
    it across polls. Key: POLL_ADDRESS_KEY, else one drawn per server process (then a restart, or
    another process, counts an address afresh)."""
    key = os.environ.get(limits.ADDRESS_KEY_ENV, "").encode("utf-8") or _PROCESS_KEY
    return hmac.new(key, f"{poll_id}\0{address}".encode(), hashlib.sha256).hexdigest()


def _device_hash(poll_id: int, device: str) -> str:
    """A browser's token (random, not guessable) hashed with the poll: the same after a restart."""
    return hashlib.sha256(f"{poll_id}\0{device}".encode()).hexdigest()


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes: they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _info(poll: Row) -> PollInfo:
    method: Method = "coin" if poll.method == "coin" else "device"
    return PollInfo(poll.id, poll.code, poll.question, float(poll.p), method, _aware(poll.created_at),
                    bool(poll.closed), bool(poll.revealed), poll.lang)


def _with_language(code: str) -> Select[Poll, str]:
    """The poll with this code and its language (NULL when it has none)."""
    return (select(Poll, PollLanguage.lang).outerjoin(PollLanguage, PollLanguage.poll_id == Poll.id)
            .where(Poll.code == code))


def check_question(question: object) -> str:
    """The question without surrounding blanks: 1-200 characters, no control characters."""
    if not isinstance(question, str):
        raise ValueError(f"A question must be text, not {type(question).__name__}.")
    text = " ".join(question.split())
    if not limits.QUESTION_MIN_CHARS <= len(text) <= limits.QUESTION_MAX_CHARS:
        raise ValueError(f"A question needs {limits.QUESTION_MIN_CHARS} to {limits.QUESTION_MAX_CHARS} "
                         f"characters; this one has {len(text)}.")
    return text


def check_epsilon(epsilon: object) -> float:
    """A privacy budget within [EPSILON_MIN, EPSILON_MAX]."""
    if isinstance(epsilon, bool) or not isinstance(epsilon, int | float) or not math.isfinite(epsilon):
        raise ValueError(f"The privacy budget must be a number, not {epsilon!r}.")
    if not limits.EPSILON_MIN <= float(epsilon) <= limits.EPSILON_MAX:
        raise ValueError(f"The privacy budget of a poll must lie between {limits.EPSILON_MIN} and "
                         f"{limits.EPSILON_MAX}; {epsilon} is outside.")
    return float(epsilon)


def expire(engine: Engine, now: datetime | None = None, max_age_hours: float | None = None,
           wait: bool = True) -> int:
    """Delete polls older than the maximum age, and their answers first. Returns how many polls went.
    `wait=False`: StoreError("busy") at once if another writer holds the lock."""
    hours = limits.max_age_hours() if max_age_hours is None else max_age_hours
    cutoff = (now or _now()) - timedelta(hours=hours)
    with _writing(engine, wait) as conn:
        old = select(Poll.id).where(Poll.created_at < cutoff)
        conn.execute(delete(Origin).where(Origin.poll_id.in_(old)))
        conn.execute(delete(Answer).where(Answer.poll_id.in_(old)))
        conn.execute(delete(PollLanguage).where(PollLanguage.poll_id.in_(old)))
        return conn.execute(delete(Poll).where(Poll.created_at < cutoff)).rowcount or 0


_EXPIRED: dict[str, float] = {}  # database URL -> when this process last expired it (time.monotonic)
_EXPIRED_LOCK = threading.Lock()


def expire_now_and_then(engine: Engine) -> None:
    """`expire` at most once per limits.EXPIRE_EVERY_SECONDS and database, skipped when another writer
    holds the lock: opening a page never waits for it (every open used to write, and wait 30 s)."""
    key = engine.url.render_as_string(hide_password=True)
    with _EXPIRED_LOCK:
        if time.monotonic() - _EXPIRED.get(key, -math.inf) < limits.EXPIRE_EVERY_SECONDS:
            return
        _EXPIRED[key] = time.monotonic()
    try:
        expire(engine, wait=False)
    except StoreError as exc:
        if exc.reason != "busy":
            raise


def create_poll(engine: Engine, question: str, epsilon: float, method: Method = "device",
                now: datetime | None = None, *, lang: str | None = None) -> tuple[PollInfo, str]:
    """Open a poll; returns it and the teacher's secret (shown once, kept only as a hash).
    The coin protocol fixes p = 3/4 (ε = ln 3) whatever `epsilon` says. `lang`: the language the
    teacher opened it in (students' pages open in it)."""
    text = check_question(question)
    if method not in METHODS:
        raise ValueError(f"A poll is answered on the device or with a coin, not {method!r}.")
    if lang is not None and not (isinstance(lang, str) and 1 <= len(lang) <= LANG_MAX_CHARS and lang.isalpha()):
        raise ValueError(f"A poll's language is a short id such as 'en' or 'zh', not {lang!r}.")
    p = limits.COIN_P if method == "coin" else rr_truth_probability(check_epsilon(epsilon))
    expire(engine, now)
    secret = secrets.token_urlsafe(limits.SECRET_BYTES)
    for _ in range(5):  # a clash of 49-bit codes is next to impossible; retry anyway
        code = "".join(secrets.choice(limits.CODE_ALPHABET) for _ in range(limits.CODE_CHARS))
        values = {"code": code, "secret_hash": _hash(secret), "question": text, "p": p, "method": method,
                  "created_at": now or _now(), "closed": False, "revealed": False}
        try:
            with _writing(engine) as conn:
                poll_id = conn.execute(insert(Poll).values(**values)).inserted_primary_key[0]
                if lang is not None:
                    conn.execute(insert(PollLanguage).values(poll_id=poll_id, lang=lang))
        except IntegrityError:
            continue
        return PollInfo(int(poll_id), code, text, p, method, _aware(values["created_at"]), False, False,
                        lang), secret
    raise RuntimeError("Could not find a free poll code.")


def _clean_code(code: object) -> str | None:
    if not isinstance(code, str) or len(code) != limits.CODE_CHARS:
        return None
    return code if all(c in limits.CODE_ALPHABET for c in code) else None


def get_poll(engine: Engine, code: object) -> PollInfo | None:
    """The poll with this code, or None (unknown, malformed or expired)."""
    clean = _clean_code(code)
    if clean is None:
        return None
    with _reading(engine) as conn:
        poll = conn.execute(_with_language(clean)).first()
    return None if poll is None else _info(poll)


def teacher_poll(engine: Engine, code: object, secret: object) -> PollInfo | None:
    """The poll if `secret` is its teacher's secret (compared in constant time), else None."""
    clean = _clean_code(code)
    if clean is None or not isinstance(secret, str) or not secret:
        return None
    with _reading(engine) as conn:
        poll = conn.execute(_with_language(clean)).first()
    if poll is None or not hmac.compare_digest(poll.secret_hash, _hash(secret)):
        return None
    return _info(poll)


def submit_answer(engine: Engine, code: object, token: str, yes: bool, now: datetime | None = None, *,
                  device: str | None = None, address: str | None = None) -> Outcome:
    """Record one randomized answer. `token` is the student's *session* token, minted by the server;
    `device` the browser's own token as the phone sent it (trusted only to refuse: a browser that kept
    its storage cannot answer from a new session); `address` the client's network address, None when
    unknown (every unknown address shares one count). A second answer of a session or browser is
    "duplicate"; past the address's share of the poll "address_full"; past its rate "too_fast".
    Raises StoreError (nothing stored) when the store is busy, its file is gone or it is down."""
    if not isinstance(token, str) or not 8 <= len(token) <= limits.TOKEN_MAX_CHARS:
        raise ValueError("A student token has 8 to 64 characters.")
    if not isinstance(yes, bool):
        raise ValueError(f"An answer is yes or no (True or False), not {yes!r}.")
    if device is not None and (not isinstance(device, str) or not 1 <= len(device) <= limits.TOKEN_MAX_CHARS):
        raise ValueError("A browser token has 1 to 64 characters.")
    clean = _clean_code(code)
    if clean is None:
        return "unknown"
    moment = now or _now()
    try:
        with _writing(engine) as conn:  # PostgreSQL: the poll's row locked until commit, as SQLite's whole file
            row = conn.execute(select(Poll.id, Poll.closed).where(Poll.code == clean).with_for_update()).first()
            if row is None:
                return "unknown"
            if row.closed:
                return "closed"
            origin = {"poll_id": row.id, "device": None if device is None else _device_hash(row.id, device),
                      "address": _address_hash(row.id, address or "unknown"), "received_at": moment}
            refused = _refusal(conn, token, origin)
            if refused is not None:
                return refused
            answer_id = conn.execute(insert(Answer).values(
                poll_id=row.id, token=token, yes=yes, received_at=moment)).inserted_primary_key[0]
            conn.execute(insert(Origin).values(answer_id=answer_id, **origin))
    except IntegrityError:
        return "duplicate"
    return "recorded"


def _refusal(conn: Connection, token: str, origin: dict) -> Outcome | None:
    """Why this answer may not be recorded, or None: the session or browser answered already, the poll
    is full, or the address has had its share of the poll or sends too fast."""
    poll_id, device, address = origin["poll_id"], origin["device"], origin["address"]
    if conn.execute(select(Answer.id).where(Answer.poll_id == poll_id, Answer.token == token)).first():
        return "duplicate"
    if device is not None and conn.execute(
            select(Origin.answer_id).where(Origin.poll_id == poll_id, Origin.device == device)).first():
        return "duplicate"
    count = conn.execute(select(func.count()).select_from(Answer).where(Answer.poll_id == poll_id)).scalar_one()
    if count >= limits.MAX_ANSWERS_PER_POLL:
        return "full"
    mine = select(func.count()).select_from(Origin).where(Origin.poll_id == poll_id, Origin.address == address)
    if conn.execute(mine).scalar_one() >= limits.max_answers_per_address():
        return "address_full"
    last_second = mine.where(Origin.received_at > origin["received_at"] - timedelta(seconds=1))
    if conn.execute(last_second).scalar_one() >= limits.MAX_PER_ADDRESS_SECOND:
        return "too_fast"
    return None


def has_answered(engine: Engine, poll_id: int, token: str) -> bool | None:
    """The randomized answer this token sent to the poll, or None if it has not answered."""
    with _reading(engine) as conn:
        found = conn.execute(select(Answer.yes).where(Answer.poll_id == poll_id, Answer.token == token)).first()
    return None if found is None else bool(found.yes)


def browser_answer(engine: Engine, poll_id: int, device: object) -> bool | None:
    """The randomized answer the browser with this token sent to the poll, or None (not answered, or
    not a token). Trusted, like every browser token, only to refuse: a page reloaded on a phone that
    answered shows it answered."""
    if not isinstance(device, str) or not 1 <= len(device) <= limits.TOKEN_MAX_CHARS:
        return None
    with _reading(engine) as conn:
        found = conn.execute(select(Answer.yes).join(Origin, Origin.answer_id == Answer.id)
                             .where(Origin.poll_id == poll_id, Origin.device == _device_hash(poll_id, device))).first()
    return None if found is None else bool(found.yes)


def tally(engine: Engine, poll_id: int) -> Tally:
    """How many answered, and how many of them sent "yes"."""
    with _reading(engine) as conn:
        row = conn.execute(select(func.count(), func.count().filter(Answer.yes.is_(True)))
                           .where(Answer.poll_id == poll_id)).one()
    return Tally(int(row[0]), int(row[1]))


def answers(engine: Engine, poll_id: int) -> tuple[bool, ...]:
    """The randomized answers in the order they arrived (the live chart's running estimate)."""
    with _reading(engine) as conn:
        rows = conn.execute(select(Answer.yes).where(Answer.poll_id == poll_id).order_by(Answer.id)).scalars()
        return tuple(bool(v) for v in rows)


def answer_rows(engine: Engine, poll_id: int) -> list[tuple[int, bool, datetime]]:
    """For the export: (arrival number, randomized answer, time received). No tokens leave the store."""
    with _reading(engine) as conn:
        rows = conn.execute(select(Answer.yes, Answer.received_at).where(Answer.poll_id == poll_id)
                            .order_by(Answer.id)).all()
    return [(i, bool(r.yes), _aware(r.received_at)) for i, r in enumerate(rows, start=1)]


def _set_flag(engine: Engine, code: object, secret: object, **values: bool) -> PollInfo | None:
    poll = teacher_poll(engine, code, secret)
    if poll is None:
        return None
    with _writing(engine) as conn:
        conn.execute(update(Poll).where(Poll.id == poll.id).values(**values))
    return teacher_poll(engine, code, secret)


def close_poll(engine: Engine, code: object, secret: object) -> PollInfo | None:
    """Stop taking answers (teacher's secret required; None if it is wrong)."""
    return _set_flag(engine, code, secret, closed=True)


def reveal_poll(engine: Engine, code: object, secret: object) -> PollInfo | None:
    """Close the poll and let students see the result (teacher's secret required)."""
    return _set_flag(engine, code, secret, closed=True, revealed=True)
