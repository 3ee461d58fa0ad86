"""dpcore.key_selection: the threshold's delta against OpenDP's map and the measured rate, the
chance a category is kept against its closed form and OpenDP's draws, what the accountants charge
for it, and an empirical audit of the whole release on neighbouring datasets.

OpenDP draws from the operating system's entropy (no seed): each statistical test below fails by
chance with probability well under 1e-4 (5-sigma tolerances, audit alpha 0.05)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from dpcore.accounting import compare, plan_pld, total_epsilon
from dpcore.audit import epsilon_lower_bound
from dpcore.errors import DPError
from dpcore.histogram import CategoryBins
from dpcore.key_selection import KeyedHistogram, keep_probability, release_key_selection, threshold_delta, threshold_for
from dpcore.mechanisms import calibrate
from dpcore.protection import Protection
from dpcore.statistics import Histogram


def _threshold_release(scale: float, threshold: int):  # noqa: ANN202 - an OpenDP measurement
    import opendp.prelude as dp

    dp.enable_features("contrib")
    counted = dp.t.make_count_by(dp.vector_domain(dp.atom_domain(T=str)), dp.symmetric_distance(), TV="i64")
    return counted >> dp.m.then_laplace_threshold(scale=scale, threshold=threshold)


# --- the threshold's delta ------------------------------------------------------------------------


@pytest.mark.slow
def test_threshold_delta_is_the_measured_rate_a_lone_category_shows_up() -> None:
    # One person holds the only "zed": released when 1 + noise >= 2, i.e. P[X >= 1] = p / (1 + p).
    # OpenDP 0.16 reports 0.099 here (opendp/opendp#2922): our delta must cover the real rate.
    release, draws = _threshold_release(1.0, 2), 4_000
    rate = sum(1 for _ in range(draws) if release(["zed"])) / draws
    ours = threshold_delta(1.0, 2)
    assert ours == pytest.approx(math.exp(-1) / (1 + math.exp(-1)), rel=1e-12)
    assert abs(rate - ours) < 5 * math.sqrt(ours * (1 - ours) / draws)
    assert ours >= release.map(1)[1]


@pytest.mark.parametrize("scale,m,threshold", [(1.0, 1, 5), (0.5, 1, 3), (3.0, 3, 20), (10.0, 4, 50)])
def test_threshold_delta_covers_opendps_map_one_step_lower(scale: float, m: int, threshold: int) -> None:
    # OpenDP's map one threshold lower counts the mass it leaves out; ours (a union bound) is at least that.
    opendp_delta = _threshold_release(scale, threshold - 1).map(m)[1]
    assert threshold_delta(scale, threshold, m) >= opendp_delta * (1 - 1e-12)  # OpenDP rounds up
    assert threshold_delta(scale, threshold, m) == pytest.approx(opendp_delta, rel=0.01)


@pytest.mark.parametrize("scale,delta,m", [(1.0, 1e-6, 1), (2.5, 1e-9, 3), (0.2, 0.01, 1), (40.0, 1e-5, 8)])
def test_threshold_for_is_the_smallest_threshold_within_delta(scale: float, delta: float, m: int) -> None:
    t = threshold_for(scale, delta, m)
    assert t > m and threshold_delta(scale, t, m) <= delta
    assert t == m + 1 or threshold_delta(scale, t - 1, m) > delta


# --- the chance a category is kept ---------------------------------------------------------------


@pytest.mark.parametrize("scale,threshold", [(1.0, 8), (3.0, 20), (0.4, 5)])
def test_keep_probability_is_the_discrete_laplace_tail(scale: float, threshold: int) -> None:
    # scipy's dlaplace(a) has pmf proportional to exp(-a |k|): our scale t is 1 / a.
    counts = np.arange(0, 2 * threshold + 10)
    expected = stats.dlaplace(1 / scale).sf(threshold - counts - 1)  # P[Z >= T - c] = P[Z > T - c - 1]
    assert keep_probability(counts, scale, threshold) == pytest.approx(expected, rel=1e-9, abs=1e-300)
    assert np.all(np.diff(keep_probability(counts, scale, threshold)) > 0)


@pytest.mark.slow
def test_keep_probability_matches_opendps_draws() -> None:
    scale, threshold, draws = 2.0, 10, 3_000
    release = _threshold_release(scale, threshold)
    data = ["a"] * 8 + ["b"] * 10 + ["c"] * 13
    seen = {"a": 0, "b": 0, "c": 0}
    for _ in range(draws):
        for key in release(data):
            seen[key] += 1
    for key, count in (("a", 8), ("b", 10), ("c", 13)):
        p = float(keep_probability([count], scale, threshold)[0])
        assert abs(seen[key] / draws - p) < 5 * math.sqrt(p * (1 - p) / draws), key


# --- the statistic and what the accountants charge ----------------------------------------------


def test_keyed_histogram_costs_its_noise_and_its_threshold_delta() -> None:
    stat = KeyedHistogram("job")
    people = Protection(3)
    (noise, count), = stat.events("discrete_laplace", 1.0, people, 1e-6)
    assert count == 1 and noise.kind == "discrete_laplace" and noise.scale == pytest.approx(3.0)
    chosen = stat.selection(1.0, 1e-6, people)
    assert noise.failure == chosen.failure <= 1e-6 and chosen.threshold == threshold_for(3.0, 1e-6, 3)
    # substitution: twice the L1, the same union bound on the categories one side holds
    assert stat.selection(1.0, 1e-6, people, "replace").scale == pytest.approx(6.0)
    with pytest.raises(DPError) as caught:
        stat.events("discrete_laplace", 1.0, people, 0.0)
    assert caught.value.code == "keys_need_delta"
    with pytest.raises(DPError) as caught:
        stat.events("laplace", 1.0, people, 1e-6)
    assert caught.value.code == "keys_mechanism"
    # its accuracy is a declared histogram's at the same noise, in both directions
    declared = Histogram("job", CategoryBins(("a", "b")))
    a = stat.accuracy("discrete_laplace", 1.0, people)
    assert a == declared.accuracy("discrete_laplace", 1.0, people) > 0
    assert stat.epsilon_for_accuracy("discrete_laplace", a, people) == pytest.approx(
        declared.epsilon_for_accuracy("discrete_laplace", a, people))


def test_keep_probability_of_a_table() -> None:
    frame = pd.DataFrame({"job": ["a"] * 50 + ["b"] * 3 + [None] * 4 + ["zed"]})
    chances, chosen = KeyedHistogram("job").keep_probability(frame, 1.0, 1e-6, Protection())
    assert list(chances.index) == ["a", "b", "zed"]
    assert chances["a"] > 0.999 and chances["zed"] <= 1e-6 and chances["b"] < 1e-4
    assert chosen.failure <= 1e-6


def test_every_accountant_spends_the_failure_out_of_delta() -> None:
    stat, people = KeyedHistogram("job"), Protection()
    keyed = stat.events("discrete_laplace", 1.0, people, 1e-6)
    plain = (calibrate("discrete_laplace", 1.0, 0.0, 1.0), 1)
    failure = keyed[0][0].failure
    assert 0 < failure <= 1e-6
    total = 1e-5
    both = compare(keyed + (plain,), total)
    assert both.epsilons["basic"] == pytest.approx(2.0)
    for name in ("rdp", "zcdp"):
        assert total_epsilon(keyed + (plain,), total, name) == pytest.approx(
            total_epsilon((plain, plain), total - failure, name), rel=1e-9)
    # PLD: the failure is a (0, f) step composed in: delta(eps) = f + (1 - f) delta_L(eps)
    pld = total_epsilon(keyed + (plain,), total, "pld")
    assert pld == pytest.approx(total_epsilon((plain, plain), (total - failure) / (1 - failure), "pld"), rel=1e-3)
    assert plan_pld(keyed)._pmf_remove._infinity_mass >= failure * (1 - 1e-9)  # noqa: SLF001
    # less delta than the failure: refused, never traded for epsilon; and nothing at delta = 0
    refused = compare(keyed, failure / 2)
    assert all(refused.epsilons[name] is None for name in ("basic", "advanced", "kov", "rdp", "pld", "zcdp"))
    assert compare(keyed, 0.0).refusals["pld"].code == "needs_delta"


# --- the release, drawn by OpenDP, and its audit -------------------------------------------------


@pytest.mark.slow
def test_key_selection_keeps_big_categories_and_drops_a_lone_one() -> None:
    values = pd.Series(["Engineer"] * 400 + ["Teacher"] * 250 + ["Zed's job"] + [None] * 3)
    for _ in range(100):  # a lone category shows up with probability <= delta = 1e-6 per release
        out = release_key_selection(values, 1.0, 1e-6)
        assert out.labels == ("Engineer", "Teacher")
    assert out.epsilon <= 1.0 and out.delta <= 1e-6 < threshold_delta(out.scale, out.threshold - 1)
    assert out.values.dtype == np.int64 and abs(int(out.values[0]) - 400) < 30


def test_key_selection_with_several_rows_per_person_and_bad_input() -> None:
    out = release_key_selection(pd.Series([2007.0] * 300 + [2008.0] * 5), 0.5, 1e-8, max_contributions=3)
    assert out.labels == ("2007",) and out.scale == pytest.approx(6.0) and out.epsilon <= 0.5
    assert out.delta <= 1e-8 and out.threshold > 3
    swapped = release_key_selection(pd.Series(["a"] * 300), 0.5, 1e-8, max_contributions=3, neighbours="replace")
    assert swapped.scale == pytest.approx(12.0) and swapped.epsilon <= 0.5
    with pytest.raises(ValueError, match="Delta must be greater than zero"):
        release_key_selection(pd.Series(["a"]), 1.0, 0.0)
    with pytest.raises(ValueError, match="Epsilon"):
        release_key_selection(pd.Series(["a"]), 0.0, 1e-6)


def _zed(table: list[str], draws: int, epsilon: float, delta: float, m: int) -> np.ndarray:
    """Zed's published count in each of `draws` releases of the table (-inf when left out)."""
    out = np.full(draws, -np.inf)
    for i in range(draws):
        r = release_key_selection(pd.Series(table), epsilon, delta, max_contributions=m)
        if "Zed" in r.labels:
            out[i] = float(r.values[r.labels.index("Zed")])
    return out


@pytest.mark.slow
@pytest.mark.parametrize("m", [1, 2])
def test_audit_of_the_whole_release_with_a_rare_category(m: int) -> None:
    # D: one person holds m rows of the only "Zed"; D': that person is gone. Delta is large so
    # that Zed shows up often enough to be seen: the measured rate stays within delta, and the
    # epsilon the outputs prove at that delta stays at or below the label.
    epsilon, delta, draws = 1.0, 0.05, 4_000
    others = ["Engineer"] * 40 + ["Teacher"] * 12
    on_d = _zed(others + ["Zed"] * m, draws, epsilon, delta, m)
    on_dp = _zed(others, draws, epsilon, delta, m)
    shown = np.isfinite(on_d).mean()
    assert not np.isfinite(on_dp).any()
    assert shown <= delta + 5 * math.sqrt(delta * (1 - delta) / draws)
    assert shown > 0.2 * delta  # the audit sees the failure it bounds
    assert epsilon_lower_bound(on_d, on_dp, delta=delta) <= epsilon
