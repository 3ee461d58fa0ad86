"""Live polls and their answers in a database: SQLite by default, PostgreSQL when DATABASE_URL is set.

SQLAlchemy 2 models and statements, no SQL written by hand. No streamlit here: the page caches one
engine per URL (ui/classroom/engine.py) and calls these functions with it.

- A poll has a public code (students' link) and a teacher's secret, kept only as its SHA-256: only
  the teacher's link may close, reveal or export.
- An answer is the *randomized* answer a phone sent (the true one never leaves the phone), one per
  student token and poll: the database enforces it with a unique constraint, so a double click or
  two servers behind a load balancer cannot count an answer twice.
- Polls older than `limits.max_age_hours()` are deleted with their answers (`expire`), called
  whenever a poll is created or opened.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Literal

from sqlalchemy import (
    Boolean, DateTime, Engine, Float, ForeignKey, Integer, String, UniqueConstraint, create_engine, delete, event,
    func, select, update,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from dpcore.mechanisms import rr_truth_probability
from ui.classroom import limits

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_SQLITE = ROOT / "var" / "polls.sqlite"
Method = Literal["device", "coin"]
Outcome = Literal["recorded", "duplicate", "closed", "full", "unknown"]
METHODS: tuple[Method, ...] = ("device", "coin")


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


@dataclass(frozen=True)
class Tally:
    n: int
    n_yes: int


def database_url(environ: dict[str, str] | None = None) -> str:
    """DATABASE_URL when set (PostgreSQL: postgresql+psycopg://...), else the SQLite file var/polls.sqlite."""
    import os

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
    in WAL mode (readers never block the writer) with a 30 s busy timeout, so 60 phones answering at
    once queue up instead of failing."""
    if url.startswith("sqlite"):
        path = url.split("///", 1)[1] if "///" in url else ""
        if path and path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"timeout": 30, "check_same_thread": False},
                               pool_size=10, max_overflow=20)

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection, _record) -> None:  # noqa: ANN001
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.close()
    else:
        engine = create_engine(url, pool_size=10, max_overflow=20, pool_pre_ping=True)
    Base.metadata.create_all(engine)
    return engine


def _hash(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime) -> datetime:
    """SQLite returns naive datetimes: they were written in UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _info(poll: Poll) -> PollInfo:
    method: Method = "coin" if poll.method == "coin" else "device"
    return PollInfo(poll.id, poll.code, poll.question, float(poll.p), method, _aware(poll.created_at),
                    bool(poll.closed), bool(poll.revealed))


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


def expire(engine: Engine, now: datetime | None = None, max_age_hours: float | None = None) -> int:
    """Delete polls older than the maximum age, and their answers first. Returns how many polls went."""
    hours = limits.max_age_hours() if max_age_hours is None else max_age_hours
    cutoff = (now or _now()) - timedelta(hours=hours)
    with engine.begin() as conn:
        old = select(Poll.id).where(Poll.created_at < cutoff)
        conn.execute(delete(Answer).where(Answer.poll_id.in_(old)))
        return conn.execute(delete(Poll).where(Poll.created_at < cutoff)).rowcount or 0


def create_poll(engine: Engine, question: str, epsilon: float, method: Method = "device",
                now: datetime | None = None) -> tuple[PollInfo, str]:
    """Open a poll; returns it and the teacher's secret (shown once, kept only as a hash).
    The coin protocol fixes p = 3/4 (ε = ln 3) whatever `epsilon` says."""
    text = check_question(question)
    if method not in METHODS:
        raise ValueError(f"A poll is answered on the device or with a coin, not {method!r}.")
    p = limits.COIN_P if method == "coin" else rr_truth_probability(check_epsilon(epsilon))
    expire(engine, now)
    secret = secrets.token_urlsafe(limits.SECRET_BYTES)
    for _ in range(5):  # a clash of 49-bit codes is next to impossible; retry anyway
        code = "".join(secrets.choice(limits.CODE_ALPHABET) for _ in range(limits.CODE_CHARS))
        poll = Poll(code=code, secret_hash=_hash(secret), question=text, p=p, method=method,
                    created_at=now or _now(), closed=False, revealed=False)
        try:
            with Session(engine, expire_on_commit=False) as session, session.begin():
                session.add(poll)
            return _info(poll), secret
        except IntegrityError:
            continue
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
    with Session(engine) as session:
        poll = session.scalars(select(Poll).where(Poll.code == clean)).first()
        return None if poll is None else _info(poll)


def teacher_poll(engine: Engine, code: object, secret: object) -> PollInfo | None:
    """The poll if `secret` is its teacher's secret (compared in constant time), else None."""
    clean = _clean_code(code)
    if clean is None or not isinstance(secret, str) or not secret:
        return None
    with Session(engine) as session:
        poll = session.scalars(select(Poll).where(Poll.code == clean)).first()
        if poll is None or not hmac.compare_digest(poll.secret_hash, _hash(secret)):
            return None
        return _info(poll)


def submit_answer(engine: Engine, code: object, token: str, yes: bool, now: datetime | None = None) -> Outcome:
    """Record one randomized answer. The unique constraint on (poll, token) keeps one per student:
    a second one is "duplicate", whatever server or thread sent it."""
    if not isinstance(token, str) or not 8 <= len(token) <= limits.TOKEN_MAX_CHARS:
        raise ValueError("A student token has 8 to 64 characters.")
    if not isinstance(yes, bool):
        raise ValueError(f"An answer is yes or no (True or False), not {yes!r}.")
    clean = _clean_code(code)
    if clean is None:
        return "unknown"
    try:
        with engine.begin() as conn:
            row = conn.execute(select(Poll.id, Poll.closed).where(Poll.code == clean)).first()
            if row is None:
                return "unknown"
            if row.closed:
                return "closed"
            count = conn.execute(select(func.count()).select_from(Answer).where(Answer.poll_id == row.id)).scalar_one()
            if count >= limits.MAX_ANSWERS_PER_POLL:
                return "full"
            conn.execute(Answer.__table__.insert().values(
                poll_id=row.id, token=token, yes=yes, received_at=now or _now()))
    except IntegrityError:
        return "duplicate"
    return "recorded"


def has_answered(engine: Engine, poll_id: int, token: str) -> bool | None:
    """The randomized answer this token sent to the poll, or None if it has not answered."""
    with engine.connect() as conn:
        found = conn.execute(select(Answer.yes).where(Answer.poll_id == poll_id, Answer.token == token)).first()
    return None if found is None else bool(found.yes)


def tally(engine: Engine, poll_id: int) -> Tally:
    """How many answered, and how many of them sent "yes"."""
    with engine.connect() as conn:
        row = conn.execute(select(func.count(), func.count().filter(Answer.yes.is_(True)))
                           .where(Answer.poll_id == poll_id)).one()
    return Tally(int(row[0]), int(row[1]))


def answers(engine: Engine, poll_id: int) -> tuple[bool, ...]:
    """The randomized answers in the order they arrived (the live chart's running estimate)."""
    with engine.connect() as conn:
        rows = conn.execute(select(Answer.yes).where(Answer.poll_id == poll_id).order_by(Answer.id)).scalars()
        return tuple(bool(v) for v in rows)


def answer_rows(engine: Engine, poll_id: int) -> list[tuple[int, bool, datetime]]:
    """For the export: (arrival number, randomized answer, time received). No tokens leave the store."""
    with engine.connect() as conn:
        rows = conn.execute(select(Answer.yes, Answer.received_at).where(Answer.poll_id == poll_id)
                            .order_by(Answer.id)).all()
    return [(i, bool(r.yes), _aware(r.received_at)) for i, r in enumerate(rows, start=1)]


def _set_flag(engine: Engine, code: object, secret: object, **values: bool) -> PollInfo | None:
    poll = teacher_poll(engine, code, secret)
    if poll is None:
        return None
    with engine.begin() as conn:
        conn.execute(update(Poll).where(Poll.id == poll.id).values(**values))
    return teacher_poll(engine, code, secret)


def close_poll(engine: Engine, code: object, secret: object) -> PollInfo | None:
    """Stop taking answers (teacher's secret required; None if it is wrong)."""
    return _set_flag(engine, code, secret, closed=True)


def reveal_poll(engine: Engine, code: object, secret: object) -> PollInfo | None:
    """Close the poll and let students see the result (teacher's secret required)."""
    return _set_flag(engine, code, secret, closed=True, revealed=True)
