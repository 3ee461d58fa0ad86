"""Releases a user can download: noise drawn by OpenDP's vetted samplers, not numpy.

numpy's floating-point Laplace and Gaussian samplers are fine to *show* how noise behaves, but a
real release drawn with them can leak through the pattern of floating-point values (Mironov 2012).
OpenDP samples exactly. The calibration (scale) still comes from dpcore.mechanisms.
Reference: OpenDP 0.16 `make_laplace` and `make_gaussian`.
"""

from __future__ import annotations

import numpy as np

from dpcore.mechanisms import AdditiveNoise


def release_counts(counts: np.ndarray, mechanism: AdditiveNoise) -> np.ndarray:
    """Noisy counts drawn by OpenDP with the mechanism's scale (whole numbers for discrete Laplace).

    OpenDP draws from the operating system's entropy, so a release is not reproducible from
    the app's seed: that is the point of a release.
    """
    import opendp.prelude as dp  # imported on a release only: it costs a page's cold open ~0.4 s

    dp.enable_features("contrib")
    values = np.asarray(counts)
    if mechanism.kind == "discrete_laplace":
        space = dp.vector_domain(dp.atom_domain(T=int)), dp.l1_distance(T=int)
        meas = dp.m.make_laplace(*space, scale=mechanism.scale)
        return np.asarray(meas([int(v) for v in values]), dtype=np.int64)
    domain = dp.vector_domain(dp.atom_domain(T=float, nan=False))
    if mechanism.kind == "laplace":
        meas = dp.m.make_laplace(domain, dp.l1_distance(T=float), scale=mechanism.scale)
    else:
        meas = dp.m.make_gaussian(domain, dp.l2_distance(T=float), scale=mechanism.scale)
    return np.asarray(meas([float(v) for v in values]), dtype=float)
