"""Opening a poll: the teacher's question, method and ε checked and described (the page then stores it)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from dpcore.mechanisms import rr_epsilon, rr_truth_probability
from ui import fmt
from ui.classroom import limits, store
from ui.text.poll import TEXT


@dataclass(frozen=True)
class Settings:
    question: str
    epsilon: float
    method: store.Method


@dataclass(frozen=True)
class View:
    question: str  # blanks collapsed, ready to store
    epsilon: float  # the budget of each answer (ln 3 with the coin)
    p: float
    summary: str


def compute(s: Settings) -> View:
    """The poll as it will be stored; a ValueError in the page's language when an input is out of bounds."""
    text = " ".join(s.question.split())
    if not limits.QUESTION_MIN_CHARS <= len(text) <= limits.QUESTION_MAX_CHARS:
        raise ValueError(TEXT["bad_question"].format(low=limits.QUESTION_MIN_CHARS, high=limits.QUESTION_MAX_CHARS,
                                                     n=len(text)))
    if s.method == "coin":
        p = limits.COIN_P
        eps = rr_epsilon(p)
    else:
        if not math.isfinite(s.epsilon) or not limits.EPSILON_MIN <= s.epsilon <= limits.EPSILON_MAX:
            raise ValueError(TEXT["bad_epsilon"].format(low=fmt.number(limits.EPSILON_MIN),
                                                        high=fmt.number(limits.EPSILON_MAX), eps=fmt.number(s.epsilon)))
        eps, p = float(s.epsilon), rr_truth_probability(float(s.epsilon))
    return View(text, eps, p, TEXT["create_summary"].format(p=fmt.number(p, 4), eps=fmt.number(eps)))
