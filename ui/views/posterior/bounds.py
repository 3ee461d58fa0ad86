"""Part 1: the band every ε-DP mechanism keeps the attacker's posterior in, at one epsilon of the
chart's own slider (ui/chart_slider.py computes it at each): the words and the big numbers follow
the chart as a reading (`blocks`, ui/reading.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from dpcore import posterior as post
from ui import fmt
from ui.charts import posterior as charts
from ui.i18n import per_language
from ui.reading import Block
from ui.text.posterior import TEXT
from ui.views.posterior.words import odds

# Comparison epsilons drawn in grey; their curves do not move with the chosen epsilon or prior.
BAND_EPSILONS = (0.1, 0.5, 1.0, 2.0, 5.0)
# Priors: 41 even steps, and 19 even steps in log-odds for the sharp bends of eps = 5 near 0 and 1.
# 59 points per curve (50% among them): every point drawn costs the browser time on each redraw.
EVEN_PRIORS, LOG_ODDS_PRIORS = 41, 19
LABELS = per_language(lambda: charts.BandLabels(
    title=TEXT["fig_band_title"], x=TEXT["fig_band_x"], y=TEXT["fig_band_y"], chosen=TEXT["fig_band_chosen"],
    diagonal=TEXT["fig_band_diagonal"], you=TEXT["fig_band_you"],
    others=tuple(TEXT["fig_band_eps"].format(eps=fmt.number(e)) for e in BAND_EPSILONS)))
FORMULA = per_language(lambda: f"{TEXT['bounds_intro']}\n\n$$\n{TEXT['bounds_latex']}\n$$")  # its own element: typeset once


@dataclass(frozen=True)
class Settings:
    epsilon: float  # the chart's slider sets it
    prior: float


@dataclass(frozen=True)
class View:
    words: str
    metrics: tuple[tuple[str, str], ...]
    chart: dict


def compute(s: Settings) -> View:
    lower, upper = (float(v) for v in post.posterior_bounds(s.prior, s.epsilon))
    factor = fmt.number(post.odds_factor(s.epsilon))
    grey = post.band_curves(BAND_EPSILONS, EVEN_PRIORS, LOG_ODDS_PRIORS)
    chosen = post.band_curves((s.epsilon,), EVEN_PRIORS, LOG_ODDS_PRIORS)
    labels = replace(LABELS(), title=TEXT["fig_band_title"].format(eps=fmt.number(s.epsilon)))
    chart = charts.band_chart(grey.prior, grey.lower, grey.upper, chosen.lower[0], chosen.upper[0], s.prior, lower,
                              upper, labels)
    words = "\n\n".join((
        TEXT["bounds_words"].format(prior=fmt.share(s.prior), upper=fmt.share(upper), lower=fmt.share(lower),
                                    eps=fmt.number(s.epsilon)),
        TEXT["bounds_odds"].format(prior_odds=odds(s.prior), factor=factor, lower_odds=odds(lower),
                                   upper_odds=odds(upper)),
    ))
    metrics = ((TEXT["metric_lower"], fmt.share(lower)), (TEXT["metric_upper"], fmt.share(upper)),
               (TEXT["metric_odds"], TEXT["metric_odds_value"].format(factor=factor)))
    return View(words, metrics, chart)


def blocks(view: View) -> tuple[Block, ...]:
    """The words and the big numbers of `view`, as the reading that follows the chart."""
    return (*(("p", words) for words in view.words.split("\n\n")), ("metrics", view.metrics))
