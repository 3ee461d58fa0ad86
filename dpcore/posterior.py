"""The attacker's view: how far one output of a DP mechanism can move a suspicion.

An attacker believes with prior P that the real dataset is D rather than its neighbour D'. This
module computes, for that attacker:

1. the band every eps-DP mechanism keeps the posterior in (`posterior_bounds`);
2. the exact posterior of a real mechanism for an observed output (`read_output`), by Bayes' rule
   on the densities of `dpcore.mechanisms` (no second copy of any density lives here);
3. the privacy-loss random variable L(O) = ln(p_D(O) / p_D'(O)), its distribution, and
   delta(eps) = E_{O ~ A(D)}[max(0, 1 - e^(eps - L(O)))] (`delta_for_epsilon`, `delta_curve`),
   next to the looser reading delta_1(eps) = P_{O ~ A(D)}[L(O) > eps];
4. the attacker's best test between D and D' (likelihood-ratio test): its ROC curve and the
   region every (eps, delta)-DP mechanism must respect (`roc_curve`, `dp_roc_region`);
5. a vectorised guessing game against the Bayes-optimal attacker (`play_game`).

A mechanism is seen through `AttackModel`: a count query's answers on D and D' (`CountPair`) plus
either calibrated additive noise (Laplace, Gaussian, discrete Laplace) or randomized response on
the one record that differs (a two-point pmf with p = e^eps / (1 + e^eps)).

Reference: the seed notes on posterior bounds and privacy loss (SEED-FACTS section 7, seed 003);
Dwork & Roth (2014) ch. 2-3; Balle & Wang, "Improving the Gaussian mechanism" (ICML 2018,
arXiv:1805.06530) Thm 8; Kairouz, Oh & Viswanath, "The composition theorem for differential
privacy" (ICML 2015, arXiv:1311.0776) Thm 2.1 (the hypothesis-testing region).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from typing import Literal

import numpy as np
import pandas as pd
from dp_accounting.pld import privacy_loss_mechanism as plm
from scipy import integrate, optimize, special

from dpcore.limits import MAX_GAME_ROUNDS
from dpcore.mechanisms import (
    NOISE_KINDS,
    AdditiveNoise,
    GaussianMethod,
    calibrate,
    rr_truth_probability,
)
from dpcore.validation import check_count, check_delta, check_epsilon

AttackKind = Literal["laplace", "gaussian", "discrete_laplace", "randomized_response"]
ATTACK_KINDS: tuple[AttackKind, ...] = (*NOISE_KINDS, "randomized_response")

# The course's count query on its removal neighbour (SEED-FACTS section 3, Experiment 6-1):
# "number of animals eating more than 55 carrots a day", 90 on zoo.csv and 89 on zoo_nb.csv.
COURSE_COUNT_THRESHOLDS: dict[str, float] = {"carrots": 55.0}

# How far into the tails the output grids reach, in units of the noise scale (b, sigma or t):
# the mass left beyond is below 1e-20 (Laplace: e^-46 / 2; Gaussian: Phi(-10) ~ 7.6e-24).
_TAIL_SCALES = {"laplace": 46.0, "gaussian": 10.0, "discrete_laplace": 46.0}
_GRID_CELLS = 20_000  # cells of the continuous output grid behind every curve
_INNER_CELLS = 2_000  # extra cells between the two true answers, where L(O) changes fastest
_MAX_SUPPORT = 200_001  # discrete outputs enumerated one by one; the rest are two tail cells


# ---------------------------------------------------------------------------------------------
# 1. Posterior bounds
# ---------------------------------------------------------------------------------------------


def _check_prior(prior: float | np.ndarray) -> np.ndarray:
    try:
        p = np.asarray(prior, dtype=float)
    except (TypeError, ValueError):
        raise ValueError(f"The prior must be a probability between 0 and 1, got {prior!r}.") from None
    bad = np.isnan(p) | (p < 0) | (p > 1)
    if np.any(bad):
        first = p[bad].flat[0] if p.ndim else float(p)
        raise ValueError(f"The prior must be a probability between 0 and 1, got {first:g}.")
    return p


def _logit(p: np.ndarray) -> np.ndarray:
    with np.errstate(divide="ignore"):
        return np.log(p) - np.log1p(-p)


def posterior_bounds(prior: float | np.ndarray, epsilon: float) -> tuple[np.ndarray, np.ndarray]:
    """Lowest and highest posterior P[D | O] after one output of an eps-DP mechanism.

    lower = P / (e^eps + (1 - e^eps) P),  upper = e^eps P / (1 + (e^eps - 1) P),
    evaluated in the equivalent logistic form expit(logit(P) -/+ eps), which stays exact for any
    finite eps (no overflow of e^eps) and for P = 0 or 1. Vectorised over `prior`; eps = 0 gives
    (P, P). Raises ValueError for a prior outside [0, 1] or a negative / NaN / infinite epsilon.
    Reference: seed 003 (Bayes' rule plus e^-eps <= p_D(O) / p_D'(O) <= e^eps).
    """
    p = _check_prior(prior)
    eps = check_epsilon(epsilon, allow_zero=True)
    if eps == 0:
        return p.copy(), p.copy()
    logit = _logit(p)
    lower = np.minimum(special.expit(logit - eps), p)
    upper = np.maximum(special.expit(logit + eps), p)
    return lower, upper


def posterior_from_likelihoods(
    prior: float | np.ndarray, likelihood_d: np.ndarray, likelihood_d_prime: np.ndarray
) -> np.ndarray:
    """Exact posterior P[D | O] by Bayes' rule from p_D(O) and p_D'(O) (densities or pmfs).

    P[D | O] = P p_D(O) / (P p_D(O) + (1 - P) p_D'(O)); where both likelihoods are zero the
    output says nothing and the prior is returned.
    """
    p = _check_prior(prior)
    ld = np.asarray(likelihood_d, dtype=float)
    ldp = np.asarray(likelihood_d_prime, dtype=float)
    numerator = p * ld
    denominator = numerator + (1 - p) * ldp
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(denominator > 0, numerator / np.where(denominator > 0, denominator, 1), p)


def posterior_from_loss(prior: float | np.ndarray, privacy_loss: np.ndarray) -> np.ndarray:
    """Exact posterior from the privacy loss L(O) = ln(p_D(O) / p_D'(O)).

    P[D | O] = expit(logit(P) + L(O)): Bayes' rule in log-odds form, finite far into the tails
    where both densities underflow. Same value as `posterior_from_likelihoods`.
    """
    p = _check_prior(prior)
    loss = np.asarray(privacy_loss, dtype=float)
    with np.errstate(invalid="ignore"):
        return special.expit(_logit(p) + loss)


def odds_factor(epsilon: float) -> float:
    """The most one eps-DP output can multiply the betting odds D : D' by: e^eps (seed 003)."""
    eps = check_epsilon(epsilon, allow_zero=True)
    with np.errstate(over="ignore"):
        return float(np.exp(eps))


@dataclass(frozen=True)
class BandCurves:
    """posterior_bounds on a grid of priors, one row per epsilon."""

    prior: np.ndarray
    epsilons: tuple[float, ...]
    lower: np.ndarray  # shape (len(epsilons), len(prior))
    upper: np.ndarray


def band_curves(epsilons: tuple[float, ...] | list[float], points: int = 201) -> BandCurves:
    """The posterior band against the prior for several epsilons (for the classic picture)."""
    n = check_count("The number of prior points", points, minimum=2, maximum=100_000)
    eps = tuple(check_epsilon(e, allow_zero=True) for e in epsilons)
    prior = np.linspace(0.0, 1.0, n)
    rows = [posterior_bounds(prior, e) for e in eps]
    lower = np.array([r[0] for r in rows]).reshape(len(eps), n)
    upper = np.array([r[1] for r in rows]).reshape(len(eps), n)
    return BandCurves(prior, eps, lower, upper)


# ---------------------------------------------------------------------------------------------
# 2. Neighbour pairs for a count query
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CountPair:
    """A count query's true answer on D and on its neighbour D'.

    `query` and `subject` are data words for display (a column condition; the record that
    differs), never sentences. Cancer table: CountPair(3, 2, "has_cancer = yes", "Alice").
    """

    value_d: float
    value_d_prime: float
    query: str = ""
    subject: str = ""

    def __post_init__(self) -> None:
        for name, value in (("The count on D", self.value_d), ("The count on D'", self.value_d_prime)):
            try:
                v = float(value)
            except (TypeError, ValueError):
                raise ValueError(f"{name} must be a number, got {value!r}.") from None
            if not math.isfinite(v):
                raise ValueError(f"{name} must be a finite number, got {v:g}.")
        object.__setattr__(self, "value_d", float(self.value_d))
        object.__setattr__(self, "value_d_prime", float(self.value_d_prime))
        if self.value_d == self.value_d_prime:
            raise ValueError(
                f"The count is {self.value_d:g} on both D and D': no output can tell the two apart, "
                "so there is nothing for an attacker to learn. Choose a query the differing record changes."
            )

    @property
    def sensitivity(self) -> float:
        """|f(D) - f(D')|: how much the one differing record moves the count."""
        return abs(self.value_d - self.value_d_prime)

    @property
    def midpoint(self) -> float:
        """Halfway between the two answers: where the privacy loss of symmetric noise is zero."""
        return 0.5 * (self.value_d + self.value_d_prime)


def _require_columns(frame: pd.DataFrame, *columns: str) -> None:
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ValueError(f"The table has no column {missing[0]!r}; its columns are {', '.join(map(str, frame.columns))}.")


def count_with_and_without(
    frame: pd.DataFrame, *, name_column: str, name: str, column: str, value: str
) -> CountPair:
    """Count rows with `column == value` on D (the table) and on D' (the table without `name`).

    Course Table 6-2: count_with_and_without(cancer, name_column="name", name="Alice",
    column="has_cancer", value="yes") gives 3 with Alice and 2 without her.
    """
    _require_columns(frame, name_column, column)
    names = frame[name_column].astype(str)
    if not (names == name).any():
        raise ValueError(f"Nobody called {name!r} is in the table, so there is no neighbour without them.")
    matches = frame[column].astype(str) == value
    with_person = int(matches.sum())
    without_person = int(matches[names != name].sum())
    return CountPair(with_person, without_person, f"{column} = {value}", name)


def _row_key(row: pd.Series) -> str:
    text = [v for v in row.tolist() if isinstance(v, str)]
    return str(text[0] if text else row.iloc[0])


def neighbour_count_pair(frame_d: pd.DataFrame, frame_d_prime: pd.DataFrame) -> CountPair:
    """The count query that tells a dataset from its bundled neighbour.

    Replace neighbour (same shape, one count cell differs, as medicaldata / md_nb: 436 vs 435
    patients aged 30-40): the pair is that cell on D and on D'. Removal neighbour (D' is D minus
    one row, as zoo / zoo_nb without "Dugong"): the course's count when it gives one
    (`COURSE_COUNT_THRESHOLDS`: animals eating more than 55 carrots, 90 vs 89), else the number
    of rows. Raises ValueError when the two tables do not differ in exactly one record.
    """
    if list(frame_d.columns) != list(frame_d_prime.columns):
        raise ValueError("The neighbour table must have the same columns as the dataset.")
    if frame_d.shape == frame_d_prime.shape:
        a = frame_d.reset_index(drop=True)
        b = frame_d_prime.reset_index(drop=True)
        differs = ~((a == b) | (a.isna() & b.isna()))
        cells = list(zip(*np.nonzero(differs.to_numpy())))
        if len(cells) != 1:
            raise ValueError(
                f"The neighbour table must differ from the dataset in exactly one cell, but {len(cells)} differ."
            )
        row, col = cells[0]
        column = a.columns[col]
        try:
            v_d, v_dp = float(a.iat[row, col]), float(b.iat[row, col])
        except (TypeError, ValueError):
            raise ValueError(f"The cell that differs (column {column!r}) is not a count.") from None
        return CountPair(v_d, v_dp, str(column), _row_key(a.iloc[row]))
    if len(frame_d_prime) != len(frame_d) - 1:
        raise ValueError(
            f"The neighbour table must have the same rows or exactly one row fewer than the dataset "
            f"({len(frame_d)} rows), but it has {len(frame_d_prime)}."
        )
    rows_d = Counter(map(tuple, frame_d.astype(str).to_numpy()))
    rows_dp = Counter(map(tuple, frame_d_prime.astype(str).to_numpy()))
    removed = rows_d - rows_dp
    if sum(removed.values()) != 1 or rows_dp - rows_d:
        raise ValueError("The neighbour table must be the dataset with exactly one row removed.")
    removed_row = pd.Series(next(iter(removed)), index=frame_d.columns)
    subject = _row_key(removed_row)
    for column, threshold in COURSE_COUNT_THRESHOLDS.items():
        if column in frame_d.columns and pd.api.types.is_numeric_dtype(frame_d[column]):
            count_d = int((frame_d[column] > threshold).sum())
            count_dp = int((frame_d_prime[column] > threshold).sum())
            if count_d != count_dp:
                return CountPair(count_d, count_dp, f"{column} > {threshold:g}", subject)
    return CountPair(len(frame_d), len(frame_d_prime), "rows", subject)


# ---------------------------------------------------------------------------------------------
# 3. One mechanism on D and on D'
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AttackModel:
    """A mechanism answering the count on D or on D': what the attacker compares.

    Additive noise (`noise` set): O = f(X) + noise with X in {D, D'}. Randomized response
    (`truth_probability` set): the one record that differs answers "is my record counted?"
    truthfully with p = e^eps / (1 + e^eps); O = 1 ("yes", the answer on D) or 0 ("no", on D').
    """

    kind: AttackKind
    pair: CountPair
    epsilon: float
    delta: float
    noise: AdditiveNoise | None = None
    truth_probability: float | None = None

    @property
    def discrete(self) -> bool:
        """True when the outputs are whole numbers (discrete Laplace, randomized response)."""
        return self.noise is None or self.noise.discrete

    @property
    def centre_d(self) -> float:
        """Where the outputs sit on D: f(D) for noise, 1 ("yes") for randomized response."""
        return self.pair.value_d if self.noise is not None else 1.0

    @property
    def centre_d_prime(self) -> float:
        """Where the outputs sit on D': f(D') for noise, 0 ("no") for randomized response."""
        return self.pair.value_d_prime if self.noise is not None else 0.0

    @property
    def caveat(self) -> str | None:
        """A calibration's warning (the classic Gaussian formula at eps >= 1), if any."""
        return self.noise.caveat if self.noise is not None else None

    def check_outputs(self, output: float | np.ndarray) -> np.ndarray:
        """Outputs as floats, or ValueError for one this mechanism can never produce."""
        try:
            o = np.asarray(output, dtype=float)
        except (TypeError, ValueError):
            raise ValueError(f"An output must be a number, got {output!r}.") from None
        if not np.all(np.isfinite(o)):
            raise ValueError("An output must be a finite number.")
        if self.noise is None and not np.all((o == 0) | (o == 1)):
            raise ValueError("Randomized response only answers 0 (no) or 1 (yes).")
        if self.discrete and not np.all(o == np.round(o)):
            raise ValueError("The discrete Laplace mechanism only outputs whole numbers.")
        return o

    def log_likelihoods(self, output: float | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(ln p_D(O), ln p_D'(O)): log densities (pmfs when discrete) of the output."""
        o = self.check_outputs(output)
        if self.noise is not None:
            return self.noise.log_pdf(o - self.centre_d), self.noise.log_pdf(o - self.centre_d_prime)
        log_p, log_q = self._rr_log_probabilities
        yes = o == 1
        return np.where(yes, log_p, log_q), np.where(yes, log_q, log_p)

    @property
    def _rr_log_probabilities(self) -> tuple[float, float]:
        # ln p and ln(1 - p) for p = e^eps / (1 + e^eps), without forming 1 - p (it cancels).
        return -math.log1p(math.exp(-self.epsilon)), -self.epsilon - math.log1p(math.exp(-self.epsilon))

    def likelihoods(self, output: float | np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(p_D(O), p_D'(O)): densities (pmfs when discrete) of the output on D and on D'."""
        o = self.check_outputs(output)
        if self.noise is not None:
            return self.noise.output_pdf(o, self.centre_d), self.noise.output_pdf(o, self.centre_d_prime)
        log_d, log_dp = self.log_likelihoods(o)
        return np.exp(log_d), np.exp(log_dp)

    def privacy_loss(self, output: float | np.ndarray) -> np.ndarray:
        """L(O) = ln(p_D(O) / p_D'(O)), from log densities (finite where densities underflow)."""
        o = self.check_outputs(output)
        if self.noise is not None:
            return self.noise.privacy_loss(o, self.centre_d, self.centre_d_prime)
        log_d, log_dp = self.log_likelihoods(o)
        return log_d - log_dp

    def sample(self, rng: np.random.Generator, on_d: np.ndarray) -> np.ndarray:
        """One output per entry of `on_d` (True: the mechanism ran on D; False: on D')."""
        world = np.asarray(on_d, dtype=bool)
        if self.noise is not None:
            centres = np.where(world, self.centre_d, self.centre_d_prime)
            return centres + self.noise.sample(rng, world.shape)
        truthful = rng.random(world.shape) < float(self.truth_probability)
        return np.where(truthful, world, ~world).astype(float)

    @property
    def spread(self) -> float:
        """A width for axes: the noise's standard deviation (1 for randomized response)."""
        return self.noise.std if self.noise is not None else 1.0


def attack_model(
    kind: AttackKind,
    pair: CountPair,
    epsilon: float,
    delta: float = 0.0,
    gaussian_method: GaussianMethod = "analytic",
) -> AttackModel:
    """Calibrate `kind` to (epsilon, delta) for the pair's sensitivity |f(D) - f(D')|.

    Laplace and discrete Laplace: scale Delta / eps; Gaussian: sigma from
    `dpcore.mechanisms.gaussian_sigma` (delta in (0, 1) required); randomized response:
    p = e^eps / (1 + e^eps), delta ignored. Raises ValueError for any unusable combination.
    """
    if kind not in ATTACK_KINDS:
        raise ValueError(f"Unknown mechanism {kind!r}: choose one of {', '.join(ATTACK_KINDS)}.")
    if kind == "randomized_response":
        eps = check_epsilon(epsilon)
        check_delta(delta)
        return AttackModel(kind, pair, eps, 0.0, truth_probability=rr_truth_probability(eps))
    if kind == "discrete_laplace" and not (
        pair.value_d.is_integer() and pair.value_d_prime.is_integer()
    ):
        raise ValueError(
            f"The discrete Laplace mechanism needs whole-number counts, got {pair.value_d:g} and "
            f"{pair.value_d_prime:g}."
        )
    noise = calibrate(kind, epsilon, delta, pair.sensitivity, gaussian_method)
    return AttackModel(kind, pair, noise.epsilon, noise.delta, noise=noise)


# ---------------------------------------------------------------------------------------------
# 4. One observed output: exact posterior and where it sits in the band
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class OutputReading:
    """Everything an attacker reads off one output O."""

    output: float
    prior: float
    likelihood_d: float
    likelihood_d_prime: float
    privacy_loss: float
    posterior: float
    lower: float  # the pure-eps band for this prior
    upper: float

    @property
    def inside_band(self) -> bool:
        """True when the posterior respects the pure-eps band (|L(O)| <= eps)."""
        return self.lower - 1e-12 <= self.posterior <= self.upper + 1e-12


def exact_posterior(model: AttackModel, prior: float | np.ndarray, output: float | np.ndarray) -> np.ndarray:
    """P[D | O] = expit(logit(P) + L(O)) for the model's densities (vectorised over O)."""
    return posterior_from_loss(prior, model.privacy_loss(output))


def read_output(model: AttackModel, prior: float, output: float) -> OutputReading:
    """The likelihoods, privacy loss, exact posterior and pure-eps band for one output."""
    p = float(_check_prior(prior))
    lik_d, lik_dp = model.likelihoods(output)
    loss = float(model.privacy_loss(output))
    lower, upper = posterior_bounds(p, model.epsilon)
    return OutputReading(
        float(output), p, float(lik_d), float(lik_dp), loss,
        float(posterior_from_loss(p, loss)), float(lower), float(upper),
    )


@dataclass(frozen=True)
class OutputAxis:
    """The range of outputs worth looking at, with a round step (whole numbers when discrete)."""

    lo: float
    hi: float
    step: float
    discrete: bool = False

    def snap(self, value: float) -> float:
        """The nearest point of the axis grid, clamped to [lo, hi]."""
        v = min(max(float(value), self.lo), self.hi)
        k = round((v - self.lo) / self.step)
        return float(round(min(self.lo + k * self.step, self.hi), 10))

    def grid(self, points: int = 801) -> np.ndarray:
        """Outputs to draw curves on: whole numbers when discrete (every one, or every step when
        there are more than `points`), else `points` even steps."""
        if self.discrete:
            every = 1.0 if (self.hi - self.lo) < points else self.step
            return np.arange(self.lo, self.hi + 0.5 * every, every)
        return np.linspace(self.lo, self.hi, points)


def _nice_step(raw: float) -> float:
    exponent = math.floor(math.log10(raw))
    for mantissa in (1.0, 2.0, 5.0, 10.0):
        step = mantissa * 10.0**exponent
        if step >= raw:
            return float(f"{step:.12g}")
    return float(f"{10.0 ** (exponent + 1):.12g}")


def output_axis(model: AttackModel, positions: int = 400) -> OutputAxis:
    """Outputs from f(D') - w to f(D) + w, w = max(5 std, 2 |Delta|), in about `positions` steps.

    The step is 1, 2 or 5 times a power of ten, and f(D) is on the grid. Randomized response:
    the two answers 0 and 1. Discrete Laplace: whole-number steps.
    """
    if model.noise is None:
        return OutputAxis(0.0, 1.0, 1.0, discrete=True)
    low = min(model.centre_d, model.centre_d_prime)
    high = max(model.centre_d, model.centre_d_prime)
    reach = max(5.0 * model.spread, 2.0 * model.pair.sensitivity)
    step = _nice_step((high - low + 2 * reach) / positions)
    if model.discrete:
        step = max(1.0, float(math.ceil(step)))
    # Anchor the grid on f(D), so the default output (the true answer on D) is a grid point.
    anchor = model.centre_d
    lo = anchor - math.ceil((anchor - (low - reach)) / step) * step
    hi = anchor + math.ceil((high + reach - anchor) / step) * step
    return OutputAxis(float(f"{lo:.12g}"), float(f"{hi:.12g}"), step, model.discrete)


# ---------------------------------------------------------------------------------------------
# 5. The privacy-loss distribution and delta(eps)
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PrivacyLossDistribution:
    """The mechanism's outputs cut into cells, sorted by their privacy loss, largest first.

    Discrete mechanisms: one cell per output (plus one cell per far tail). Continuous ones: a
    fine grid of output intervals with exact masses (differences of the noise's cdf) and the
    loss of each cell, ln(P_D[cell] / P_D'[cell]). Coarsening outputs into cells is
    post-processing, so a delta computed from the cells can only err low: by about 1e-8 on these
    grids (the tests hold it to the closed forms and dp-accounting within 1e-6).
    """

    loss: np.ndarray  # per cell, non-increasing
    mass_d: np.ndarray  # P_{O ~ A(D)}[O in cell]
    mass_d_prime: np.ndarray  # P_{O ~ A(D')}[O in cell]
    output: np.ndarray  # a representative output per cell (its midpoint)

    @property
    def cum_d(self) -> np.ndarray:
        return np.cumsum(self.mass_d)

    @property
    def cum_d_prime(self) -> np.ndarray:
        return np.cumsum(self.mass_d_prime)


def _noise_mass(noise: AdditiveNoise, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """P(a < noise <= b), accurate in both tails: symmetric noise has P(X > x) = cdf(-x)."""
    left = noise.cdf(b) - noise.cdf(a)
    right = noise.cdf(-a) - noise.cdf(-b)
    return np.clip(np.where(a >= 0, right, left), 0.0, None)


def _continuous_cells(model: AttackModel) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    noise = model.noise
    assert noise is not None
    low = min(model.centre_d, model.centre_d_prime)
    high = max(model.centre_d, model.centre_d_prime)
    reach = _TAIL_SCALES[noise.kind] * noise.scale
    outer = np.linspace(low - reach, high + reach, _GRID_CELLS + 1)
    gap = 0.5 * (outer[1] - outer[0])  # no sliver cells: their masses would be all rounding
    outer = outer[(outer < low - gap) | (outer > high + gap)]
    edges = np.concatenate(
        ([-np.inf], outer[outer < low], np.linspace(low, high, _INNER_CELLS + 1), outer[outer > high], [np.inf])
    )
    a, b = edges[:-1], edges[1:]
    mass_d = _noise_mass(noise, a - model.centre_d, b - model.centre_d)
    mass_dp = _noise_mass(noise, a - model.centre_d_prime, b - model.centre_d_prime)
    with np.errstate(invalid="ignore"):
        mid = np.where(np.isinf(a), b, np.where(np.isinf(b), a, 0.5 * (a + b)))  # tail cells: their finite edge
    return mid, mass_d, mass_dp


def _discrete_cells(model: AttackModel) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    if model.noise is None:
        p, q = (math.exp(v) for v in model._rr_log_probabilities)
        return np.array([1.0, 0.0]), np.array([p, q]), np.array([q, p])
    noise = model.noise
    low = math.floor(min(model.centre_d, model.centre_d_prime))
    high = math.ceil(max(model.centre_d, model.centre_d_prime))
    reach = min(math.ceil(_TAIL_SCALES[noise.kind] * noise.scale) + 1, (_MAX_SUPPORT - (high - low)) // 2)
    ks = np.arange(low - reach, high + reach + 1, dtype=float)
    mass_d = noise.output_pdf(ks, model.centre_d)
    mass_dp = noise.output_pdf(ks, model.centre_d_prime)
    # The two far tails as one cell each: P(O <= first - 1) and P(O >= last + 1).
    first, last = ks[0] - 1, ks[-1] + 1
    tail_lo_d = noise.cdf(first - model.centre_d)
    tail_lo_dp = noise.cdf(first - model.centre_d_prime)
    tail_hi_d = noise.cdf(-(last - model.centre_d))  # P(X >= x) = P(X <= -x): the noise is symmetric
    tail_hi_dp = noise.cdf(-(last - model.centre_d_prime))
    outputs = np.concatenate(([first], ks, [last]))
    return (
        outputs,
        np.concatenate(([tail_lo_d], mass_d, [tail_hi_d])),
        np.concatenate(([tail_lo_dp], mass_dp, [tail_hi_dp])),
    )


def privacy_loss_distribution(model: AttackModel) -> PrivacyLossDistribution:
    """Cells of outputs with their masses on D and D', sorted by privacy loss (largest first)."""
    if model.discrete:
        outputs, mass_d, mass_dp = _discrete_cells(model)
    else:
        outputs, mass_d, mass_dp = _continuous_cells(model)
    keep = (mass_d > 0) | (mass_dp > 0)
    outputs, mass_d, mass_dp = outputs[keep], mass_d[keep], mass_dp[keep]
    with np.errstate(divide="ignore"):
        loss = np.log(mass_d) - np.log(mass_dp)
    order = np.argsort(-loss, kind="stable")
    return PrivacyLossDistribution(loss[order], mass_d[order], mass_dp[order], outputs[order])


def _epsilons(epsilons: float | np.ndarray) -> np.ndarray:
    e = np.asarray(epsilons, dtype=float)
    if np.any(~np.isfinite(e)) or np.any(e < 0):
        raise ValueError("Every epsilon must be a finite number of at least 0.")
    return e


def _count_above(pld: PrivacyLossDistribution, eps: np.ndarray) -> np.ndarray:
    # Cells with loss > eps form a prefix of the sorted cells; how long is it? (A loss equal to
    # eps up to rounding, as on Laplace's plateau at eps0 = eps, counts as equal.)
    return np.searchsorted(-pld.loss, -(eps + 1e-12 * np.maximum(1.0, eps)), side="left")


def delta_curve(pld: PrivacyLossDistribution, epsilons: float | np.ndarray) -> np.ndarray:
    """delta(eps) = sum over cells of max(0, P_D[cell] - e^eps P_D'[cell]), vectorised over eps.

    Equal to E_{O ~ A(D)}[max(0, 1 - e^(eps - L(O)))] (seed 003), summed over the cells with
    L > eps, which form a prefix of the sorted cells: one cumulative sum serves every eps.
    """
    eps = _epsilons(epsilons)
    k = _count_above(pld, eps)
    cum_d = np.concatenate(([0.0], pld.cum_d))
    cum_dp = np.concatenate(([0.0], pld.cum_d_prime))
    with np.errstate(over="ignore", invalid="ignore"):
        excess = cum_d[k] - np.exp(eps) * cum_dp[k]
    return np.clip(np.nan_to_num(excess, nan=0.0), 0.0, 1.0) + 0.0  # + 0.0 turns -0.0 into 0.0


def delta_one_curve(pld: PrivacyLossDistribution, epsilons: float | np.ndarray) -> np.ndarray:
    """delta_1(eps) = P_{O ~ A(D)}[L(O) > eps]: "the probability that eps-DP fails".

    Always >= delta(eps): it counts each such output with weight 1 instead of 1 - e^(eps - L).
    """
    eps = _epsilons(epsilons)
    cum_d = np.concatenate(([0.0], pld.cum_d))
    return np.clip(cum_d[_count_above(pld, eps)], 0.0, 1.0)


def _loss_crossings(model: AttackModel, level: float) -> list[float]:
    """Outputs where L(O) crosses `level` (L is monotone for log-concave noise: at most one)."""
    noise = model.noise
    assert noise is not None
    low = min(model.centre_d, model.centre_d_prime)
    high = max(model.centre_d, model.centre_d_prime)
    reach = _TAIL_SCALES[noise.kind] * noise.scale
    grid = np.linspace(low - reach, high + reach, 4001)
    gap = model.privacy_loss(grid) - level
    gap[np.abs(gap) <= 1e-9 * max(1.0, abs(level))] = 0.0  # a plateau at the level is no crossing
    roots = []
    for i in np.nonzero(np.sign(gap[:-1]) * np.sign(gap[1:]) < 0)[0]:
        roots.append(
            optimize.brentq(lambda o: float(model.privacy_loss(o)) - level, grid[i], grid[i + 1], xtol=1e-13)
        )
    return roots


def delta_for_epsilon(model: AttackModel, epsilon: float) -> float:
    """delta(eps) = E_{O ~ A(D)}[max(0, 1 - e^(eps - L(O)))], by direct numerical integration.

    Continuous noise: scipy.integrate.quad of p_D(O) max(0, 1 - e^(eps - L(O))) over the real
    line, split at f(D), f(D') and where L(O) = eps (the integrand's kink). Discrete outputs:
    the same expectation as a sum over the pmf. The smallest delta for which this mechanism on
    this pair is (eps, delta)-DP (by symmetry of the noise, the other direction gives the same).
    Reference: seed 003; Balle & Wang 2018, Thm 5 (delta as a hockey-stick divergence).
    """
    eps = check_epsilon(epsilon, allow_zero=True)
    if model.discrete:
        return float(delta_curve(privacy_loss_distribution(model), eps))

    noise, centre_d, centre_dp = model.noise, model.centre_d, model.centre_d_prime
    assert noise is not None

    def integrand(o: float) -> float:
        # p_D(O) * max(0, 1 - e^(eps - L(O))), with L(O) = ln p_D(O) - ln p_D'(O) as in
        # AdditiveNoise.privacy_loss (called on the log densities directly: quad calls this often).
        log_d = float(noise.log_pdf(o - centre_d))
        loss = log_d - float(noise.log_pdf(o - centre_dp))
        return math.exp(log_d) * -math.expm1(min(0.0, eps - loss))

    cuts = sorted({model.centre_d, model.centre_d_prime, *_loss_crossings(model, eps)})
    options = {"epsabs": 1e-14, "epsrel": 1e-12, "limit": 200}
    total = integrate.quad(integrand, -np.inf, cuts[0], **options)[0]
    for a, b in zip(cuts[:-1], cuts[1:]):
        total += integrate.quad(integrand, a, b, **options)[0]
    total += integrate.quad(integrand, cuts[-1], np.inf, **options)[0]
    return float(min(total, 1.0)) if total > 0 else 0.0


def gaussian_delta_analytic(
    epsilons: float | np.ndarray, sigma: float, sensitivity: float = 1.0
) -> np.ndarray:
    """delta(eps) = Phi(Delta/(2 sigma) - eps sigma/Delta) - e^eps Phi(-Delta/(2 sigma) - eps sigma/Delta).

    The second term is evaluated as exp(eps + ln Phi(.)) so it stays finite for large eps.
    Reference: Balle & Wang 2018, Thm 8.
    """
    eps = _epsilons(epsilons)
    a = sensitivity / (2 * sigma)
    b = eps * sigma / sensitivity
    return np.clip(special.ndtr(a - b) - np.exp(eps + special.log_ndtr(-a - b)), 0.0, 1.0) + 0.0


def laplace_delta_analytic(epsilons: float | np.ndarray, scale: float, sensitivity: float = 1.0) -> np.ndarray:
    """delta(eps) = max(0, 1 - e^((eps - eps0) / 2)) with eps0 = Delta / b, for Laplace noise.

    Derivation: with f(D) - f(D') = Delta, L(O) = eps0 for O >= f(D) (mass 1/2 under D), -eps0
    for O <= f(D'), and (2 O - f(D) - f(D')) / b in between; integrating
    p_D(O) (1 - e^(eps - L(O))) over {L > eps} gives 1 - e^((eps - eps0) / 2) for eps < eps0.
    """
    eps = _epsilons(epsilons)
    eps0 = sensitivity / scale
    return np.clip(-np.expm1((eps - eps0) / 2), 0.0, 1.0) + 0.0  # + 0.0: no -0.0


def dp_accounting_delta(model: AttackModel, epsilons: float | np.ndarray) -> np.ndarray | None:
    """delta(eps) from Google's dp-accounting (its privacy-loss classes), or None for randomized response.

    An independent reference: LaplacePrivacyLoss(b, Delta), GaussianPrivacyLoss(sigma, Delta),
    DiscreteLaplacePrivacyLoss(1 / t, Delta).get_delta_for_epsilon.
    """
    eps = _epsilons(epsilons)
    noise = model.noise
    if noise is None:
        return None
    sens = model.pair.sensitivity
    if noise.kind == "laplace":
        loss = plm.LaplacePrivacyLoss(noise.scale, sensitivity=sens)
    elif noise.kind == "gaussian":
        loss = plm.GaussianPrivacyLoss(noise.scale, sensitivity=sens, log_mass_truncation_bound=-80)
    else:
        loss = plm.DiscreteLaplacePrivacyLoss(1.0 / noise.scale, sensitivity=int(round(sens)))
    return np.asarray(loss.get_delta_for_epsilon(eps.tolist() if eps.ndim else float(eps)), dtype=float)


def randomized_response_delta_analytic(epsilons: float | np.ndarray, epsilon: float) -> np.ndarray:
    """delta(eps') = max(0, p - e^eps' (1 - p)) for randomized response with p = e^eps / (1 + e^eps).

    Its privacy loss is +eps (answer "yes", probability p under D) or -eps, so only "yes" counts.
    """
    e = _epsilons(epsilons)
    p = rr_truth_probability(epsilon)
    q = float(special.expit(-check_epsilon(epsilon)))
    return np.clip(p - np.exp(e) * q, 0.0, 1.0) + 0.0


@dataclass(frozen=True)
class DeltaCurves:
    """delta(eps) along a grid of eps by three routes, and how far they disagree."""

    epsilons: np.ndarray
    numeric: np.ndarray  # from the privacy-loss cells (the vectorised sum / integral)
    delta_one: np.ndarray  # P[L > eps]
    analytic: np.ndarray | None  # closed form (Gaussian, Laplace, randomized response)
    accounting: np.ndarray | None  # Google's dp-accounting (additive noise)
    largest_gap: float  # max |numeric - reference| over the grid and the references present


def delta_curves(model: AttackModel, pld: PrivacyLossDistribution, epsilons: np.ndarray) -> DeltaCurves:
    """The whole delta(eps) curve, checked against the closed form and dp-accounting."""
    eps = _epsilons(epsilons)
    numeric = delta_curve(pld, eps)
    analytic = None
    if model.noise is None:
        analytic = randomized_response_delta_analytic(eps, model.epsilon)
    elif model.noise.kind == "gaussian":
        analytic = gaussian_delta_analytic(eps, model.noise.scale, model.pair.sensitivity)
    elif model.noise.kind == "laplace":
        analytic = laplace_delta_analytic(eps, model.noise.scale, model.pair.sensitivity)
    accounting = dp_accounting_delta(model, eps)
    gaps = [np.max(np.abs(numeric - ref)) for ref in (analytic, accounting) if ref is not None]
    return DeltaCurves(eps, numeric, delta_one_curve(pld, eps), analytic, accounting, float(max(gaps, default=0.0)))


@dataclass(frozen=True)
class BandLeak:
    """Where, and how often, the exact posterior leaves the pure-eps band.

    The posterior leaves the band exactly when |L(O)| > eps. `mass_d` = P_D[|L(O)| > eps] (the
    "delta_1" reading); `delta_excess` = P_D[L > eps] - e^eps P_D'[L > eps] = delta(eps), the part
    (eps, delta)-DP actually charges to delta. Pure-DP mechanisms have no such outputs.
    """

    above: float | None  # outputs beyond this push the posterior above the band (None: none do)
    below: float | None  # outputs beyond this push it below the band
    mass_d: float
    mass_d_prime: float
    delta_one: float
    delta_excess: float


def _region_mass(model: AttackModel, centre: float, start: float, end: float) -> float:
    noise = model.noise
    assert noise is not None
    return float(_noise_mass(noise, np.array(start - centre), np.array(end - centre)))


def band_leak(model: AttackModel, pld: PrivacyLossDistribution | None = None) -> BandLeak:
    """The outputs whose posterior leaves the pure-eps band and the probability they carry.

    For noise whose privacy loss crosses +-eps (the Gaussian), the crossing outputs are found by
    root-finding on L(O) and the masses are exact (the noise's cdf beyond them). Otherwise the
    cells of the privacy-loss distribution are counted (none lie outside for pure-DP mechanisms).
    """
    eps = model.epsilon
    continuous = not model.discrete
    up_roots = _loss_crossings(model, eps) if continuous else []
    down_roots = _loss_crossings(model, -eps) if continuous else []
    if up_roots or down_roots:
        rising = model.centre_d > model.centre_d_prime  # L(O) grows with O
        up = up_roots[0] if up_roots else None
        down = down_roots[0] if down_roots else None

        def beyond(point: float | None, upward: bool, centre: float) -> float:
            if point is None:
                return 0.0
            return _region_mass(model, centre, point, np.inf) if upward else _region_mass(model, centre, -np.inf, point)

        cd, cdp = model.centre_d, model.centre_d_prime
        delta_one = beyond(up, rising, cd)
        above_dp = beyond(up, rising, cdp)
        mass_d = delta_one + beyond(down, not rising, cd)
        mass_dp = above_dp + beyond(down, not rising, cdp)
        excess = max(0.0, delta_one - math.exp(eps) * above_dp)
        return BandLeak(up, down, mass_d, mass_dp, delta_one, excess)
    dist = pld if pld is not None else privacy_loss_distribution(model)
    tol = 1e-9 * max(1.0, eps)
    above = dist.loss > eps + tol
    outside = above | (dist.loss < -eps - tol)
    delta_one = float(dist.mass_d[above].sum())
    excess = max(0.0, delta_one - math.exp(eps) * float(dist.mass_d_prime[above].sum()))
    return BandLeak(
        None, None, float(dist.mass_d[outside].sum()), float(dist.mass_d_prime[outside].sum()), delta_one, excess
    )


@dataclass(frozen=True)
class LossHistogram:
    """The distribution of L(O) for O ~ A(D), binned: P[L in [edges[i], edges[i+1])]."""

    edges: np.ndarray
    mass: np.ndarray


def loss_histogram(pld: PrivacyLossDistribution, bins: int = 60, tail: float = 1e-6) -> LossHistogram:
    """Bin the privacy loss under D between its `tail` and 1 - `tail` quantiles.

    The rare losses beyond fall into the two edge bins, so the bins cover where the mass is (a
    Gaussian's far tails would otherwise stretch the range); atoms such as Laplace's +-eps0 are
    always inside.
    """
    n = check_count("The number of bins", bins, minimum=1, maximum=2_000)
    finite = np.isfinite(pld.loss)
    loss, mass = pld.loss[finite][::-1], pld.mass_d[finite][::-1]  # ascending loss
    cum = np.cumsum(mass) / mass.sum()
    lo = float(loss[min(np.searchsorted(cum, tail), loss.size - 1)])
    hi = float(loss[min(np.searchsorted(cum, 1 - tail), loss.size - 1)])
    if hi - lo < 1e-12:
        lo, hi = lo - 0.5, hi + 0.5
    mass_sum, edges = np.histogram(np.clip(loss, lo, hi), bins=n, range=(lo, hi), weights=mass)
    return LossHistogram(edges, mass_sum)


@dataclass(frozen=True)
class DeltaArea:
    """The seed's picture of delta: outputs ranked by privacy loss, largest first.

    x = u, the probability under D of the outputs with a larger loss; y = 1 - e^(eps - L).
    delta is the area under the positive part of y; delta_1 is the width where y > 0 (the
    rectangle of height 1 and width delta_1, which holds the shaded area).
    """

    u: np.ndarray
    y: np.ndarray
    delta: float
    delta_one: float


def delta_area(pld: PrivacyLossDistribution, epsilon: float, points: int = 600) -> DeltaArea:
    """Points of the curve u -> 1 - e^(eps - L(u)) for the delta picture (downsampled)."""
    eps = check_epsilon(epsilon, allow_zero=True)
    cum = pld.cum_d
    delta = float(delta_curve(pld, eps))
    delta_one = float(delta_one_curve(pld, eps))
    reach = min(1.0, 3.0 * delta_one) if delta_one > 0 else 0.05
    # Keep a step curve: one point at the start and the end of each cell, downsampled by u.
    starts = cum - pld.mass_d
    u = np.column_stack((starts, cum)).ravel()
    with np.errstate(over="ignore"):
        y = np.repeat(-np.expm1(np.clip(eps - pld.loss, -700, 700)), 2)
    keep = u <= reach
    u, y = u[keep], y[keep]
    if u.size > 2 * points:
        idx = np.unique(np.searchsorted(u, np.linspace(0, u[-1], points)))
        u, y = u[idx], y[idx]
    return DeltaArea(u, np.maximum(y, -1.0), delta, delta_one)


# ---------------------------------------------------------------------------------------------
# 6. Hypothesis testing: the likelihood-ratio test's ROC and the DP region
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class RocCurve:
    """ROC of "guess D when L(O) > threshold" (randomising at ties), from (0, 0) to (1, 1).

    tpr = P_D[guess D], fpr = P_D'[guess D]. max_advantage = max(tpr - fpr), the total-variation
    distance between A(D) and A(D'), reached at the threshold 0.
    """

    fpr: np.ndarray
    tpr: np.ndarray
    max_advantage: float
    best_fpr: float
    best_tpr: float


def roc_curve(pld: PrivacyLossDistribution, points: int = 600) -> RocCurve:
    """The likelihood-ratio test's ROC: by Neyman-Pearson no test between D and D' does better."""
    fpr = np.concatenate(([0.0], pld.cum_d_prime))
    tpr = np.concatenate(([0.0], pld.cum_d))
    fpr, tpr = fpr / fpr[-1], tpr / tpr[-1]
    gain = tpr - fpr
    best = int(np.argmax(gain))
    best_fpr, best_tpr = float(fpr[best]), float(tpr[best])
    if fpr.size > points:
        # Keep exact vertices, spread evenly along the curve and densely near (0, 0).
        s = fpr + tpr
        levels = np.concatenate((np.linspace(0, 2, points), np.geomspace(1e-9, 2, points // 3)))
        picks = np.searchsorted(s, levels).clip(0, s.size - 1)
        idx = np.unique(np.concatenate(([0, best, s.size - 1], picks)))
        fpr, tpr = fpr[idx], tpr[idx]
    return RocCurve(fpr, tpr, float(gain[best]), best_fpr, best_tpr)


def dp_roc_region(epsilon: float, delta: float, fpr: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Highest and lowest TPR any (eps, delta)-DP mechanism allows at each FPR.

    From FPR + e^eps FNR >= 1 - delta and e^eps FPR + FNR >= 1 - delta (FNR = 1 - TPR):
    TPR <= min(1, e^eps FPR + delta, 1 - e^-eps (1 - delta - FPR)), and symmetrically
    TPR >= max(0, e^-eps (FPR - delta), 1 - delta - e^eps (1 - FPR)).
    Reference: Kairouz, Oh & Viswanath 2015, Thm 2.1; Wasserman & Zhou 2010.
    """
    eps = check_epsilon(epsilon, allow_zero=True)
    d = check_delta(delta)
    a = np.clip(np.asarray(fpr, dtype=float), 0.0, 1.0)
    e = math.exp(min(eps, 700.0))
    upper = np.minimum.reduce([np.ones_like(a), e * a + d, 1 - (1 - d - a) / e])
    lower = np.maximum.reduce([np.zeros_like(a), (a - d) / e, 1 - d - e * (1 - a)])
    return np.clip(upper, 0, 1), np.clip(lower, 0, 1)


def advantage_bound(epsilon: float, delta: float = 0.0) -> float:
    """The largest TPR - FPR any (eps, delta)-DP mechanism allows: (e^eps - 1 + 2 delta) / (e^eps + 1)."""
    eps = check_epsilon(epsilon, allow_zero=True)
    d = check_delta(delta)
    return float(min(1.0, (-math.expm1(-eps) + 2 * d * math.exp(-eps)) / (1 + math.exp(-eps))))


def accuracy_ceiling(epsilon: float, delta: float = 0.0) -> float:
    """Best guessing accuracy against (eps, delta)-DP with a fair coin: (e^eps + delta) / (e^eps + 1).

    delta = 0 gives the pure-DP ceiling e^eps / (1 + e^eps) = (1 + advantage_bound) / 2.
    """
    return 0.5 * (1.0 + advantage_bound(epsilon, delta))


# ---------------------------------------------------------------------------------------------
# 7. The guessing game
# ---------------------------------------------------------------------------------------------


def wilson_interval(successes: np.ndarray | int, trials: np.ndarray | int, z: float = 1.959963984540054) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for a proportion (95% by default), vectorised.

    centre = (k + z^2/2) / (n + z^2), half-width = z sqrt(k (n - k) / n + z^2 / 4) / (n + z^2).
    Reference: Wilson (1927); Brown, Cai & DasGupta (2001).
    """
    k = np.asarray(successes, dtype=float)
    n = np.asarray(trials, dtype=float)
    if np.any(n <= 0) or np.any(k < 0) or np.any(k > n):
        raise ValueError("Need at least one trial and between 0 and that many successes.")
    z2 = z * z
    centre = (k + z2 / 2) / (n + z2)
    half = z * np.sqrt(k * (n - k) / n + z2 / 4) / (n + z2)
    return np.clip(centre - half, 0, 1), np.clip(centre + half, 0, 1)


@dataclass(frozen=True)
class GameResult:
    """N rounds: a fair coin picks D or D', the mechanism answers, the Bayes attacker guesses."""

    rounds: int
    correct: int
    accuracy: float
    ci_low: float  # 95% Wilson interval for the attacker's true accuracy
    ci_high: float
    expected_accuracy: float  # exact: (1 + TV(A(D), A(D'))) / 2
    ceiling: float  # (e^eps + delta) / (e^eps + 1); pure DP: e^eps / (1 + e^eps)
    checkpoints: np.ndarray  # round numbers (1-based) where the running accuracy is reported
    running_accuracy: np.ndarray
    running_low: np.ndarray
    running_high: np.ndarray


def play_game(
    model: AttackModel,
    rounds: int,
    rng: np.random.Generator,
    pld: PrivacyLossDistribution | None = None,
    checkpoints: int = 300,
) -> GameResult:
    """Play `rounds` rounds at once (vectorised): coins, outputs, guesses, running accuracy.

    The attacker guesses D when L(O) > 0, D' when L(O) < 0, and flips a coin at L(O) = 0: with
    prior 1/2 that is the Bayes-optimal (maximum-posterior) guess. Simulation with numpy.
    """
    n = check_count("The number of rounds", rounds, minimum=1, maximum=MAX_GAME_ROUNDS)
    on_d = rng.random(n) < 0.5
    outputs = model.sample(rng, on_d)
    tie_break = rng.random(n) < 0.5
    loss = model.privacy_loss(outputs)
    guess_d = np.where(loss == 0, tie_break, loss > 0)
    correct = np.cumsum(guess_d == on_d)
    marks = np.unique(np.geomspace(1, n, num=min(checkpoints, n)).round().astype(np.int64))
    hits = correct[marks - 1]
    low, high = wilson_interval(hits, marks)
    total = int(correct[-1])
    ci_low, ci_high = wilson_interval(total, n)
    dist = pld if pld is not None else privacy_loss_distribution(model)
    return GameResult(
        rounds=n,
        correct=total,
        accuracy=total / n,
        ci_low=float(ci_low),
        ci_high=float(ci_high),
        expected_accuracy=0.5 * (1.0 + float(roc_curve(dist).max_advantage)),
        ceiling=accuracy_ceiling(model.epsilon, model.delta),
        checkpoints=marks,
        running_accuracy=hits / marks,
        running_low=low,
        running_high=high,
    )


def draw_output(model: AttackModel, rng: np.random.Generator) -> float:
    """One output of the mechanism run on D (the real dataset). Simulation with numpy."""
    return float(model.sample(rng, np.array([True]))[0])


__all__ = [
    "ATTACK_KINDS", "AttackModel", "BandCurves", "BandLeak", "CountPair", "DeltaArea", "DeltaCurves",
    "GameResult", "LossHistogram", "OutputAxis", "OutputReading", "PrivacyLossDistribution", "RocCurve",
    "accuracy_ceiling", "advantage_bound", "attack_model", "band_curves", "band_leak",
    "count_with_and_without", "delta_area", "delta_curve", "delta_curves", "delta_for_epsilon",
    "delta_one_curve", "dp_accounting_delta", "dp_roc_region", "draw_output", "exact_posterior",
    "gaussian_delta_analytic", "laplace_delta_analytic", "loss_histogram", "neighbour_count_pair",
    "odds_factor", "output_axis", "play_game", "posterior_bounds", "posterior_from_likelihoods",
    "posterior_from_loss", "privacy_loss_distribution", "randomized_response_delta_analytic", "read_output",
    "roc_curve", "wilson_interval",
]
