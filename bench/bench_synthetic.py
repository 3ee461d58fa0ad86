"""MST synthetic data on Adult: fit and sample time, and two-way marginal error against baselines.

Issue 13's targets: the fast default (a few chosen columns) under 10 s; MST's mean two-way
marginal total variation distance better than independent marginals (about 0.04 against 0.08 at
epsilon 1), with a random half of the real data as the noise floor. data/adult.csv is Private-PGM's
discretised UCI Adult (data/ADULT.md); its domain is declared in dpcore.catalog, not read from the rows.
Prints figures, asserts nothing. OpenDP's noise comes from OS entropy, so figures vary per run.
"mbi sample" / "mbi round" rows: the same fitted model sampled by mbi's own samplers (the round
trap of LIBRARIES.md), next to ours (dpcore draws i.i.d. from the model with a seeded Generator).
Run: .venv/bin/python -m bench.bench_synthetic [--skip-full] [--delta 1e-9]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np
import pandas as pd

from dpcore.catalog import ADULT_SIZES
from dpcore.rng import make_rng
from dpcore.synthetic import (
    counting_workload,
    encode,
    half_sample,
    independent_baseline,
    marginal_errors,
    mst_synthesize,
    sizes_of,
    workload_error,
)

ROOT = Path(__file__).resolve().parents[1]
FAST_COLUMNS = ("age", "education-num", "marital-status", "sex", "income>50K")


def adult() -> tuple[pd.DataFrame, dict[str, tuple[str, ...]]]:
    frame = pd.read_csv(ROOT / "data" / "adult.csv")
    domains = {c: tuple(str(i) for i in range(k)) for c, k in ADULT_SIZES.items()}  # every code a category
    return frame, domains


def _mbi_codes(res, method: str) -> np.ndarray:
    """mbi's own sampler through OpenDP (global numpy RNG; bench only), rows with a null key dropped."""
    out = res.contingency_table.synthesize(rows=len(res.codes), method=method).drop_nulls()
    return out.select([d.column for d in res.domains]).to_numpy().astype(np.int64)


def run(frame: pd.DataFrame, domains: dict, columns: tuple[str, ...] | None, epsilon: float, delta: float,
        iters: int, label: str, compare_mbi: bool = False) -> None:
    t0 = time.perf_counter()
    res = mst_synthesize(frame, domains, epsilon, delta, len(frame), make_rng(1, "mst"), columns=columns, iters=iters)
    total = time.perf_counter() - t0
    sizes = sizes_of(res.domains)
    real = encode(frame, res.domains)
    rng = make_rng(1, "baselines")
    indep = independent_baseline(real, sizes, epsilon, len(frame), rng)
    half = half_sample(real, rng)
    workload = counting_workload(sizes, 200, 2, make_rng(1, "workload"))
    e_mst, e_ind, e_half = (marginal_errors(real, x, sizes) for x in (res.codes, indep, half))
    print(f"\n[{label}] {len(sizes)} columns, {len(frame):,} rows, epsilon {epsilon:g}, delta {delta:g}, iters {iters}")
    print(f"  fit {res.fit_seconds:.1f} s, sample {res.sample_seconds:.2f} s, total {total:.1f} s, "
          f"attempts {res.attempts}, epsilon spent {res.epsilon_spent:.12g}, null draws rejected {res.rejected_rows}")
    print(f"  measured pairs: {', '.join('-'.join(c) for c in res.cliques)}")
    print("  mean TVD      one-way   two-way   max two-way   workload |share err| (200 2-way conj.)")
    rows = [("MST", e_mst, res.codes), ("independent", e_ind, indep), ("half sample", e_half, half)]
    if compare_mbi:
        for method in ("sample", "round"):
            x = _mbi_codes(res, method)
            rows.append((f"mbi {method}", marginal_errors(real, x, sizes), x))
    for name, e, x in rows:
        print(f"  {name:12s}  {e.mean_one_way:.4f}    {e.mean_two_way:.4f}    {max(e.two_way.values()):.4f}"
              f"        {workload_error(real, x, workload):.5f}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--skip-full", action="store_true")
    parser.add_argument("--epsilon", type=float, default=1.0)
    parser.add_argument("--delta", type=float, default=0.0)
    args = parser.parse_args()
    frame, domains = adult()
    run(frame, domains, FAST_COLUMNS, args.epsilon, args.delta, 1000, "fast default, cold (JAX compiles)")
    run(frame, domains, FAST_COLUMNS, args.epsilon, args.delta, 1000, "fast default, warm")
    if not args.skip_full:
        run(frame, domains, None, args.epsilon, args.delta, 1000, "all columns", compare_mbi=True)


if __name__ == "__main__":
    main()
