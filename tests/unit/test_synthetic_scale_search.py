"""The solved noise scales that replace OpenDP's searches inside MST: the same scale as OpenDP's own
`binary_search_param` (to a millionth, never smaller), private by OpenDP's check, and a search
whenever the map has another shape."""

from __future__ import annotations

import math

import opendp.prelude as dp
import pandas as pd
import pytest

from dpcore.synthetic import scale_search

dp.enable_features("contrib")
FLOATS = dp.atom_domain(T=float, nan=False)
VECTOR = dp.vector_domain(dp.atom_domain(T=int))


def _laplace(s: float) -> dp.Measurement:  # pure epsilon = d_in / s
    return dp.m.make_laplace(FLOATS, dp.absolute_distance(T=float), scale=s)


def _gaussian(s: float) -> dp.Measurement:  # rho = d_in^2 / (2 s^2)
    return dp.m.make_gaussian(FLOATS, dp.absolute_distance(T=float), scale=s)


def _noisy_max(s: float) -> dp.Measurement:  # MST's selection: report noisy max
    return dp.m.make_noisy_max(VECTOR, dp.linf_distance(T=int), dp.max_divergence(), scale=s)


@pytest.mark.parametrize(("make", "d_in", "d_out"), [
    (_laplace, 1.0, 0.3), (_laplace, 2.0, 1e-4), (_gaussian, 1.0, 0.05), (_gaussian, 3.0, 2.0), (_noisy_max, 1, 0.45),
])
def test_solved_scale_matches_opendp_search(make, d_in, d_out) -> None:
    solved = scale_search.solved_scale(make, d_in, d_out)
    searched = dp.binary_search_param(make, d_in, d_out, T=float)
    assert solved is not None
    assert make(solved).check(d_in, d_out)  # private by OpenDP's own check
    assert searched <= solved <= searched * (1 + 2e-9)  # never less noise, at most a hair more


class _OtherShape:
    """A chain whose map is neither C / s nor C / s^2 (here e^(1/s)): the solver must give up."""

    def __init__(self, s: float) -> None:
        self.s = s

    def map(self, d_in: float) -> float:
        return math.exp(d_in / self.s)

    def check(self, d_in: float, d_out: float) -> bool:
        return self.map(d_in) <= d_out


def test_other_shapes_and_budgets_are_left_to_the_search() -> None:
    assert scale_search.solved_scale(_OtherShape, 1.0, 3.0) is None
    assert scale_search.solved_scale(_laplace, 1.0, (1.0, 1e-6)) is None  # an (epsilon, delta) pair
    assert scale_search.solved_scale(_laplace, 1.0, math.inf) is None


def test_install_wraps_opendp_once_and_falls_back() -> None:
    from opendp.extras.mbi import _mst, _table

    scale_search.install()
    first = _table.binary_search_param, _mst.binary_search_chain
    scale_search.install()
    assert (_table.binary_search_param, _mst.binary_search_chain) == first
    searched = dp.binary_search_param(_OtherShape, 1.0, 3.0, T=float)
    assert _table.binary_search_param(_OtherShape, 1.0, 3.0, T=float) == searched  # OpenDP's search ran
    chain = _mst.binary_search_chain(_laplace, 1.0, 0.3, T=float)
    assert chain.check(1.0, 0.3) and chain.map(1.0) == pytest.approx(0.3, rel=1e-8)


def test_the_first_fit_of_a_process_uses_the_solved_scales(monkeypatch: pytest.MonkeyPatch) -> None:
    """Building MST's query already searches its one-way marginals' scale: the solved scales must be
    installed before it (they were installed after, so each server's first fit bisected, ~10 s)."""
    import numpy as np
    import opendp.mod
    from opendp.extras.mbi import _mst, _table

    from dpcore.synthetic.mst import mst_synthesize

    monkeypatch.setattr(_table, "binary_search_param", opendp.mod.binary_search_param)  # as a fresh process
    monkeypatch.setattr(_mst, "binary_search_chain", opendp.mod.binary_search_chain)
    bisected = []
    search = opendp.mod.binary_search
    monkeypatch.setattr(opendp.mod, "binary_search", lambda *a, **k: bisected.append(k.get("T")) or search(*a, **k))
    rows = np.arange(200)
    frame = pd.DataFrame({"a": np.array(list("xyz"))[rows % 3], "b": np.array(list("uv"))[rows % 2]})
    mst_synthesize(frame, {"a": ("x", "y", "z"), "b": ("u", "v")}, 1.0, 0.0, 20, np.random.default_rng(0), iters=10)
    assert float not in bisected
