"""DP-SGD (dpcore.learning.dpsgd, dpcore.learning.models) against closed forms, statistical tests
and jax-privacy: per-example gradients and their clipping, the fast clipped sum against the
written-out one, the noise's spread, Poisson batches, reproducibility, and learning on adult."""

from __future__ import annotations

import math
from dataclasses import replace

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from scipy import stats

from dpcore.errors import DPError
from dpcore.learning import accounting as acc
from dpcore.learning import dpsgd as D
from dpcore.learning import models as M
from dpcore.learning.features import Design, majority_accuracy

KINDS = ("logistic", "mlp")


def _data(rows: int = 400, features: int = 6, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    """Rows in [0, 1] whose label follows a noisy linear rule (learnable, not separable)."""
    rng = np.random.default_rng(seed)
    X = rng.random((rows, features)).astype(np.float32)
    y = (X @ np.linspace(-2, 2, features) + rng.normal(0, 0.5, rows) > 0).astype(np.float32)
    return X, y


def _params(kind: str, features: int = 6, seed: int = 1) -> M.Params:
    params = M.init_params(M.Model(kind, features, 8), seed)  # type: ignore[arg-type]
    if kind == "logistic":  # away from zero, so the rows' gradients differ
        params = {"w": jnp.linspace(-1, 1, features, dtype=jnp.float32), "b": jnp.float32(0.3)}
    return params


def _flat(tree: M.Params) -> np.ndarray:
    return np.concatenate([np.asarray(leaf).reshape(-1) for leaf in jax.tree.leaves(tree)])


def _per_row_flat(grads: M.Params) -> np.ndarray:
    return np.concatenate([np.asarray(leaf).reshape(leaf.shape[0], -1) for leaf in jax.tree.leaves(grads)], axis=1)


# ------------------------------------------------------------------ gradients and clipping

def test_logistic_per_example_gradient_is_the_closed_form() -> None:
    X, y = _data(50)
    params = _params("logistic")
    grads = D.per_example_grads(params, X, y)
    p = 1 / (1 + np.exp(-(X @ np.asarray(params["w"]) + float(params["b"]))))
    np.testing.assert_allclose(np.asarray(grads["w"]), (p - y)[:, None] * X, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(np.asarray(grads["b"]), p - y, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("kind", KINDS)
def test_closed_form_norms_are_the_per_example_gradients_norms(kind: str) -> None:
    X, y = _data(64)
    params = _params(kind)
    expected = np.linalg.norm(_per_row_flat(D.per_example_grads(params, X, y)), axis=1)
    np.testing.assert_allclose(np.asarray(M.example_grad_norms(params, X, y)), expected, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("clipping_norm", [0.05, 0.3, 1e6])
def test_every_clipped_gradient_has_norm_at_most_c(kind: str, clipping_norm: float) -> None:
    X, y = _data(64)
    grads = D.per_example_grads(_params(kind), X, y)
    clipped, norms = D.clip(grads, clipping_norm)
    after = np.linalg.norm(_per_row_flat(clipped), axis=1)
    before = _per_row_flat(grads)
    assert np.all(after <= clipping_norm * (1 + 1e-5))
    small = np.asarray(norms) <= clipping_norm
    np.testing.assert_allclose(_per_row_flat(clipped)[small], before[small], rtol=1e-6)  # left as they are
    np.testing.assert_allclose(after[~small], clipping_norm, rtol=1e-5)  # the others scaled down to C
    if clipping_norm == 0.05:
        assert not small.any()


@pytest.mark.parametrize("kind", KINDS)
def test_the_fast_clipped_sum_equals_the_written_out_one(kind: str) -> None:
    X, y = _data(64)
    params = _params(kind)
    mask = (np.arange(64) % 5 != 0).astype(np.float32)  # padding rows must count for nothing
    for clipping_norm in (0.1, 1.0):
        fast = D._gradient_sum(params, X, y, mask, clipping_norm, True)
        slow = D.clipped_sum(params, X, y, mask, clipping_norm)
        np.testing.assert_allclose(_flat(fast), _flat(slow), rtol=2e-5, atol=1e-6)
    plain = D._gradient_sum(params, X, y, mask, 1.0, False)
    np.testing.assert_allclose(_flat(plain), _per_row_flat(D.per_example_grads(params, X, y)).T @ mask,
                               rtol=2e-5, atol=1e-6)


@pytest.fixture(scope="module")
def jax_privacy():
    import jax_privacy as module  # ~3 s: the jax-privacy tests are slow ones

    assert module.__version__ == "2.0.0"
    return module


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_the_clipped_sum_equals_jax_privacys_clipped_grad(jax_privacy, kind: str) -> None:
    X, y = _data(64)
    params = _params(kind)
    reference = jax_privacy.clipped_grad(M.example_loss, l2_clip_norm=0.2, batch_argnums=(1, 2),
                                         keep_batch_dim=False)(params, X, y)
    ours = D._gradient_sum(params, X, y, np.ones(64, np.float32), 0.2, True)
    np.testing.assert_allclose(_flat(ours), _flat(reference), rtol=2e-5, atol=1e-6)


# ------------------------------------------------------------------ noise and batches

def test_the_noise_has_standard_deviation_sigma_c() -> None:
    """Zero gradients through the training's own update (lr 1, no momentum, divided by 1): the step
    is minus the noise. 200 draws of a 1,000-coordinate model: KS against N(0, (sigma C)^2), and
    sum(x^2) / (sigma C)^2 against chi-square(200,000) (its sd ~0.3%: 0.99 sigma C would fail)."""
    sigma, clipping_norm = 1.7, 0.4
    zeros = {"w": jnp.zeros(999, jnp.float32), "b": jnp.zeros((), jnp.float32)}
    hyper = tuple(jnp.float32(v) for v in (1.0, 0.0, clipping_norm, sigma, 1.0))
    update = D._compiled().update
    keys = jax.random.split(jax.random.key(11), 200)
    draws = np.concatenate([-_flat(update(zeros, zeros, zeros, k, hyper, private=True)[0]) for k in keys])
    scale = sigma * clipping_norm
    assert stats.kstest(draws, "norm", args=(0.0, scale)).pvalue > 1e-3
    chi2 = float(np.sum((draws / scale) ** 2))
    assert stats.chi2.sf(chi2, draws.size) > 5e-4 and stats.chi2.cdf(chi2, draws.size) > 5e-4
    assert np.std(draws) == pytest.approx(scale, rel=0.01)
    # non-private: no noise at all
    assert not np.any(_flat(update(zeros, zeros, zeros, keys[0], hyper, private=False)[0]))


def test_poisson_batches_include_each_row_at_rate_q() -> None:
    """Binomial tests: all inclusions of 300 steps (n T trials at q), and every row's own count."""
    n, q, steps = 2000, 0.03, 300
    batches = list(D.poisson_batches(n, q, steps, np.random.default_rng(3)))
    assert all(len(set(b.tolist())) == b.size and b.min() >= 0 and b.max() < n for b in batches if b.size)
    total = sum(b.size for b in batches)
    assert stats.binomtest(total, n * steps, q).pvalue > 1e-3
    counts = np.bincount(np.concatenate(batches), minlength=n)
    expected = stats.binom(steps, q)
    observed = np.bincount(np.minimum(counts, 20), minlength=21)
    probabilities = np.append(expected.pmf(np.arange(20)), expected.sf(19))
    keep = probabilities * n >= 5
    merged_obs = np.append(observed[keep], observed[~keep].sum())
    merged_exp = np.append(probabilities[keep], probabilities[~keep].sum()) * n
    assert stats.chisquare(merged_obs, merged_exp).pvalue > 1e-3


@pytest.mark.slow
def test_poisson_batches_are_jax_privacys_draws(jax_privacy) -> None:
    n, q, steps = 5000, 0.01, 50
    ours = list(D.poisson_batches(n, q, steps, np.random.default_rng(7)))
    sampler = jax_privacy.batch_selection.CyclicPoissonSampling(sampling_prob=q, iterations=steps)
    theirs = list(sampler.batch_iterator(n, rng=np.random.default_rng(7)))
    assert len(ours) == len(theirs) == steps
    assert all(np.array_equal(a, b) for a, b in zip(ours, theirs, strict=True))


def test_padding_widths() -> None:
    n, q = 32_561, 256 / 32_561
    width = D.batch_width(n, q)
    assert width == 384 >= math.ceil(256 + 6 * math.sqrt(n * q * (1 - q))) + 1
    assert stats.binom.sf(width, n, q) < 1e-8  # a wider draw: about once in 10^8 steps
    assert D.epoch_width(q) == 128 and D.epoch_width(0.01) == 104 and D.batch_width(100, 1.0) == 128
    assert [D.bucket(k) for k in (1, 10, 390, 400, 16_280, 32_000, 32_561)] == [1, 10, 416, 416, 16_384] + [32_768] * 2
    assert all(k <= D.bucket(k) <= k * 1.125 for k in range(1, 5000))


def test_tables_of_nearly_the_same_size_share_one_compiled_epoch() -> None:
    X, y = _data()
    D.train(SMALL, X, y)
    compiled = D._compiled().epoch._cache_size()
    for rows in (396, 390, 385):  # shadow models' tables: one bucket, one batch width, one epoch width
        D.train(SMALL, X[:rows], y[:rows])
    assert D._compiled().epoch._cache_size() == compiled


# ------------------------------------------------------------------ training

SMALL = D.Settings(batch_size=40, epochs=3, learning_rate=1.0, noise_multiplier=1.0)


@pytest.mark.parametrize("kind", KINDS)
def test_training_is_reproducible_from_the_seed(kind: str) -> None:
    X, y = _data()
    settings = replace(SMALL, model=kind)
    a, b = D.train(settings, X, y), D.train(settings, X, y)
    c = D.train(replace(settings, seed=1), X, y)
    assert all(np.array_equal(a.params[k], b.params[k]) for k in a.params)
    assert a.train_loss == b.train_loss
    assert not np.allclose(_flat(a.params), _flat(c.params))


@pytest.mark.parametrize("kind", KINDS)
def test_a_huge_clipping_norm_and_no_noise_is_the_non_private_step(kind: str) -> None:
    X, y = _data()
    settings = replace(SMALL, model=kind, clipping_norm=1e6, noise_multiplier=0.0)
    private = D.train(settings, X, y)
    plain = D.train(replace(settings, private=False), X, y)
    np.testing.assert_allclose(_flat(private.params), _flat(plain.params), rtol=1e-4, atol=1e-5)
    # with clipping and noise the models differ
    noisy = D.train(replace(settings, clipping_norm=0.1, noise_multiplier=1.0), X, y)
    assert not np.allclose(_flat(noisy.params), _flat(plain.params), atol=1e-3)


def test_epochs_steps_and_history() -> None:
    X, y = _data(300)
    X_test, y_test = _data(100, seed=5)
    result = D.train(replace(SMALL, batch_size=70, epochs=4), X, y, X_test, y_test)
    q = 70 / 300
    assert result.sampling_rate == pytest.approx(q) and result.steps == acc.steps_for(4, q) == 18
    assert result.epochs == (1, 2, 3, 4)
    assert len(result.test_accuracy) == len(result.test_loss) == len(result.train_loss) == 4
    assert result.test_accuracy[-1] > 0.6
    p = result.probabilities(X_test)
    assert p.shape == (100,) and np.all((p > 0) & (p < 1))
    np.testing.assert_allclose(result.probability_of_label(X_test, y_test), np.where(y_test > 0.5, p, 1 - p))
    assert result.test_accuracy[-1] == pytest.approx(np.mean((p > 0.5) == (y_test > 0.5)), abs=1e-6)
    without_test = D.train(replace(SMALL, batch_size=70, epochs=4), X, y)
    assert without_test.test_accuracy == () and without_test.train_loss == result.train_loss


@pytest.mark.parametrize("private", [True, False])
def test_a_batch_wider_than_its_padding_is_summed_in_slices(monkeypatch, private: bool) -> None:
    """Force tiny padding: nearly every batch overflows and runs slice by slice, and the model is
    the one trained with room to spare (same batches, same noise keys)."""
    X, y = _data()
    settings = replace(SMALL, model="mlp", private=private)
    roomy = D.train(settings, X, y)
    monkeypatch.setattr(D, "batch_width", lambda n, q: 42)  # 40 expected: a third of the batches overflow
    tight = D.train(settings, X, y)
    np.testing.assert_allclose(_flat(tight.params), _flat(roomy.params), rtol=1e-4, atol=1e-5)
    assert tight.largest_batch > 42


def test_momentum_is_optaxs_sgd() -> None:
    import optax

    params = {"w": jnp.array([1.0, -2.0]), "b": jnp.array(0.5)}
    velocity = jax.tree.map(jnp.zeros_like, params)
    optimizer = optax.sgd(0.3, momentum=0.8)
    state = optimizer.init(params)
    reference = params
    hyper = tuple(jnp.float32(v) for v in (0.3, 0.8, 1.0, 0.0, 2.0))  # divided by 2 (q n)
    for step in range(4):
        total = {"w": jnp.array([step + 1.0, -1.0]), "b": jnp.array(0.2 * step)}
        params, velocity = D._update(params, velocity, total, None, hyper, False)
        updates, state = optimizer.update(jax.tree.map(lambda g: g / 2.0, total), state)
        reference = optax.apply_updates(reference, updates)
    np.testing.assert_allclose(_flat(params), _flat(reference), rtol=1e-6)


@pytest.fixture(scope="module")
def adult() -> Design:
    return D.adult_design()


def test_non_private_logistic_regression_on_adult_beats_the_majority_class(adult: Design) -> None:
    result = D.train(replace(D.DEFAULT_SETTINGS, private=False, epochs=3), adult.X_train, adult.y_train,
                     adult.X_test, adult.y_test)
    assert adult.X_train.shape == (32_561, 91)
    assert result.test_accuracy[-1] > majority_accuracy(adult) + 0.05  # ~0.84 against 0.76


@pytest.mark.slow
def test_dp_sgd_on_adult_learns_at_a_small_epsilon_and_warm_compiles(adult: Design) -> None:
    D.warm(data=adult)
    for kind in KINDS:
        q = D.DEFAULT_SETTINGS.batch_size / len(adult.y_train)
        sigma = acc.noise_for_epsilon(q, acc.steps_for(D.DEFAULT_SETTINGS.epochs, q), 1e-5, 0.5, "rdp")
        result = D.train(replace(D.DEFAULT_SETTINGS, model=kind, noise_multiplier=sigma), adult.X_train,
                         adult.y_train, adult.X_test, adult.y_test)
        assert result.test_accuracy[-1] > majority_accuracy(adult) + 0.04, kind


def test_the_grid_calibrates_each_epsilon_and_trains_the_baseline() -> None:
    X, y = _data(600)
    X_test, y_test = _data(200, seed=9)
    data = Design(X, y, X_test, y_test, tuple(f"x{i}" for i in range(6)), "t", "1", "0",
                  np.arange(600), np.arange(600, 800), 0)
    seen: list[float] = []
    grid = D.train_grid(replace(SMALL, batch_size=60), [1.0, 4.0], 1e-5, seen.append, data=data, accountant="rdp")
    assert seen == pytest.approx([0.2, 0.4, 0.6, 0.8, 1.0])
    assert grid.epsilons == (1.0, 4.0) and grid.noise_multipliers[0] > grid.noise_multipliers[1]
    steps = acc.steps_for(SMALL.epochs, 0.1)
    for eps, sigma, model in zip(grid.epsilons, grid.noise_multipliers, grid.private, strict=True):
        assert acc.dpsgd_epsilon(0.1, sigma, steps, 1e-5, "rdp") <= eps
        assert model.settings.noise_multiplier == sigma and model.settings.private
    assert not grid.non_private.settings.private
    assert 0.0 < grid.majority_accuracy < 1.0


@pytest.mark.parametrize(("settings", "key"), [
    (replace(SMALL, model="svm"), "dpsgd_model"),  # type: ignore[arg-type]
    (replace(SMALL, clipping_norm=0.0), "dpsgd_clipping"),
    (replace(SMALL, clipping_norm=float("nan")), "dpsgd_clipping"),
    (replace(SMALL, learning_rate=-1.0), "dpsgd_learning_rate"),
    (replace(SMALL, momentum=1.0), "dpsgd_momentum"),
    (replace(SMALL, batch_size=0), "dpsgd_batch"),
    (replace(SMALL, batch_size=401), "dpsgd_batch"),
    (replace(SMALL, batch_size=2.5), "dpsgd_batch"),
    (replace(SMALL, epochs=0), "dpsgd_epochs"),
    (replace(SMALL, noise_multiplier=-1.0), "dpsgd_noise"),
    (replace(SMALL, hidden=0, model="mlp"), "dpsgd_hidden"),
    (replace(SMALL, seed=-3), "count_range"),
])
def test_bad_settings_are_refused_with_their_code(settings: D.Settings, key: str) -> None:
    X, y = _data()
    with pytest.raises(DPError) as caught:
        D.train(settings, X, y)
    assert caught.value.code == key


def test_bad_data_and_grids_are_refused() -> None:
    X, y = _data()
    with pytest.raises(DPError) as caught:
        D.train(SMALL, X, y[:-1])
    assert caught.value.code == "dpsgd_inputs"
    with pytest.raises(DPError) as caught:
        D.train(SMALL, X, y, X[:, :3], y)
    assert caught.value.code == "dpsgd_inputs"
    data = Design(X, y, X, y, tuple("abcdef"), "t", "1", "0", np.arange(400), np.arange(400), 0)
    for epsilons, code in (([], "dpsgd_grid"), ([1.0] * 21, "dpsgd_grid"), ([-1.0], "epsilon_range")):
        with pytest.raises(DPError) as caught:
            D.train_grid(SMALL, epsilons, 1e-5, data=data)
        assert caught.value.code == code
