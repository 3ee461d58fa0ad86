"""The two models DP-SGD trains here, in jax: logistic regression and a one-hidden-layer network.

Both map a row of inputs x (in [0, 1], `dpcore.learning.features`) to one logit z, the model's
log-odds that the label is 1; the predicted probability is sigmoid(z). Each example's loss is the
binary cross-entropy of its label y in {0, 1}: log(1 + e^z) - y z (written with logaddexp, so a
large |z| does not overflow). Its gradient for logistic regression is (sigmoid(z) - y) (x, 1): the
closed form the tests check per example.

- "logistic": z = w . x + b, starting from w = 0, b = 0 (a model that knows nothing says 50%).
- "mlp": z = w2 . relu(W1 x + b1) + b2, `hidden` units (32 by default). W1 and w2 are drawn from
  the seed (He-normal: N(0, 2 / inputs) for W1, N(0, 1 / hidden) for w2), biases start at 0.

Parameters are a dict of jax arrays (a pytree): "w", "b" for logistic regression, "W1", "b1",
"w2", "b2" for the network. jax is imported inside the functions (a page that only reads results
never pays for it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from dpcore.errors import DPError
from dpcore.learning.accounting import _number
from dpcore.limits import MAX_DPSGD_FEATURES, MAX_DPSGD_HIDDEN
from dpcore.validation import check_choice

ModelKind = Literal["logistic", "mlp"]
MODEL_KINDS: tuple[ModelKind, ...] = ("logistic", "mlp")
DEFAULT_HIDDEN = 32
Params = dict[str, Any]


@dataclass(frozen=True)
class Model:
    """Which model, on how many inputs (and with how many hidden units, for "mlp")."""

    kind: ModelKind
    n_features: int
    hidden: int = DEFAULT_HIDDEN

    def __post_init__(self) -> None:
        check_choice("dpsgd_model", self.kind, MODEL_KINDS)
        inputs = _number(self.n_features)
        if inputs is None or not inputs.is_integer() or not 1 <= inputs <= MAX_DPSGD_FEATURES:
            raise DPError("learn_too_many_features", count=self.n_features, maximum=MAX_DPSGD_FEATURES)
        check_hidden(self.hidden)

    @property
    def n_params(self) -> int:
        d, h = self.n_features, self.hidden
        return d + 1 if self.kind == "logistic" else d * h + h + h + 1


def check_hidden(hidden: Any) -> int:
    units = _number(hidden)
    if units is None or not units.is_integer() or not 1 <= units <= MAX_DPSGD_HIDDEN:
        raise DPError("dpsgd_hidden", maximum=MAX_DPSGD_HIDDEN, value=hidden)
    return int(units)


def init_params(model: Model, seed: int) -> Params:
    """The starting parameters of `model` (float32), the network's weights drawn from `seed`."""
    import jax
    import jax.numpy as jnp

    d, h = model.n_features, model.hidden
    if model.kind == "logistic":
        return {"w": jnp.zeros(d, jnp.float32), "b": jnp.zeros((), jnp.float32)}
    k1, k2 = jax.random.split(jax.random.key(seed))
    return {
        "W1": jax.random.normal(k1, (h, d), jnp.float32) * np.float32(np.sqrt(2.0 / d)),
        "b1": jnp.zeros(h, jnp.float32),
        "w2": jax.random.normal(k2, (h,), jnp.float32) * np.float32(np.sqrt(1.0 / h)),
        "b2": jnp.zeros((), jnp.float32),
    }


def logit(params: Params, x: Any) -> Any:
    """The model's logit for one row x (shape (d,)) or many (shape (n, d)): the kind is read from
    the parameters' names, so one function serves both models inside jax's transformations."""
    import jax

    if "w" in params:
        return x @ params["w"] + params["b"]
    hidden = jax.nn.relu(x @ params["W1"].T + params["b1"])
    return hidden @ params["w2"] + params["b2"]


def example_loss(params: Params, x: Any, y: Any) -> Any:
    """Binary cross-entropy of label y given row x: log(1 + e^z) - y z."""
    import jax.numpy as jnp

    z = logit(params, x)
    return jnp.logaddexp(0.0, z) - y * z


def example_grad_norms(params: Params, X: Any, y: Any) -> Any:
    """Each row's gradient norm ||grad loss_i|| (over all parameters) in closed form, without
    forming the gradient. With e = sigmoid(z) - y (the loss's derivative in the logit):
    - logistic: the gradient is e (x, 1), of norm |e| sqrt(1 + ||x||^2);
    - mlp: with a = W1 x + b1, h = relu(a), the output layer's gradient is e (h, 1) and the hidden
      layer's d (x, 1) with d = e w2 * [a > 0] (an outer product: its norm is ||d|| ||(x, 1)||), so
      the norm is sqrt(e^2 (1 + ||h||^2) + ||d||^2 (1 + ||x||^2)).
    (Goodfellow 2015, "Efficient per-example gradient computations"; `dpcore.learning.dpsgd` clips with it.)"""
    import jax
    import jax.numpy as jnp

    inputs = 1.0 + jnp.sum(X * X, axis=-1)
    if "w" in params:
        e = jax.nn.sigmoid(X @ params["w"] + params["b"]) - y
        return jnp.abs(e) * jnp.sqrt(inputs)
    a = X @ params["W1"].T + params["b1"]
    h = jax.nn.relu(a)
    e = jax.nn.sigmoid(h @ params["w2"] + params["b2"]) - y
    d = e[..., None] * params["w2"] * (a > 0)
    return jnp.sqrt(e * e * (1.0 + jnp.sum(h * h, axis=-1)) + jnp.sum(d * d, axis=-1) * inputs)


def probabilities(params: Params, X: Any) -> np.ndarray:
    """Each row's predicted probability of label 1 (float64 numpy array)."""
    import jax

    return np.asarray(jax.nn.sigmoid(logit(params, np.asarray(X, dtype=np.float32))), dtype=np.float64)


def probability_of_label(params: Params, X: Any, y: Any) -> np.ndarray:
    """Each row's predicted probability of its own label (what a membership attack reads)."""
    p = probabilities(params, X)
    return np.where(np.asarray(y) > 0.5, p, 1.0 - p)


def as_numpy(params: Params) -> dict[str, np.ndarray]:
    return {name: np.asarray(value) for name, value in params.items()}
