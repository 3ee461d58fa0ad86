"""dpcore.ldp.postprocess against independent references: a general-purpose solver (scipy SLSQP), a
brute force over supports on small d, the Norm-Sub loop of the paper's authors written out plainly,
and a seeded simulation of the error it removes (Wang et al., NDSS 2020; Duchi et al., ICML 2008)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from dpcore.errors import DPError
from dpcore.ldp.postprocess import POSTPROCESSORS, mae, mse, postprocess


def _random_vectors(rng: np.random.Generator, count: int) -> list[np.ndarray]:
    """Estimates of many kinds: noisy distributions of any d, wide noise, all negative, ties."""
    out = []
    for _ in range(count):
        d = int(rng.integers(1, 40))
        truth = rng.dirichlet(np.full(d, 0.5))
        scale = float(rng.choice([0.001, 0.02, 0.1, 0.5, 2.0]))
        out.append(truth + rng.normal(0, scale, d))
    out.append(np.array([-0.3, -0.1, -0.2]))
    out.append(np.array([0.2, 0.2, 0.2, -0.1]))
    out.append(np.array([5.0]))
    out.append(np.zeros(6))
    return out


def _norm_sub_reference(est: np.ndarray) -> np.ndarray:
    """Norm-Sub one value at a time, as the authors' post-process/norm_sub.py loops (shares instead
    of counts): negatives to 0, spread the missing total over the positive estimates, repeat."""
    e = [max(x, 0.0) for x in est]
    while True:
        e = [max(x, 0.0) for x in e]
        positive = [i for i, x in enumerate(e) if x > 0]
        diff = (1.0 - sum(e)) / len(positive)
        e = [x + diff if i in positive else 0.0 for i, x in enumerate(e)]
        if all(x >= 0 for x in e):
            return np.array(e)


def _projection_brute_force(v: np.ndarray) -> np.ndarray:
    """The closest point of the simplex, by trying every support S: on S the KKT conditions give
    w = v - theta with theta = (sum_S v - 1) / |S|; keep the feasible candidate nearest to v."""
    d = v.size
    best, best_dist = None, np.inf
    for size in range(1, d + 1):
        for support in itertools.combinations(range(d), size):
            s = list(support)
            theta = (v[s].sum() - 1.0) / size
            w = np.zeros(d)
            w[s] = v[s] - theta
            if (w >= -1e-12).all():
                dist = float(np.sum((w - v) ** 2))
                if dist < best_dist:
                    best, best_dist = w, dist
    return best


# --------------------------------------------------------------------------------------------
# The simplex projection
# --------------------------------------------------------------------------------------------


def test_projection_matches_brute_force_on_small_d() -> None:
    rng = np.random.default_rng(1)
    for _ in range(300):
        d = int(rng.integers(1, 7))
        v = rng.normal(0.2, 0.6, d)
        assert np.allclose(postprocess(v, "simplex"), _projection_brute_force(v), atol=1e-12)


@pytest.mark.slow
def test_projection_matches_slsqp() -> None:
    from scipy.optimize import minimize

    rng = np.random.default_rng(2)
    for _ in range(25):
        d = int(rng.integers(2, 30))
        v = rng.dirichlet(np.ones(d)) + rng.normal(0, 0.05, d)
        res = minimize(
            lambda w: np.sum((w - v) ** 2), np.full(d, 1 / d), jac=lambda w: 2 * (w - v),
            method="SLSQP", bounds=[(0, None)] * d,
            constraints=[{"type": "eq", "fun": lambda w: w.sum() - 1, "jac": lambda w: np.ones(d)}],
            options={"ftol": 1e-14, "maxiter": 500},
        )
        assert res.success
        assert np.allclose(postprocess(v, "simplex"), res.x, atol=1e-6)


def test_projection_properties() -> None:
    rng = np.random.default_rng(3)
    for v in _random_vectors(rng, 500):
        w = postprocess(v, "simplex")
        assert (w >= 0).all()
        assert w.sum() == pytest.approx(1.0, abs=1e-12)
        assert np.allclose(postprocess(w, "simplex"), w, atol=1e-14)  # idempotent
        # order-preserving: a larger estimate never ends up with a smaller share
        order = np.argsort(v, kind="stable")
        assert (np.diff(w[order]) >= -1e-15).all()
        # on the simplex already: unchanged
    p = rng.dirichlet(np.ones(10))
    assert np.allclose(postprocess(p, "simplex"), p, atol=1e-15)


def test_projection_known_values() -> None:
    # worked by hand: theta = (0.6 + 0.5 - 1) / 2 = 0.05, the -0.1 entry drops out
    assert np.allclose(postprocess([0.6, 0.5, -0.1], "simplex"), [0.55, 0.45, 0.0])
    # all equal: the uniform distribution
    assert np.allclose(postprocess([-2.0, -2.0, -2.0, -2.0], "simplex"), [0.25] * 4)
    assert np.allclose(postprocess([3.0], "simplex"), [1.0])


# --------------------------------------------------------------------------------------------
# Norm-Sub, and its equality with the projection
# --------------------------------------------------------------------------------------------


def test_norm_sub_matches_the_authors_loop() -> None:
    rng = np.random.default_rng(4)
    for v in _random_vectors(rng, 400):
        if not (v > 0).any():
            continue  # the authors' loop divides by zero there
        assert np.allclose(postprocess(v, "norm_sub"), _norm_sub_reference(v), atol=1e-12)


@pytest.mark.slow
def test_norm_sub_equals_projection_when_positives_reach_one() -> None:
    """The claim of the module docstring, on 3,000 random estimates, one at a time and in a batch."""
    rng = np.random.default_rng(5)
    checked = 0
    for v in _random_vectors(rng, 3000):
        if np.maximum(v, 0).sum() >= 1:
            assert np.allclose(postprocess(v, "norm_sub"), postprocess(v, "simplex"), atol=1e-12)
            checked += 1
    assert checked > 1500
    # estimates that sum to exactly 1, as GRR's do: always the same vector
    batch = rng.dirichlet(np.ones(50), size=2000) + rng.normal(0, 0.05, (2000, 50))
    batch -= (batch.sum(axis=1, keepdims=True) - 1) / 50
    assert np.allclose(postprocess(batch, "norm_sub"), postprocess(batch, "simplex"), atol=1e-12)


def test_norm_sub_differs_when_positives_fall_short() -> None:
    """Documented divergence: the positives add up to 0.5, so Norm-Sub raises only them, while the
    projection (theta = -0.3) lifts the -0.1 entry too."""
    assert np.allclose(postprocess([0.5, -0.1], "norm_sub"), [1.0, 0.0])
    assert np.allclose(postprocess([0.5, -0.1], "simplex"), [0.8, 0.2])
    # no positive entry: Norm-Sub falls back to the projection
    assert np.allclose(postprocess([-0.3, -0.1], "norm_sub"), postprocess([-0.3, -0.1], "simplex"))


def test_norm_sub_properties() -> None:
    rng = np.random.default_rng(6)
    for v in _random_vectors(rng, 300):
        w = postprocess(v, "norm_sub")
        assert (w >= 0).all()
        assert w.sum() == pytest.approx(1.0, abs=1e-12)
        assert np.allclose(postprocess(w, "norm_sub"), w, atol=1e-14)


# --------------------------------------------------------------------------------------------
# clip, normalize, none, batches
# --------------------------------------------------------------------------------------------


def test_clip_normalize_none() -> None:
    v = np.array([0.5, -0.2, 0.4, 0.1])
    assert np.array_equal(postprocess(v, "clip"), [0.5, 0.0, 0.4, 0.1])
    assert np.allclose(postprocess(v, "normalize"), v + 0.2 / 4)
    assert postprocess(v, "normalize").sum() == pytest.approx(1.0)
    out = postprocess(v, "none")
    assert np.array_equal(out, v) and out is not v
    out[0] = 9.0
    assert v[0] == 0.5  # a copy: the caller's estimates are never changed


@pytest.mark.parametrize("method", POSTPROCESSORS)
def test_batch_is_row_by_row(method: str) -> None:
    rng = np.random.default_rng(7)
    batch = rng.dirichlet(np.ones(12), size=40) + rng.normal(0, 0.1, (40, 12))
    together = postprocess(batch, method)
    assert together.shape == batch.shape
    for row, out in zip(batch, together):
        assert np.allclose(postprocess(row, method), out, atol=1e-13)


def test_postprocessing_lowers_mse_on_average() -> None:
    """A known distribution (Zipf-like over d = 50), estimates = truth + Gaussian noise of the size
    an oracle gives (sd 0.02, sum not fixed), 2,000 seeded runs. Mean MSE per method with its
    standard error; each improvement must exceed 5 standard errors of the paired difference."""
    rng = np.random.default_rng(8)
    d, runs, sd = 50, 2000, 0.02
    truth = 1.0 / np.arange(1, d + 1) ** 1.1
    truth /= truth.sum()
    noisy = truth + rng.normal(0, sd, (runs, d))
    raw = mse(noisy, truth)
    assert raw.mean() == pytest.approx(sd**2, rel=5 * np.sqrt(2 / (runs * d)))  # E[MSE] = sd^2

    def better(method: str) -> None:
        diff = raw - mse(postprocess(noisy, method), truth)
        assert diff.mean() > 5 * diff.std(ddof=1) / np.sqrt(runs), method

    for method in ("clip", "normalize", "norm_sub", "simplex"):
        better(method)
    # Projection onto a convex set holding the truth never moves further from it (per run).
    assert (mse(postprocess(noisy, "simplex"), truth) <= raw + 1e-15).all()


def test_mse_mae() -> None:
    assert mse([0.5, 0.5], [1.0, 0.0]) == pytest.approx(0.25)
    assert mae([0.5, 0.5], [1.0, 0.0]) == pytest.approx(0.5)
    assert mae([0.2, 0.8, 0.0], [0.1, 0.7, 0.2]) == pytest.approx(0.4 / 3)
    out = mse([[0.5, 0.5], [1.0, 0.0]], [1.0, 0.0])
    assert np.allclose(out, [0.25, 0.0])


# --------------------------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("estimates", "method", "code", "sentence"),
    [
        ([0.5, 0.5], "magic", "unknown_postprocessor",
         "Unknown post-processing method 'magic': choose one of none, clip, normalize, norm_sub, simplex."),
        ([], "clip", "estimates_input.empty", "The estimates are empty: give at least one value."),
        ([0.1, float("nan"), float("inf")], "simplex", "estimates_input.not_finite",
         "The estimates must all be finite numbers, with no blank, NaN or infinity (values that are not: 2)."),
        (["a", "b"], "clip", "estimates_input.not_numbers", "The estimates must be numbers."),
        ([[[0.1]]], "clip", "estimates_input.shape",
         "The estimates must be one list of numbers (or one row per run), got an array of shape (1, 1, 1)."),
        (0.4, "clip", "estimates_input.shape",
         "The estimates must be one list of numbers (or one row per run), got an array of shape ()."),
    ],
)
def test_bad_input(estimates: object, method: str, code: str, sentence: str) -> None:
    with pytest.raises(DPError) as info:
        postprocess(estimates, method)
    assert info.value.code == code.split(".")[0]
    assert str(info.value) == sentence


def test_bad_truth() -> None:
    with pytest.raises(DPError) as info:
        mse([0.5, 0.5], [1.0, 0.0, 0.0])
    assert info.value.code == "estimates_truth_mismatch"
    assert str(info.value) == (
        "The estimates (2 values per run) and the true shares (3 values, one list) must have the same length."
    )
    with pytest.raises(DPError) as info:
        mae([0.5, 0.5], [float("nan"), 1.0])
    assert str(info.value) == (
        "The true shares must all be finite numbers, with no blank, NaN or infinity (values that are not: 1)."
    )
