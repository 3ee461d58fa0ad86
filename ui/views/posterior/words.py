"""Numbers of the attacker's page written for people, and the labels every output chart shares."""

from __future__ import annotations

from ui import fmt
from ui.charts.posterior import Answers
from ui.i18n import per_language
from ui.text.posterior import TEXT

ANSWERS = per_language(lambda: Answers(TEXT["rr_no"], TEXT["rr_yes"]))


def small(p: float) -> str:
    """A small probability such as delta: three significant digits from 0.001 up ("0.221"), words
    below ("about 1 in 100,000", "less than one in a million"), and exactly 0 as "0"."""
    if p <= 0:
        return "0"
    return fmt.number(p) if p >= 1e-3 else fmt.share(p)


def odds(p: float) -> str:
    """Betting odds for D, as "x to 1" (in the run's language)."""
    return TEXT["odds"].format(x="∞" if p >= 1 else fmt.number(p / (1 - p)))
