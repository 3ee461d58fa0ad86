"""The coin protocol: how p and ε follow each other, one respondent's tosses, and a simulated
survey corrected with the course's estimator. The survey's true share is its chart's own slider
(ui/chart_slider.py): `survey` is the view at one share, the slider computes it at each."""

from __future__ import annotations

from dataclasses import dataclass

from dpcore.ldp.randomized_response import rr_simulate_survey, rr_summary
from dpcore.mechanisms import rr_epsilon
from dpcore.rng import make_rng
from ui import fmt
from ui.charts import randomized_response as charts
from ui.reading import Block
from ui.text.randomized_response import TEXT

Toss = tuple[bool, bool, bool]  # (true answer is yes, coin shows heads, reported yes)
SHARES: tuple[float, ...] = tuple(i / 100 for i in range(101))  # the survey's true shares, its chart's slider
DEFAULT_SHARE = 0.3


@dataclass(frozen=True)
class Settings:
    """The truth probability p and the tosses made so far with it."""

    p: float
    history: tuple[Toss, ...]


@dataclass(frozen=True)
class View:
    link: str  # how p and ε follow each other, the numbers in
    toss: str  # the last toss told, or the prompt to press the button
    tally: str  # what the tosses so far add up to ("" before the first)


def compute(s: Settings) -> View:
    p, q = s.p, 1 - s.p
    n = fmt.number
    link = TEXT["p_eps_link"].format(p=n(p, 4), q=n(q, 4), eps=n(rr_epsilon(p), 4), ratio=n(p / q))
    if not s.history:
        return View(link, TEXT["one_prompt"], "")
    said, heads, reported = s.history[-1]
    answer = {True: TEXT["answer_yes"], False: TEXT["answer_no"]}
    toss = TEXT["one_heads" if heads else "one_tails"].format(
        i=len(s.history), truth=answer[said], reported=answer[reported], p=n(p), q=n(q))
    tosses = len(s.history)
    n_heads = sum(h for _, h, _ in s.history)
    changed = sum(t != r for t, _, r in s.history)
    tally = TEXT["one_tally"].format(
        tosses=fmt.plural(tosses, TEXT["tosses_one"], TEXT["tosses_many"]),
        heads=fmt.plural(n_heads, TEXT["heads_one"], TEXT["heads_many"]), share=n(n_heads / tosses), p=n(p),
        changed=fmt.plural(changed, TEXT["changed_one"], TEXT["changed_many"]),
    )
    return View(link, toss, tally)


@dataclass(frozen=True)
class SurveySettings:
    """n respondents of whom a share truly say "yes", each telling the truth with probability p."""

    p: float
    n: int
    share: float | None  # set by the chart's slider (None: DEFAULT_SHARE)
    seed: int


@dataclass(frozen=True)
class SurveyView:
    chart: dict
    result: str
    notes: str

    @property
    def reading(self) -> tuple[Block, ...]:
        """The result and each note, the sentences that follow the chart's slider."""
        return (("p", self.result), *(("p", note) for note in self.notes.split("\n\n")))


def survey(s: SurveySettings) -> SurveyView:
    """The simulated survey: true, raw and corrected shares, the correction written out."""
    share = DEFAULT_SHARE if s.share is None else s.share
    n_true, n_yes = rr_simulate_survey(s.n, share, s.p, make_rng(s.seed, "rr-survey"))
    e = rr_summary(n_yes, s.n, s.p)
    num = fmt.number
    result = TEXT["survey_result"].format(
        respondents=fmt.plural(s.n, TEXT["respondents_one"], TEXT["respondents_many"]),
        n_true=fmt.plural(n_true, TEXT["say_yes_one"], TEXT["say_yes_many"]), truth=num(n_true / s.n),
        n_yes=f"{n_yes:,}", raw=num(e.raw_share), p=num(s.p, 4), den=num(2 * s.p - 1, 4), n=f"{s.n:,}",
        est=num(e.estimate), se=num(e.standard_error), low=num(e.low), high=num(e.high),
    )
    notes = ([] if 0 <= e.estimate <= 1 else [TEXT["survey_outside"]]) + [TEXT["simulation"]]
    labels = charts.SurveyLabels(
        (*TEXT["survey_chart_title"].split("\n"), TEXT["survey_chart_share"].format(share=num(share))),
        TEXT["survey_axis"], TEXT["row_truth"], TEXT["row_raw"], TEXT["row_corrected"], TEXT["row_title"])
    chart = charts.survey_estimate(n_true / s.n, e.raw_share, e.estimate, e.low, e.high, labels)
    return SurveyView(chart, result, "\n\n".join(notes))
