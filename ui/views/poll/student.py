"""What a student's phone shows: the question (plain text), how the answer is randomized, what was
received, and the class's result once the teacher reveals it."""

from __future__ import annotations

import math
from dataclasses import dataclass

from dpcore.ldp.randomized_response import rr_summary
from ui import fmt
from ui.safe import md_escape
from ui.text.poll import TEXT


@dataclass(frozen=True)
class Settings:
    question: str
    p: float
    method: str  # "device" or "coin"
    sent: bool | None  # the randomized answer this session sent, None before answering
    outcome: str  # what the last press gave: "", "recorded", "duplicate", "closed", "full", "unknown"
    closed: bool
    revealed: bool
    n: int  # answers so far (used once revealed)
    n_yes: int


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
    if answered:
        parts.append(TEXT["sent"].format(answer=TEXT["answer_yes" if s.sent else "answer_no"]))
    if s.outcome == "duplicate":
        parts.append(TEXT["duplicate"])
    elif s.outcome == "full":
        parts.append(TEXT["full"])
    elif s.outcome == "closed" or (s.closed and not answered):
        parts.append(TEXT["closed_student"])
    if answered and not s.revealed:
        parts.append(TEXT["wait_reveal"])
    result = ""
    if s.revealed:
        if s.n == 0:
            result = TEXT["result_empty"]
        else:
            e = rr_summary(s.n_yes, s.n, s.p, exact=True)
            result = TEXT["result_student"].format(
                answers=fmt.plural(s.n, TEXT["answers_one"], TEXT["answers_many"]), raw=f"{s.n_yes:,}",
                est=num(e.estimate), low=num(e.low), high=num(e.high))
    can = not answered and not s.closed and s.outcome not in ("full", "duplicate")
    return View(md_escape(s.question), how, can, "\n\n".join(parts), result)


def parse_answer(value: object) -> tuple[bool | None, str | None]:
    """What the phone's buttons sent: "yes" or "no", then ":" and the browser's own token (32 hex
    digits kept in its localStorage) when it has one. Returns (True/False, or None for anything
    else; the token, or None)."""
    if not isinstance(value, str):
        return None, None
    answer, _, device = value.partition(":")
    token = device if len(device) == 32 and all(c in "0123456789abcdef" for c in device) else None
    return {"yes": True, "no": False}.get(answer), token
