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
CODE_CHARS = 10  # 10 of 31 symbols: about 49 bits, not guessable by trying codes
CODE_ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz"  # no 0/o, 1/l/i: easy to read from a projector
SECRET_BYTES = 24  # the teacher's secret (base64url, 32 characters)
TOKEN_MAX_CHARS = 64  # a student's session token
MAX_AGE_ENV = "POLL_MAX_AGE_HOURS"
MAX_AGE_HOURS_DEFAULT = 24.0
DATABASE_ENV = "DATABASE_URL"


def max_age_hours() -> float:
    """How long a poll and its answers are kept (env POLL_MAX_AGE_HOURS, default 24 hours)."""
    raw = os.environ.get(MAX_AGE_ENV, "")
    try:
        hours = float(raw) if raw.strip() else MAX_AGE_HOURS_DEFAULT
    except ValueError:
        return MAX_AGE_HOURS_DEFAULT
    return hours if math.isfinite(hours) and hours > 0 else MAX_AGE_HOURS_DEFAULT
