"""How long an audit of each mechanism takes (dpcore.audit_mechanisms), at 10^4, 10^5 and 10^6 draws per side.

Run: .venv/bin/python -m bench.bench_audit [--sizes 10000 100000 1000000] [--opendp-max 100000]

Prints, per mechanism and size, the wall time of one `audit` (drawing on D and D', the threshold
search, the Clopper-Pearson bounds, and Mironov's membership test where it applies), the bound
and the verdict. OpenDP's Laplace draws cost ~20 µs each (one Rust call per vector, but exact
sampling per element), so it is run only up to --opendp-max draws. Timings are never asserted.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from dpcore.audit_mechanisms import MECHANISMS, audit


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000, 1_000_000])
    parser.add_argument("--opendp-max", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    audit("laplace", 1_000, np.random.default_rng(0))  # imports scipy once, outside the timings
    print(f"{'mechanism':28s} {'draws':>9s} {'seconds':>8s} {'bound':>7s} {'promise':>7s}  verdict    ruled out")
    for name, mech in MECHANISMS.items():
        for size in args.sizes:
            if name == "laplace_opendp" and size > args.opendp_max:
                print(f"{name:28s} {size:9,d}  skipped (above --opendp-max)")
                continue
            start = time.perf_counter()
            r = audit(name, size, np.random.default_rng(args.seed))
            took = time.perf_counter() - start
            share = "" if r.ruled_out_share is None else f"{r.ruled_out_share:.2%}"
            print(f"{name:28s} {size:9,d} {took:8.2f} {r.lower_bound:7.3f} {mech.epsilon:7.3g}  "
                  f"{r.verdict:11s}{share}")


if __name__ == "__main__":
    main()
