"""The experiment the Machine learning page shows: a grid of models trained with DP-SGD, one per ε of
the page's slider, and one without privacy on the same rows, batches and optimizer; each attacked by
membership inference (the loss threshold and a small LiRA) and set against the most its accounting
allows. Numbers only (no sentences): one run serves every language, and the page runs it in the
background for every session at the same settings (`ui.background`).

The data: `rows` rows drawn at random (from the seed) out of the dataset in use, a two-valued
target and the chosen features on their declared domains (`dpcore.learning.features`), split half
for training and half held out. The held-out half measures test accuracy and is the attack's
non-members: every training row is a member. LiRA's shadow models are trained, as the target was,
on halves of the same pool of rows (each row in half of them: `dpcore.learning.membership`).

δ follows the training set's size n: 10⁻⁵, or the largest power of ten below 1/n for a larger set
(a δ near 1/n would allow leaking one whole row). The noise for each ε is calibrated by the PLD
accountant (`dpcore.learning.dpsgd.train_grid`).

`run` takes about a minute at the page's defaults (bench: ui/views/learning in the report); `sweep`
trains at ε = 1 for several clipping norms or batch sizes (the trade-off tab's second chart).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import numpy as np
import pandas as pd

from dpcore.audit_roc import DEFAULT_FPRS
from dpcore.errors import DPError
from dpcore.learning.features import Design
from dpcore.limits import SEED_MAX
from dpcore.rng import make_rng

HIDDEN = 128  # units of the one-hidden-layer network
EPSILONS: tuple[float, ...] = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # the page's slider: a model at each
SHADOWS = 4  # LiRA's shadow models per target: each row is in 2 of them
TRAIN_SHARE = 0.5  # half the rows train, half are held out (test rows, and the attack's non-members)
MOMENTUM = 0.5
FPRS = DEFAULT_FPRS  # the false-positive rates the attacks are read at (0.1% and 1%)
SWEEP_EPSILON = 1.0  # the trade-off tab's second chart trains at this ε
SWEEP_VALUES: dict[str, tuple[float, ...]] = {
    "clipping": (0.1, 0.3, 1.0, 3.0, 10.0),
    "batch": (16.0, 32.0, 64.0, 128.0, 256.0),
}
Sweep = Literal["clipping", "batch"]
Report = Callable[..., None]  # progress(share, stage, **numbers): ui.background.Progress


@dataclass(frozen=True)
class Setup:
    """Everything a grid depends on: the data by its content's ident (the frame rides along, not
    compared), where its domains are declared (a bundled dataset's key; None for an upload), the
    target and features, the model and DP-SGD's knobs, the seed."""

    dataset: str
    dataset_key: str | None
    target: str
    features: tuple[str, ...]
    model: str = "mlp"
    rows: int = 4_000
    clipping: float = 0.1  # small: clipped gradients, small steps, a smooth DP-SGD curve (the sweep shows why)
    batch: int = 64
    epochs: int = 50
    learning_rate: float = 2.0
    seed: int = 42
    frame: pd.DataFrame = field(default_factory=pd.DataFrame, compare=False, repr=False)


@dataclass(frozen=True)
class Attack:
    """One membership attack on one model: AUROC and TPR at each of FPRS (bootstrap intervals), and
    its largest TPR - FPR over every threshold."""

    auroc: float
    auroc_interval: tuple[float, float]
    tprs: tuple[float, ...]
    tpr_intervals: tuple[tuple[float, float], ...]
    advantage: float


@dataclass(frozen=True)
class Trained:
    """One model of the grid: its ε (None without privacy) and noise multiplier σ, accuracy after each
    epoch, the attacks on it, and the most any attack can reach against its accounting (the TPR at
    each of FPRS on the PLD's trade-off curve; None without privacy)."""

    epsilon: float | None
    sigma: float | None
    test_accuracy: tuple[float, ...]
    train_accuracy: tuple[float, ...]
    loss: Attack
    lira: Attack
    lira_offline: Attack
    bound: tuple[float, ...] | None
    bound_advantage: float | None


@dataclass(frozen=True)
class Results:
    """The grid: the data it used, DP-SGD's sampling rate, steps and δ, the majority baseline, one
    model per ε and the non-private one."""

    available: int  # rows in the dataset
    rows: int  # rows drawn for the experiment (those with a known target: `n_train + n_test`)
    n_train: int
    n_test: int
    inputs: int  # columns of the design matrix (one-hot columns included)
    target: str
    positive: str
    negative: str
    sampling_rate: float
    steps: int
    delta: float
    majority: float  # test accuracy of always answering the training set's most common label
    majority_label: str
    epsilons: tuple[float, ...]
    private: tuple[Trained, ...]
    non_private: Trained
    shadows: int
    per_side: int  # members scored by each attack, and as many non-members
    fprs: tuple[float, ...]

    def at(self, epsilon: float) -> Trained:
        """The DP-SGD model trained for `epsilon`, one of `epsilons` (the page's slider offers no other)."""
        return self.private[self.epsilons.index(epsilon)]


@dataclass(frozen=True)
class SweepPoint:
    value: float
    sigma: float
    accuracy: float  # test accuracy after the last epoch


@dataclass(frozen=True)
class SweepResults:
    """Test accuracy at ε = SWEEP_EPSILON for each value of the knob `knob`, the others as in the grid."""

    knob: Sweep
    epsilon: float
    delta: float
    majority: float
    points: tuple[SweepPoint, ...]


def delta_for(n: int) -> float:
    """δ for a training set of n rows: 10⁻⁵, or the largest power of ten below 1/n when that is smaller."""
    return min(1e-5, 10.0 ** -(math.floor(math.log10(max(n, 1))) + 1))


def prepare(s: Setup) -> Design:
    """The rows drawn for the experiment as a design matrix and labels, split in two halves (DPError,
    with a sentence naming the column, for anything the data cannot give)."""
    from dpcore.learning.features import design

    frame = s.frame
    if s.rows < len(frame):
        picked = make_rng(s.seed, "learning.sample").choice(len(frame), size=s.rows, replace=False)
        frame = frame.iloc[np.sort(picked)].reset_index(drop=True)
    return design(frame, s.target, s.features, make_rng(s.seed, "learning.split"), dataset_key=s.dataset_key,
                  train_share=TRAIN_SHARE)


def check(s: Setup) -> None:
    """Refuse, before anything trains, what the grid would refuse later: what the data cannot give
    (`prepare`) and a batch larger than the training rows (DPError with a sentence)."""
    data = prepare(s)
    if s.batch > len(data.y_train):
        raise DPError("dpsgd_batch", rows=len(data.y_train), value=s.batch)


def _settings(s: Setup) -> Any:
    from dpcore.learning import dpsgd

    return dpsgd.Settings(model=s.model, hidden=HIDDEN, clipping_norm=s.clipping, noise_multiplier=1.0,  # type: ignore[arg-type]
                          batch_size=s.batch, epochs=s.epochs, learning_rate=s.learning_rate, momentum=MOMENTUM,
                          seed=s.seed)


def _attack(result: Any) -> Attack:
    roc = result.roc
    return Attack(float(roc.auroc), tuple(roc.auroc_interval), tuple(roc.tprs),
                  tuple(tuple(i) for i in roc.tpr_intervals), float(result.advantage))


def _shadow_trainer(settings: Any, seeds: Any, X: np.ndarray, y: np.ndarray) -> Callable[[np.ndarray], Any]:
    """LiRA's `Train`: a model trained as the target was (its settings, its σ), with the next seed of
    `seeds`, on the pool's rows of a mask; it answers each row's probability of its own label."""
    from dpcore.learning import dpsgd

    def train(mask: np.ndarray) -> Callable[[np.ndarray], np.ndarray]:
        fitted = dpsgd.train(replace(settings, seed=int(next(seeds))), X[mask], y[mask])
        return lambda rows: fitted.probability_of_label(X[rows], y[rows])
    return train


def run(s: Setup, progress: Report | None = None) -> Results:
    """Train the grid, attack every model and read its bound; `progress(share, stage, **numbers)`
    along the way (stages "prepare", "calibrate", "train", "train_plain", "shadows", "attack")."""
    from dpcore.learning import dpsgd
    from dpcore.learning.membership import membership_attacks, train_shadows
    from dpcore.learning.membership_bound import membership_bound

    report = progress or (lambda *args, **kwargs: None)
    report(0.0, "prepare")
    data = prepare(s)
    n, n_test = len(data.y_train), len(data.y_test)
    delta = delta_for(n)
    settings = _settings(s)
    grid_units = 2 * len(EPSILONS) + 1
    attack_units = (len(EPSILONS) + 1) * (SHADOWS + 1)
    total = grid_units + attack_units

    def grid_progress(share: float) -> None:
        done = round(share * grid_units)
        k = len(EPSILONS)
        stage = ("calibrate", {"epsilon": EPSILONS[done]}) if done < k else \
            ("train", {"epsilon": EPSILONS[done - k]}) if done < 2 * k else ("train_plain", {})
        report(done / total, stage[0], **stage[1])

    report(0.0, "calibrate", epsilon=EPSILONS[0])
    grid = dpsgd.train_grid(settings, EPSILONS, delta, grid_progress, data=data)

    X = np.concatenate([data.X_train, data.X_test])
    y = np.concatenate([data.y_train, data.y_test])
    member = np.arange(len(y)) < n
    seeds = make_rng(s.seed, "learning.shadow_seeds").integers(0, SEED_MAX, size=SHADOWS)
    targets = [(None, None, grid.non_private), *zip(grid.epsilons, grid.noise_multipliers, grid.private, strict=True)]
    trained: list[Trained] = []
    for i, (epsilon, sigma, model) in enumerate(targets):
        base = grid_units + i * (SHADOWS + 1)
        shadow = _shadow_trainer(model.settings, iter(seeds), X, y)

        report(base / total, "shadows", done=0, total=SHADOWS, epsilon=epsilon)

        def shadow_progress(done: int, count: int, base: int = base, epsilon: float | None = epsilon) -> None:
            report((base + done) / total, "shadows" if done < count else "attack", done=done, total=count,
                   epsilon=epsilon)

        shadows = train_shadows(shadow, len(y), SHADOWS, make_rng(s.seed, "learning.shadows"), shadow_progress)
        attacks = membership_attacks(model.probability_of_label(X, y), member, make_rng(s.seed, "learning.attack"),
                                     shadows, fprs=FPRS)
        assert attacks.lira_online is not None and attacks.lira_offline is not None
        bound = None if sigma is None else membership_bound(model.sampling_rate, sigma, model.steps, delta, FPRS)
        trained.append(Trained(
            epsilon=epsilon, sigma=sigma, test_accuracy=model.test_accuracy, train_accuracy=model.train_accuracy,
            loss=_attack(attacks.loss), lira=_attack(attacks.lira_online), lira_offline=_attack(attacks.lira_offline),
            bound=None if bound is None else bound.tpr_pld,
            bound_advantage=None if bound is None else bound.advantage_pld,
        ))
        report((base + SHADOWS + 1) / total, "attack", epsilon=epsilon)
    majority_positive = float(np.mean(data.y_train)) >= 0.5
    return Results(
        available=len(s.frame), rows=n + n_test, n_train=n, n_test=n_test, inputs=data.n_features,
        target=data.target, positive=data.positive, negative=data.negative,
        sampling_rate=grid.non_private.sampling_rate, steps=grid.non_private.steps, delta=delta,
        majority=grid.majority_accuracy,
        majority_label=data.positive if majority_positive else data.negative, epsilons=grid.epsilons,
        private=tuple(trained[1:]), non_private=trained[0], shadows=SHADOWS,
        per_side=min(n, n_test), fprs=FPRS,
    )


def sweep(s: Setup, knob: Sweep, progress: Report | None = None) -> SweepResults:
    """Test accuracy at ε = SWEEP_EPSILON (noise calibrated by PLD for each setting) as the clipping
    norm C or the batch size B takes each of SWEEP_VALUES[knob], everything else as in `s`."""
    from dpcore.learning import dpsgd
    from dpcore.learning.accounting import noise_for_epsilon, steps_for

    report = progress or (lambda *args, **kwargs: None)
    report(0.0, "prepare")
    data = prepare(s)
    n = len(data.y_train)
    delta = delta_for(n)
    values = SWEEP_VALUES[knob]
    points = []
    for i, value in enumerate(values):
        setup = replace(s, clipping=value) if knob == "clipping" else replace(s, batch=int(value))
        if setup.batch > n:
            continue  # a batch larger than the training set: not a setting anyone trains with
        settings = _settings(setup)
        q = setup.batch / n
        report(i / len(values), "calibrate_sweep", value=value, knob=knob)
        sigma = noise_for_epsilon(q, steps_for(setup.epochs, q), delta, SWEEP_EPSILON, "pld")
        report((i + 0.5) / len(values), "train_sweep", value=value, knob=knob)
        model = dpsgd.train(replace(settings, noise_multiplier=sigma), data.X_train, data.y_train, data.X_test,
                            data.y_test)
        points.append(SweepPoint(value, sigma, model.test_accuracy[-1]))
    majority = 1.0 if float(np.mean(data.y_train)) >= 0.5 else 0.0
    return SweepResults(knob, SWEEP_EPSILON, delta, float(np.mean(data.y_test == majority)), tuple(points))


def compile_shapes(s: Setup) -> None:
    """Compile one epoch of both models, with and without privacy, at `s`'s shapes (jax compiles once
    per shape and process: the server pays it before a visitor switches model)."""
    from dpcore.learning import dpsgd

    dpsgd.warm(_settings(s), prepare(s))


def epochs_shown(epochs: Sequence[int], limit: int) -> np.ndarray:
    """Indices of at most `limit` epochs, evenly spread, the first and last among them (a chart's points)."""
    count = len(epochs)
    if count <= limit:
        return np.arange(count)
    return np.unique(np.round(np.linspace(0, count - 1, limit)).astype(int))


# The features the page starts from on UCI Adult: what a person would say about their work and
# household (44 inputs once one-hot encoded); fnlwgt is the census's sampling weight, race and
# native country are left for the user to add.
ADULT_FEATURES: tuple[str, ...] = ("age", "workclass", "education-num", "marital-status", "occupation",
                                   "relationship", "sex", "capital-gain", "capital-loss", "hours-per-week")


def targets(frame: pd.DataFrame, dataset_key: str | None) -> list[str]:
    """The columns a model here can predict: two declared categories, or (with none declared) exactly
    two values in the data."""
    from dpcore.learning.features import declared_domain

    found = []
    for column in frame.columns:
        domain = declared_domain(str(column), dataset_key)
        declared = domain is not None and not all(isinstance(v, float) for v in domain)
        if (len(domain) == 2 if declared and domain is not None else frame[column].nunique(dropna=True) == 2):
            found.append(str(column))
    return found


def default_features(frame: pd.DataFrame, dataset_key: str | None, target: str) -> tuple[str, ...]:
    """The inputs the page starts from: Adult's chosen few, else every other column with a declared domain."""
    from dpcore.learning.features import declared_domain

    if dataset_key == "adult":
        return tuple(c for c in ADULT_FEATURES if c != target)
    return tuple(str(c) for c in frame.columns if c != target and declared_domain(str(c), dataset_key) is not None)
