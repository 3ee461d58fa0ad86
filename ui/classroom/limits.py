"""Limits of a live poll, in one place: what a teacher may ask and how long a poll lives."""

from __future__ import annotations

import math
import os

QUESTION_MIN_CHARS = 1
QUESTION_MAX_CHARS = 200
# Privacy budget of one answer: below 0.1 a class of 60 learns nothing (the interval spans the whole
# axis); above 5 the phone tells the truth 99.3% of the time and the lie protects no one.
EPSILON_MIN = 0.1
EPSILON_MAX = 5.0
EPSILON_DEFAULT = math.log(3)  # p = 3/4: the course's coin protocol
COIN_P = 0.75  # first toss heads: the truth; tails: a second toss answers (heads yes, tails no)
MAX_ANSWERS_PER_POLL = 5_000  # a class, not a census: the live chart stays cheap to draw
# One network address (a phone, or a whole school behind one NAT) may give at most this many answers
# to one poll (env POLL_MAX_ANSWERS_PER_ADDRESS), and at most this many within one second: one client
# cannot fill the poll, and a lecture hall behind one address still fits.
MAX_PER_ADDRESS_ENV = "POLL_MAX_ANSWERS_PER_ADDRESS"
MAX_PER_ADDRESS_DEFAULT = 200
MAX_PER_ADDRESS_SECOND = 30
ADDRESS_KEY_ENV = "POLL_ADDRESS_KEY"  # the key of the addresses' keyed hash (same on every server)
CODE_CHARS = 10  # 10 of 31 symbols: about 49 bits, not guessable by trying codes
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: easy to read from a projector
SECRET_BYTES = 24  # the teacher's secret (base64url, 32 characters)
TOKEN_MAX_CHARS = 64  # a student's session token
MAX_AGE_ENV = "POLL_MAX_AGE_HOURS"
MAX_AGE_HOURS_DEFAULT = 24.0
DATABASE_ENV = "DATABASE_URL"
# The store answers within a couple of seconds or says why not: how long a write waits for a lock
# another program holds, and how long a connection to PostgreSQL may take. Expiring old polls runs at most once a minute.
STORE_BUSY_SECONDS = 2.0
STORE_QUEUE_SECONDS = 5.0  # SQLite: how long a write waits for this server's earlier writes (~5 ms each)
STORE_CONNECT_SECONDS = 3
EXPIRE_EVERY_SECONDS = 60.0


def _positive(name: str, default: float) -> float:
    raw = os.environ.get(name, "")
    try:
        value = float(raw) if raw.strip() else default
    except ValueError:
        return default
    return value if math.isfinite(value) and value > 0 else default


def max_answers_per_address() -> int:
    """How many answers one network address may give one poll (env POLL_MAX_ANSWERS_PER_ADDRESS,
    default 200)."""
    return max(1, int(_positive(MAX_PER_ADDRESS_ENV, MAX_PER_ADDRESS_DEFAULT)))


def max_age_hours() -> float:
    """How long a poll and its answers are kept (env POLL_MAX_AGE_HOURS, default 24 hours)."""
    return _positive(MAX_AGE_ENV, MAX_AGE_HOURS_DEFAULT)
