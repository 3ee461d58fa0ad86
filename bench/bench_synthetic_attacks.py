"""The synthetic-table attacks (dpcore.synthetic.attacks) on UCI Adult against anonymeter 1.1.0, side by
side on the same tables and the same targets, and our seconds per ε (issue 34: under 10 s per ε on
30,000 rows). Prints figures, asserts nothing.

Adult (data/adult.csv, Private-PGM's discretised UCI Adult, 48,842 rows; bench.bench_synthetic
declares its domain) is cut to `--rows` rows (30,000) at random, split into a training and a control
half, MST is fitted on the training half at each `--epsilons` (a synthetic table as large as the
training half, as anonymeter's examples do), and the training rows themselves stand for a table
with no privacy at all. Each table is attacked by us (in .venv) and by anonymeter (in its own venv:
it pins numpy 1.26, which our pins refuse):

    python3.11 -m venv .venv-anonymeter && .venv-anonymeter/bin/pip install -r bench/requirements-anonymeter.txt
    .venv/bin/python -m bench.bench_synthetic_attacks [--rows 30000] [--epsilons 1 10] [--columns all|fast]
        [--anonymeter .venv-anonymeter/bin/python] [--attacks 500]

Shared seeds: both sides attack the same targets (we draw them, anonymeter gets exactly those rows
with n_attacks = their number), so linkability and inference differ only where the nearest row is a
tie (we take the first synthetic row, anonymeter whatever numba's quicksort puts first). Singling out
draws its predicates with anonymeter's own unseeded generator, so its rates are compared as rates;
our predicates are also counted by anonymeter's own pandas queries ("our rules, anonymeter's counts":
those must match exactly). Anonymeter's columns are renamed c0, c1, ...: its queries do not quote
names such as "marital-status".

Anonymeter 1.1.0's inference baseline is broken: `syn.sample(n)[secret].reindex_like(targets)` aligns
the sampled synthetic rows with the targets by index label, so almost every naive guess is NaN (a
constant secret is "guessed" 18 times in 300). Its baseline column is printed as it comes; ours draws
the secret of a random synthetic row, as anonymeter 1.0 did. The main and control attacks, and the
risk, do not use the baseline.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
SECRET = "income>50K"


def _frame(codes: np.ndarray):  # type: ignore[no-untyped-def]
    """Codes as anonymeter sees a categorical table: text values, columns c0, c1, ..."""
    import pandas as pd

    return pd.DataFrame({f"c{j}": codes[:, j].astype(str) for j in range(codes.shape[1])})


def run_anonymeter(data_path: str, out_path: str) -> None:
    """Inside the anonymeter venv: every attack of anonymeter on the saved tables, as JSON."""
    import polars as pl
    from anonymeter.evaluators import InferenceEvaluator, LinkabilityEvaluator, SinglingOutEvaluator
    from anonymeter.evaluators.singling_out_evaluator import _evaluate_queries_and_return_successful as singled

    def rules(texts: list[str]) -> list:  # our predicates ("c0 == '3' & c4 == '1'") as polars expressions
        out = []
        for text in texts:
            parts = [p.split(" == ") for p in text.split(" & ")]
            expr = pl.col(parts[0][0]) == parts[0][1].strip("'")
            for col, value in parts[1:]:
                expr = expr & (pl.col(col) == value.strip("'"))
            out.append(expr)
        return out

    saved = np.load(data_path)
    meta = json.loads(str(saved["meta"]))
    out: dict = {}
    training, control = _frame(saved["training"]), _frame(saved["control"])
    for table in meta["tables"]:
        syn = _frame(saved[f"syn_{table}"])
        got: dict = {}
        for part in ("inference", "linkability"):
            tt, tc = _frame(saved[f"{part}_training_{table}"]), _frame(saved[f"{part}_control_{table}"])
            start = time.perf_counter()
            if part == "inference":
                secret = f"c{meta['secret']}"
                ev = InferenceEvaluator(ori=tt, syn=syn, control=tc, aux_cols=[c for c in tt.columns if c != secret],
                                        secret=secret, n_attacks=len(tt), regression=False).evaluate(n_jobs=1)
            else:
                a, b = meta["halves"]
                ev = LinkabilityEvaluator(ori=tt, syn=syn, control=tc, n_attacks=len(tt), n_neighbors=1,
                                          aux_cols=([f"c{j}" for j in a], [f"c{j}" for j in b])).evaluate(n_jobs=1)
            r = ev.results()
            got[part] = {"main": int(r.n_success), "control": int(r.n_control), "baseline": int(r.n_baseline),
                         "attempts": int(r.n_attacks_ori), "risk": ev.risk().value,
                         "seconds": time.perf_counter() - start}
        for mode, width in (("univariate", 1), ("multivariate", 3)):
            start = time.perf_counter()
            ev = SinglingOutEvaluator(ori=training, syn=syn, control=control, n_attacks=meta["attacks"], n_cols=width,
                                      max_attempts=meta["max_attempts"], seed=meta["seed"]).evaluate(mode=mode)
            r = ev.results()
            ours = rules([str(q) for q in saved[f"queries_{mode}_{table}"]])
            got[f"singling_out_{mode}"] = {
                "main": int(r.n_success), "control": float(r.n_control), "baseline": int(r.n_baseline),
                "attempts": int(r.n_attacks_ori), "risk": ev.risk().value,
                "seconds": time.perf_counter() - start,
                "our_rules_counted": [len(singled(pl.DataFrame(t.drop_duplicates()), ours))
                                      for t in (training, control)],
            }
        out[table] = got
    Path(out_path).write_text(json.dumps(out), encoding="utf-8")


def _query(predicate: tuple[tuple[int, ...], int], sizes: np.ndarray) -> str:
    """One of our predicates as anonymeter's query text."""
    columns, key = predicate
    values = np.unravel_index(key, [int(sizes[c]) for c in columns])
    return " & ".join(f"c{c} == '{int(v)}'" for c, v in zip(columns, values, strict=True))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rows", type=int, default=30_000)
    parser.add_argument("--epsilons", type=float, nargs="+", default=[1.0, 10.0])
    parser.add_argument("--columns", choices=("all", "fast"), default="all")
    parser.add_argument("--attacks", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--anonymeter", default=str(ROOT / ".venv-anonymeter" / "bin" / "python"))
    parser.add_argument("--run-anonymeter", nargs=2, help=argparse.SUPPRESS)  # inside the anonymeter venv
    args = parser.parse_args()
    if args.run_anonymeter:
        run_anonymeter(*args.run_anonymeter)
        return

    from bench.bench_synthetic import FAST_COLUMNS, adult
    from dpcore.rng import make_rng
    from dpcore.synthetic import attacks as A
    from dpcore.synthetic import declared_domains, encode, mst_synthesize, sizes_of

    frame, domains = adult()
    columns = tuple(domains) if args.columns == "all" else FAST_COLUMNS
    frame = frame.sample(n=min(args.rows, len(frame)), random_state=args.seed).reset_index(drop=True)
    doms = declared_domains(list(frame.columns), domains, columns)
    real, sizes = encode(frame, doms), np.array(sizes_of(doms))
    train_idx, control_idx = A.split_rows(len(real), make_rng(args.seed, "split"))
    training, control = real[train_idx], real[control_idx]
    secret = list(columns).index(SECRET)
    print(f"Adult: {len(real):,} rows, {len(columns)} columns; training {len(training):,}, control {len(control):,}; "
          f"{args.attacks} attacks each; secret {SECRET}")

    tables: dict[str, np.ndarray] = {"copy": training}
    for eps in args.epsilons:
        t0 = time.perf_counter()
        res = mst_synthesize(frame.iloc[train_idx], domains, eps, 0.0, len(training), make_rng(args.seed, f"mst{eps}"),
                             columns=columns)
        tables[f"{eps:g}"] = res.codes
        print(f"MST at ε = {eps:g}: fitted and sampled in {time.perf_counter() - t0:.1f} s")

    saved: dict[str, np.ndarray] = {"training": training, "control": control}
    ours: dict[str, dict] = {}
    halves = A.halves(len(columns))
    for name, syn in tables.items():
        rng = make_rng(args.seed, f"attacks-{name}")
        start = time.perf_counter()
        A.measure(syn, training, control, sizes_of(doms), secret, rng, attacks=args.attacks)
        measure_seconds = time.perf_counter() - start
        got: dict = {"measure_seconds": measure_seconds}
        for part in ("inference", "linkability"):  # on targets drawn here, handed to both sides
            tt, tc = A._targets(training, args.attacks, rng), A._targets(control, args.attacks, rng)
            saved[f"{part}_training_{name}"], saved[f"{part}_control_{name}"] = tt, tc
            start = time.perf_counter()
            r = (A.inference(syn, tt, tc, secret, rng, attacks=len(tt)) if part == "inference"
                 else A.linkability(syn, tt, tc, rng, columns=halves, attacks=len(tt)))
            got[part] = {"main": r.main.successes, "control": r.control.successes, "baseline": r.baseline.successes,
                         "attempts": r.main.attempts, "risk": r.risk.value, "seconds": time.perf_counter() - start}
        distinct = A._Counts(A._distinct(syn), sizes)
        for mode, width in (("univariate", 1), ("multivariate", 3)):
            start = time.perf_counter()
            r = A.singling_out(syn, training, control, sizes_of(doms), rng, args.attacks, width)
            got[f"singling_out_{mode}"] = {"main": r.main.successes, "control": r.control.successes,
                                           "baseline": r.baseline.successes, "attempts": r.main.attempts,
                                           "used": r.used, "risk": r.risk.value, "seconds": time.perf_counter() - start}
            rules = (A._univariate(distinct, args.attacks, rng) if width == 1
                     else A._multivariate(distinct, args.attacks, width, rng))
            got[f"singling_out_{mode}"]["our_rules_counted"] = [
                A._singled_out(rules, A._Counts(A._distinct(t), sizes)) for t in (training, control)]
            saved[f"queries_{mode}_{name}"] = np.array([_query(q, sizes) for q in rules], dtype=str)
            saved[f"syn_{name}"] = syn
        ours[name] = got
        saved[f"syn_{name}"] = syn

    theirs: dict | None = None
    if Path(args.anonymeter).exists():
        with tempfile.TemporaryDirectory() as tmp:
            data, out = Path(tmp) / "tables.npz", Path(tmp) / "anonymeter.json"
            meta = {"tables": list(tables), "secret": secret, "halves": [list(h) for h in halves],
                    "attacks": args.attacks, "max_attempts": A.ATTEMPTS_PER_QUERY * args.attacks,
                    "seed": args.seed}
            np.savez(data, meta=np.array(json.dumps(meta)), **saved)  # type: ignore[arg-type]
            start = time.perf_counter()
            subprocess.run([args.anonymeter, "-m", "bench.bench_synthetic_attacks", "--run-anonymeter", str(data),
                            str(out)], cwd=ROOT, check=True)
            print(f"anonymeter ran in {time.perf_counter() - start:.0f} s")
            theirs = json.loads(out.read_text(encoding="utf-8"))
    else:
        print(f"anonymeter not found at {args.anonymeter}: ours only (see this file's docstring to set it up)")

    print()
    print(f"{'table':>6} {'attack':<26} {'ours: main/control/base':>24} {'risk':>6} {'s':>6} | "
          f"{'anonymeter: main/control/base':>30} {'risk':>6} {'s':>6}")
    for name in tables:
        for part in ("singling_out_univariate", "singling_out_multivariate", "linkability", "inference"):
            o = ours[name][part]
            line = (f"{name:>6} {part:<26} {o['main']:>7}/{o['control']:>7}/{o['baseline']:>7} of {o['attempts']:<4}"
                    f"{o['risk']:>6.3f} {o['seconds']:>6.2f} | ")
            if theirs is not None:
                t = theirs[name][part]
                line += (f"{t['main']:>9}/{t['control']:>9.1f}/{t['baseline']:>7} of {t['attempts']:<4}"
                         f"{t['risk']:>6.3f} {t['seconds']:>6.1f}")
            print(line)
            if part.startswith("singling_out") and theirs is not None:
                print(f"{'':>6} {'  our rules, counted by':<26} ours {o['our_rules_counted']}, "
                      f"anonymeter {theirs[name][part]['our_rules_counted']} (training, control)")
        seconds = ours[name]["measure_seconds"]
        print(f"{name:>6} all attacks and DCR (dpcore.synthetic.attacks.measure): {seconds:.2f} s")


if __name__ == "__main__":
    main()
