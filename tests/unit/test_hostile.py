"""Hostile numbers for every public dpcore function (issue 14, part 4).

Each function of the table below is called with arguments drawn by hypothesis from hostile values
(0, -0.0, negatives, subnormals, 1e308, infinities, NaN, huge integers) mixed with ordinary ones.
Every call must either return a finite, sensible result (every float in it finite, probabilities
within [0, 1]) or raise a `DPError` (a ValueError) with a readable English sentence. Anything else
fails: ZeroDivisionError, OverflowError, TypeError, a scipy error, a RuntimeWarning (turned into an
error here: it is how numpy announces a NaN or an infinity in the making) or a NaN/inf result.

The first block pins each defect the outside audit reported, the second each one this sweep found,
with the exact call; those tests failed before the fix. The number of calls made is printed at the
end (run with -s) and checked.
"""

from __future__ import annotations

import dataclasses
import math
import warnings
from collections import Counter
from typing import Any, Callable

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dpcore import accounting, attacks, counting, histogram, mechanisms, pricing, risk, statistics, validation
from dpcore import accuracy as acc
from dpcore.errors import DPError
from dpcore.limits import MAX_GAUSSIAN_EPSILON
from dpcore.posterior import bounds, delta, exact, game, loss, models, pairs, testing
from dpcore.protection import Protection

# --- the audit's reproductions -----------------------------------------------------------------


def test_laplace_of_subnormal_epsilon_is_refused() -> None:
    with pytest.raises(DPError) as caught:
        mechanisms.calibrate("laplace", 1e-310)
    assert caught.value.code == "noise_overflow"
    assert str(caught.value) == "Epsilon 1e-310 is too small for sensitivity 1: the noise scale overflows."


def test_discrete_laplace_scale_stays_computable() -> None:
    with pytest.raises(DPError, match="overflows"):
        mechanisms.calibrate("discrete_laplace", 1e-13)
    noise = mechanisms.calibrate("discrete_laplace", 1e-12)
    assert math.isfinite(noise.std) and math.isfinite(noise.accuracy())
    assert noise.std == pytest.approx(math.sqrt(2) * 1e12, rel=1e-9)  # sqrt(2 p) / (1 - p) at p = e^(-1/t)


def test_tiny_noise_scale_is_refused() -> None:
    with pytest.raises(DPError) as caught:
        mechanisms.calibrate("laplace", 1.0, sensitivity=1e-310)
    assert caught.value.code == "noise_underflow"


def test_gaussian_sigma_at_huge_epsilon_is_readable() -> None:
    with pytest.raises(DPError) as caught:
        mechanisms.gaussian_sigma(1e308, 1e-5)
    assert caught.value.code == "gaussian_epsilon_large"
    assert "solver" not in str(caught.value)
    assert 0 < mechanisms.gaussian_sigma(MAX_GAUSSIAN_EPSILON, 1e-5) < 1e-3  # the limit itself works


def test_classic_gaussian_with_subnormal_delta_is_finite() -> None:
    sigma = mechanisms.gaussian_sigma(0.5, 5e-324, method="classic")
    assert sigma == pytest.approx(math.sqrt(2 * (math.log(1.25) + 744.44007192138126)) / 0.5, rel=1e-12)


def test_gaussian_delta_analytic_refuses_nan_sensitivity() -> None:
    with pytest.raises(DPError, match="Sensitivity"):
        delta.gaussian_delta_analytic(1.0, 3.73, float("nan"))


def test_laplace_delta_analytic_refuses_zero_scale() -> None:
    with pytest.raises(DPError) as caught:
        delta.laplace_delta_analytic(1.0, 0.0)
    assert caught.value.code == "not_positive"


def test_bins_over_a_huge_span_are_refused() -> None:
    with pytest.raises(DPError) as caught:
        histogram.NumericBins(-1e308, 1e308, 10)
    assert caught.value.code == "bounds"
    wide = histogram.NumericBins(-1e15, 1e15, 10)  # the widest span allowed still bins correctly
    assert wide.labels[0] == "-1e+15–-8e+14"
    assert list(wide.index(np.array([-1e15, -1, 1, 1e15]))) == [0, 4, 5, 9]


def test_bins_too_narrow_for_floats_are_refused() -> None:
    with pytest.raises(DPError) as caught:
        histogram.NumericBins(0.0, 5e-324, 10)
    assert caught.value.code == "bins_too_narrow"


def test_post_process_of_no_bins() -> None:
    out = histogram.post_process(np.array([]), histogram.PostProcessing(True, True, True))
    assert out.shape == (0,)


def test_normalise_counts_near_the_float_limit() -> None:
    out = histogram.post_process(np.array([1e308, 1e308, 0.0]), histogram.PostProcessing(normalise=True))
    assert list(out) == [0.5, 0.5, 0.0]


def test_noisy_counts_refuses_nan() -> None:
    noise = mechanisms.calibrate("laplace", 1.0)
    with pytest.raises(DPError) as caught:
        histogram.noisy_counts(np.array([1.0, np.nan]), noise, np.random.default_rng(0))
    assert caught.value.code == "counts_not_finite"



# --- the sweep's own finds (each failed before its fix) -------------------------------------------


def _no_warnings(call: Callable[[], Any]) -> Any:
    """`call()` with every warning an error, as `_check_call` runs it."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return call()


def test_laplace_far_in_the_tail_of_a_tiny_scale() -> None:
    noise = mechanisms.calibrate("laplace", 1.0, sensitivity=1e-100)
    assert _no_warnings(lambda: (noise.pdf(1e300), noise.cdf(1e300), noise.cdf(-1e300))) == (0.0, 1.0, 0.0)
    assert _no_warnings(lambda: noise.privacy_loss(1e300, 1.0, 0.0)) == pytest.approx(1e100)  # = eps: o beyond both
    with pytest.raises(DPError) as caught:
        _no_warnings(lambda: noise.log_pdf(1e300))
    assert caught.value.code == "log_density_underflow"


def test_discrete_laplace_far_out_and_off_the_whole_numbers() -> None:
    noise = mechanisms.calibrate("discrete_laplace", 5e-324, 1e-6, 5e-324)  # t = 1
    assert _no_warnings(lambda: (noise.cdf(1e308), noise.cdf(-1e308))) == (1.0, 0.0)
    with pytest.raises(DPError) as caught:
        _no_warnings(lambda: noise.privacy_loss(1e-12, 1.0, 0.0))
    assert caught.value.code == "discrete_output"
    tiny = mechanisms.calibrate("discrete_laplace", 1e-12, 1e-6, 5e-324)  # t = 5e-312: p underflows to 0
    assert _no_warnings(lambda: (tiny.log_pdf(0.0), tiny.cdf(3.0), tiny.cdf(-3.0))) == (0.0, 1.0, 0.0)
    with pytest.raises(DPError) as caught:
        _no_warnings(lambda: tiny.privacy_loss(1.0, 1.0, 0.0))  # ±1 / t: beyond the float range
    assert caught.value.code == "privacy_loss_overflow"


def test_gaussian_privacy_loss_far_out_is_linear() -> None:
    noise = mechanisms.calibrate("gaussian", 1.0, 1e-5)
    loss = _no_warnings(lambda: noise.privacy_loss(1e300, 0.0, 1.0))
    assert loss == pytest.approx(-1e300 / noise.scale**2)  # ((o - 1)^2 - o^2) / 2 sigma^2


def test_epsilon_for_subnormal_alpha_and_accuracy() -> None:
    with pytest.raises(DPError) as caught:
        _no_warnings(lambda: acc.epsilon_for_accuracy("laplace", 5e-324, 1, 5e-324, 0.0))
    assert caught.value.code == "accuracy_unreachable"
    assert _no_warnings(lambda: acc.epsilon_for_accuracy("laplace", 1.0, 1, 5e-324)) == pytest.approx(744.44007192)
    assert _no_warnings(lambda: acc.epsilon_for_accuracy("gaussian", 1e308, 9.223372036854776e18, 1e-12, 5e-324)) == 0.0


def test_bounded_noise_intervals_of_a_huge_bound() -> None:
    with pytest.raises(DPError) as caught:
        attacks.bounded_noise_intervals(attacks.Differencing(0, 0, "test"), 1e308)
    assert caught.value.code == "noise_bound_large"
    assert attacks.bounded_noise_intervals(attacks.Differencing(0, 0, "test"), 1e307)[2] == (-2e307, 2e307)


def test_noisy_difference_pdf_far_in_the_tail_of_a_tiny_scale() -> None:
    assert _no_warnings(lambda: attacks.noisy_difference_pdf(0.0, 1e308, 9.223372036854776e18, 1e-12)) == 0.0
    for x, true in ((0.0, math.nan), (math.nan, 0.0)):  # found by the sweep in another test order
        with pytest.raises(DPError):
            attacks.noisy_difference_pdf(x, true, 5e-324, 5e-324)


def test_permute_and_flip_checks_its_inputs() -> None:
    for scores, eps, sens in ((np.array([0.0]), 0.0, math.nan), (np.array([0.0, 1e308]), 2.2250738585072014e-308, -1.0),
                              (np.array([]), 1.0, 1.0), (np.array([0.0, math.nan]), 1.0, 1.0)):
        with pytest.raises(DPError):
            _no_warnings(lambda: statistics.permute_and_flip_probabilities(scores, eps, sens))
    best = _no_warnings(lambda: statistics.permute_and_flip_probabilities(np.array([0.0, 1.0]), 1e308, 1e-300))
    assert list(best) == [1.0, 0.0]


def test_posterior_from_loss_at_a_certain_prior() -> None:
    assert _no_warnings(lambda: bounds.posterior_from_loss(0.0, np.array([math.inf])))[0] == 0.0
    assert _no_warnings(lambda: bounds.posterior_from_loss(1.0, np.array([-math.inf])))[0] == 1.0
    with pytest.raises(DPError) as caught:
        bounds.posterior_from_loss(0.5, np.array([math.nan]))
    assert caught.value.code == "privacy_loss_nan"


def test_discrete_laplace_loss_distribution_of_a_huge_epsilon() -> None:
    curve = _no_warnings(lambda: delta.delta_curve(_pld(("discrete_laplace", 0.0, -1.0, 1e308, 0.0)), 0.0))
    assert np.all(np.isfinite(curve))


def test_wilson_interval_near_the_float_limit() -> None:
    low, high = _no_warnings(lambda: game.wilson_interval(2, 1e308))
    assert 0.0 <= low <= high < 1e-300


def test_subnormal_alpha_and_delta_keep_logs_finite() -> None:
    """ln(1/x) overflowed for a subnormal x (1/x = inf): the accuracy curve, the discrete Laplace
    target search and the composition bounds take -ln x instead."""
    assert _no_warnings(lambda: acc.accuracy_curve("laplace", 1.0, [1.0], 5e-324))[0] == pytest.approx(744.44007192)
    assert math.isfinite(_no_warnings(lambda: acc.epsilon_for_accuracy("discrete_laplace", 1000.0, 1, 5e-324)))
    assert _no_warnings(lambda: accounting.drv_epsilon([0.1], [10], 5e-324)) == pytest.approx(
        math.sqrt(2 * 744.44007192 * 10 * 0.01) + 10 * 0.1 * math.expm1(0.1))
    assert math.isfinite(_no_warnings(lambda: accounting.zcdp_epsilon(0.5, 5e-324)))

# --- the property tests --------------------------------------------------------------------------

HOSTILE_FLOATS = (0.0, -0.0, -1.0, -1e308, 5e-324, 1e-310, 2.2250738585072014e-308, 1e-300, 1e308,
                  1.7976931348623157e308, math.inf, -math.inf, math.nan, 2.0**63, 1e20, 1e-12, 0.5, 1.0, 20.0)
HOSTILE_INTS = (0, -1, 1, 2, 3, 2**31, 2**53 + 1, 2**63, 10**30, -(10**30))


def floats() -> st.SearchStrategy[float]:
    """A hostile value half the time, any float (NaN and infinities included) otherwise."""
    return st.one_of(st.sampled_from(HOSTILE_FLOATS), st.floats(allow_nan=True, allow_infinity=True))


def numbers() -> st.SearchStrategy[Any]:
    """Floats, hostile ints and plain small ints: anything a number box or a URL may hand over."""
    return st.one_of(floats(), st.sampled_from(HOSTILE_INTS), st.integers(-5, 50))


def sane(lo: float, hi: float) -> st.SearchStrategy[float]:
    """Ordinary values (so the hostile argument is not always masked by another refused one)."""
    return st.floats(lo, hi, allow_nan=False, allow_infinity=False)


def arrays(elements: st.SearchStrategy[float] | None = None, max_size: int = 6) -> st.SearchStrategy[np.ndarray]:
    values = floats() if elements is None else elements  # `elements or ...` asks a strategy for its truth
    return st.lists(values, min_size=0, max_size=max_size).map(lambda v: np.array(v, dtype=float))


def maybe(strategy: st.SearchStrategy[Any], ordinary: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.one_of(strategy, ordinary)


EPS = maybe(numbers(), sane(0.01, 10))
DELTA = maybe(numbers(), sane(1e-9, 0.1))
SENS = maybe(numbers(), sane(0.1, 10))
PROB = maybe(numbers(), sane(0.0, 1.0))
KINDS = st.sampled_from(mechanisms.NOISE_KINDS)
RNG_SEED = 20260412
FRAME = pd.DataFrame({"name": ["Ann", "Bob", "Cy", "Dee"], "age": [30, 41, 25, 62],
                      "flu": ["yes", "no", "yes", "no"], "income": [1.5, 2.5, np.nan, 4.0]})


def rng() -> np.random.Generator:
    return np.random.default_rng(RNG_SEED)


def model(kind: str, a: Any, b: Any, eps: Any, d: Any) -> models.AttackModel:
    return models.attack_model(kind, pairs.CountPair(a, b), eps, d)


MODEL_KINDS = st.sampled_from(("laplace", "gaussian", "discrete_laplace", "randomized_response"))
MODEL = st.tuples(MODEL_KINDS, maybe(numbers(), st.sampled_from((5.0, 6.0))),
                  maybe(numbers(), st.sampled_from((4.0, 5.0))), EPS, DELTA)


@dataclasses.dataclass(frozen=True)
class Case:
    name: str
    call: Callable[..., Any]
    args: tuple[st.SearchStrategy[Any], ...]
    examples: int = 60
    infinite_ok: bool = False  # e^eps by design: "infinitely many times" past eps = 709.78


def _noise_at(noise: mechanisms.AdditiveNoise, x: float) -> tuple[Any, ...]:
    """Density, cdf, log density and privacy loss at x; the log density of a discrete noise at the
    nearest whole number (off them it is -inf by definition: test_mechanisms pins it)."""
    whole = float(np.round(x)) if noise.discrete else x
    return noise.pdf(x), noise.cdf(x), noise.log_pdf(whole), noise.privacy_loss(x, 1.0, 0.0)


def _pld(spec: tuple) -> loss.PrivacyLossDistribution:
    return loss.privacy_loss_distribution(model(*spec))


CASES = [
    # validation
    Case("check_epsilon", validation.check_epsilon, (numbers(),)),
    Case("check_delta", validation.check_delta, (numbers(),)),
    Case("check_positive", lambda v: validation.check_positive("Scale", v), (numbers(),)),
    Case("check_probability", lambda v: validation.check_probability("The probability", v), (numbers(),)),
    Case("check_count", lambda v: validation.check_count("The number", v, maximum=10**6), (numbers(),)),
    Case("check_bounds", validation.check_bounds, (numbers(), numbers())),
    # mechanisms
    Case("gaussian_sigma analytic", lambda e, d, s: mechanisms.gaussian_sigma(e, d, s), (EPS, DELTA, SENS), 80),
    Case("gaussian_sigma classic", lambda e, d, s: mechanisms.gaussian_sigma(e, d, s, "classic"), (EPS, DELTA, SENS)),
    Case("calibrate", lambda k, e, d, s: mechanisms.calibrate(k, e, d, s), (KINDS, EPS, DELTA, SENS), 120),
    Case("noise accuracy / std / E|X|",
         lambda k, e, s, a: (lambda n: (n.accuracy(a), n.std, n.expected_abs_error()))(
             mechanisms.calibrate(k, e, 1e-6, s)), (KINDS, EPS, SENS, PROB), 100),
    Case("noise pdf / cdf / loss", lambda k, e, s, x: _noise_at(mechanisms.calibrate(k, e, 1e-6, s), x),
         (KINDS, EPS, SENS, maybe(floats().filter(math.isfinite), sane(-50, 50))), 100),
    Case("noise sample", lambda k, e, s: mechanisms.calibrate(k, e, 1e-6, s).sample(rng(), 5), (KINDS, EPS, SENS)),
    Case("exponential_probabilities", mechanisms.exponential_probabilities, (arrays(), EPS, SENS), 80),
    Case("sample_exponential", lambda q, e, n, s: mechanisms.sample_exponential(q, e, rng(), n, s),
         (arrays(sane(-5, 5)), EPS, maybe(numbers(), st.integers(1, 5)), SENS)),
    Case("rr_truth_probability", mechanisms.rr_truth_probability, (EPS, maybe(numbers(), st.integers(2, 10)))),
    Case("rr_epsilon", mechanisms.rr_epsilon, (PROB, maybe(numbers(), st.integers(2, 10)))),
    # accuracy
    Case("accuracy", lambda k, e, s, a, d: acc.accuracy(k, e, s, a, d), (KINDS, EPS, SENS, PROB, DELTA), 100),
    Case("epsilon_for_accuracy", lambda k, x, s, a, d: acc.epsilon_for_accuracy(k, x, s, a, d),
         (KINDS, maybe(numbers(), sane(0.1, 100)), SENS, PROB, DELTA), 100),
    Case("accuracy_curve", lambda k, s, es, a, d: acc.accuracy_curve(k, s, es, a, d),
         (KINDS, SENS, arrays(max_size=4), PROB, DELTA)),
    Case("check_plan_epsilon", acc.check_plan_epsilon, (numbers(),)),
    # histogram
    Case("NumericBins", lambda lo, hi, n: (lambda b: (b.labels, b.edges, b.index(np.array([lo, hi, 0.0]))))(
        histogram.NumericBins(lo, hi, n)), (numbers(), numbers(), maybe(numbers(), st.integers(1, 20))), 120),
    Case("bin_of", lambda v: histogram.bin_of(histogram.NumericBins(0, 10, 5), v), (numbers(),)),
    Case("noisy_counts", lambda c, e: histogram.noisy_counts(c, mechanisms.calibrate("laplace", e), rng()),
         (arrays(), EPS)),
    Case("post_process", lambda c, a, b, n: histogram.post_process(c, histogram.PostProcessing(a, b, n)),
         (arrays(), st.booleans(), st.booleans(), st.booleans()), 80),
    Case("utility", lambda t, r, e: histogram.utility(t, r, mechanisms.calibrate("laplace", e)),
         (arrays(sane(0, 100), 3), arrays(max_size=3), EPS)),
    # counting
    Case("count_above", counting.count_above, (arrays(), numbers())),
    Case("interactive_count", lambda v, t, e: counting.interactive_count(v, t, e, rng()), (arrays(), numbers(), EPS)),
    Case("noisy_records_count", lambda v, t, e, s: counting.noisy_records_count(v, t, e, rng(), s),
         (arrays(), numbers(), EPS, SENS)),
    Case("count_matching", lambda op, v: counting.count_matching(FRAME, "age", op, v),
         (st.sampled_from(("<", "<=", "==", "!=", ">", ">=")), numbers())),
    # attacks
    Case("averaging_success_probability", attacks.averaging_success_probability,
         (EPS, maybe(numbers(), st.integers(1, 10**5)), maybe(numbers(), sane(0.1, 2)), SENS), 80),
    Case("normal_approximation", attacks.normal_approximation,
         (EPS, maybe(numbers(), st.integers(1, 10**5)), maybe(numbers(), sane(0.1, 2)), SENS)),
    Case("mean_noise_std", attacks.mean_noise_std, (EPS, maybe(numbers(), st.integers(1, 10**5)), SENS)),
    Case("split_mean_noise_std", attacks.split_mean_noise_std, (EPS, maybe(numbers(), st.integers(1, 10**5)), SENS)),
    Case("split_epsilon", attacks.split_epsilon, (EPS, maybe(numbers(), st.integers(1, 10**5)))),
    Case("spent_epsilon", attacks.spent_epsilon, (EPS, maybe(numbers(), st.integers(1, 10**5)))),
    Case("simulate_averaging", lambda e, k, n, s: attacks.simulate_averaging(e, k, n, rng(), s),
         (EPS, maybe(numbers(), st.integers(1, 100)), maybe(numbers(), st.integers(1, 50)), SENS), 40),
    Case("simulate_recovery", lambda e, k, n, t, c: attacks.simulate_recovery(e, k, n, rng(), t, 1.0, c),
         (EPS, maybe(numbers(), st.integers(1, 100)), maybe(numbers(), st.integers(1, 50)),
          maybe(numbers(), sane(0.1, 2)), PROB), 40),
    Case("clopper_pearson", attacks.clopper_pearson,
         (maybe(numbers(), st.integers(0, 10)), maybe(numbers(), st.integers(1, 10)), PROB)),
    Case("log_checkpoints", attacks.log_checkpoints,
         (maybe(numbers(), st.integers(1, 10**4)), maybe(numbers(), st.integers(2, 50)))),
    Case("abs_noise_quantiles", lambda e, l, s: attacks.abs_noise_quantiles(e, (l,), s), (EPS, PROB, SENS)),
    Case("bounded_noise_intervals", lambda a, b, w: attacks.bounded_noise_intervals(
        attacks.Differencing(a, b, "test"), w), (st.integers(0, 9), st.integers(0, 9), numbers())),
    Case("noisy_differencing", lambda e, s: attacks.noisy_differencing(attacks.Differencing(3, 2, "test"), e, rng(), s),
         (EPS, SENS)),
    Case("difference_grid", attacks.difference_grid,
         (numbers(), EPS, maybe(numbers(), st.integers(2, 50)), SENS)),
    Case("noisy_difference_pdf", attacks.noisy_difference_pdf, (numbers(), numbers(), EPS, SENS)),
    Case("difference_posterior", attacks.difference_posterior, (numbers(), EPS, PROB, SENS), 80),
    Case("posterior_band", attacks.posterior_band, (PROB, EPS)),
    Case("running_means", lambda e, c, a: attacks.running_means(e, c, a, rng()),
         (EPS, st.lists(maybe(numbers(), st.integers(1, 100)), min_size=1, max_size=3),
          maybe(numbers(), st.integers(1, 5))), 40),
    # pricing
    Case("price_grid", pricing.price_grid, (numbers(), numbers(), numbers()), 80),
    Case("score_table", lambda s: pricing.score_table(["a", "b", "c"][: len(s)], list(s)), (arrays(max_size=3),)),
    Case("buyer_table", lambda s: pricing.buyer_table(["a", "b", "c"][: len(s)], list(s)), (arrays(max_size=3),)),
    Case("revenues", pricing.revenues, (arrays(max_size=4), arrays(max_size=4))),
    Case("revenue_sensitivity", pricing.revenue_sensitivity, (arrays(max_size=4),)),
    Case("compare_pricing", pricing.compare_pricing,
         (arrays(maybe(floats(), sane(0, 10)), 4), arrays(maybe(floats(), sane(0, 10)), 4), EPS), 80),
    Case("expected_revenue_noisy_price", lambda p, m, e: pricing.expected_revenue_noisy_price(
        p, m, mechanisms.calibrate("laplace", e)), (numbers(), arrays(sane(0, 10), 4), EPS)),
    Case("running_frequencies", lambda n, c: pricing.running_frequencies(np.array([0, 1, 1, 0, 2]), n, c),
         (maybe(numbers(), st.integers(3, 5)), maybe(numbers(), st.integers(1, 10)))),
    # risk
    Case("tail_probability", risk.tail_probability, (EPS, DELTA)),
    Case("tradeoff_curve", lambda e, d, f: risk.tradeoff_curve(e, d, f), (EPS, DELTA, arrays(max_size=4))),
    Case("risk", lambda e, d, p: risk.risk(e, d, p), (EPS, DELTA, PROB), 80, infinite_ok=True),
    # statistics
    Case("permute_and_flip_probabilities", statistics.permute_and_flip_probabilities, (arrays(), EPS, SENS)),
    Case("local_sensitivity_median", statistics.local_sensitivity_median, (arrays(), numbers(), numbers())),
    Case("Sum / Mean accuracy", lambda lo, hi, e: [s.accuracy("laplace", e, Protection()) for s in (
        statistics.Sum("income", lo, hi), statistics.Mean("income", lo, hi))], (numbers(), numbers(), EPS)),
    Case("Count accuracy", lambda e, f: statistics.Count(factor=f).accuracy("laplace", e, Protection()), (EPS, numbers())),
    Case("Quantile on bounds", lambda q, lo, hi, n: statistics.Quantile.on_bounds("income", q, lo, hi, n).probabilities(
        FRAME, 1.0, Protection()), (PROB, numbers(), numbers(), maybe(numbers(), st.integers(2, 20))), 60),
    # posterior
    Case("posterior_bounds", bounds.posterior_bounds, (PROB, EPS)),
    Case("posterior_from_loss", bounds.posterior_from_loss, (PROB, arrays())),
    Case("posterior_from_likelihoods", bounds.posterior_from_likelihoods, (PROB, arrays(max_size=2),
                                                                          arrays(max_size=2))),
    Case("odds_factor", bounds.odds_factor, (EPS,), infinite_ok=True),
    Case("band_curves", lambda e, n: bounds.band_curves((e,), n), (EPS, maybe(numbers(), st.integers(2, 50)))),
    Case("gaussian_delta_analytic", delta.gaussian_delta_analytic, (EPS, numbers(), SENS), 80),
    Case("laplace_delta_analytic", delta.laplace_delta_analytic, (EPS, numbers(), SENS), 80),
    Case("randomized_response_delta_analytic", delta.randomized_response_delta_analytic, (EPS, EPS)),
    Case("attack_model", lambda spec: model(*spec), (MODEL,), 100),
    Case("privacy_loss_distribution + delta", lambda spec, e: delta.delta_curve(_pld(spec), e), (MODEL, EPS), 60),
    Case("exact_posterior", lambda spec, p, o: exact.exact_posterior(model(*spec), p, o), (MODEL, PROB, numbers()), 80),
    Case("read_output", lambda spec, p, o: exact.read_output(model(*spec), p, o), (MODEL, PROB, numbers()), 60),
    Case("output_axis", lambda spec: exact.output_axis(model(*spec)), (MODEL,), 60),
    Case("wilson_interval", game.wilson_interval, (numbers(), numbers())),
    Case("dp_roc_region", lambda e, d, f: testing.dp_roc_region(e, d, f), (EPS, DELTA, arrays(max_size=4))),
    Case("advantage_bound", testing.advantage_bound, (EPS, DELTA)),
    Case("accuracy_ceiling", testing.accuracy_ceiling, (EPS, DELTA)),
]

CALLS: Counter[str] = Counter()
OUTCOMES: Counter[str] = Counter()


def _floats_in(value: Any, depth: int = 0) -> list[float]:
    """Every float inside a result (numbers, arrays, tuples, lists, dicts, dataclasses)."""
    if depth > 4 or value is None or isinstance(value, (str, bool, np.bool_)):
        return []
    if isinstance(value, (int, np.integer)):
        return []
    if isinstance(value, (float, np.floating)):
        return [float(value)]
    if isinstance(value, np.ndarray):
        return value.astype(float).ravel().tolist() if value.dtype.kind in "fiub" else []
    if isinstance(value, pd.DataFrame | pd.Series):
        return []
    if isinstance(value, (tuple, list)):
        return [x for item in value for x in _floats_in(item, depth + 1)]
    if isinstance(value, dict):
        return [x for item in value.values() for x in _floats_in(item, depth + 1)]
    if dataclasses.is_dataclass(value):
        return [x for f in dataclasses.fields(value) for x in _floats_in(getattr(value, f.name), depth + 1)]
    return []


def _check_call(case: Case, args: tuple[Any, ...]) -> None:
    CALLS[case.name] += 1
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # numpy's nan/inf in the making
        try:
            result = case.call(*args)
        except DPError as error:
            OUTCOMES["refused"] += 1
            message = str(error)
            assert not message[:1].islower() and message.rstrip().endswith((".", ")", "?")), (case.name, args, message)
            assert "solver" not in message and "Traceback" not in message, (case.name, args, message)
            return
    OUTCOMES["returned"] += 1
    bad = [x for x in _floats_in(result) if math.isnan(x) or (math.isinf(x) and not case.infinite_ok)]
    assert not bad, f"{case.name}{args!r} returned non-finite numbers: {result!r}"


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_hostile_numbers(case: Case) -> None:
    @settings(max_examples=case.examples, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(st.tuples(*case.args))
    def run(args: tuple[Any, ...]) -> None:
        _check_call(case, args)

    run()


def test_zz_report_how_many_cases_ran() -> None:
    """Printed with -s: calls per function and how many were refused; every function was called."""
    ran = [case.name for case in CASES if CALLS[case.name]]
    print(f"\nhostile calls: {sum(CALLS.values())} over {len(ran)} functions; "
          f"{OUTCOMES['returned']} returned finite results, {OUTCOMES['refused']} refused with a DPError")
    if len(ran) == len(CASES):
        assert all(CALLS[name] >= 10 for name in ran)
