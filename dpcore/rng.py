"""Reproducible random streams: one seed from the user, an independent Generator per purpose."""

from __future__ import annotations

import zlib

import numpy as np

from dpcore.limits import SEED_MAX
from dpcore.validation import check_count


def make_rng(seed: int, stream: str) -> np.random.Generator:
    """A Generator fixed by (seed, stream): the same seed gives the same picture on any machine,
    and two streams (say the noise on D and the noise on D') never share draws."""
    s = check_count("Seed", seed, minimum=0, maximum=SEED_MAX)
    return np.random.default_rng([s, zlib.crc32(stream.encode("utf-8"))])
