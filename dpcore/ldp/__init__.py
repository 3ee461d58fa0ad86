"""Local differential privacy: every person randomizes their own report; nobody trusts the collector.

- `randomized_response`: the course's binary randomized response and its k-ary form (GRR) on a column.
- `oracles`: the survey's frequency oracles (GRR, SUE, OUE, BLH, OLH, HRR, k-subset), vectorised;
  `hashing` holds their hash family, `poisoning` fake users, `postprocess` consistent estimates.
- `rappor`: Google's RAPPOR (Bloom filter, permanent and instantaneous randomized response, decoding).
- `shuffle`: the shuffle model's amplification bound (Feldman, McMillan and Talwar).
- `sample_size`: how many people a share needs for ±a, central against local.

The issue's interface for tests and benchmarks is re-exported here.
"""

from dpcore.ldp.oracles import estimate_frequencies
from dpcore.ldp.shuffle import shuffle_epsilon

__all__ = ["estimate_frequencies", "shuffle_epsilon"]
