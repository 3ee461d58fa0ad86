"""Many-column DP synthetic data with MST, through OpenDP's wrapper of Private-PGM (opendp[mbi]).

MST (McKenna, Miklau & Sheldon, "Winning the NIST contest: a scalable and general approach to
differentially private synthetic data", JPC 2021, arXiv:2108.04978) measures every one-way
marginal, selects pairs of columns with the exponential mechanism so that they form a spanning
tree, measures those two-way marginals with noise, fits a graphical model to all the noisy
marginals (Private-PGM, McKenna et al. ICML 2019) and samples records from the model.

How this module uses OpenDP 0.16 (`dp.Context.query().contingency_table(algorithm=dp.mbi.MST())`):
- every column is coded on its declared bins (dpcore.synthetic.domains) and passed with keys for
  all columns, so no key is read from the data and delta can be 0 (pure epsilon, Laplace noise);
  with delta > 0 the budget is converted to zero-concentrated DP (rho) and the noise is Gaussian;
- OpenDP adds a null key to every key set. Our codes never hit it, but the model gives the null
  cells a little noisy mass, so records holding a null are rejected and drawn again: this is
  sampling from the model conditioned on the declared domain (post-processing, no privacy cost);
- OpenDP issue 2789: a fit can fail with "insufficient budget for query" by a rounding hair.
  Measured here: on Adult's 14 columns MST splits its selection budget into 13 equal parts with
  one ulp of slack (`prior(d / 13)`), and the 13 parts summed with upward rounding exceed the
  whole, for every epsilon tried (1, 0.999, 1 - 1e-9...), so nudging only the total never helps.
  So `prior` in `opendp.extras.mbi._mst` is wrapped (once, per thread, see `_shaved_mst_split`)
  to shave a relative hair more: 1e-9 on the first attempt (the total stays the whole budget),
  and on "insufficient budget for query" we retry with the total nudged down (x(1 - 1e-9),
  x(1 - 1e-6), x(1 - 1e-3)) and the same shave. A smaller budget per step only adds noise: never
  less private. The result reports the epsilon asked of OpenDP on the attempt that succeeded (an
  upper bound on what was spent);
- sampling: mbi 1.1's default `synthesize(method="round")` creates spurious correlations (fixed
  upstream in mbi PR 145), and its `method="sample"` draws from numpy's global random state. MST's
  model is a tree over the columns, so we draw i.i.d. records from it ourselves (root from its
  one-way marginal, each column from its conditional given its parent): the same distribution
  as `method="sample"`, with the caller's Generator.

What the seed fixes: the sampling of records from the fitted model. What it does not fix:
OpenDP draws the measurement noise (and the noisy selection of pairs) from the operating
system's entropy, as a real release must, so two runs with the same seed fit different models.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
import pandas as pd

from dpcore.errors import DPError
from dpcore.limits import MAX_MST_SAMPLING_ROUNDS, MAX_SYNTHETIC_ROWS
from dpcore.synthetic import scale_search
from dpcore.synthetic.domains import ColumnDomain, declared_domains, decode, encode
from dpcore.synthetic.sampling import sample_tree_model
from dpcore.validation import check_count, check_delta, check_epsilon

Progress = Callable[[float, str], None]
# Stages reported to `progress` (stable keys a page translates).
STAGES = ("prepare", "measure_oneway", "fit_oneway", "select_measure_pairs", "fit_model", "sample", "done")
# (factor on the total budget, extra relative slack in MST's internal split) per attempt. The
# first attempt keeps the whole budget and only leaves 1e-9 of MST's selection budget unused,
# which avoids the failure measured on Adult (a retry there cost a whole minute).
NUDGES = ((1.0, 1e-9), (1.0 - 1e-9, 1e-9), (1.0 - 1e-6, 1e-6), (1.0 - 1e-3, 1e-3))


@dataclass(frozen=True)
class SynthesisResult:
    """A synthetic table and how it was made."""

    table: pd.DataFrame  # declared labels, exactly `rows` rows
    codes: np.ndarray  # the same table as bin codes (rows x columns)
    domains: tuple[ColumnDomain, ...]
    cliques: tuple[tuple[str, str], ...]  # the pairs of columns MST measured
    epsilon: float  # requested
    delta: float
    epsilon_spent: float  # after any nudge (issue 2789)
    rho_spent: float | None  # zCDP budget when delta > 0
    attempts: int
    rejected_rows: int  # draws that landed on OpenDP's null key and were drawn again
    fit_seconds: float
    sample_seconds: float
    contingency_table: Any = None  # OpenDP's ContingencyTable: resample() draws more rows for free


def rho_from_epsilon_delta(epsilon: float, delta: float) -> float:
    """The largest rho whose zCDP implies (epsilon, delta)-DP by Bun & Steinke (2016, Prop. 1.3):
    epsilon = rho + 2 sqrt(rho ln(1/delta))."""
    log_term = math.log(1.0 / delta)
    rho = (math.sqrt(log_term + epsilon) - math.sqrt(log_term)) ** 2
    return rho * (1.0 - 1e-12)  # so that rounding never reports a spent epsilon above the request


def epsilon_from_rho(rho: float, delta: float) -> float:
    """(epsilon, delta) implied by rho-zCDP (Bun & Steinke 2016, Prop. 1.3)."""
    return rho + 2.0 * math.sqrt(rho * math.log(1.0 / delta))


def is_budget_rounding_error(exc: BaseException) -> bool:
    """True for OpenDP's "insufficient budget for query" (issue 2789)."""
    text = f"{getattr(exc, 'message', '') or ''} {exc}".lower()
    return "insufficient budget" in text


_SHAVE = threading.local()  # this thread's extra slack in MST's budget split (issue 2789)


def _install_shaved_prior() -> None:
    """Once per process: `prior` in opendp.extras.mbi._mst also shaves this thread's `_SHAVE`
    (relative; 0 unless inside `_shaved_mst_split`, and then OpenDP's own result exactly)."""
    from opendp.extras.mbi import _mst

    if getattr(_mst.prior, "dpcore_shaved", False):
        return
    original = _mst.prior

    def shaved(x: float) -> float:
        return original(x * (1.0 - getattr(_SHAVE, "value", 0.0)))

    shaved.dpcore_shaved = True  # type: ignore[attr-defined]
    _mst.prior = shaved


@contextmanager
def _shaved_mst_split(shave: float):
    """While active (in this thread), OpenDP's MST splits its budget with `shave` more slack."""
    _install_shaved_prior()
    previous = getattr(_SHAVE, "value", 0.0)
    _SHAVE.value = shave
    try:
        yield
    finally:
        _SHAVE.value = previous


def _fit_mst(codes: np.ndarray, doms: Sequence[ColumnDomain], loss: tuple[str, float],
             estimator: Callable[..., Any], shave: float = 0.0) -> Any:
    """One OpenDP MST release on the coded table; returns OpenDP's ContingencyTable."""
    import opendp.prelude as dp
    import polars as pl

    dp.enable_features("contrib")
    frame = pl.LazyFrame({d.column: codes[:, j] for j, d in enumerate(doms)}).with_columns(pl.all().cast(pl.Int64))
    kind, value = loss
    privacy_loss = dp.loss_of(epsilon=value) if kind == "epsilon" else dp.loss_of(rho=value)
    context = dp.Context.compositor(
        data=frame, privacy_unit=dp.unit_of(contributions=1), privacy_loss=privacy_loss, split_evenly_over=1,
    )
    keys = {d.column: list(range(d.size)) for d in doms}
    scale_search.install()  # before the query: building it already searches the one-way marginals' scale
    query = context.query().contingency_table(keys=keys, algorithm=dp.mbi.MST(estimator=estimator))
    with _shaved_mst_split(shave):
        return query.release()


def mst_synthesize(
    frame: pd.DataFrame,
    domains: Mapping[str, Any],
    epsilon: float,
    delta: float,
    rows: int,
    rng: np.random.Generator,
    columns: Sequence[str] | None = None,
    progress: Progress | None = None,
    iters: int = 1000,
) -> SynthesisResult:
    """An (epsilon, delta)-DP synthetic table of `rows` rows by MST on the declared domains.

    delta = 0: pure epsilon-DP (Laplace noise); delta > 0: rho-zCDP (Gaussian noise) with rho from
    (epsilon, delta). `iters` is Private-PGM's number of mirror-descent steps per fit (its default
    is 1000; fewer is faster and a little less accurate; it costs no privacy).
    """
    eps = check_epsilon(epsilon)
    dlt = check_delta(delta)
    n_rows = check_count("The number of synthetic rows", rows, minimum=1, maximum=MAX_SYNTHETIC_ROWS)
    n_iters = check_count("The number of fitting steps", iters, minimum=1, maximum=100_000)
    doms = declared_domains(list(frame.columns), domains, columns)
    shown = [0.0]

    def report(fraction: float, stage: str) -> None:  # never moves back, even on a retry
        shown[0] = max(shown[0], fraction)
        if progress is not None:
            progress(shown[0], stage)

    report(0.0, "prepare")
    codes = encode(frame, doms)

    fits = [0]

    def estimator(domain: Any, loss_fn: Any, *, potentials: Any = None) -> Any:
        from mbi.estimation import mirror_descent

        fits[0] += 1
        report(0.1 if fits[0] == 1 else 0.85, "fit_oneway" if fits[0] == 1 else "fit_model")
        model = mirror_descent(domain, loss_fn, potentials=potentials, iters=n_iters)
        report(0.2 if fits[0] == 1 else 0.97, "select_measure_pairs" if fits[0] == 1 else "sample")
        return model

    kind = "epsilon" if dlt == 0 else "rho"
    budget = eps if dlt == 0 else rho_from_epsilon_delta(eps, dlt)
    start = time.perf_counter()
    table = None
    attempts = 0
    spent = budget
    for factor, shave in NUDGES:
        attempts += 1
        spent = budget * factor
        fits[0] = 0
        report(0.02, "measure_oneway")
        try:
            table = _fit_mst(codes, doms, (kind, spent), estimator, shave)
            break
        except Exception as exc:  # OpenDPException; matched on its message only
            if not is_budget_rounding_error(exc):
                raise
    if table is None:
        raise DPError("synthetic_budget_rounding", epsilon=eps, attempts=len(NUDGES))
    fit_seconds = time.perf_counter() - start

    start = time.perf_counter()
    synth, rejected = _sample_declared(table.model, doms, n_rows, rng)
    sample_seconds = time.perf_counter() - start
    report(1.0, "done")

    cliques = tuple(tuple(c) for c in table.model.cliques if len(c) == 2)
    return SynthesisResult(
        table=decode(synth, doms),
        codes=synth,
        domains=doms,
        cliques=cliques,  # type: ignore[arg-type]
        epsilon=eps,
        delta=dlt,
        epsilon_spent=spent if dlt == 0 else epsilon_from_rho(spent, dlt),
        rho_spent=None if dlt == 0 else spent,
        attempts=attempts,
        rejected_rows=rejected,
        fit_seconds=fit_seconds,
        sample_seconds=sample_seconds,
        contingency_table=table,
    )


def _sample_declared(model: Any, doms: Sequence[ColumnDomain], rows: int, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """`rows` records from the model conditioned on the declared domain (draws holding OpenDP's
    null key, always its last code, are rejected and drawn again); also how many were rejected."""
    names = [d.column for d in doms]
    null_codes = np.array([d.size for d in doms])
    kept: list[np.ndarray] = []
    have = rejected = 0
    for _ in range(MAX_MST_SAMPLING_ROUNDS):
        missing = rows - have
        batch = sample_tree_model(model, names, missing + missing // 5 + 100, rng)
        ok = ~(batch >= null_codes).any(axis=1)
        rejected += int((~ok).sum())
        kept.append(batch[ok])
        have += int(ok.sum())
        if have >= rows:
            return np.concatenate(kept)[:rows], rejected
    raise DPError("synthetic_sampling_failed")


def resample(result: SynthesisResult, rows: int, rng: np.random.Generator) -> SynthesisResult:
    """More (or fewer) rows from the same fitted model: post-processing, no further privacy cost."""
    n_rows = check_count("The number of synthetic rows", rows, minimum=1, maximum=MAX_SYNTHETIC_ROWS)
    start = time.perf_counter()
    codes, rejected = _sample_declared(result.contingency_table.model, result.domains, n_rows, rng)
    return replace(result, table=decode(codes, result.domains), codes=codes, rejected_rows=rejected,
                   sample_seconds=time.perf_counter() - start)
