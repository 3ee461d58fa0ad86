"""The attacker's view: how far one output of a DP mechanism can move a suspicion.

An attacker believes with prior P that the real dataset is D rather than its neighbour D'. One
concept per module:

- `bounds`: the band every eps-DP mechanism keeps the posterior in (`posterior_bounds`);
- `pairs`: a count query's answers on D and D' (`CountPair`, from the bundled neighbours);
- `models`: one mechanism on D and on D' (`AttackModel`, `attack_model`);
- `exact`: the exact posterior of one observed output (`read_output`) and the output axis;
- `loss`: the privacy loss L(O) = ln(p_D(O) / p_D'(O)), its distribution, where the posterior
  leaves the band;
- `delta`: delta(eps) = E_{O ~ A(D)}[max(0, 1 - e^(eps - L(O)))] by three routes, and as an area;
- `testing`: the likelihood-ratio test's ROC and the (eps, delta)-DP region;
- `game`: the guessing game, simulated (`play_game`) and played one round at a time (`game_round`).

Reference: the seed notes on posterior bounds and privacy loss (SEED-FACTS section 7, seed 003);
Dwork & Roth (2014) ch. 2-3; Balle & Wang, "Improving the Gaussian mechanism" (ICML 2018,
arXiv:1805.06530) Thm 8; Kairouz, Oh & Viswanath, "The composition theorem for differential
privacy" (ICML 2015, arXiv:1311.0776) Thm 2.1 (the hypothesis-testing region).
"""

from dpcore.posterior.bounds import (
    BandCurves,
    band_curves,
    odds_factor,
    posterior_bounds,
    posterior_from_likelihoods,
    posterior_from_loss,
)
from dpcore.posterior.delta import (
    DeltaArea,
    DeltaCurves,
    delta_area,
    delta_curve,
    delta_curves,
    delta_for_epsilon,
    delta_one_curve,
    dp_accounting_delta,
    gaussian_delta_analytic,
    laplace_delta_analytic,
    randomized_response_delta_analytic,
)
from dpcore.posterior.exact import OutputAxis, OutputReading, draw_output, exact_posterior, output_axis, read_output
from dpcore.posterior.game import GameResult, GameRound, game_round, play_game, wilson_interval
from dpcore.posterior.loss import (
    BandLeak,
    LossHistogram,
    PrivacyLossDistribution,
    band_leak,
    loss_histogram,
    privacy_loss_distribution,
)
from dpcore.posterior.models import ATTACK_KINDS, AttackKind, AttackModel, attack_model
from dpcore.posterior.pairs import CountPair, count_with_and_without, neighbour_count_pair
from dpcore.posterior.testing import RocCurve, accuracy_ceiling, advantage_bound, dp_roc_region, roc_curve

__all__ = [
    "ATTACK_KINDS", "AttackKind", "AttackModel", "BandCurves", "BandLeak", "CountPair", "DeltaArea", "DeltaCurves",
    "GameResult", "GameRound", "LossHistogram", "OutputAxis", "OutputReading", "PrivacyLossDistribution", "RocCurve",
    "accuracy_ceiling", "advantage_bound", "attack_model", "band_curves", "band_leak",
    "count_with_and_without", "delta_area", "delta_curve", "delta_curves", "delta_for_epsilon",
    "delta_one_curve", "dp_accounting_delta", "dp_roc_region", "draw_output", "exact_posterior", "game_round",
    "gaussian_delta_analytic", "laplace_delta_analytic", "loss_histogram", "neighbour_count_pair",
    "odds_factor", "output_axis", "play_game", "posterior_bounds", "posterior_from_likelihoods",
    "posterior_from_loss", "privacy_loss_distribution", "randomized_response_delta_analytic", "read_output",
    "roc_curve", "wilson_interval",
]
