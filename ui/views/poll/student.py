"""What a student's phone shows: the question (plain text), how the answer is randomized, what was
sent and why it may not be what was pressed, and the class's result once the teacher reveals it.
And joining with a code: what a student typed, read as a poll code, or why it is not one."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from ui import fmt
from ui.classroom import limits
from ui.safe import md_escape
from ui.text.poll import TEXT
from ui.views.poll.live import shares


@dataclass(frozen=True)
class Settings:
    question: str
    p: float
    method: str  # "device" or "coin"
    sent: bool | None  # the randomized answer this session or this browser sent, None before answering
    outcome: str  # what the last press gave: "", "recorded", "duplicate", "closed", "full", "unknown"
    closed: bool
    revealed: bool
    n: int  # answers so far (used once revealed)
    n_yes: int
    earlier: bool = False  # `sent` was found by the browser's token: it answered on an earlier visit


@dataclass(frozen=True)
class View:
    question: str  # markdown-escaped: shown as the teacher typed it, never as markup
    how: str
    can_answer: bool
    status: str  # "" while the buttons wait for a press
    result: str  # "" until revealed


def compute(s: Settings) -> View:
    num = fmt.number
    how = (TEXT["how_coin"] if s.method == "coin"
           else TEXT["how_device"].format(p=num(s.p, 4), eps=num(math.log(s.p / (1 - s.p)))))
    answered = s.sent is not None
    parts = []
    if s.sent is not None:  # one message, however it was learnt: a press now, a reload, a second press
        answer = TEXT["answer_yes" if s.sent else "answer_no"]
        said = TEXT["already_sent" if s.earlier or s.outcome == "duplicate" else "sent"].format(answer=answer)
        parts += [said, TEXT["why_coin" if s.method == "coin" else "why_device"]]
    elif s.outcome == "duplicate":
        parts.append(TEXT["duplicate"])
    if s.outcome == "full":
        parts.append(TEXT["full"])
    elif s.outcome == "closed" or (s.closed and not answered):
        parts.append(TEXT["closed_student"])
    if (answered or s.outcome == "duplicate") and not s.revealed:
        parts.append(TEXT["wait_reveal"])
    result = ""
    if s.revealed:
        if s.n == 0:
            result = TEXT["result_empty"]
        else:
            share = shares(s.n_yes, s.n, s.p)
            result = TEXT["result_student"].format(
                answers=fmt.plural(s.n, TEXT["answers_one"], TEXT["answers_many"]), raw=f"{s.n_yes:,}",
                est=share.estimate, low=share.low, high=share.high)
            result += "".join(f" {note}" for note in share.notes)
    can = not answered and not s.closed and s.outcome not in ("full", "duplicate")
    return View(md_escape(s.question), how, can, "\n\n".join(parts), result)


def parse_answer(value: object) -> tuple[bool | None, str | None]:
    """What the phone's buttons sent: "yes" or "no", then ":" and the browser's own token (32 hex
    digits kept in its localStorage) when it has one. Returns (True/False, or None for anything
    else; the token, or None)."""
    if not isinstance(value, str):
        return None, None
    answer, _, device = value.partition(":")
    return {"yes": True, "no": False}.get(answer), parse_device(device)


def parse_device(value: object) -> str | None:
    """The browser's own token as its page reports it (32 hex digits), or None."""
    if isinstance(value, str) and len(value) == 32 and all(c in "0123456789abcdef" for c in value):
        return value
    return None


_TYPED_MAX = 40  # characters of a mistyped code quoted back


def clean_code(typed: object) -> str | None:
    """A poll code as a student types it: capitals, blanks and dashes ignored, and a whole student
    link pasted gives its code. None when it cannot be a poll code (then `join_problem` says why)."""
    if not isinstance(typed, str):
        return None
    text = typed.strip()
    if (found := re.search(r"[?&]poll=([^&#\s]*)", text)) is not None:
        text = found.group(1)
    code = re.sub(r"[\s\-‐‑–—]", "", text).lower()
    ok = len(code) == limits.CODE_CHARS and all(c in limits.CODE_ALPHABET for c in code)
    return code if ok else None


def join_problem(typed: str, found: bool) -> str:
    """Why joining with what was typed did not open a poll ("" when it did): nothing typed, not a
    code (quoted back as text), or no poll has that code (mistyped, or expired)."""
    if found:
        return ""
    if not typed.strip():
        return TEXT["join_empty"]
    code = clean_code(typed)
    if code is None:
        shown = typed.strip() if len(typed.strip()) <= _TYPED_MAX else typed.strip()[:_TYPED_MAX] + "…"
        return TEXT["join_not_a_code"].format(typed=md_escape(shown), chars=limits.CODE_CHARS)
    return TEXT["join_unknown"].format(code=md_escape(code), hours=f"{limits.max_age_hours():g}")
