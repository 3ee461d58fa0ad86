"""Local differential privacy: every person randomizes their own report; nobody trusts the collector.

- `randomized_response`: the course's binary randomized response and its k-ary form (GRR) on a column.
"""
