"""dpcore.attacks against independent references.

References used here, none of them the code under test:
* the exact values quoted in issue 4 (computed independently of this module);
* closed forms for k = 1 (one Laplace) and k = 2 (density (1/4b)(1 + |s|/b) e^{-|s|/b});
* the Bessel-K density of a sum of k Laplace variables (Kotz, Kozubowski & Podgorski 2001, 2.3):
  f(s) = |s|^{k-1/2} K_{k-1/2}(|s|) / (sqrt(pi) Gamma(k) 2^{k-1/2}) for b = 1;
* Gil-Pelaez inversion of the characteristic function (1 + u^2 b^2)^{-k};
* the central limit theorem for large k; brute-force Monte Carlo with numpy's Laplace sampler.
Seeded Monte-Carlo checks use 99 % intervals, each a 1 % false alarm at most for a fresh seed; the
seeds are fixed, so the suite is deterministic.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import integrate, special, stats

from dpcore import attacks as A
from dpcore.catalog import BUNDLED
from dpcore.limits import MAX_REPEATED_QUERIES
from dpcore.posterior import posterior_bounds

KS = (100, 1_000, 10_000, 100_000)
ISSUE_VALUES = {  # percent, from the issue, to 0.05 points
    0.1: (27.73, 73.66, 99.96, 100.00),
    0.01: (2.83, 8.91, 27.63, 73.64),
}


def _bessel_reference(epsilon: float, k: int, tol: float = 0.5) -> float:
    """P(|sum of k Lap(1/eps)| < k tol) by integrating the Bessel-K density (b = 1 units)."""
    t = k * tol * epsilon
    nu = k - 0.5

    def density(s: float) -> float:
        kve = special.kve(nu, s) if s > 0.0 else math.inf
        if math.isfinite(kve):
            log_sk = nu * math.log(s) + math.log(kve) - s  # log(s^nu K_nu(s))
        else:  # s^nu K_nu(s) -> Gamma(nu) 2^(nu - 1) as s -> 0
            log_sk = special.gammaln(nu) + (nu - 1) * math.log(2.0)
        return math.exp(log_sk - 0.5 * math.log(math.pi) - special.gammaln(k) - nu * math.log(2.0))

    value, _ = integrate.quad(density, 0.0, t, limit=400, epsabs=1e-13, epsrel=1e-11)
    return 2.0 * value


def _gil_pelaez_reference(epsilon: float, k: int, tol: float = 0.5) -> float:
    """P(|S| < t) = (2/pi) int_0^inf sin(u t) / u * (1 + u^2)^-k du, S in units of b = 1/eps."""
    t = k * tol * epsilon
    u_max = math.sqrt(math.expm1(45.0 / k))  # (1 + u^2)^-k < e^-45 beyond

    def integrand(u: float) -> float:
        return math.exp(-k * math.log1p(u * u)) / u if u > 0 else t

    value, _ = integrate.quad(integrand, 0.0, u_max, weight="sin", wvar=t, limit=2000)
    return 2.0 / math.pi * value


# ---------------------------------------------------------------- exact probability


@pytest.mark.parametrize("epsilon", sorted(ISSUE_VALUES))
def test_exact_matches_issue_values(epsilon: float) -> None:
    got = [100 * A.averaging_success_probability(epsilon, k) for k in KS]
    assert got == pytest.approx(ISSUE_VALUES[epsilon], abs=0.05)


@pytest.mark.parametrize("epsilon", [0.01, 0.3, 1.0, 5.0])
@pytest.mark.parametrize("tol", [0.5, 0.1, 2.0])
def test_closed_forms_k1_k2(epsilon: float, tol: float) -> None:
    b = 1 / epsilon
    assert A.averaging_success_probability(epsilon, 1, tol) == pytest.approx(1 - math.exp(-tol / b), rel=1e-12)
    x = 2 * tol  # |sum of 2| < 2 tol
    expected = 1 - math.exp(-x / b) * (1 + x / (2 * b))
    assert A.averaging_success_probability(epsilon, 2, tol) == pytest.approx(expected, rel=1e-9, abs=1e-13)


@pytest.mark.parametrize("k", [3, 7, 20, 60])
@pytest.mark.parametrize("epsilon", [0.01, 0.1, 0.5])
def test_exact_matches_bessel_density(k: int, epsilon: float) -> None:
    assert A.averaging_success_probability(epsilon, k) == pytest.approx(_bessel_reference(epsilon, k), abs=1e-9)


@pytest.mark.parametrize("k", [5, 100, 1_000, 10_000, 50_000])
@pytest.mark.parametrize("epsilon", [0.01, 0.1])
def test_exact_matches_characteristic_function_inversion(k: int, epsilon: float) -> None:
    assert A.averaging_success_probability(epsilon, k) == pytest.approx(_gil_pelaez_reference(epsilon, k), abs=1e-7)


@pytest.mark.parametrize("k", [100_000, 1_000_000, 10_000_000])
@pytest.mark.parametrize("epsilon", [0.001, 0.01])
def test_large_k_agrees_with_normal_approximation(k: int, epsilon: float) -> None:
    exact = A.averaging_success_probability(epsilon, k)
    assert exact == pytest.approx(A.normal_approximation(epsilon, k), abs=1e-4)


def test_stable_and_monotone_up_to_ten_million() -> None:
    ks = [1, 2, 3, 10, 29, 30, 31, 100, 1_000, 10_000, 100_000, 300_000, 1_000_000, 3_000_000, 10_000_000]
    values = [A.averaging_success_probability(0.01, k) for k in ks]
    assert all(math.isfinite(v) and 0.0 <= v <= 1.0 for v in values)
    assert all(b >= a - 1e-12 for a, b in zip(values, values[1:])), values
    assert values[-1] > 0.9999
    assert values[0] < 0.01


def test_sensitivity_and_tolerance_scale_like_the_noise() -> None:
    # Lap(Delta/eps): doubling Delta is halving eps, and halving the tolerance.
    base = A.averaging_success_probability(0.05, 400, 0.5, 2.0)
    assert base == pytest.approx(A.averaging_success_probability(0.025, 400, 0.5, 1.0), abs=1e-12)
    assert base == pytest.approx(A.averaging_success_probability(0.05, 400, 0.25, 1.0), abs=1e-12)


def test_split_budget_and_cache_formulas() -> None:
    # eps/k per answer: the spread of the mean is sqrt(2k) / eps and grows with k.
    assert A.split_mean_noise_std(1.0, 100) == pytest.approx(math.sqrt(200))
    assert A.split_mean_noise_std(1.0, 10_000) > A.split_mean_noise_std(1.0, 100)
    assert A.mean_noise_std(1.0, 100) == pytest.approx(math.sqrt(2) / 10)
    # Splitting eps = 1 over k answers makes averaging useless, not better.
    split = [A.averaging_success_probability(1.0 / k, k) for k in (1, 10, 100, 1_000)]
    assert all(b < a for a, b in zip(split, split[1:]))
    assert A.cached_success_probability(0.1) == pytest.approx(1 - math.exp(-0.05))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"epsilon": 0, "k": 10},
        {"epsilon": -1, "k": 10},
        {"epsilon": float("nan"), "k": 10},
        {"epsilon": float("inf"), "k": 10},
        {"epsilon": 1, "k": 0},
        {"epsilon": 1, "k": 2.5},
        {"epsilon": 1, "k": 10, "tolerance": 0},
        {"epsilon": 1, "k": 10, "tolerance": -0.5},
        {"epsilon": 1, "k": 10, "sensitivity": 0},
        {"epsilon": 1, "k": 10, "sensitivity": float("nan")},
        {"epsilon": 1e-300, "k": 10, "sensitivity": 1e300},
    ],
)
def test_exact_rejects_bad_input(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        A.averaging_success_probability(**kwargs)


# ---------------------------------------------------------------- simulation


@pytest.mark.parametrize("epsilon", [1.0, 0.1, 0.01])
@pytest.mark.parametrize("k", KS + (1_000_000,))
def test_simulation_within_its_99_percent_interval(epsilon: float, k: int) -> None:
    rng = np.random.default_rng([4, k, int(1 / epsilon)])
    sim = A.simulate_recovery(epsilon, k, 20_000, rng, confidence=0.99)
    exact = A.averaging_success_probability(epsilon, k)
    assert sim.ci_low <= exact <= sim.ci_high, (sim, exact)


@pytest.mark.parametrize("k", [1, 3, 50])
def test_gamma_route_has_the_law_of_brute_force_averaging(k: int) -> None:
    """Two-sample KS test, 1 % false alarm: Gamma differences vs averaging k Laplace draws."""
    rng = np.random.default_rng(2024 + k)
    fast = A.simulate_averaging(0.5, k, 5_000, rng)
    slow = rng.laplace(0.0, 2.0, size=(5_000, k)).mean(axis=1)
    assert stats.ks_2samp(fast, slow).pvalue > 0.01


def test_simulation_is_reproducible_and_progress_reported() -> None:
    seen: list[float] = []
    a = A.simulate_averaging(0.1, 1_000, 60_000, np.random.default_rng(7), on_progress=seen.append)
    b = A.simulate_averaging(0.1, 1_000, 60_000, np.random.default_rng(7))
    assert np.array_equal(a, b)
    assert seen == sorted(seen) and seen[-1] == 1.0 and len(seen) > 1


def test_simulation_spread_matches_formula() -> None:
    errors = A.simulate_averaging(0.1, 1_000_000, 50_000, np.random.default_rng(11))
    # sd of the mean of 1e6 Lap(10): sqrt(2) * 10 / 1000; sample sd within 2 %.
    assert np.std(errors) == pytest.approx(A.mean_noise_std(0.1, 1_000_000), rel=0.02)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"k": MAX_REPEATED_QUERIES + 1, "trials": 10},
        {"k": 10, "trials": 0},
        {"k": 10, "trials": A.MAX_ATTACKERS + 1},
    ],
)
def test_simulation_rejects_bad_sizes(kwargs: dict) -> None:
    with pytest.raises(ValueError):
        A.simulate_averaging(1.0, rng=np.random.default_rng(0), **kwargs)


def test_clopper_pearson_edges_and_reference() -> None:
    assert A.clopper_pearson(0, 10, 0.95)[0] == 0.0
    assert A.clopper_pearson(10, 10, 0.95)[1] == 1.0
    low, high = A.clopper_pearson(30, 100, 0.95)
    ref = stats.binomtest(30, 100).proportion_ci(0.95, method="exact")
    assert (low, high) == pytest.approx((ref.low, ref.high), abs=1e-9)


def test_running_means_paths() -> None:
    cp = A.log_checkpoints(1_000_000, 500)
    assert cp[0] == 1 and cp[-1] == 1_000_000 and np.all(np.diff(cp) > 0) and cp.size <= 500
    rm = A.running_means(0.1, cp, 1_000, np.random.default_rng(3))
    assert rm.means.shape == (1_000, cp.size)
    # The end of each path has the law of the mean of 1e6 answers: sd sqrt(2) * 10 / 1000.
    assert np.std(rm.means[:, -1]) == pytest.approx(A.mean_noise_std(0.1, 1_000_000), rel=0.15)
    # The first checkpoint is one answer: Lap(10), sd sqrt(2) * 10.
    assert np.std(rm.means[:, 0]) == pytest.approx(math.sqrt(2) * 10, rel=0.15)
    cached = A.cached_running_means(0.1, cp, 5, np.random.default_rng(3))
    assert np.all(cached.means == cached.means[:, :1])
    with pytest.raises(ValueError):
        A.running_means(0.1, [1, 5, 5], 3, np.random.default_rng(0))
    with pytest.raises(ValueError):
        A.running_means(0.1, [0, 5], 3, np.random.default_rng(0))


# ---------------------------------------------------------------- Table 6-3


def test_table_quantiles_are_exact_and_book_close() -> None:
    for eps, row in A.BOOK_TABLE_6_3.items():
        exact = A.abs_noise_quantiles(eps)
        expected = tuple(math.log(1 / (1 - lv)) / eps for lv in A.TABLE_LEVELS)
        assert exact == pytest.approx(expected, rel=1e-12)
        # The book's quantiles are Monte-Carlo estimates: within 8 % of the exact ones.
        assert row.quantiles == pytest.approx(exact, rel=0.08)


@pytest.mark.parametrize("epsilon", sorted(A.BOOK_TABLE_6_3))
def test_book_recovery_within_three_points_of_exact(epsilon: float) -> None:
    book = A.BOOK_TABLE_6_3[epsilon].recovery_percent
    exact = [100 * A.averaging_success_probability(epsilon, k) for k in A.TABLE_KS]
    assert book == pytest.approx(exact, abs=3.0)


def test_table_rows_book_exact_and_simulation() -> None:
    seen: list[float] = []
    rows = A.table_6_3([1.0, 0.1, 0.01, 0.05], 5_000, np.random.default_rng(5), on_progress=seen.append)
    assert [r.epsilon for r in rows] == [1.0, 0.1, 0.01, 0.05]
    assert rows[3].book is None and rows[1].book is A.BOOK_TABLE_6_3[0.1]
    for row in rows:
        for exact, sim in zip(row.exact_recovery, row.simulated_recovery):
            # 16 cells: a 99.99 % interval each keeps the whole test's false alarm below 0.2 %.
            low, high = A.clopper_pearson(sim.successes, sim.trials, 0.9999)
            assert low <= exact <= high
        assert row.simulated_quantiles[0] == pytest.approx(row.exact_quantiles[0], rel=0.1)
    assert seen[-1] == pytest.approx(1.0)
    with pytest.raises(ValueError):
        A.table_6_3([], 100, np.random.default_rng(0))


# ---------------------------------------------------------------- budgets


def test_split_and_spent_epsilon_are_sequential_composition() -> None:
    assert A.split_epsilon(1.0, 1_000) == pytest.approx(0.001)
    assert A.spent_epsilon(0.1, 1_000) == pytest.approx(100.0)
    assert A.spent_epsilon(A.split_epsilon(0.7, 13), 13) == pytest.approx(0.7)
    with pytest.raises(ValueError):
        A.split_epsilon(1.0, 0)
    with pytest.raises(ValueError):
        A.spent_epsilon(0.0, 10)


# ---------------------------------------------------------------- differencing


def _load(key: str) -> pd.DataFrame:
    return pd.read_csv(BUNDLED[key].path)


def test_students_differencing_reveals_every_person_exactly() -> None:
    students = _load("students")
    flipped = A.change_record(students, "name", "Aisha", "grade", "Pass")
    assert students.loc[0, "grade"] == "Fail"  # the original is untouched
    aisha = A.exclusion_differencing(flipped, "name", "Aisha", "grade", "Pass")
    assert (aisha.with_target, aisha.without_target, aisha.difference) == (4, 3, 1)
    assert aisha.target_has_secret
    for name, grade in zip(flipped["name"], flipped["grade"]):
        result = A.exclusion_differencing(flipped, "name", name, "grade", "Pass")
        assert result.target_has_secret == (grade == "Pass")


def test_cancer_prefix_differencing_reveals_alice_and_everyone() -> None:
    cancer = _load("cancer")
    alice = A.prefix_differencing(cancer, "has_cancer", "yes", 5)
    assert (alice.with_target, alice.without_target) == (3, 2) and alice.target_has_secret
    for i, secret in enumerate(cancer["has_cancer"], start=1):
        assert A.prefix_differencing(cancer, "has_cancer", "yes", i).target_has_secret == (secret == "yes")
    assert A.bounded_noise_intervals(alice, 1.0) == ((2, 4), (1, 3), (-1, 3))


def test_differencing_rejects_unknown_or_ambiguous_target() -> None:
    students = _load("students")
    with pytest.raises(ValueError, match="Nobody"):
        A.exclusion_differencing(students, "name", "Zed", "grade", "Pass")
    doubled = pd.concat([students, students.iloc[:1]])
    with pytest.raises(ValueError, match="one person"):
        A.exclusion_differencing(doubled, "name", "Aisha", "grade", "Pass")
    with pytest.raises(ValueError):
        A.prefix_differencing(_load("cancer"), "has_cancer", "yes", 6)


def test_noisy_differencing_is_reproducible_and_centred() -> None:
    result = A.Differencing(4, 3, "exclusion")
    a = A.noisy_differencing(result, 1.0, np.random.default_rng(1))
    b = A.noisy_differencing(result, 1.0, np.random.default_rng(1))
    assert a == b
    diffs = [A.noisy_differencing(result, 1.0, np.random.default_rng(i)).difference for i in range(4_000)]
    # difference of two Lap(1): mean 1, sd 2; the sample mean is within 4 standard errors.
    assert abs(np.mean(diffs) - 1.0) < 4 * 2 / math.sqrt(4_000)


def test_difference_grid_holds_both_peaks_and_the_observed_difference() -> None:
    grid = A.difference_grid(-30.0, 1.0, 120)
    assert grid.size == 120 and np.all(np.diff(grid) > 0)
    assert {0.0, 1.0} <= set(grid.tolist())
    assert grid[0] <= -30.0 and grid[-1] >= 0.5 + 8.0  # 8 noise scales b = 1 either side of 0.5
    with pytest.raises(ValueError):
        A.difference_grid(0.0, 0.0, 120)


def test_difference_density_is_a_density_and_matches_convolution() -> None:
    total, _ = integrate.quad(lambda x: float(A.noisy_difference_pdf(x, 1.0, 0.5)), -np.inf, np.inf)
    assert total == pytest.approx(1.0, abs=1e-9)
    # Convolution of two Lap(b) densities at one point, b = 2.
    b, x = 2.0, 1.7
    lap = lambda y: math.exp(-abs(y) / b) / (2 * b)  # noqa: E731
    conv, _ = integrate.quad(lambda y: lap(y) * lap(x - y), -np.inf, np.inf, points=None)
    assert float(A.noisy_difference_pdf(x, 0.0, 0.5)) == pytest.approx(conv, rel=1e-8)


@settings(max_examples=200, deadline=None)
@given(
    d=st.floats(-1e6, 1e6, allow_nan=False),
    eps=st.floats(0.001, 20.0),
    prior=st.floats(0.0, 1.0),
)
def test_difference_posterior_stays_inside_the_eps_bound(d: float, eps: float, prior: float) -> None:
    post = float(A.difference_posterior(d, eps, prior))
    low, high = posterior_bounds(prior, eps)
    assert float(low) - 1e-12 <= post <= float(high) + 1e-12


def test_difference_posterior_moves_the_right_way() -> None:
    grid = np.linspace(-20, 20, 81)
    post = A.difference_posterior(grid, 0.5, 0.5)
    assert np.all(np.diff(post) >= -1e-15)  # a larger difference makes the secret more likely
    assert float(A.difference_posterior(0.5, 0.5, 0.5)) == pytest.approx(0.5)
    assert A.posterior_band(0.5, math.log(3)) == pytest.approx((0.25, 0.75))
    with pytest.raises(ValueError):
        A.difference_posterior(float("nan"), 1.0)
    with pytest.raises(ValueError):
        A.difference_posterior(1.0, 1.0, prior=1.5)
