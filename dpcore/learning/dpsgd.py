"""DP-SGD (Abadi et al. 2016) written out step by step in jax, and the same training without privacy.

One step of DP-SGD on n training rows, at sampling rate q = B / n (B the expected batch size):
1. Poisson sampling: each row joins the batch with probability q, independently (`poisson_batches`:
   the batch's size is Binomial(n, q), then that many distinct rows uniformly; the same draws, one
   by one, as jax-privacy's `CyclicPoissonSampling`).
2. Per-example gradients: the gradient of each row's own loss, jax.vmap(jax.grad(loss)).
3. Clipping: each gradient g_i scaled to norm at most C, g_i * min(1, C / ||g_i||) (`clip`), and
   summed (`clipped_sum`). Training gets the same sum without writing out each row's gradient:
   each norm in closed form, then one gradient of the loss with every row weighted by its
   factor min(1, C / ||g_i||) (`_gradient_sum`; equal to `clipped_sum` in the tests, and to
   jax-privacy's `clipped_grad`).
4. Noise: their sum plus N(0, sigma^2 C^2) on every coordinate (`noisy_sum`): one row moves the
   sum by at most C, so this is the Gaussian mechanism of noise multiplier sigma.
5. The noisy sum divided by the expected batch size q n (public; the actual size is not).
6. An optimizer step: SGD with heavy-ball momentum m (optax.sgd's rule): v <- m v + g,
   params <- params - lr v (m = 0 is plain SGD).
`private=False` trains the non-private baseline with the same Poisson batches (same seed, same
draws), the same division by q n and the same optimizer: no clipping, no noise.

Steps: T = ceil(epochs / q) (`accounting.steps_for`, what the accountant charges); epoch e ends
after ceil(e / q) steps, and the model is evaluated then (test and training accuracy and loss).

Fixed shapes: a batch's size varies, so each is padded to `batch_width(n, q)` rows,
qn + 6 sd (sd = sqrt(n q (1 - q))) rounded up to a multiple of 32, with a 0/1 mask: a draw above it
has chance ~1e-9 a step, and is not truncated nor redrawn (either would change the mechanism the
accountant prices): that step alone runs in slices of the same width, summed before the noise. An
epoch is one compiled `lax.scan` over `epoch_width(q)` steps (room for the longest epoch), the
steps an epoch lacks skipped. The tables are padded with zero rows to `bucket(n)` rows (at most
1/8 more), which no batch indexes and no evaluation counts. So jax compiles once per (model,
private, features, bucketed rows, batch width, epoch width): shadow models on tables of nearly
the same size share it. The functions live in this module (`_compiled`); `warm()` compiles
adult's default shapes.

Randomness: every draw comes from the seed through numpy Generators, one stream per purpose
(`dpcore.rng.make_rng`: batches, noise, initial weights); the noise's jax keys are drawn from its
stream. The same settings give the same parameters, bit for bit on one machine.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from dpcore.errors import DPError
from dpcore.learning.accounting import (
    Accountant,
    _number,
    check_epochs,
    check_noise,
    check_sampling_rate,
    noise_for_epsilon,
    steps_for,
)
from dpcore.learning.features import Design
from dpcore.learning.models import (
    DEFAULT_HIDDEN,
    MODEL_KINDS,
    Model,
    ModelKind,
    Params,
    as_numpy,
    check_hidden,
    example_grad_norms,
    example_loss,
    init_params,
    probabilities,
    probability_of_label,
)
from dpcore.limits import MAX_DPSGD_CLIPPING, MAX_DPSGD_GRID, MAX_DPSGD_LEARNING_RATE, MAX_DPSGD_ROWS, SEED_MAX
from dpcore.rng import make_rng
from dpcore.validation import check_choice, check_count, check_delta, check_epsilon

PAD_SD = 6.0  # a batch is padded to its expected size plus this many standard deviations
NORM_FLOOR = 1e-12  # a zero gradient is left as it is (its clipping factor is 1)


@dataclass(frozen=True)
class Settings:
    """One training run. `batch_size` is the expected batch size B (q = B / n); `private=False`
    is the baseline without clipping or noise (`clipping_norm` and `noise_multiplier` unused)."""

    model: ModelKind = "logistic"
    hidden: int = DEFAULT_HIDDEN
    clipping_norm: float = 1.0
    noise_multiplier: float = 1.0
    batch_size: int = 256
    epochs: int = 5
    learning_rate: float = 2.0
    momentum: float = 0.5
    seed: int = 0
    private: bool = True


DEFAULT_SETTINGS = Settings()
DEFAULT_EPSILONS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)


def _check_settings(settings: Settings, rows: int) -> Settings:
    """The settings as plain numbers, each checked (DPError naming the first bad one)."""
    check_choice("dpsgd_model", settings.model, MODEL_KINDS)
    clip = _number(settings.clipping_norm)
    if clip is None or not 0.0 < clip <= MAX_DPSGD_CLIPPING:
        raise DPError("dpsgd_clipping", maximum=MAX_DPSGD_CLIPPING, value=settings.clipping_norm)
    rate = _number(settings.learning_rate)
    if rate is None or not 0.0 < rate <= MAX_DPSGD_LEARNING_RATE:
        raise DPError("dpsgd_learning_rate", maximum=MAX_DPSGD_LEARNING_RATE, value=settings.learning_rate)
    momentum = _number(settings.momentum)
    if momentum is None or not 0.0 <= momentum < 1.0:
        raise DPError("dpsgd_momentum", value=settings.momentum)
    batch = _number(settings.batch_size)
    if batch is None or not batch.is_integer() or not 1 <= batch <= rows:
        raise DPError("dpsgd_batch", rows=rows, value=settings.batch_size)
    return replace(
        settings, hidden=check_hidden(settings.hidden), clipping_norm=clip,
        noise_multiplier=check_noise(settings.noise_multiplier, minimum=0.0) if settings.private else 0.0,
        batch_size=int(batch), epochs=check_epochs(settings.epochs), learning_rate=rate, momentum=momentum,
        seed=check_count("Seed", settings.seed, minimum=0, maximum=SEED_MAX), private=bool(settings.private),
    )


# ------------------------------------------------------------------ the steps, one function each

def poisson_batches(n: int, q: float, steps: int, rng: np.random.Generator) -> Iterator[np.ndarray]:
    """Row indices of `steps` Poisson batches: in each, every one of n rows is in with probability
    q, independently of the others and of the other steps. Drawn as a Binomial(n, q) size, then
    that many distinct rows uniformly (the same law); the rows are first shuffled once, which
    changes nothing in the law and makes these the very draws of jax-privacy's
    `CyclicPoissonSampling(sampling_prob=q, iterations=steps).batch_iterator(n, rng)`."""
    order = rng.permutation(n)
    for _ in range(steps):
        size = rng.binomial(n, q)
        yield order[rng.choice(n, size=size, replace=False, shuffle=False)]


def bucket(count: int) -> int:
    """`count` rounded up to a multiple of a power of two at least 1/16 of it (at most 1/8 more):
    a table of 32,561 rows is held as 32,768, and one of 32,000 too, so tables of nearly the same
    size (shadow models, another split) share one compiled shape."""
    step = 2 ** max(0, int(count).bit_length() - 4)
    return -(-int(count) // step) * step


def batch_width(n: int, q: float) -> int:
    """Rows a batch is padded to: qn + PAD_SD standard deviations (sd = sqrt(n q (1 - q))), rounded
    up to a multiple of 32 (batch sizes near each other share a compiled shape)."""
    return int(math.ceil((math.ceil(q * n + PAD_SD * math.sqrt(n * q * (1.0 - q))) + 1) / 32) * 32)


def epoch_width(q: float) -> int:
    """Steps one compiled epoch has room for: the longest epoch, ceil(1 / q) (epoch e ends after
    ceil(e / q) steps), `bucket`ed."""
    return bucket(int(math.ceil(round(1.0 / q, 6))))


def per_example_grads(params: Params, X: Any, y: Any) -> Params:
    """Each row's gradient of its own loss: a pytree like `params` with a leading axis of rows."""
    import jax

    return jax.vmap(jax.grad(example_loss), in_axes=(None, 0, 0))(params, X, y)


def clip(grads: Params, clipping_norm: Any) -> tuple[Params, Any]:
    """Per-example gradients (leading axis of rows) each scaled to L2 norm at most C, the norm taken
    over all parameters together; returns (clipped, norms before clipping)."""
    import jax
    import jax.numpy as jnp

    leaves = jax.tree.leaves(grads)
    norms = jnp.sqrt(sum(jnp.sum(leaf.reshape(leaf.shape[0], -1) ** 2, axis=1) for leaf in leaves))
    factor = jnp.minimum(1.0, clipping_norm / jnp.maximum(norms, NORM_FLOOR))
    return jax.tree.map(lambda leaf: leaf * factor.reshape((-1,) + (1,) * (leaf.ndim - 1)), grads), norms


def noisy_sum(total: Params, noise_multiplier: Any, clipping_norm: Any, key: Any) -> Params:
    """`total` plus independent N(0, (sigma C)^2) noise on every coordinate."""
    import jax

    leaves, tree = jax.tree.flatten(total)
    keys = jax.random.split(key, len(leaves))
    noisy = [leaf + noise_multiplier * clipping_norm * jax.random.normal(k, leaf.shape, leaf.dtype)
             for leaf, k in zip(leaves, keys, strict=True)]
    return jax.tree.unflatten(tree, noisy)


def clipped_sum(params: Params, X: Any, y: Any, mask: Any, clipping_norm: Any) -> Params:
    """Steps 2-3 as the page shows them: per-example gradients, each clipped, summed over the
    batch's real rows (mask 1). Training computes the same sum faster (`_gradient_sum`)."""
    import jax
    import jax.numpy as jnp

    clipped, _ = clip(per_example_grads(params, X, y), clipping_norm)
    return jax.tree.map(lambda leaf: jnp.tensordot(mask, leaf, axes=1), clipped)


def _gradient_sum(params: Params, X: Any, y: Any, mask: Any, clipping_norm: Any, private: bool) -> Params:
    """The sum over the batch's real rows (mask 1) of their gradients, each clipped when private.

    Private: equal to `clipped_sum` (the tests check it) without forming one gradient per row: each
    row's norm in closed form (`models.example_grad_norms`), then the gradient of the loss summed
    with each row weighted by its clipping factor min(1, C / norm), held constant. jax.vmap(jax.grad)
    writes out every row's gradient (a 32 x 91 matrix per row for the network): ~15x the time of a
    non-private step on two cores, where this takes ~1.2x."""
    import jax
    import jax.numpy as jnp

    if private:
        norms = example_grad_norms(params, X, y)
        mask = jax.lax.stop_gradient(mask * jnp.minimum(1.0, clipping_norm / jnp.maximum(norms, NORM_FLOOR)))
    return jax.grad(lambda p: jnp.sum(mask * example_loss(p, X, y)))(params)


def _update(params: Params, velocity: Params, total: Params, key: Any, hyper: Any, private: bool) -> tuple:
    """Noise (when private), division by q n, and SGD with momentum: one step's end."""
    import jax

    rate, momentum, clipping_norm, noise_multiplier, expected = hyper
    if private:
        total = noisy_sum(total, noise_multiplier, clipping_norm, key)
    velocity = jax.tree.map(lambda v, g: momentum * v + g / expected, velocity, total)
    return jax.tree.map(lambda p, v: p - rate * v, params, velocity), velocity


def _epoch(params: Params, velocity: Params, X: Any, y: Any, index: Any, mask: Any, active: Any,
           key_data: Any, hyper: Any, private: bool) -> tuple:
    """One epoch as a scan over its steps (rows of `index`, `mask`); steps not `active` do nothing."""
    import jax

    keys = jax.random.split(jax.random.wrap_key_data(key_data), index.shape[0])

    def step(carry: tuple, inputs: tuple) -> tuple:
        p, v = carry
        rows, weights, on, key = inputs

        def run(state: tuple) -> tuple:
            total = _gradient_sum(state[0], X[rows], y[rows], weights, hyper[2], private)
            return _update(state[0], state[1], total, key, hyper, private)

        return jax.lax.cond(on, run, lambda state: state, (p, v)), None

    (params, velocity), _ = jax.lax.scan(step, (params, velocity), (index, mask, active, keys))
    return params, velocity


def _evaluate(params: Params, X: Any, y: Any, weight: Any) -> tuple:
    """(accuracy, mean loss) over the rows of weight 1 (the others are padding)."""
    import jax.numpy as jnp

    from dpcore.learning.models import logit

    z = logit(params, X)
    rows = jnp.sum(weight)
    return (jnp.sum(weight * ((z > 0) == (y > 0.5))) / rows,
            jnp.sum(weight * example_loss(params, X, y)) / rows)


def _padded(X: np.ndarray, y: np.ndarray) -> tuple[Any, Any, Any]:
    """X, y and a weight of 1 per row on the device, padded with zero rows of weight 0 to `bucket` rows."""
    import jax.numpy as jnp

    rows = bucket(len(y))
    Xp = np.zeros((rows, X.shape[1]), np.float32)
    yp = np.zeros(rows, np.float32)
    Xp[:len(y)], yp[:len(y)] = X, y
    return jnp.asarray(Xp), jnp.asarray(yp), jnp.asarray((np.arange(rows) < len(y)).astype(np.float32))


@functools.cache
def _compiled() -> Any:
    """The jitted functions, made once per process: jax keeps one compiled version per shape."""
    import jax

    class Compiled:
        epoch = jax.jit(_epoch, static_argnames="private")
        gradient_sum = jax.jit(_gradient_sum, static_argnames="private")
        update = jax.jit(_update, static_argnames="private")
        evaluate = jax.jit(_evaluate)

    return Compiled


# ------------------------------------------------------------------ training

@dataclass(frozen=True, eq=False)
class Training:
    """A trained model and how it got there: per-epoch accuracy and loss on the test rows (empty
    without them) and on the training rows."""

    settings: Settings
    model: Model
    params: dict[str, np.ndarray]
    rows: int
    sampling_rate: float
    steps: int
    epochs: tuple[int, ...]
    test_accuracy: tuple[float, ...]
    test_loss: tuple[float, ...]
    train_accuracy: tuple[float, ...]
    train_loss: tuple[float, ...]
    largest_batch: int

    def probabilities(self, X: Any) -> np.ndarray:
        """Each row's predicted probability of label 1."""
        return probabilities(self.params, X)

    def probability_of_label(self, X: Any, y: Any) -> np.ndarray:
        """Each row's predicted probability of its own label y (what membership attacks read)."""
        return probability_of_label(self.params, X, y)


def _check_data(X: Any, y: Any) -> tuple[np.ndarray, np.ndarray]:
    X = np.asarray(X, dtype=np.float32)
    y = np.asarray(y, dtype=np.float32)
    if X.ndim != 2 or y.shape != (X.shape[0],):
        raise DPError("dpsgd_inputs", expected=X.shape[-1] if X.ndim else 0, got=X.size)
    if X.shape[0] > MAX_DPSGD_ROWS:
        raise DPError("learn_too_many_rows", rows=X.shape[0], maximum=MAX_DPSGD_ROWS)
    return X, y


def train(settings: Settings, X_train: Any, y_train: Any, X_test: Any = None, y_test: Any = None) -> Training:
    """Train `settings.model` on (X_train, y_train) with DP-SGD (or without privacy when
    `settings.private` is False); evaluated after each epoch on (X_test, y_test) if given."""
    import jax
    import jax.numpy as jnp

    X, y = _check_data(X_train, y_train)
    n, d = X.shape
    s = _check_settings(settings, n)
    model = Model(s.model, d, s.hidden)
    q = check_sampling_rate(s.batch_size / n)
    bounds = [steps_for(e, q) for e in range(1, s.epochs + 1)]
    lengths = [bounds[0], *(b - a for a, b in zip(bounds, bounds[1:], strict=False))]
    width, chunk = batch_width(n, q), epoch_width(q)
    batches = poisson_batches(n, q, bounds[-1], make_rng(s.seed, "dpsgd.batches"))
    noise = make_rng(s.seed, "dpsgd.noise")
    init_seed = int(make_rng(s.seed, "dpsgd.init").integers(2**31))
    test = None if X_test is None else _check_data(X_test, y_test)
    if test is not None and test[0].shape[1] != d:
        raise DPError("dpsgd_inputs", expected=d, got=test[0].shape[1])

    fn = _compiled()
    Xd, yd, weight = _padded(X, y)  # batches index real rows only; padding keeps shapes few
    test_d = None if test is None else _padded(*test)
    params = init_params(model, init_seed)
    velocity = jax.tree.map(jnp.zeros_like, params)
    hyper = tuple(jnp.float32(v) for v in (s.learning_rate, s.momentum, s.clipping_norm,
                                            s.noise_multiplier, q * n))
    history: dict[str, list[float]] = {"test_accuracy": [], "test_loss": [], "train_accuracy": [], "train_loss": []}
    largest = 0
    for length in lengths:
        index = np.zeros((chunk, width), np.int32)
        mask = np.zeros((chunk, width), np.float32)
        active = np.zeros(chunk, bool)
        oversized: list[tuple[int, np.ndarray]] = []
        for t in range(length):
            batch = next(batches)
            largest = max(largest, batch.size)
            if batch.size > width:
                oversized.append((t, batch))
                continue
            index[t, :batch.size], mask[t, :batch.size], active[t] = batch, 1.0, True
        key_data = noise.integers(0, 2**32, size=2, dtype=np.uint32)
        start = 0
        for t, batch in oversized:  # ~never: steps before it, it in slices, then the rest
            params, velocity = fn.epoch(params, velocity, Xd, yd, index, mask, _between(active, start, t),
                                        key_data, hyper, private=s.private)
            params, velocity = _oversized_step(fn, params, velocity, Xd, yd, batch, width, key_data, t, chunk,
                                               hyper, s.private)
            start = t + 1
        params, velocity = fn.epoch(params, velocity, Xd, yd, index, mask, _between(active, start, chunk),
                                    key_data, hyper, private=s.private)
        for name, rows in (("train", (Xd, yd, weight)), ("test", test_d)):
            if rows is not None:
                accuracy, loss = fn.evaluate(params, *rows)
                history[f"{name}_accuracy"].append(float(accuracy))
                history[f"{name}_loss"].append(float(loss))
    return Training(
        settings=s, model=model, params=as_numpy(params), rows=n, sampling_rate=q, steps=bounds[-1],
        epochs=tuple(range(1, s.epochs + 1)), largest_batch=largest,
        **{name: tuple(values) for name, values in history.items()},
    )


def _between(active: np.ndarray, start: int, stop: int) -> np.ndarray:
    out = np.zeros_like(active)
    out[start:stop] = active[start:stop]
    return out


def _oversized_step(fn: Any, params: Params, velocity: Params, X: Any, y: Any, batch: np.ndarray, width: int,
                    key_data: np.ndarray, t: int, chunk: int, hyper: tuple, private: bool) -> tuple:
    """One step whose batch is wider than the padding: its clipped gradients summed slice by slice,
    then the step's noise (the key the scan would have used) and update, as in `_epoch`."""
    import jax
    import jax.numpy as jnp

    total = None
    for begin in range(0, batch.size, width):
        rows = np.zeros(width, np.int32)
        part = batch[begin:begin + width]
        rows[:part.size] = part
        weights = (np.arange(width) < part.size).astype(np.float32)
        piece = fn.gradient_sum(params, X[rows], y[rows], weights, hyper[2], private=private)
        total = piece if total is None else jax.tree.map(lambda a, b: a + b, total, piece)
    key = jax.random.split(jax.random.wrap_key_data(jnp.asarray(key_data)), chunk)[t]
    return fn.update(params, velocity, total, key, hyper, private=private)


# ------------------------------------------------------------------ a grid over epsilon

@dataclass(frozen=True, eq=False)
class Grid:
    """One DP-SGD model per epsilon (noise calibrated by `accountant` at `delta`) and the
    non-private model on the same data, batches and optimizer."""

    settings: Settings
    delta: float
    accountant: Accountant
    epsilons: tuple[float, ...]
    noise_multipliers: tuple[float, ...]
    private: tuple[Training, ...]
    non_private: Training
    majority_accuracy: float


def train_grid(settings: Settings, epsilons: Sequence[float], delta: float,
               progress: Callable[[float], None] | None = None, *, data: Design,
               accountant: Accountant = "pld") -> Grid:
    """Train `settings` at each epsilon of `epsilons` (sigma from `noise_for_epsilon` for the
    settings' steps) and once without privacy; `progress(share done)` after each calibration and
    each model. Pure: no threads, no caching (the page shares it)."""
    if not isinstance(epsilons, Sequence) or not 1 <= len(epsilons) <= MAX_DPSGD_GRID:
        raise DPError("dpsgd_grid", maximum=MAX_DPSGD_GRID,
                      count=len(epsilons) if isinstance(epsilons, Sequence) else 0)
    targets = tuple(check_epsilon(e) for e in epsilons)
    d = check_delta(delta, allow_zero=False)
    n = len(data.y_train)
    s = _check_settings(replace(settings, private=True, noise_multiplier=1.0), n)
    q = check_sampling_rate(s.batch_size / n)
    steps = steps_for(s.epochs, q)
    total = 2 * len(targets) + 1
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done / total)

    sigmas = []
    for eps in targets:
        sigmas.append(noise_for_epsilon(q, steps, d, eps, accountant))
        tick()
    models = []
    for sigma in sigmas:
        models.append(train(replace(s, noise_multiplier=sigma), data.X_train, data.y_train, data.X_test, data.y_test))
        tick()
    baseline = train(replace(s, private=False), data.X_train, data.y_train, data.X_test, data.y_test)
    tick()
    majority = 1.0 if float(np.mean(data.y_train)) >= 0.5 else 0.0
    return Grid(settings=s, delta=d, accountant=accountant, epsilons=targets, noise_multipliers=tuple(sigmas),
                private=tuple(models), non_private=baseline,
                majority_accuracy=float(np.mean(data.y_test == majority)))


# ------------------------------------------------------------------ compile before the first visitor

def adult_design() -> Design:
    """UCI Adult (data/adult.csv) with the default target, features and split (seed 0)."""
    import pandas as pd

    from dpcore.catalog import BUNDLED
    from dpcore.learning.features import ADULT_FEATURES, ADULT_TARGET, design

    frame = pd.read_csv(BUNDLED["adult"].path)
    return design(frame, ADULT_TARGET, ADULT_FEATURES, make_rng(0, "dpsgd.split"), dataset_key="adult")


def warm(settings: Settings = DEFAULT_SETTINGS, data: Design | None = None) -> None:
    """Compile the training of both models, private and not, at `settings`' shapes on `data`
    (adult's defaults): one epoch each, so a server pays jax's compilation before its first visitor."""
    data = adult_design() if data is None else data
    for kind in MODEL_KINDS:
        for private in (True, False):
            train(replace(settings, model=kind, private=private, epochs=1), data.X_train, data.y_train,
                  data.X_test, data.y_test)
