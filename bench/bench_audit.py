"""How long an audit of each mechanism takes (dpcore.audit_mechanisms), at 10^4, 10^5 and 10^6 draws per side,
what its estimators recover, and what one run with canaries costs.

Run: .venv/bin/python -m bench.bench_audit [--sizes 10000 100000 1000000] [--opendp-max 100000]
     [--mechanisms gaussian laplace] [--seeds 3] [--canaries 1000 100000 1000000]

Prints, per mechanism and size, the wall time of one `audit` (drawing on D and D', the threshold
search, the Clopper-Pearson bounds, Mironov's membership test where it applies, the Gaussian fit and
the ROC's bootstrap) with the Gaussian fit and the bootstrap timed apart on the same draws, the bound
and the verdict. Then the share of epsilon each estimator recovers on the same draws (Clopper-Pearson's
threshold test, the Gaussian fit at the promised delta; for a pure mechanism the fit's mu, and the
epsilon it would claim at delta 1e-5), over a few seeds; then one run with canaries per mechanism.
OpenDP's Laplace draws cost ~20 us each, so it is run only up to --opendp-max draws. Timings are
never asserted.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from dpcore.audit_gdp import gdp_epsilon, gdp_lower_bound
from dpcore.audit_mechanisms import MECHANISMS, _draw, audit, one_run
from dpcore.audit_roc import roc_summary


def _timed_parts(name: str, size: int, seed: int) -> tuple[float, float]:
    """Seconds of the Gaussian fit and of the ROC's bootstrap alone, on fresh draws of that size."""
    mech, rng = MECHANISMS[name], np.random.default_rng(seed)
    on_d, on_dp = _draw(mech, False, size, rng, lambda _: None), _draw(mech, True, size, rng, lambda _: None)
    start = time.perf_counter()
    gdp_lower_bound(on_d, on_dp, delta=mech.delta)
    middle = time.perf_counter()
    pos, neg = (on_dp, on_d) if mech.neighbour_higher else (-on_dp, -on_d)
    roc_summary(pos, neg, rng)
    return middle - start, time.perf_counter() - middle


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--opendp-max", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--mechanisms", nargs="+", default=list(MECHANISMS))
    parser.add_argument("--seeds", type=int, default=3, help="seeds behind each recovered share")
    parser.add_argument("--recovery", nargs="+", default=["laplace", "gaussian"])
    parser.add_argument("--canaries", type=int, nargs="+", default=[1_000, 100_000, 1_000_000])
    args = parser.parse_args()
    audit("laplace", 1_000, np.random.default_rng(0))  # imports scipy once, outside the timings
    print(f"{'mechanism':28s} {'draws':>9s} {'seconds':>8s} {'gdp s':>6s} {'roc s':>6s} {'bound':>7s} "
          f"{'promise':>7s}  verdict    ruled out")
    for name in args.mechanisms:
        mech = MECHANISMS[name]
        for size in args.sizes:
            if name == "laplace_opendp" and size > args.opendp_max:
                print(f"{name:28s} {size:9,d}  skipped (above --opendp-max)")
                continue
            start = time.perf_counter()
            r = audit(name, size, np.random.default_rng(args.seed))
            took = time.perf_counter() - start
            gdp_s, roc_s = _timed_parts(name, size, args.seed)
            share = "" if r.ruled_out_share is None else f"{r.ruled_out_share:.2%}"
            print(f"{name:28s} {size:9,d} {took:8.2f} {gdp_s:6.2f} {roc_s:6.2f} {r.lower_bound:7.3f} "
                  f"{mech.epsilon:7.3g}  {r.verdict:11s}{share}")

    print("\nShare of the promised epsilon recovered on the same draws (min-max over seeds)")
    print(f"{'mechanism':28s} {'draws':>9s} {'Clopper-Pearson':>16s} {'Gaussian fit':>14s}  note")
    for name in args.recovery:
        mech = MECHANISMS[name]
        for size in args.sizes:
            if name == "laplace_opendp" and size > args.opendp_max:
                continue
            runs = [audit(name, size, np.random.default_rng(args.seed + s)) for s in range(args.seeds)]
            cp = [r.threshold_bound / mech.epsilon for r in runs]
            if mech.delta > 0:
                fit = [r.gdp.epsilon / mech.epsilon for r in runs]
                note = f"mu {min(r.gdp.mu for r in runs):.3f}-{max(r.gdp.mu for r in runs):.3f}"
            else:
                fit = [gdp_epsilon(r.gdp.mu, 1e-5) / mech.epsilon for r in runs]
                note = "delta = 0: no Gaussian epsilon; the share is what the fit would claim at delta 1e-5"
            print(f"{name:28s} {size:9,d} {min(cp):7.0%}-{max(cp):<7.0%} {min(fit):6.0%}-{max(fit):<6.0%}  {note}")

    print("\nOne run with canaries")
    print(f"{'mechanism':28s} {'canaries':>9s} {'seconds':>8s} {'bound':>7s} {'promise':>7s}  guesses right")
    for name in args.recovery:
        for m in args.canaries:
            if name == "laplace_opendp" and m > args.opendp_max:
                continue
            start = time.perf_counter()
            run = one_run(name, m, np.random.default_rng(args.seed))
            took = time.perf_counter() - start
            print(f"{name:28s} {m:9,d} {took:8.2f} {run.epsilon:7.3f} {MECHANISMS[name].epsilon:7.3g}  "
                  f"{run.correct:,} of {run.guesses:,}")


if __name__ == "__main__":
    main()
