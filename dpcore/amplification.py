"""Privacy amplification by subsampling: a plan run on a secret random sample of a population.

If every person of the population enters the data independently with probability q (Poisson
sampling) and nobody outside learns who did, a release that is (epsilon, delta)-DP on the sample is
(epsilon', delta')-DP towards the population, with
    epsilon' = ln(1 + q (e^epsilon - 1)),   delta' = q delta
(Li, Qardaji & Su 2012; Balle, Barthe & Gaboardi 2018, Thm 8, for Poisson sampling and the
add/remove relation). It holds for any mechanism, so it applies to a whole plan's total; for a
single Laplace or Gaussian statistic dp-accounting's subsampled privacy loss distribution is the
tight figure (`tight_single`), which the tests hold this bound against.

It holds only while the sample stays secret: an attacker who knows the target is in the sample
faces the unamplified epsilon. It does not apply to a census, nor to a sample whose members are
listed or can be told from the data.
"""

from __future__ import annotations

import math
from typing import Any

from dpcore.errors import DPError
from dpcore.mechanisms import AdditiveNoise
from dpcore.validation import check_delta, check_epsilon


def check_rate(rate: Any) -> float:
    """A sampling rate q in (0, 1]."""
    if isinstance(rate, bool) or not isinstance(rate, (int, float)) or not 0 < rate <= 1:
        raise DPError("bad_sampling_rate", rate=rate)
    return float(rate)


def poisson_amplified(epsilon: float, delta: float, rate: float) -> tuple[float, float]:
    """(epsilon', delta') towards the population of an (epsilon, delta)-DP release on a Poisson
    sample at `rate`. Raises ValueError for epsilon <= 0, a delta outside [0, 1) or a rate outside (0, 1]."""
    eps, dlt, q = check_epsilon(epsilon), check_delta(delta), check_rate(rate)
    return math.log1p(q * math.expm1(eps)), q * dlt


def tight_single(noise: AdditiveNoise, rate: float, delta: float) -> float:
    """dp-accounting's epsilon at `delta` for one Laplace or Gaussian answer on a Poisson sample at
    `rate` (its subsampled privacy loss distribution, both directions of add/remove)."""
    from dp_accounting import pld

    q = check_rate(rate)
    if noise.kind == "laplace":
        loss = pld.privacy_loss_distribution.from_laplace_mechanism(
            noise.scale, sensitivity=noise.sensitivity, sampling_prob=q, value_discretization_interval=1e-4)
    elif noise.kind == "gaussian":
        loss = pld.privacy_loss_distribution.from_gaussian_mechanism(
            noise.scale, sensitivity=noise.sensitivity, sampling_prob=q, value_discretization_interval=1e-4)
    else:
        raise DPError("amplification_kind", kind=noise.kind)
    return float(loss.get_epsilon_for_delta(check_delta(delta)))
