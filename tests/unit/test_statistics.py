"""dpcore.statistics: true values on hand-made frames, sensitivities checked by brute force over
every neighbour, clamping bias, the mean's accuracy bound by simulation, and the median's local
sensitivity against an exhaustive search."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from dpcore.accuracy import accuracy
from dpcore.errors import DPError
from dpcore.histogram import CategoryBins, NumericBins
from dpcore.neighbours import histogram_sensitivity
from dpcore.protection import Protection, bound_contributions
from dpcore.statistics import (
    QUANTILE_MECHANISM,
    Count,
    Histogram,
    Mean,
    Quantile,
    Sum,
    delta_shares,
    local_sensitivity_median,
    permute_and_flip_probabilities,
)

ALPHA = 1e-3  # false-alarm rate of each statistical test below, with a fixed seed


def small_frame() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "pid": [1, 1, 2, 3, 3, 4],
            "age": [15.0, 42.0, 130.0, -2.0, 60.0, None],
            "sex": ["F", "M", "F", "F", "M", "F"],
        }
    )


def largest_removal_change(stat, frame: pd.DataFrame) -> tuple[float, float]:
    """The largest L1 and L2 change of stat.true_value from removing one person's rows."""
    base = np.atleast_1d(stat.true_value(frame)).astype(float)
    l1 = l2 = 0.0
    for pid in frame["pid"].unique():
        diff = base - np.atleast_1d(stat.true_value(frame[frame["pid"] != pid])).astype(float)
        l1, l2 = max(l1, float(np.abs(diff).sum())), max(l2, float(np.sqrt((diff**2).sum())))
    return l1, l2


# ---------------------------------------------------------------- true values and clamping


def test_counts_on_a_hand_made_frame() -> None:
    f = small_frame()
    assert Count().true_value(f) == 6
    assert Count(column="age").true_value(f) == 5  # the missing age is not counted
    assert Count(column="sex", equals="F").true_value(f) == 4
    assert Count(column="age", equals=60).true_value(f) == 1
    assert Count(column="age", within=(15, 60)).true_value(f) == 3  # both ends included
    assert Count(factor=3).true_value(f) == 18  # the course's 3 * COUNT(*)


def test_histogram_counts_every_declared_bin_and_finds_the_smallest_bar() -> None:
    f = small_frame()
    stat = Histogram("sex", CategoryBins(("F", "M", "X")))
    np.testing.assert_array_equal(stat.true_value(f), [4, 2, 0])
    assert stat.smallest_bar(f) == 0
    ages = Histogram("age", NumericBins(0, 100, 2))
    np.testing.assert_array_equal(ages.true_value(f), [3, 2])  # -2 and 130 clamped into end bins
    assert ages.tally(f).clamped == 2 and ages.smallest_bar(f) == 2


def test_sum_and_mean_clamp_to_the_bounds_and_report_the_bias() -> None:
    f = small_frame()  # ages 15, 42, 130, -2, 60 (one missing)
    s = Sum("age", 0, 100)
    assert s.true_value(f) == 15 + 42 + 100 + 0 + 60
    clamp = s.clamping(f)
    assert (clamp.below, clamp.above) == (1, 1)
    assert clamp.bias == pytest.approx((15 + 42 + 100 + 0 + 60) - (15 + 42 + 130 - 2 + 60))
    m = Mean("age", 0, 100)
    assert m.true_value(f) == pytest.approx(217 / 5)
    assert m.clamping(f).bias == pytest.approx(217 / 5 - 245 / 5)
    assert Sum("age", -10, 200).clamping(f).bias == 0.0


# ---------------------------------------------------------------- sensitivities


def test_course_count_and_three_times_count() -> None:
    assert Count().sensitivity(Protection()).l1 == 1
    assert Count(factor=3).sensitivity(Protection()).l1 == 3
    assert Count(factor=3).sensitivity(Protection(rows_per_person=2)).l1 == 6


@pytest.mark.parametrize("m", [1, 2, 3])
@pytest.mark.parametrize("neighbours", ["remove", "replace"])
def test_histogram_sensitivity_is_the_neighbours_module_times_m(m: int, neighbours: str) -> None:
    stat = Histogram("sex", CategoryBins(("F", "M")))
    base = histogram_sensitivity(neighbours)  # type: ignore[arg-type]
    got = stat.sensitivity(Protection(rows_per_person=m), neighbours)  # type: ignore[arg-type]
    assert (got.l1, got.l2) == pytest.approx((m * base.l1, m * base.l2))


def test_sensitivities_are_reached_by_a_worst_case_person() -> None:
    # Person 1 has m = 3 rows, all female, all aged -80 (clamped to -50): removing them moves the
    # count by 3, one bar by 3, and the sum clamped to [-50, 10] by 3 * 50.
    f = pd.DataFrame({"pid": [1, 1, 1, 2, 3], "sex": ["F", "F", "F", "M", "F"], "age": [-80.0] * 3 + [5.0, 7.0]})
    p = Protection(rows_per_person=3, id_column="pid")
    for stat in (Count(column="sex", equals="F"), Histogram("sex", CategoryBins(("F", "M"))), Sum("age", -50, 10)):
        declared = stat.sensitivity(p)
        assert largest_removal_change(stat, f) == pytest.approx((declared.l1, declared.l2))


def test_substitution_sensitivities_are_reached_by_moving_a_person() -> None:
    # The same 3 rows change their values: every row from -50 to 10, and from bar F to bar M.
    before = pd.DataFrame({"sex": ["F"] * 3, "age": [-50.0] * 3})
    after = pd.DataFrame({"sex": ["M"] * 3, "age": [10.0] * 3})
    p = Protection(rows_per_person=3)
    for stat in (Histogram("sex", CategoryBins(("F", "M"))), Sum("age", -50, 10)):
        diff = np.atleast_1d(stat.true_value(before)) - np.atleast_1d(stat.true_value(after))
        declared = stat.sensitivity(p, "replace")
        assert (np.abs(diff).sum(), np.sqrt((diff**2).sum())) == pytest.approx((declared.l1, declared.l2))


def test_no_person_moves_a_statistic_further_than_its_sensitivity() -> None:
    # Random people with up to 12 rows, bounded to m = 3 with an ID column, then every removal tried.
    rng = np.random.default_rng(5)
    raw = pd.DataFrame(
        {
            "pid": rng.integers(0, 25, 150),
            "sex": rng.choice(["F", "M", "X"], 150),
            "age": rng.normal(40, 40, 150),
        }
    )
    f = bound_contributions(raw, "pid", 3, rng).frame
    p = Protection(rows_per_person=3, id_column="pid")
    stats = (
        Count(),
        Count(column="age", within=(20, 60), factor=2),
        Histogram("sex", CategoryBins(("F", "M", "X"))),
        Histogram("age", NumericBins(0, 100, 5)),
        Sum("age", -10, 90),
    )
    for stat in stats:
        l1, l2 = largest_removal_change(stat, f)
        declared = stat.sensitivity(p)
        assert l1 <= declared.l1 + 1e-9 and l2 <= declared.l2 + 1e-9


# ---------------------------------------------------------------- accuracy


def test_additive_statistics_use_the_norm_of_their_noise() -> None:
    p = Protection(rows_per_person=2)
    hist = Histogram("sex", CategoryBins(("F", "M")))
    assert hist.accuracy("laplace", 1.0, p, neighbours="replace") == pytest.approx(4 * math.log(20))
    assert hist.accuracy("gaussian", 1.0, p, 0.05, 1e-6, "replace") == pytest.approx(
        accuracy("gaussian", 1.0, 2 * math.sqrt(2), 0.05, 1e-6)
    )
    eps = Sum("age", 0, 10).epsilon_for_accuracy("laplace", 5.0, p)
    assert eps == pytest.approx(20 * math.log(20) / 5)


def test_mean_accuracy_is_the_union_bound_written_out() -> None:
    f = pd.DataFrame({"x": [5.0] * 100})
    # Laplace, epsilon 1 split in two: b_sum = 10 / 0.5, b_count = 1 / 0.5; each at alpha / 2.
    a_s, a_n = 20 * math.log(40), 2 * math.log(40)
    expected = (a_s + 5 * a_n) / (100 - a_n)
    assert Mean("x", 0, 10).accuracy("laplace", 1.0, Protection(), frame=f) == pytest.approx(expected)
    assert Mean("x", 0, 10).accuracy("laplace", 0.01, Protection(), frame=f) == math.inf


@pytest.mark.parametrize("kind,delta", [("laplace", 0.0), ("gaussian", 1e-6), ("discrete_laplace", 0.0)])
def test_mean_accuracy_bound_holds_in_simulation(kind: str, delta: float) -> None:
    rng = np.random.default_rng(99)
    f = pd.DataFrame({"x": rng.uniform(0, 10, 80)})
    stat, p, eps, alpha = Mean("x", 0, 10), Protection(), 2.0, 0.1
    bound = stat.accuracy(kind, eps, p, alpha, delta, frame=f)
    from dpcore.mechanisms import calibrate  # the numpy samplers of the app's simulations

    s_noise = calibrate(kind, eps / 2, delta / 2, stat.sum_part.sensitivity(p).for_noise(kind))  # type: ignore[arg-type]
    n_noise = calibrate(kind, eps / 2, delta / 2, stat.count_part.sensitivity(p).for_noise(kind))  # type: ignore[arg-type]
    draws = 40_000
    noisy = (stat.sum_part.true_value(f) + s_noise.sample(rng, draws)) / (80 + n_noise.sample(rng, draws))
    errors = np.abs(noisy - stat.true_value(f))
    misses = int(np.count_nonzero(errors > bound))
    # The bound is sound: misses must not exceed alpha beyond sampling error (binomial test) ...
    from scipy import stats

    assert stats.binomtest(misses, draws, alpha, alternative="greater").pvalue > ALPHA
    # ... and conservative by less than a factor 2.5 (union bound, worst-case signs) on this data.
    assert bound < 2.5 * np.quantile(errors, 1 - alpha)


@pytest.mark.parametrize("kind,delta", [("laplace", 0.0), ("gaussian", 1e-6), ("discrete_laplace", 0.0)])
@pytest.mark.parametrize("m", [1, 4])
def test_mean_epsilon_for_accuracy_round_trips(kind: str, delta: float, m: int) -> None:
    f = pd.DataFrame({"x": np.linspace(-20, 120, 500)})
    stat, p = Mean("x", 0, 100), Protection(rows_per_person=m)
    for target in (0.5, 3.0):
        eps = stat.epsilon_for_accuracy(kind, target, p, 0.05, delta, frame=f)
        assert stat.accuracy(kind, eps, p, 0.05, delta, frame=f) == pytest.approx(target, rel=1e-8)
        assert stat.accuracy(kind, eps * 0.99, p, 0.05, delta, frame=f) > target


# ---------------------------------------------------------------- local versus global sensitivity


def test_median_local_sensitivity_on_a_hand_example() -> None:
    # 1 2 3 4 100: removing 1 or adding 100 gives 3.5, removing 100 or adding 0 gives 2.5.
    result = local_sensitivity_median([1, 2, 3, 4, 100], 0, 100)
    assert (result.median, result.local, result.global_bound, result.n) == (3.0, 0.5, 50.0, 5)


def test_local_sensitivity_jumps_between_neighbours() -> None:
    # Why it cannot be used as it is: on D it is 0 (no noise at all), one row later it is the global bound.
    d = [0.0] * 3 + [10.0] * 5
    assert local_sensitivity_median(d, 0, 10).local == 0.0
    assert local_sensitivity_median(d + [0.0], 0, 10).local == 5.0


def test_median_sensitivities_against_exhaustive_search() -> None:
    rng = np.random.default_rng(3)
    grid = np.linspace(0, 10, 41)
    worst = 0.0
    for n in (1, 2, 3, 4, 7, 8):
        for _ in range(20):
            v = rng.choice(grid, n)
            med = float(np.median(v))
            changes = [abs(float(np.median(np.append(v, x))) - med) for x in grid]
            changes += [abs(float(np.median(np.delete(v, i))) - med) for i in range(n) if n > 1]
            result = local_sensitivity_median(v, 0, 10)
            assert result.local == pytest.approx(max(changes))
            worst = max(worst, result.local)
    assert worst <= 5.0  # the global bound (U - L) / 2 is never exceeded ...
    assert local_sensitivity_median([0.0, 10.0], 0, 10).local == 5.0  # ... and is reached


# ---------------------------------------------------------------- bad inputs


@pytest.mark.parametrize(
    "call,code",
    [
        (lambda: Sum("age", 10, 0), "bounds_order"),
        (lambda: Mean("age", 5, 5), "bounds_order"),
        (lambda: Count(column="age", within=(60, 20)), "bounds_order"),
        (lambda: Sum("age", 0, float("inf")), "bounds"),
        (lambda: Count(equals="F"), "filter_without_column"),
        (lambda: Count(column="sex", equals="F", within=(0, 1)), "two_filters"),
        (lambda: Count(factor=0), "factor"),
        (lambda: Histogram("sex", ("F", "M")), "undeclared_bins"),  # type: ignore[arg-type]
        (lambda: Sum("sex", 0, 1).true_value(small_frame()), "column_not_numeric"),
        (lambda: Mean("age", 0, 1).true_value(small_frame().iloc[5:]), "no_values"),
        (lambda: Mean("age", 0, 100).accuracy("laplace", 1.0, Protection()), "frame_needed"),
        (lambda: Mean("age", 0, 100).accuracy("laplace", 1.0, Protection(), alpha=1.5, frame=small_frame()), "alpha"),
        (lambda: Mean("age", 0, 100).accuracy("gaussian", 1.0, Protection(), frame=small_frame()), "delta"),
        (lambda: Mean("age", 0, 100).epsilon_for_accuracy("laplace", 0, Protection(), frame=small_frame()), "accuracy"),
        (lambda: Count().epsilon_for_accuracy("laplace", -1.0, Protection()), "accuracy"),
        (lambda: Sum("age", 0, 1).sensitivity(Protection(), "swap"), "unknown_neighbours"),  # type: ignore[arg-type]
        (lambda: local_sensitivity_median([1, 2], 3, 1), "bounds_order"),
        (lambda: local_sensitivity_median([np.nan], 0, 1), "no_values"),
    ],
)
def test_bad_inputs_raise_readable_errors_with_codes(call, code: str) -> None:
    with pytest.raises(DPError) as caught:
        call()
    assert caught.value.code == code
    assert str(caught.value).endswith(".")


# ---------------------------------------------------------------- what the release calibrates on


def opendp_clamped_sum_map(lower: float, upper: float, m: int, integer: bool) -> float:
    """OpenDP's own sensitivity of clamp >> sum, built here directly (not through dpcore.release)."""
    import opendp.prelude as dp

    dp.enable_features("contrib")
    atom = dp.atom_domain(T="i64") if integer else dp.atom_domain(T=float, nan=False)
    bounds = (int(lower), int(upper)) if integer else (float(lower), float(upper))
    chain = dp.t.make_clamp(dp.vector_domain(atom), dp.symmetric_distance(), bounds=bounds) >> dp.t.then_sum()
    return float(chain.map(m))


@pytest.mark.parametrize("lower,upper", [(0, 100), (-50, 10), (10, 20)])
@pytest.mark.parametrize("m", [1, 3])
def test_sum_noise_sensitivity_is_opendps_own(lower: float, upper: float, m: int) -> None:
    stat, p = Sum("x", lower, upper), Protection(rows_per_person=m)
    for kind, integer in (("laplace", False), ("gaussian", False), ("discrete_laplace", True)):
        got = stat.noise_sensitivity(kind, p)  # type: ignore[arg-type]
        assert got == pytest.approx(opendp_clamped_sum_map(lower, upper, m, integer), rel=1e-12)
        assert got >= stat.sensitivity(p).l1  # never below the textbook figure
    assert stat.noise_sensitivity("laplace", p, "replace") == m * (upper - lower)


def test_discrete_sum_needs_whole_bounds() -> None:
    with pytest.raises(DPError) as caught:
        Sum("x", 0, 2.5).noise_sensitivity("discrete_laplace", Protection())
    assert caught.value.code == "discrete_needs_integers"


# ---------------------------------------------------------------- the quantile


def quantile_frame() -> pd.DataFrame:
    return pd.DataFrame({"x": [3.0, 7.0, 7.0, 12.0, 20.0, 20.0, 20.0, 31.0, 44.0, 58.0, np.nan]})


@pytest.mark.parametrize("q", [0.5, 0.75, 0.1])
def test_quantile_scores_match_opendp(q: float) -> None:
    import opendp.prelude as dp

    dp.enable_features("contrib")
    stat = Quantile.on_bounds("x", q, 0, 60, 13)
    space = dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.symmetric_distance()
    scorer = dp.t.make_quantile_score_candidates(*space, list(stat.candidates), q)
    theirs = np.asarray(scorer(quantile_frame()["x"].dropna().tolist()), dtype=float)
    scale = scorer.map(1) / max(q, 1 - q)  # OpenDP scores in whole units of 1/scale
    np.testing.assert_allclose(theirs, stat.scores(quantile_frame()) * scale, atol=1e-6)
    assert stat.score_sensitivity(Protection()) * scale == pytest.approx(scorer.map(1))


@pytest.mark.slow
@pytest.mark.parametrize("q", [0.5, 0.8])
def test_quantile_score_sensitivity_by_brute_force(q: float) -> None:
    stat = Quantile.on_bounds("x", q, 0, 60, 25)
    f = quantile_frame().dropna()
    base = stat.scores(f)
    probes = np.concatenate([stat.candidates, np.asarray(stat.candidates) + 0.5, [-5.0, 70.0]])
    removals = [f.drop(index=i) for i in f.index]
    additions = [pd.concat([f, pd.DataFrame({"x": [v]})], ignore_index=True) for v in probes]
    worst = max(float(np.abs(stat.scores(d) - base).max()) for d in removals + additions)
    assert worst == pytest.approx(stat.score_sensitivity(Protection()))
    swaps = [f.assign(x=f["x"].where(f.index != i, v)) for i in f.index for v in probes]
    worst_swap = max(float(np.abs(stat.scores(d) - base).max()) for d in swaps)
    assert worst_swap <= stat.score_sensitivity(Protection(), "replace") + 1e-12


def test_permute_and_flip_against_closed_forms() -> None:
    # Scores 0, s1, s2 with epsilon / (2 Delta) = 1: p = (1, a, b). Integrating the product by hand:
    # P(third) = b * int (1 - t)(1 - t a) dt = b (1/2 - a/6); P(second) = a (1/2 - b/6).
    a, b = math.exp(-0.7), math.exp(-2.0)
    got = permute_and_flip_probabilities(np.array([0.0, 0.7, 2.0]), 2.0, 1.0)
    np.testing.assert_allclose(got, [1 - a * (0.5 - b / 6) - b * (0.5 - a / 6), a * (0.5 - b / 6), b * (0.5 - a / 6)])
    # Two best candidates tie: each comes first half the time, and accepts at once.
    np.testing.assert_allclose(permute_and_flip_probabilities(np.array([1.0, 1.0, 1e6]), 1.0, 1.0), [0.5, 0.5, 0.0])
    # Many candidates, most of them negligible: still sums to 1, and the best one is the likeliest.
    many = permute_and_flip_probabilities(np.linspace(0, 500, 1000), 1.0, 1.0)
    assert many.sum() == pytest.approx(1.0) and int(np.argmax(many)) == 0


@pytest.mark.slow
def test_quantile_probabilities_match_opendp_samples() -> None:
    import opendp.prelude as dp
    from scipy import stats

    dp.enable_features("contrib")
    stat, eps = Quantile.on_bounds("x", 0.5, 0, 60, 7), 0.8
    scale = 2 * stat.score_sensitivity(Protection()) / eps
    space = dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.symmetric_distance()
    release = dp.m.make_private_quantile(*space, dp.max_divergence(), list(stat.candidates), 0.5, scale)
    assert release.map(1) == pytest.approx(eps)  # OpenDP agrees on what this noise costs
    data = quantile_frame()["x"].dropna().tolist()
    draws = 3000
    index = {c: i for i, c in enumerate(stat.candidates)}
    seen = np.bincount([index[release(data)] for _ in range(draws)], minlength=len(stat.candidates))
    expected = stat.probabilities(quantile_frame(), eps, Protection()) * draws
    keep = expected >= 5  # pool the rare candidates for the chi-square test
    observed = np.append(seen[keep], seen[~keep].sum())
    wanted = np.append(expected[keep], expected[~keep].sum())
    if wanted[-1] == 0:
        observed, wanted = observed[:-1], wanted[:-1]
    assert stats.chisquare(observed, wanted).pvalue > ALPHA


def test_quantile_accuracy_and_its_inverse() -> None:
    f = pd.DataFrame({"x": np.arange(100.0)})
    stat = Quantile.on_bounds("x", 0.5, 0, 100, 11)  # true median 49.5, best candidate 50
    assert stat.true_value(f) == 49.5
    assert stat.accuracy(QUANTILE_MECHANISM, 5.0, Protection(), frame=f) == 0.5
    a_loose = stat.accuracy(QUANTILE_MECHANISM, 0.1, Protection(), frame=f)
    p = stat.probabilities(f, 0.1, Protection())
    distance = np.abs(np.asarray(stat.candidates) - 49.5)
    assert p[distance <= a_loose].sum() >= 0.95 > p[distance < a_loose].sum()
    for target in (10.0, 20.0):
        eps = stat.epsilon_for_accuracy(QUANTILE_MECHANISM, target, Protection(), frame=f)
        assert stat.accuracy(QUANTILE_MECHANISM, eps, Protection(), frame=f) <= target
        assert stat.accuracy(QUANTILE_MECHANISM, eps * 0.99, Protection(), frame=f) > target
    with pytest.raises(DPError) as caught:
        stat.epsilon_for_accuracy(QUANTILE_MECHANISM, 0.25, Protection(), frame=f)  # no candidate that close
    assert caught.value.code == "accuracy_unreachable"


@pytest.mark.parametrize(
    "call,code",
    [
        (lambda: Quantile("x", 0.0, (1.0, 2.0)), "quantile"),
        (lambda: Quantile("x", 1.0, (1.0, 2.0)), "quantile"),
        (lambda: Quantile("x", 0.5, (2.0, 1.0)), "candidates"),
        (lambda: Quantile("x", 0.5, ()), "candidates"),
        (lambda: Quantile.on_bounds("x", 0.5, 10, 0, 5), "bounds_order"),
        (lambda: Quantile.on_bounds("x", 0.5, 0, 10, 1), "candidates"),
        (lambda: Quantile("x", 0.5, (1.0, 2.0)).accuracy("laplace", 1.0, Protection(), frame=quantile_frame()),
         "quantile_mechanism"),
        (lambda: Quantile("x", 0.5, (1.0, 2.0)).accuracy(QUANTILE_MECHANISM, 1.0, Protection()), "frame_needed"),
    ],
)
def test_bad_quantiles_raise_with_codes(call, code: str) -> None:
    with pytest.raises(DPError) as caught:
        call()
    assert caught.value.code == code


# ---------------------------------------------------------------- what each statistic costs (events)


def test_delta_shares_split_the_total_among_the_statistics_that_need_one() -> None:
    # The rule written out: k statistics needing a delta get delta / k each, the pure ones 0, and the
    # shares add up to the total (basic composition); none needing one, no delta spent.
    needs = [False, True, False, True, False, True]
    shares = delta_shares(needs, 3e-6)
    assert shares == [0.0, 1e-6, 0.0, 1e-6, 0.0, 1e-6]
    assert math.fsum(shares) == pytest.approx(3e-6, rel=1e-15)
    assert delta_shares([False, False], 1e-6) == [0.0, 0.0]
    assert delta_shares([], 1e-6) == []


@pytest.mark.parametrize("m", [1, 3])
def test_additive_statistics_price_their_own_noise(m: int) -> None:
    """One noise each, answered once, whose scale is the textbook one at the statistic's sensitivity:
    Laplace b = Delta_1 / epsilon, Gaussian sigma from dp-accounting's analytic calibration."""
    from dp_accounting.gaussian_mechanism import get_sigma_gaussian

    p = Protection(rows_per_person=m)
    for stat in (Count(), Histogram("sex", CategoryBins(("F", "M"))), Count(column="sex", equals="F")):
        ((laplace, times),) = stat.events("laplace", 0.5, p)
        assert times == 1 and laplace.kind == "laplace" and laplace.epsilon == 0.5 and laplace.delta == 0.0
        assert laplace.scale == pytest.approx(stat.sensitivity(p).l1 / 0.5, rel=1e-12)
        ((gauss, _),) = stat.events("gaussian", 0.5, p, 1e-6)
        assert gauss.scale == pytest.approx(stat.sensitivity(p).l2 * get_sigma_gaussian(0.5, 1e-6), rel=1e-6)
    ((noise, _),) = Sum("x", -50, 10).events("laplace", 2.0, p)
    assert noise.scale == pytest.approx(opendp_clamped_sum_map(-50, 10, m, False) / 2.0, rel=1e-12)


def test_a_mean_prices_a_noisy_sum_and_a_noisy_count_at_half_each() -> None:
    p = Protection(rows_per_person=2)
    for kind, delta in (("laplace", 0.0), ("gaussian", 1e-6), ("discrete_laplace", 0.0)):
        events = Mean("x", 0, 100).events(kind, 1.2, p, delta)  # type: ignore[arg-type]
        assert [(n.kind, n.epsilon, n.delta, times) for n, times in events] == [(kind, 0.6, delta / 2, 1)] * 2
        (sum_noise, _), (count_noise, _) = events
        ((alone, _),) = Sum("x", 0, 100).events(kind, 0.6, p, delta / 2)  # type: ignore[arg-type]
        assert sum_noise == alone and count_noise.sensitivity == 2.0  # the count moves by m
        # Basic composition of the two halves gives back the mean's (epsilon, delta).
        assert math.fsum(n.epsilon for n, _ in events) == pytest.approx(1.2)
        assert math.fsum(n.delta for n, _ in events) == pytest.approx(delta)


@pytest.mark.parametrize("eps", [0.1, 0.7, 3.0])
def test_a_quantile_is_priced_as_exactly_epsilon_dp(eps: float) -> None:
    """Priced as a discrete Laplace of sensitivity 1, whose privacy loss dp-accounting finds to be
    exactly +-epsilon: epsilon at delta 0, and a positive delta at any smaller epsilon."""
    from dp_accounting.pld import privacy_loss_distribution

    stat = Quantile.on_bounds("x", 0.9, 0, 60, 13)
    events = stat.events(QUANTILE_MECHANISM, eps, Protection(rows_per_person=4), 1e-6)
    assert events == stat.events("anything", eps, Protection())  # the mechanism, delta and m change nothing
    ((noise, times),) = events
    assert times == 1 and noise.delta == 0.0
    pld = privacy_loss_distribution.from_discrete_laplace_mechanism(1 / noise.scale, sensitivity=1)
    assert pld.get_epsilon_for_delta(0.0) == pytest.approx(eps, rel=1e-9)
    assert pld.get_delta_for_epsilon(eps * 0.99) > 0


def test_row_weights_add_up_to_the_statistic_row_by_row() -> None:
    """What each row adds (dpcore.contribution scores a bound on rows per person from it)."""
    frame = pd.DataFrame({"age": [20.0, None, 95.0, 40.0], "sex": ["F", "M", "F", None]})
    for stat in (Count(), Count("sex"), Count("sex", equals="F"), Count(factor=3.0), Sum("age", 0.0, 80.0)):
        weights = stat.row_weights(frame)
        assert weights.shape == (len(frame),)
        assert weights.sum() == pytest.approx(stat.true_value(frame))
    assert Sum("age", 0.0, 80.0).row_weights(frame).tolist() == [20.0, 0.0, 80.0, 40.0]  # clamped, missing as 0
    with pytest.raises(DPError):
        Sum("sex", 0.0, 1.0).row_weights(frame)
