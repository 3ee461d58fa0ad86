"""Drawing records from a tree-shaped graphical model (the model MST fits) with a seeded Generator.

A distribution that factorises over a tree of pairs (Chow & Liu 1968; MST's model, McKenna et
al. 2021) is sampled exactly column by column: the root from its one-way marginal, every other
column from its conditional given its parent, P(child | parent) = P(parent, child) / P(parent).
This is what mbi's `synthetic_data(method="sample")` draws (i.i.d. records from the model), with
the caller's numpy Generator instead of numpy's global random state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np


def _tree_order(columns: Sequence[str], cliques: Sequence[tuple[str, ...]]) -> list[tuple[str, str | None]]:
    """(column, parent) in an order where every parent comes first; roots have parent None."""
    neighbours: dict[str, list[str]] = {c: [] for c in columns}
    for clique in cliques:
        if len(clique) == 2:
            a, b = clique
            neighbours[a].append(b)
            neighbours[b].append(a)
        elif len(clique) > 2:
            raise RuntimeError(f"MST model has a clique of {len(clique)} columns; expected pairs")
    order: list[tuple[str, str | None]] = []
    seen: set[str] = set()
    for root in columns:
        if root in seen:
            continue
        seen.add(root)
        stack = [(root, None)]
        while stack:
            col, parent = stack.pop()
            order.append((col, parent))
            for nb in neighbours[col]:
                if nb == parent:
                    continue
                if nb in seen:
                    raise RuntimeError("MST model is not a tree")
                seen.add(nb)
                stack.append((nb, col))
    return order


def _draw_categories(probabilities: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One category per row of `probabilities` (rows x categories), by inverse CDF."""
    cdf = np.cumsum(probabilities, axis=1)
    cdf /= cdf[:, -1:]
    u = rng.random(probabilities.shape[0])
    return np.minimum((u[:, None] > cdf).sum(axis=1), probabilities.shape[1] - 1)


def sample_tree_model(model: Any, columns: Sequence[str], rows: int, rng: np.random.Generator) -> np.ndarray:
    """`rows` i.i.d. records (codes, OpenDP's null key included) from a tree-shaped mbi model."""
    order = _tree_order(columns, [tuple(c) for c in model.cliques])
    out: dict[str, np.ndarray] = {}
    for col, parent in order:
        if parent is None:
            p = np.clip(np.asarray(model.project((col,)).values, dtype=float), 0, None)
            out[col] = _draw_categories(np.broadcast_to(p, (rows, p.size)), rng)
        else:
            joint = np.clip(np.asarray(model.project((parent, col)).values, dtype=float), 0, None)
            joint = joint + 1e-300  # a parent value with no mass: uniform child
            out[col] = _draw_categories(joint[out[parent]], rng)
    return np.column_stack([out[c] for c in columns]).astype(np.int64)
