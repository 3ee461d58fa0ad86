"""How many people a frequency needs for a given accuracy, in the central and the local model.

"Each share within ±a with probability `confidence`":
- central (the histogram page's release: a count + Laplace(1/eps), one person touches one count,
  divided by n): P(|Lap(1/eps)| <= a n) = 1 - exp(-a n eps), so n >= ln(1 / (1 - confidence)) / (a eps);
- local (a frequency oracle, unbiased, variance V / n with V from the survey's Table 2; the
  estimate is a sum of n independent reports, so nearly normal): n >= z^2 V / a^2 with z the
  two-sided normal quantile (1.96 at 95%).
The local n grows like 1/a^2, the central like 1/a: the O(sqrt n) gap of the course (section 6.4).
"""

from __future__ import annotations

import math
from statistics import NormalDist

from dpcore.errors import DPError
from dpcore.ldp.oracles import theoretical_variance
from dpcore.mechanisms import calibrate
from dpcore.validation import check_epsilon, check_probability


def _check_accuracy(accuracy: float) -> float:
    a = float(accuracy)
    if not 0 < a < 1 or math.isnan(a):
        raise DPError("share_accuracy", accuracy=a)
    return a


def users_needed_central(epsilon: float, accuracy: float, confidence: float = 0.95) -> int:
    """Fewest people for one share of a Laplace histogram to fall within ±accuracy with `confidence`:
    the count's noise stays within its (1 - confidence) accuracy, which must be at most accuracy · n."""
    a = _check_accuracy(accuracy)
    level = check_probability("The confidence level", confidence, open_interval=True)
    return math.ceil(calibrate("laplace", check_epsilon(epsilon)).accuracy(1 - level) / a)


def users_needed_local(oracle: str, epsilon: float, d: int, accuracy: float, confidence: float = 0.95) -> int:
    """Fewest users for one share of `oracle` to fall within ±accuracy with `confidence` (normal approximation)."""
    a = _check_accuracy(accuracy)
    level = check_probability("The confidence level", confidence, open_interval=True)
    z = NormalDist().inv_cdf(0.5 + level / 2)
    per_user = theoretical_variance(oracle, epsilon, d, 1)
    return math.ceil(z * z * per_user / (a * a))
