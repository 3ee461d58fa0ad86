"""Machine learning with differential privacy (issue 35): DP-SGD on a table, accounted and trained.

- `accounting`: epsilon of DP-SGD's steps by the RDP (moments) and PLD accountants, noise for a target.
- `features`: a table as a design matrix on declared categories and public bounds, and a 0/1 label.
- `models`: logistic regression and a one-hidden-layer network in jax, per-example loss.
- `dpsgd`: Poisson batches, per-example clipping, Gaussian noise; training and a grid over epsilon.

Importing this package imports nothing heavy; jax is imported by `models` and `dpsgd`.
"""
