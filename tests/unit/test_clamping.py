"""Value bounds (dpcore/clamping.py): the clamping bias against a brute-force np.clip loop, the
noise against each statistic's own accuracy, the grids, and the private suggestion of bounds:
its distribution against `Quantile.probabilities`, its accounted epsilon and an empirical audit on
neighbours that differ in one person."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from dpcore import clamping
from dpcore.accounting import total_epsilon
from dpcore.audit import epsilon_lower_bound
from dpcore.errors import DPError
from dpcore.limits import MAX_CLAMP_CANDIDATES, MAX_QUANTILE_CANDIDATES
from dpcore.plan_release import quantile_scale, release_quantile
from dpcore.protection import Protection
from dpcore.release import opendp_prelude
from dpcore.statistics import Mean, Sum

ALPHA = 1e-3  # false-alarm rate of each statistical test below (OpenDP's noise cannot be seeded)
RNG = np.random.default_rng(7)


def _brute_bias(values: np.ndarray, lower: float, uppers: np.ndarray, mean: bool) -> np.ndarray:
    v = values[~np.isnan(values)]
    out = np.array([np.clip(v, lower, u).sum() - v.sum() for u in uppers])
    return out / v.size if mean else out


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("mean", [False, True])
def test_the_bias_matches_a_brute_force_clip_on_small_tables(seed: int, mean: bool) -> None:
    g = np.random.default_rng(seed)
    values = np.round(g.normal(20, 15, g.integers(1, 12)), 1)
    values[g.random(values.size) < 0.2] = np.nan  # missing cells are left out, as the statistics do
    if np.isnan(values).all():
        values[0] = 4.0
    lower = float(g.choice([-10.0, 0.0, 5.0, 15.0]))
    present = values[~np.isnan(values)]
    uppers = np.unique(np.concatenate([present[present > lower], lower + g.random(8) * 60, [lower + 1e-3, 500.0]]))
    got = clamping.clamping_bias(values, lower, uppers, mean=mean)
    want = _brute_bias(values, lower, uppers, mean)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-9 * (1 + np.abs(present).sum()))


def test_the_bias_is_the_statistics_own_clamping_at_every_bound() -> None:
    frame = pd.DataFrame({"x": [-4.0, 1.0, 2.0, 2.0, 9.0, 30.0, np.nan, 120.0]})
    for stat_type, mean in ((Sum, False), (Mean, True)):
        for upper in (1.5, 2.0, 29.0, 200.0):
            stat = stat_type("x", 0.0, upper)
            bias = clamping.clamping_bias(frame["x"].to_numpy(), 0.0, [upper], mean=mean)[0]
            assert bias == pytest.approx(stat.clamping(frame).bias, abs=1e-12)


def test_the_bias_has_no_values_to_clamp_and_refuses_bad_bounds() -> None:
    np.testing.assert_array_equal(clamping.clamping_bias(np.array([np.nan]), 0.0, [1.0, 2.0]), [0.0, 0.0])
    with pytest.raises(DPError) as caught:
        clamping.clamping_bias([], 0.0, [1.0], mean=True, column="x")
    assert caught.value.code == "no_values"
    for uppers in ([0.0], [-1.0, 2.0], [np.nan], [np.inf], []):
        with pytest.raises(DPError):
            clamping.clamping_bias([1.0, 2.0], 0.0, uppers)
    with pytest.raises(DPError):
        clamping.clamping_bias([1.0], 0.0, np.linspace(1, 2, MAX_CLAMP_CANDIDATES + 1))


FRAME = pd.DataFrame({"pid": np.arange(300) // 2, "x": np.round(RNG.lognormal(3.0, 0.9, 300), 2)})


@pytest.mark.parametrize("kind,delta", [("laplace", 0.0), ("gaussian", 1e-6), ("discrete_laplace", 0.0)])
@pytest.mark.parametrize("stat_type", [Sum, Mean])
def test_the_noise_is_the_statistics_own_accuracy_at_each_bound(stat_type: type, kind: str, delta: float) -> None:
    protection = Protection(2, "pid")
    stat = stat_type("x", 0.0, 100.0)
    uppers, _ = clamping.upper_grid(0.0, 400.0, 12, whole=kind == "discrete_laplace")
    curve = clamping.tradeoff(stat, FRAME, uppers, kind, 0.8, delta, protection)
    for u, noise, bias in zip(curve.uppers, curve.noise, curve.bias, strict=True):
        at = replace(stat, upper=float(u))
        assert noise == pytest.approx(at.accuracy(kind, 0.8, protection, 0.05, delta, frame=FRAME), rel=1e-12)
        assert bias == pytest.approx(at.clamping(FRAME).bias, rel=1e-9, abs=1e-9)
    assert np.all(np.diff(curve.noise) > 0)  # a wider bound lets one person move the statistic further
    assert np.all(np.diff(curve.bias) >= 0) and curve.bias[-1] == 0  # less clamped, up to none past the top
    best = int(np.argmin(np.abs(curve.bias) + curve.noise))
    assert curve.best == best and curve.best_upper == uppers[best]
    assert curve.best_error == pytest.approx(abs(curve.bias[best]) + curve.noise[best])


def test_the_sums_noise_grows_with_the_largest_absolute_bound() -> None:
    """Under add/remove, OpenDP's sensitivity of a clamped sum: m max(|L|, |U|) for bounds of one
    sign, (U - L) m for both signs (plus the float sum's rounding): a negative lower bound costs
    noise even where the upper bound is small."""
    frame = pd.DataFrame({"x": [1.0, 2.0, 3.0]})
    positive = clamping.tradeoff(Sum("x", 0.0, 10.0), frame, [5.0, 10.0], "laplace", 1.0, 0.0, Protection())
    both = clamping.tradeoff(Sum("x", -50.0, 10.0), frame, [5.0, 10.0], "laplace", 1.0, 0.0, Protection())
    laplace_95 = math.log(20)  # the 95% half-width of Laplace(b) is b ln 20
    assert positive.noise == pytest.approx(np.array([5.0, 10.0]) * laplace_95, rel=1e-6)
    assert both.noise == pytest.approx(np.array([55.0, 60.0]) * laplace_95, rel=1e-6)


def test_a_larger_epsilon_moves_the_best_upper_bound_up() -> None:
    stat = Sum("x", 0.0, 100.0)
    uppers, _ = clamping.upper_grid(0.0, float(FRAME["x"].max()), 80)
    small = clamping.tradeoff(stat, FRAME, uppers, "laplace", 0.05, 0.0, Protection()).best_upper
    large = clamping.tradeoff(stat, FRAME, uppers, "laplace", 5.0, 0.0, Protection()).best_upper
    assert small < large <= float(FRAME["x"].max())


def test_the_upper_grid_is_geometric_on_a_wide_positive_range_and_linear_otherwise() -> None:
    grid, wide = clamping.upper_grid(0.0, 1e6, 50, smallest=3.0)
    assert wide and grid[0] == pytest.approx(3.0) and grid[-1] == pytest.approx(1e6) and grid.size == 50
    assert np.allclose(np.diff(np.log(grid)), np.log(grid[1] / grid[0]))
    grid, wide = clamping.upper_grid(0.0, 1e6, 50)  # no smallest value: six decades below the top
    assert wide and grid[0] == pytest.approx(1.0)
    grid, wide = clamping.upper_grid(10.0, 1e4, 50)  # starts above the lower bound, never on it
    assert wide and grid[0] > 10.0 and grid.size == 50
    grid, wide = clamping.upper_grid(30.0, 60.0, 30)
    assert not wide and grid[0] == pytest.approx(31.0) and grid[-1] == 60.0
    grid, wide = clamping.upper_grid(-5.0, 1e6, 30)
    assert not wide and np.allclose(np.diff(grid), grid[1] - grid[0])
    grid, _ = clamping.upper_grid(0.0, 7.5, 40, whole=True)
    assert np.array_equal(grid, np.arange(1.0, 9.0))
    for args in ((5.0, 5.0, 10), (0.0, 1.0, 1), (0.0, 1.0, MAX_CLAMP_CANDIDATES + 1), (0.0, math.inf, 10)):
        with pytest.raises(DPError):
            clamping.upper_grid(*args)


# --- the private suggestion ----------------------------------------------------------------------


def test_the_public_grid_is_geometric_for_a_positive_range_and_linear_otherwise() -> None:
    grid = np.array(clamping.suggestion_grid(2.0, 2e6, 100))
    assert grid[0] == 2.0 and grid[-1] == 2e6 and grid.size == 100
    assert np.allclose(np.diff(np.log(grid)), math.log(1e6) / 99)
    grid = np.array(clamping.suggestion_grid(0.0, 1e7))
    assert grid.size == MAX_QUANTILE_CANDIDATES and grid[0] == 0.0 and grid[1] == pytest.approx(10.0)
    assert grid[-1] == 1e7 and np.all(np.diff(grid) > 0)
    grid = np.array(clamping.suggestion_grid(-100.0, 100.0, 21))
    assert np.allclose(grid, np.linspace(-100, 100, 21))
    assert clamping.suggestion_grid(0.0, 1.0, 2) == (0.0, 1.0)
    for args in ((1.0, 1.0, 10), (0.0, 1e7, 1), (0.0, 1e7, MAX_QUANTILE_CANDIDATES + 1), (0.0, math.nan, 10)):
        with pytest.raises(DPError):
            clamping.suggestion_grid(*args)


def test_a_request_is_checked_before_anything_is_spent() -> None:
    request = clamping.request_bounds("x", 0.0, 1e7)
    assert request.epsilon == clamping.SUGGEST_EPSILON == 0.1 and request.quantiles == (0.05, 0.95)
    request.check(FRAME)
    for bad in (dict(epsilon=0.0), dict(epsilon=math.inf), dict(low=5.0, high=1.0), dict(quantiles=(0.0, 0.9))):
        with pytest.raises(DPError):
            clamping.request_bounds("x", **{"low": 0.0, "high": 1e7, **bad})  # type: ignore[arg-type]
    for frame in (pd.DataFrame({"y": [1.0]}), pd.DataFrame({"x": ["a", "b"]}), pd.DataFrame({"x": [np.nan]})):
        with pytest.raises(DPError):
            request.check(frame)


def test_the_suggestions_cost_is_its_epsilon_by_every_account() -> None:
    """Two quantiles at epsilon / 2 each: the accountants' basic total is epsilon, and OpenDP's own map
    of each measurement the release draws with is epsilon / 2 for m rows per person."""
    request = clamping.request_bounds("x", 0.0, 1e4, epsilon=0.3, count=50)
    protection = Protection(3, "pid")
    assert total_epsilon(request.events(protection), 0.0, "basic") == pytest.approx(0.3)
    dp = opendp_prelude()
    space = dp.vector_domain(dp.atom_domain(T=float, nan=False)), dp.symmetric_distance()
    for q in request.statistics():
        meas = dp.m.make_private_quantile(*space, dp.max_divergence(), list(q.candidates), q.q,
                                          quantile_scale(q, 0.15, protection))
        assert meas.map(3) == pytest.approx(0.15, rel=1e-9)
    suggestion = clamping.suggest_bounds(FRAME, request, protection)
    assert suggestion.epsilon == 0.3 and suggestion.lower < suggestion.upper
    assert {suggestion.lower, suggestion.upper} <= set(request.candidates)


def test_two_draws_on_one_candidate_are_parted_by_the_grid_alone() -> None:
    grid = (0.0, 1.0, 2.0)
    assert clamping._apart(2.0, 1.0, grid) == (1.0, 2.0)
    assert clamping._apart(1.0, 1.0, grid) == (1.0, 2.0)
    assert clamping._apart(2.0, 2.0, grid) == (1.0, 2.0)


def test_contributions_are_bounded_with_fresh_randomness(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[float] = []
    real = clamping.bound_contributions

    def spy(frame: pd.DataFrame, id_column: str, m: int, rng: np.random.Generator):  # type: ignore[no-untyped-def]
        seen.append(float(rng.random()))
        assert (id_column, m) == ("pid", 1)
        return real(frame, id_column, m, rng)

    monkeypatch.setattr(clamping, "bound_contributions", spy)
    request = clamping.request_bounds("x", 0.0, 1e4, count=20)
    for _ in range(2):
        clamping.suggest_bounds(FRAME, request, Protection(1, "pid"))
    clamping.suggest_bounds(FRAME, request, Protection(2))  # no ID column: m is a promise, nothing to bound
    assert len(seen) == 2 and seen[0] != seen[1]


SMALL = pd.DataFrame({"x": [3.0, 7.0, 7.0, 12.0, 20.0, 20.0, 20.0, 31.0, 44.0, 58.0, np.nan]})


@pytest.mark.slow
def test_each_suggested_bound_follows_its_quantiles_exact_distribution() -> None:
    request = clamping.request_bounds("x", 1.0, 100.0, epsilon=2.0, count=8)
    draws = 2_000
    drawn = np.array([clamping.suggest_bounds(SMALL, request).drawn for _ in range(draws)])
    index = {c: i for i, c in enumerate(request.candidates)}
    for column, q in enumerate(request.statistics()):
        seen = np.bincount([index[v] for v in drawn[:, column]], minlength=len(request.candidates))
        expected = q.probabilities(SMALL, 1.0, Protection()) * draws  # each quantile at epsilon / 2
        keep = expected >= 5  # the rare candidates pooled for the chi-square test
        observed, wanted = np.append(seen[keep], seen[~keep].sum()), np.append(expected[keep], expected[~keep].sum())
        if wanted[-1] == 0:
            observed, wanted = observed[:-1], wanted[:-1]
        assert stats.chisquare(observed, wanted).pvalue > ALPHA


AUDIT_DRAWS = 1_500  # suggestions per side (~2 ms each)


def _audit_neighbours() -> tuple[pd.DataFrame, pd.DataFrame]:
    """D' has 40 people with two values each in [10, 50]; D adds P, whose forty rows are all 90."""
    g = np.random.default_rng(3)
    d_prime = pd.DataFrame({"pid": np.repeat(np.arange(40), 2), "x": np.round(g.uniform(10, 50, 80))})
    d = pd.concat([d_prime, pd.DataFrame({"pid": [40] * 40, "x": [90.0] * 40})], ignore_index=True)
    return d, d_prime


def _encoded(suggestions: list[clamping.Suggestion], grid: tuple[float, ...]) -> np.ndarray:
    """Each suggested [L, U] as one number (post-processing): U's place on the grid, then L's."""
    return np.array([grid.index(s.upper) * len(grid) + grid.index(s.lower) for s in suggestions], dtype=float)


@pytest.mark.slow
def test_an_audit_of_the_suggestion_on_neighbours_stays_within_its_label() -> None:
    d, d_prime = _audit_neighbours()
    protection = Protection(2, "pid")
    request = clamping.request_bounds("x", 1.0, 100.0, epsilon=2.0, count=12)
    on_d = [clamping.suggest_bounds(d, request, protection) for _ in range(AUDIT_DRAWS)]
    on_dp = [clamping.suggest_bounds(d_prime, request, protection) for _ in range(AUDIT_DRAWS)]
    bound = epsilon_lower_bound(_encoded(on_d, request.candidates), _encoded(on_dp, request.candidates),
                                alpha=ALPHA, thresholds=3)
    assert bound <= request.epsilon


@pytest.mark.slow
def test_the_same_audit_catches_quantiles_drawn_without_bounding_contributions() -> None:
    """Power check: P's forty rows counted whole while the label says two rows per person."""
    d, d_prime = _audit_neighbours()
    protection = Protection(2, "pid")
    request = clamping.request_bounds("x", 1.0, 100.0, epsilon=2.0, count=12)
    high = request.statistics()[1]

    def leaky(frame: pd.DataFrame) -> np.ndarray:
        return np.array([release_quantile(frame, high, 1.0, protection) for _ in range(AUDIT_DRAWS)])

    assert epsilon_lower_bound(leaky(d), leaky(d_prime), alpha=ALPHA, thresholds=3) > request.epsilon
