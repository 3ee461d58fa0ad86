"""dpcore.synthetic.attacks against brute force, anonymeter's formulas (written out from its source,
anonymeter/stats/confidence.py), small tables where the answer is known, and the bound of a DP
synthesizer. Anonymeter itself runs side by side in bench/bench_synthetic_attacks.py (its own venv)."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.stats import norm

from dpcore.errors import DPError
from dpcore.posterior.testing import dp_roc_region
from dpcore.synthetic import attacks as A


def _uniform(rng: np.random.Generator, rows: int, sizes: list[int]) -> np.ndarray:
    return np.column_stack([rng.integers(s, size=rows) for s in sizes])


# ------------------------------------------------------------------ rates and risk


@pytest.mark.parametrize(("successes", "attempts", "confidence"), [(0, 500, 0.95), (37, 500, 0.95), (500, 500, 0.9),
                                                                   (3, 7, 0.99)])
def test_the_success_rate_is_wilsons_as_anonymeter_writes_it(successes: int, attempts: int, confidence: float) -> None:
    z = norm.ppf(0.5 * (1 + confidence))
    rate = A.success_rate(successes, attempts, confidence)
    assert rate.value == pytest.approx((successes + z * z / 2) / (attempts + z * z), rel=1e-12)
    half = z / (attempts + z * z) * math.sqrt(successes * (attempts - successes) / attempts + z * z / 4)
    assert rate.error == pytest.approx(half, rel=1e-12)
    # Wilson's interval written the textbook way (centre +- half-width): the same two ends
    p = successes / attempts
    centre = (p + z * z / (2 * attempts)) / (1 + z * z / attempts)
    width = z / (1 + z * z / attempts) * math.sqrt(p * (1 - p) / attempts + z * z / (4 * attempts**2))
    assert (rate.low, rate.high) == pytest.approx((max(0, centre - width), min(1, centre + width)), abs=1e-12)


def test_the_risk_is_anonymeters_residual_success_bound_to_zero_one() -> None:
    main, control = A.success_rate(300, 500), A.success_rate(200, 500)
    risk = A.residual_risk(main, control)
    value = (main.value - control.value) / (1 - control.value)
    error = math.sqrt((main.error / (1 - control.value)) ** 2
                      + (control.error * (main.value - 1) / (1 - control.value) ** 2) ** 2)
    assert (risk.value, risk.low, risk.high) == pytest.approx((value, value - error, value + error))
    worse = A.residual_risk(control, main)  # training less attackable than control: 0, not negative
    assert worse.value == 0 and worse.low == 0 and 0 <= worse.high < 0.1


def test_bad_counts_are_refused() -> None:
    with pytest.raises(DPError):
        A.success_rate(5, 3)
    with pytest.raises(DPError):
        A.success_rate(0, 0)


# ------------------------------------------------------------------ nearest rows and the split


def test_nearest_is_brute_force_with_ties_to_the_lowest_index() -> None:
    rng = np.random.default_rng(1)
    candidates = _uniform(rng, 300, [3, 2, 4, 2])
    targets = _uniform(rng, 120, [3, 2, 4, 2])
    index, distance = A.nearest(targets, candidates)
    for t, i, d in zip(targets, index, distance, strict=True):
        differ = (candidates != t).sum(axis=1)
        assert d == differ.min() and i == int(np.flatnonzero(differ == differ.min())[0])


def test_unique_rows_are_numpys_first_occurrences() -> None:
    table = _uniform(np.random.default_rng(2), 500, [3, 3, 2])
    _, first = np.unique(table, axis=0, return_index=True)
    assert np.array_equal(A.unique_rows(table), np.sort(first))


def test_the_split_is_two_disjoint_halves_of_every_row() -> None:
    training, control = A.split_rows(11, np.random.default_rng(3))
    assert len(training) == 6 and len(control) == 5
    assert sorted([*training, *control]) == list(range(11))


# ------------------------------------------------------------------ singling out


def _brute_singled_out(predicates: list[tuple[dict[int, int]]], table: np.ndarray) -> int:
    distinct = np.unique(table, axis=0)
    return sum(int(sum(all(row[c] == v for c, v in p.items()) for row in distinct) == 1) for p in predicates)


def test_singling_out_counts_as_brute_force_does() -> None:
    rng = np.random.default_rng(4)
    sizes = [4, 3, 5, 2, 3]
    synthetic, training, control = (_uniform(rng, n, sizes) for n in (200, 150, 150))
    counts = A._Counts(A._distinct(synthetic), np.array(sizes))
    predicates = A._multivariate(counts, 40, 3, rng)
    assert predicates and len(set(predicates)) == len(predicates)
    as_dicts = []
    for columns, key in predicates:
        values = np.unravel_index(key, [sizes[c] for c in columns])
        as_dicts.append({c: int(v) for c, v in zip(columns, values, strict=True)})
    assert _brute_singled_out(as_dicts, synthetic) == len(predicates)  # each singles out a synthetic row
    for table in (training, control):
        assert A._singled_out(predicates, A._Counts(A._distinct(table), np.array(sizes))) == \
            _brute_singled_out(as_dicts, table)


def test_the_singling_out_baseline_counts_as_brute_force_does() -> None:
    sizes = [3, 4, 2]
    synthetic = _uniform(np.random.default_rng(5), 100, sizes)
    table = _uniform(np.random.default_rng(6), 60, sizes)
    hits = A._random_predicates_singled_out(synthetic, table, 300, 2, np.random.default_rng(7))
    rng = np.random.default_rng(7)  # the same draws, checked one by one
    d = synthetic.shape[1]
    seen = [np.unique(synthetic[:, j]) for j in range(d)]
    columns = np.argsort(rng.random((300, d)), axis=1)[:, :2]
    values = np.empty((300, 2), dtype=np.int64)
    for j in range(d):
        where = columns == j
        values[where] = seen[j][rng.integers(len(seen[j]), size=int(where.sum()))]
    negated = rng.random((300, 2)) < 0.5
    expected = 0
    for cols, vals, neg in zip(columns, values, negated, strict=True):
        match = np.ones(len(table), dtype=bool)
        for c, v, n in zip(cols, vals, neg, strict=True):
            match &= (table[:, c] == v) != n
        expected += int(match.sum() == 1)
    assert hits == expected


def test_a_table_that_copies_its_training_rows_singles_them_out() -> None:
    rng = np.random.default_rng(8)
    sizes = [6, 6, 6, 6, 6]
    real = _uniform(rng, 2000, sizes)
    training, control = real[:1000], real[1000:]
    result = A.singling_out(training, training, control, sizes, rng, attacks=200)
    assert result.used > 50 and result.main.successes == result.used  # every rule found isolates its own row
    assert result.main.attempts == 200  # over the rules asked for, as anonymeter counts
    assert result.risk.value > 0.4 and result.risk.low > 0.3
    independent = A.singling_out(_uniform(rng, 1000, sizes), training, control, sizes, rng, attacks=200)
    assert independent.risk.low == 0


# ------------------------------------------------------------------ linkability and inference


def test_linkability_links_every_copied_row_and_no_control_row() -> None:
    n = 300
    ids = np.arange(n)
    training = np.column_stack([ids, ids % 7, ids, ids % 5])  # each half names its row
    control = np.column_stack([ids, ids % 7, (ids + 1) % n, (ids + 1) % n % 5])  # halves of two different rows
    result = A.linkability(training, training, control, np.random.default_rng(9), columns=((0, 1), (2, 3)),
                           attacks=200)
    assert result.main.successes == 200 and result.control.successes == 0
    assert result.risk.low > 0.95


def test_inference_from_a_copy_and_from_an_independent_table() -> None:
    rng = np.random.default_rng(10)
    n = 2000
    secret = rng.integers(4, size=n)
    real = np.column_stack([np.arange(n), secret])  # the id is known, the secret is not
    training, control = real[:1000], real[1000:]
    copied = A.inference(training, training, control, 1, rng, attacks=500)
    assert copied.main.successes == 500  # each target finds itself
    assert 0.15 < copied.control.successes / 500 < 0.35  # control ids are not in the table: a guess
    assert copied.risk.low > 0.9
    independent = np.column_stack([rng.integers(n, size=1000), rng.integers(4, size=1000)])
    blind = A.inference(independent, training, control, 1, rng, attacks=500)
    assert blind.risk.low == 0
    assert abs(blind.baseline.successes / 500 - 0.25) < 0.07  # the baseline guesses at random


def test_distance_to_closest_record_of_a_copy_is_zero_for_training_rows() -> None:
    rng = np.random.default_rng(11)
    real = _uniform(rng, 1000, [50, 50, 50])
    result = A.closest_records(real[:500], real[:500], real[500:], rng, attacks=200)
    assert result.training[0] == 200 and sum(result.training) == 200
    assert result.control[0] < 20 and sum(result.control) == 200


def test_measure_runs_every_attack_and_reports_each_stage() -> None:
    rng = np.random.default_rng(12)
    sizes = [4, 5, 3, 6]
    real = _uniform(rng, 600, sizes)
    heard: list[str] = []
    m = A.measure(real[:300], real[:300], real[300:], sizes, 2, rng, attacks=100,
                  progress=lambda done, stage: heard.append(stage))
    assert heard == list(A.STAGES)
    assert m.inference.main.attempts == 100 and m.seconds >= 0


def test_inputs_that_do_not_fit_are_refused() -> None:
    rng = np.random.default_rng(13)
    a = _uniform(rng, 50, [3, 3, 3])
    with pytest.raises(DPError):
        A.inference(a, a[:, :2], a, 0, rng)
    with pytest.raises(DPError):
        A.inference(a, a, a, 3, rng)
    with pytest.raises(DPError):
        A.linkability(a, a, a, rng, columns=((0, 1), (1, 2)))
    with pytest.raises(DPError):
        A.singling_out(a[:0], a, a, [3, 3, 3], rng)
    with pytest.raises(DPError):
        A.singling_out(a, a, a, [2, 2, 2], rng)  # codes outside the sizes


# ------------------------------------------------------------------ what epsilon allows


@pytest.mark.parametrize("epsilon", [0.0, 0.1, 0.5, 1.0, 3.0])
@pytest.mark.parametrize("control", [0.0, 0.05, 0.3, 0.8, 1.0])
def test_the_bound_is_the_testing_region_at_twice_epsilon(epsilon: float, control: float) -> None:
    e = math.exp(2 * epsilon)
    expected = min(1.0, e * control, 1 - (1 - control) / e)
    assert A.success_bound(epsilon, control) == pytest.approx(expected, abs=1e-12)
    region = dp_roc_region(2 * epsilon, 0.0, np.array([control]))[0][0]
    assert A.success_bound(epsilon, control) == pytest.approx(region)
    if control < 1:
        assert A.risk_bound(epsilon, control) == pytest.approx(max(0.0, (expected - control) / (1 - control)))
    assert A.risk_bound(0.0, control) == 0.0


def test_the_posterior_bound_is_not_a_bound_on_success() -> None:
    """Randomized response on one bit at 2 eps: right e^(2 eps) / (1 + e^(2 eps)) of the time on the
    row it holds, 1 / (1 + e^(2 eps)) on another; the posterior bound e^eps' p / (1 - p + e^eps' p)
    at p = control would allow only 1/2, the testing bound allows exactly what happens."""
    eps = 1.0
    e = math.exp(2 * eps)
    main, control = e / (1 + e), 1 / (1 + e)
    assert e * control / (1 - control + e * control) == pytest.approx(0.5)
    assert main > 0.5
    assert A.success_bound(eps, control) == pytest.approx(main)


def _dp_histogram_synthesizer(real: np.ndarray, sizes: list[int], epsilon: float, rows: int,
                              rng: np.random.Generator) -> np.ndarray:
    """An epsilon-DP synthesizer for adding or removing a row (simulated with numpy): Laplace(1/eps)
    on every cell of the full contingency table, negatives cut, rows drawn from the result."""
    cells = np.ravel_multi_index(real.T, sizes)
    counts = np.bincount(cells, minlength=int(np.prod(sizes))) + rng.laplace(0, 1 / epsilon, int(np.prod(sizes)))
    p = np.clip(counts, 0, None)
    p = p / p.sum()
    return np.column_stack(np.unravel_index(rng.choice(len(p), size=rows, p=p), sizes))


@pytest.mark.parametrize("epsilon", [0.05, 0.2])
def test_a_dp_synthesizers_measured_risk_stays_within_what_epsilon_allows(epsilon: float) -> None:
    rng = np.random.default_rng(14)
    sizes = [3, 4, 2, 3]
    real = _uniform(rng, 1200, sizes)
    real[:, 3] = (real[:, 0] + (rng.random(1200) < 0.2)) % 3  # a secret others predict
    training, control = real[:600], real[600:]
    synthetic = _dp_histogram_synthesizer(training, sizes, epsilon, 600, rng)
    result = A.inference(synthetic, training, control, 3, rng, attacks=600)
    assert result.risk.low <= A.risk_bound(epsilon, result.control.value)
    copied = A.inference(training, training, control, 3, rng, attacks=600)
    assert copied.main.value >= result.main.value - 0.1  # publishing the rows is no safer


@pytest.mark.parametrize("columns", [2, 3, 5])
def test_halves_split_the_columns(columns: int) -> None:
    a, b = A.halves(columns)
    assert set(a) | set(b) == set(range(columns)) and not set(a) & set(b) and a and b
