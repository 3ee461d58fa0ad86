"""dpcore.release: refusals, the samples' law against scipy, declared domains, clamped sums against
OpenDP's own privacy map and dp-accounting, and empirical audits of the release path (dpcore.audit).

OpenDP draws from the operating system's entropy (no seed): each statistical test below fails by
chance with probability well under 1e-4 (5-sigma tolerances, audit alpha 0.05 at a true epsilon
the audit does not come near)."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from dp_accounting.pld import privacy_loss_distribution
from scipy import stats

from dpcore.audit import epsilon_lower_bound
from dpcore.errors import DPError
from dpcore.histogram import CategoryBins, histogram
from dpcore.mechanisms import calibrate
from dpcore.plan_release import (
    PlannedStatistic,
    planned_noises,
    quantile_scale,
    release_plan,
    release_quantile,
    release_statistic,
)
from dpcore.protection import Protection
from dpcore.release import (
    HistogramDomain,
    release_counts,
    release_histogram,
    release_sum,
    require_declared,
    sum_sensitivity,
)
from dpcore.statistics import Count, Histogram, Mean, Quantile, Sum

N = 20_000  # OpenDP draws per side of an audit (one vector call each: ~1 s for Laplace)


# --- release_counts: refusals ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "counts,code,message",
    [
        ([3, float("nan")], "invalid_counts", "Count number 2 is nan: every count must be a finite number"),
        ([float("inf")], "invalid_counts", "finite number"),
        ([-float("inf"), 2], "invalid_counts", "finite number"),
        ([1, 2.5], "invalid_counts", "Count number 2 is 2.5: counts are whole numbers"),
        ([4, -1], "invalid_counts", "cannot be negative"),
        ([], "empty_counts", "nothing to release"),
        ([[1, 2], [3, 4]], "invalid_counts", "one list of numbers"),
        (["a"], "invalid_counts", "must be a number"),
        ([1, 2**53 + 2], "count_out_of_range", "Count number 2 is 9,007,199,254,740,994: a release holds counts up to"),
        ([3e9 * 4e9], "count_out_of_range", "2\\^53"),
    ],
)
@pytest.mark.parametrize("kind", ["laplace", "discrete_laplace"])
def test_bad_counts_are_refused(counts: list, code: str, message: str, kind: str) -> None:
    with pytest.raises(DPError, match=message) as info:
        release_counts(counts, calibrate(kind, 1.0))
    assert info.value.code == code


def test_counts_up_to_the_limit_pass_whole_and_beyond_int32() -> None:
    # OpenDP's default int is 32 bits: 3 billion people (a country's census) must still pass.
    released = release_counts(np.array([3_000_000_000, 2**53]), calibrate("discrete_laplace", 5.0))
    assert released.dtype == np.int64
    assert abs(int(released[0]) - 3_000_000_000) < 100 and abs(int(released[1]) - 2**53) < 100


# --- release_counts: the law of its samples -------------------------------------------------------

LAWS = {
    "laplace": lambda m: stats.laplace(scale=m.scale),
    "gaussian": lambda m: stats.norm(scale=m.scale),
    "discrete_laplace": lambda m: stats.dlaplace(1 / m.scale),  # pmf ~ exp(-a |k|), a = 1 / t
}


@pytest.mark.slow
@pytest.mark.parametrize("kind,eps,size", [("laplace", 0.5, N), ("gaussian", 1.0, 8_000), ("discrete_laplace", 0.3, N)])
def test_released_noise_has_the_mechanisms_mean_and_variance(kind: str, eps: float, size: int) -> None:
    m = calibrate(kind, eps, 1e-5, 2.0)
    law = LAWS[kind](m)
    noise = release_counts(np.full(size, 1_000), m) - 1_000
    assert law.var() == pytest.approx(m.std**2, rel=1e-9)  # the mechanism's std agrees with scipy's law
    assert abs(noise.mean()) < 5 * law.std() / math.sqrt(size)
    # Var(sample variance) = (mu4 - sigma^4) / n; mu4 = (3 + excess kurtosis) sigma^4.
    spread = law.var() * math.sqrt((2 + float(law.stats(moments="k"))) / size)
    assert abs(noise.var() - law.var()) < 5 * spread
    if kind == "discrete_laplace":
        assert np.all(noise == np.round(noise))


# --- audits of the release path -------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("kind,eps,delta,size", [("laplace", 1.0, 0.0, N), ("discrete_laplace", 0.5, 0.0, N),
                                                 ("gaussian", 1.0, 1e-5, 8_000)])
def test_audit_of_opendp_counts_stays_at_or_below_epsilon(kind: str, eps: float, delta: float, size: int) -> None:
    m = calibrate(kind, eps, delta, 1.0)
    released = release_counts(np.r_[np.ones(size), np.zeros(size)], m)  # one count on D (1) and D' (0)
    bound = epsilon_lower_bound(released[:size], released[size:], delta=delta)
    assert bound <= eps
    if kind != "gaussian":  # the audit has power: it finds most of a pure epsilon
        assert bound > 0.6 * eps


def _people(with_zed: bool) -> pd.DataFrame:
    rows = ["Engineer"] * 40 + ["Teacher"] * 25 + ["Nurse"] * 30
    return pd.DataFrame({"job": rows + (["Astronaut"] if with_zed else [])})


@pytest.mark.slow
def test_bins_read_from_the_data_leak_and_declared_bins_do_not() -> None:
    d, d_prime = _people(True), _people(False)  # Zed, the only astronaut, is in D only
    observed_d, observed_dp = HistogramDomain.observed(d["job"]), HistogramDomain.observed(d_prime["job"])
    assert "Astronaut" in observed_d.bins.labels and "Astronaut" not in observed_dp.bins.labels
    m = calibrate("laplace", 1.0)
    with pytest.raises(DPError, match="the list itself is not private") as info:
        release_histogram(d, "job", observed_d, m)
    assert info.value.code == "undeclared_categories"

    # A release on observed bins, simulated with numpy: Zed's bar is there (1 + noise) on D and
    # absent (-inf) on D'. Labelled epsilon = 1, its audit is far above.
    g = np.random.default_rng(10)
    leaky = epsilon_lower_bound(1 + g.laplace(0, m.scale, N), np.full(N, -np.inf))
    assert leaky > 6.0

    # The same person with declared bins: the bar is always released, empty or not, with OpenDP.
    declared = HistogramDomain.typed(["Engineer", "Teacher", "Nurse", "Astronaut", "Pilot"])
    on_d, on_dp = release_histogram(d, "job", declared, m), release_histogram(d_prime, "job", declared, m)
    assert on_d.labels == on_dp.labels == ("Engineer", "Teacher", "Nurse", "Astronaut", "Pilot")
    zed = declared.bins.labels.index("Astronaut")
    count_d = histogram(d, "job", declared.bins).counts[zed]
    count_dp = histogram(d_prime, "job", declared.bins).counts[zed]
    released = release_counts(np.r_[np.full(N, count_d), np.full(N, count_dp)], m)
    honest = epsilon_lower_bound(released[:N], released[N:])
    assert (count_d, count_dp) == (1, 0) and honest <= 1.0 < leaky


# --- declared domains -----------------------------------------------------------------------------


def test_every_declared_source_releases_every_bin() -> None:
    frame = pd.DataFrame({"species": ["Adelie", "Gentoo", None], "body_mass_g": [3000.0, 9000.0, np.nan]})
    m = calibrate("discrete_laplace", 1.0)
    catalog = release_histogram(frame, "species", HistogramDomain.catalog("penguins", "species"), m)
    assert catalog.labels == ("Adelie", "Chinstrap", "Gentoo") and catalog.source == "catalog"
    assert catalog.values.dtype == np.int64 and catalog.values.shape == (3,)
    bins = release_histogram(frame, "body_mass_g", HistogramDomain.public_bounds(2500, 6500, 4), m)
    assert len(bins.labels) == 4 and bins.source == "public_bounds" and bins.mechanism is m
    numeric = HistogramDomain.catalog("zoo", "carrots", 5)
    assert numeric.declared and numeric.bins.edges.tolist() == [0, 20, 40, 60, 80, 100]


def test_undeclared_or_malformed_domains_are_refused() -> None:
    with pytest.raises(DPError, match="documents no categories") as info:
        HistogramDomain.catalog("students", "name")
    assert info.value.code == "undeclared_categories"
    with pytest.raises(DPError, match="cannot be blank"):
        HistogramDomain.typed(["a", "  "])
    with pytest.raises(ValueError, match="only once"):
        HistogramDomain.typed(["a", "a"])
    with pytest.raises(DPError, match="not private"):  # bare bins carry no declaration
        require_declared(HistogramDomain.typed(["a"]).bins)
    with pytest.raises(ValueError, match="Unknown source"):
        HistogramDomain(HistogramDomain.typed(["a"]).bins, "guess")  # type: ignore[arg-type]


# --- clamped sums ---------------------------------------------------------------------------------


def test_sum_sensitivity_is_opendps_and_never_below_the_textbook() -> None:
    # Whole numbers: exactly m max(|L|, |U|). Floats: that plus OpenDP's rounding allowance, and
    # (U - L) m for bounds of both signs.
    assert sum_sensitivity(0, 100, "discrete_laplace", 3) == 300.0
    assert sum_sensitivity(-40, 100, "discrete_laplace") == 100.0
    floats = sum_sensitivity(0, 100)
    assert 100.0 < floats < 100.0 * (1 + 1e-6)
    assert sum_sensitivity(-3.0, 100.0, "gaussian") == pytest.approx(103.0, rel=1e-6)


@pytest.mark.slow
def test_release_sum_is_the_clamped_sum_plus_the_planned_noise() -> None:
    values = np.array([5.0, 20.0, 120.0, -7.0, np.nan, np.inf])
    true = float(np.clip(values[~np.isnan(values)], 0, 50).sum())  # 5 + 20 + 50 + 0 + 50
    m = calibrate("laplace", 2.0, 0.0, sum_sensitivity(0, 50))
    draws = [release_sum(values, 0, 50, m) for _ in range(1_000)]
    assert {d.scale for d in draws} == {m.scale}
    noise = np.array([d.value for d in draws]) - true
    assert abs(noise.mean()) < 5 * math.sqrt(2) * m.scale / math.sqrt(noise.size)
    assert noise.std() == pytest.approx(math.sqrt(2) * m.scale, rel=0.15)
    # OpenDP's map of the chain (d_in = 1 row) is sensitivity / scale: the mechanism's epsilon.
    assert draws[0].sensitivity / draws[0].scale == pytest.approx(2.0, rel=1e-12)


def test_release_sum_raises_the_noise_to_opendps_sensitivity() -> None:
    # Planned with the textbook max(|L|, |U|) = 10 for bounds of both signs; OpenDP needs U - L = 20.
    m = calibrate("gaussian", 1.0, 1e-6, 10.0)
    out = release_sum([1.0, -2.0, 3.0], -10, 10, m, max_contributions=2)
    assert out.sensitivity == pytest.approx(40.0, rel=1e-6)
    assert out.scale == pytest.approx(m.scale * out.sensitivity / 10.0)
    # dp-accounting: Gaussian noise of that scale on that sensitivity keeps delta at the planned epsilon.
    pld = privacy_loss_distribution.from_gaussian_mechanism(out.scale, sensitivity=out.sensitivity,
                                                            value_discretization_interval=1e-4)
    assert pld.get_delta_for_epsilon(1.0) <= 1e-6 * (1 + 1e-6)


def test_release_sum_of_whole_numbers_with_discrete_laplace() -> None:
    m = calibrate("discrete_laplace", 1.0, 0.0, sum_sensitivity(0, 10, "discrete_laplace"))
    out = release_sum(pd.Series([1, 2, 30, None], dtype="Int64").astype(float), 0, 10, m)
    assert out.value == round(out.value) and out.scale == m.scale and out.sensitivity == 10.0
    with pytest.raises(DPError, match="whole-number bounds") as info:
        release_sum([1.0], 0, 10.5, m)
    assert info.value.code == "discrete_needs_integers"
    with pytest.raises(DPError, match="holds fractions"):
        release_sum([1.5], 0, 10, m)


@pytest.mark.parametrize(
    "lower,upper,code",
    [(5, 5, "bounds_order"), (10, 0, "bounds_order"), (0, float("inf"), "bounds"), (-1e16, 0, "bounds"),
     ("a", 1, "bounds")],
)
def test_release_sum_refuses_bad_bounds(lower: object, upper: object, code: str) -> None:
    with pytest.raises(DPError) as info:
        release_sum([1.0], lower, upper, calibrate("laplace", 1.0))  # type: ignore[arg-type]
    assert info.value.code == code
    with pytest.raises(DPError):
        sum_sensitivity(lower, upper)  # type: ignore[arg-type]


def test_release_sum_refuses_text_and_bad_contributions() -> None:
    with pytest.raises(DPError, match="must be a number"):
        release_sum(["x"], 0, 1, calibrate("laplace", 1.0))
    with pytest.raises(ValueError, match="rows per person"):
        release_sum([1.0], 0, 1, calibrate("laplace", 1.0), max_contributions=0)


# --- a quantile and a whole plan -------------------------------------------------------------------


QUANTILE_DATA = pd.DataFrame({"x": [3.0, 7.0, 7.0, 12.0, 20.0, 20.0, 20.0, 31.0, 44.0, 58.0, np.nan]})


@pytest.mark.slow
@pytest.mark.parametrize("q,eps,m", [(0.5, 0.8, 1), (0.75, 2.0, 2)])
def test_release_quantile_draws_from_the_exact_permute_and_flip_distribution(q: float, eps: float, m: int) -> None:
    """2,000 OpenDP draws against `Quantile.probabilities` (McKenna & Sheldon's closed form, written
    without OpenDP): a chi-square test with false-alarm rate 1e-3 (OpenDP cannot be seeded)."""
    stat, protection = Quantile.on_bounds("x", q, 0, 60, 7), Protection(rows_per_person=m)
    draws = 2_000
    index = {c: i for i, c in enumerate(stat.candidates)}
    seen = np.bincount([index[release_quantile(QUANTILE_DATA, stat, eps, protection)] for _ in range(draws)],
                       minlength=len(stat.candidates))
    expected = stat.probabilities(QUANTILE_DATA, eps, protection) * draws
    keep = expected >= 5  # pool the rare candidates
    observed, wanted = np.append(seen[keep], seen[~keep].sum()), np.append(expected[keep], expected[~keep].sum())
    if wanted[-1] == 0:
        observed, wanted = observed[:-1], wanted[:-1]
    assert stats.chisquare(observed, wanted).pvalue > 1e-3
    assert quantile_scale(stat, eps, protection) == pytest.approx(2 * m * max(q, 1 - q) / eps)


def _planned(name: str, stat, eps: float, domain: HistogramDomain | None = None) -> PlannedStatistic:
    """A statistic planned with Laplace noise at eps, for one row per person."""
    return PlannedStatistic(name, stat, eps, stat.events("laplace", eps, Protection()), domain)


def test_release_plan_bounds_each_person_with_fresh_randomness_then_draws_each_statistic() -> None:
    # 50 people with 4 rows each, values 0..199: at m = 1 each person keeps one row chosen at random.
    frame = pd.DataFrame({"pid": np.repeat(np.arange(50), 4), "x": np.arange(200.0),
                          "c": ["a", "b"] * 100})
    protection = Protection(rows_per_person=1, id_column="pid")
    eps = 1e7  # Laplace noise of scale ~1e-5: within 1e-3 of the truth but with probability ~e^-100
    plan = [_planned("rows", Count(), eps), _planned("total", Sum("x", 0, 200), eps),
            _planned("mean", Mean("x", 0, 200), eps),
            _planned("bars", Histogram("c", CategoryBins(("a", "b"))), eps, domain=HistogramDomain.typed(("a", "b")))]
    drawn = release_plan(frame, plan, protection)
    assert [d.labels for d in drawn] == [("",), ("",), ("",), ("a", "b")]
    # the scale of each statistic's noise in its own units: its noise's, a mean's over the noisy count
    assert [drawn[i].noise for i in (0, 1, 3)] == [plan[i].events[0][0].scale for i in (0, 1, 3)]
    (sum_noise, _), (count_noise, _) = plan[2].events
    assert drawn[2].noise == pytest.approx((sum_noise.scale + drawn[2].values[0] * count_noise.scale) / 50, rel=1e-3)
    assert drawn[0][1][0] == pytest.approx(50, abs=1e-3) and sum(drawn[3][1]) == pytest.approx(50, abs=1e-3)
    assert drawn[2][1][0] == pytest.approx(drawn[1][1][0] / 50, abs=1e-3)  # the same rows for every statistic
    sums = {round(release_plan(frame, plan[1:2], protection)[0][1][0]) for _ in range(20)}
    assert len(sums) > 1  # new rows kept at each release (the same 20 sums: probability ~ 0)
    unbounded = release_plan(frame, plan[:1], Protection())  # no ID column: every row
    assert unbounded[0][1][0] == pytest.approx(200, abs=1e-3)


def test_release_plan_names_what_cannot_be_released() -> None:
    frame = pd.DataFrame({"c": ["a", "b"]})
    with pytest.raises(DPError) as caught:
        release_plan(frame, [_planned("bars", Histogram("d", CategoryBins(("a",))), 1.0,
                                      domain=HistogramDomain.typed(("a",)))], Protection())
    assert caught.value.code == "not_releasable" and str(caught.value).startswith("bars: ")
    with pytest.raises(DPError) as caught:  # bins not declared in public: refused, not drawn
        release_statistic(frame, _planned("bars", Histogram("c", CategoryBins(("a", "b"))), 1.0), Protection())
    assert caught.value.code == "undeclared_categories"
    mean = _planned("mean", Mean("x", 0, 1), 1.0)
    with pytest.raises(DPError) as caught:  # a mean planned with one noise instead of two
        release_statistic(pd.DataFrame({"x": [0.5]}), PlannedStatistic("mean", mean.statistic, 1.0, mean.events[:1]),
                          Protection())
    assert caught.value.code == "plan_mismatch"
    noise = calibrate("laplace", 1.0, 0.0, 1.0)
    assert planned_noises("n", [(noise, 1)], 1) == (noise,)
    with pytest.raises(DPError):
        planned_noises("n", [(noise, 2)], 1)  # answered twice: not the noise the release adds once
