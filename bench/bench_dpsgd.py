"""Speed of DP-SGD (dpcore.learning) on UCI Adult: compilation, an epoch with and without privacy,
the default grid over epsilon, and the accountants.

Targets (issue 35): a DP-SGD epoch on adult (32,561 training rows, 91 inputs, batches of 256) at
most 3x the same non-private epoch in jax, after compilation; compilation paid once per server
(`dpsgd.warm`). Figures are printed, never asserted: the machine is shared, run it 2-3 times.

- compile: the first one-epoch training of each model, private and not (compile + one epoch), in
  this fresh process; then `warm()` again (all cached: what a second call costs).
- epoch: `train()` of E epochs divided by E (Poisson draws, the compiled scan, the evaluation), and
  the compiled scan alone on fixed batches; median of R runs, and the private / non-private ratio.
- grid: `train_grid` at the default settings and epsilons, its calibrations (PLD) and its models.
- accountants: epsilon by RDP and PLD, epsilon after every epoch, and the noise for each epsilon
  of the grid, at adult's defaults and at the course's check (60,000 rows, 256, sigma 1.1, 60 epochs).

Run: .venv/bin/python -m bench.bench_dpsgd [--epochs 5] [--repeats 3] [--skip-grid]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np


def _timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    out = fn()
    return time.perf_counter() - start, out


def _median(fn: Callable[[], Any], repeats: int) -> float:
    return statistics.median(_timed(fn)[0] for _ in range(repeats))


def _clear_accounting_caches() -> None:
    from dpcore.learning import accounting as acc

    acc._rdp_per_step.cache_clear()
    acc._one_step_pld.cache_clear()
    acc._composed_pld.cache_clear()
    acc._noise_for_epsilon.cache_clear()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--epochs", type=int, default=5, help="epochs of each timed training")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--skip-grid", action="store_true")
    args = parser.parse_args()

    seconds, _ = _timed(lambda: __import__("jax.numpy"))
    print(f"import jax: {seconds:.2f} s")
    from dpcore.learning import accounting as acc
    from dpcore.learning import dpsgd as D

    seconds, data = _timed(D.adult_design)
    n, d = data.X_train.shape
    print(f"adult design: {seconds:.2f} s ({n:,} training rows, {len(data.y_test):,} test rows, {d} inputs)")
    settings = D.DEFAULT_SETTINGS
    print(f"defaults: {settings}")

    print("\n== compile (first one-epoch training in this process: compile + one epoch)")
    for kind in ("logistic", "mlp"):
        for private in (True, False):
            one = replace(settings, model=kind, private=private, epochs=1)
            seconds, _ = _timed(lambda one=one: D.train(one, data.X_train, data.y_train, data.X_test, data.y_test))
            print(f"  {kind:8s} {'DP-SGD' if private else 'non-private':11s} {seconds:6.2f} s")
    seconds, _ = _timed(lambda: D.warm(data=data))
    print(f"  warm() once compiled (4 one-epoch trainings): {seconds:.2f} s")

    print(f"\n== one epoch after compilation (median of {args.repeats}; "
          f"train() of {args.epochs} epochs / {args.epochs})")
    fn = D._compiled()
    import jax
    import jax.numpy as jnp

    from dpcore.learning.models import Model, init_params

    q = settings.batch_size / n
    width, chunk = D.batch_width(n, q), D.epoch_width(q)
    rng = np.random.default_rng(0)
    index = rng.integers(0, n, (chunk, width)).astype(np.int32)
    mask = (rng.random((chunk, width)) < q * n / width).astype(np.float32)
    active = np.ones(chunk, bool)
    hyper = tuple(jnp.float32(v) for v in (settings.learning_rate, settings.momentum, settings.clipping_norm,
                                            settings.noise_multiplier, q * n))
    Xd, yd = jnp.asarray(data.X_train), jnp.asarray(data.y_train)
    for kind in ("logistic", "mlp"):
        per_epoch, scan = {}, {}
        for private in (True, False):
            run = replace(settings, model=kind, private=private, epochs=args.epochs)
            per_epoch[private] = _median(lambda run=run: D.train(run, data.X_train, data.y_train, data.X_test,
                                                                 data.y_test), args.repeats) / args.epochs
            params = init_params(Model(kind, d, settings.hidden), 0)
            velocity = jax.tree.map(jnp.zeros_like, params)

            def epoch(params=params, velocity=velocity, private=private) -> Any:
                key = np.zeros(2, np.uint32)
                return jax.block_until_ready(fn.epoch(params, velocity, Xd, yd, index, mask, active, key, hyper,
                                                      private=private))

            epoch()
            scan[private] = _median(epoch, max(args.repeats, 5))
        print(f"  {kind:8s} train() per epoch: DP-SGD {per_epoch[True] * 1e3:6.1f} ms, non-private "
              f"{per_epoch[False] * 1e3:6.1f} ms, ratio {per_epoch[True] / per_epoch[False]:.2f}x")
        print(f"  {kind:8s} compiled scan ({chunk} steps of {width} rows): DP-SGD {scan[True] * 1e3:6.1f} ms, "
              f"non-private {scan[False] * 1e3:6.1f} ms, ratio {scan[True] / scan[False]:.2f}x")

    print("\n== accountants (fresh caches each time)")
    cases = {
        "adult defaults": (q, acc.steps_for(settings.epochs, q), settings.noise_multiplier, settings.epochs),
        "course check": (256 / 60_000, acc.steps_for(60, 256 / 60_000), 1.1, 60),
    }
    for name, (rate, steps, sigma, epochs) in cases.items():
        for kind in ("rdp", "pld"):
            _clear_accounting_caches()
            seconds, eps = _timed(lambda rate=rate, steps=steps, sigma=sigma, kind=kind:
                                  acc.dpsgd_epsilon(rate, sigma, steps, 1e-5, kind))
            print(f"  {name} (q {rate:.5f}, {steps:,} steps, sigma {sigma}): {kind} epsilon {eps:.4f} "
                  f"in {seconds:.2f} s")
        _clear_accounting_caches()
        seconds, curve = _timed(lambda rate=rate, sigma=sigma, epochs=epochs:
                                acc.epsilon_by_epoch(rate, sigma, epochs, 1e-5))
        print(f"  {name}: epsilon_by_epoch ({epochs} epochs, both) {seconds:.2f} s; last RDP {curve.rdp[-1]:.4f}, "
              f"PLD {curve.pld[-1]:.4f}")
    steps = acc.steps_for(settings.epochs, q)
    for kind in ("rdp", "pld"):
        times = []
        for eps in D.DEFAULT_EPSILONS:
            _clear_accounting_caches()
            seconds, sigma = _timed(lambda eps=eps, kind=kind: acc.noise_for_epsilon(q, steps, 1e-5, eps, kind))
            times.append(f"{eps:g}: sigma {sigma:.3f} ({seconds:.1f} s)")
        print(f"  noise_for_epsilon {kind} at adult's defaults: " + ", ".join(times))

    if args.skip_grid:
        return
    print(f"\n== default grid (epsilons {D.DEFAULT_EPSILONS}, delta 1e-5, PLD, {settings.epochs} epochs)")
    for kind in ("logistic", "mlp"):
        _clear_accounting_caches()
        marks: list[float] = []
        start = time.perf_counter()

        def mark(share: float, marks: list[float] = marks, start: float = start) -> None:
            marks.append(time.perf_counter() - start)

        grid = D.train_grid(replace(settings, model=kind), D.DEFAULT_EPSILONS, 1e-5, mark, data=data)
        total = time.perf_counter() - start
        calibrations = marks[len(D.DEFAULT_EPSILONS) - 1]
        accuracy = ", ".join(f"{e:g}: {m.test_accuracy[-1]:.3f}" for e, m in zip(grid.epsilons, grid.private,
                                                                                    strict=True))
        print(f"  {kind}: {total:.1f} s (calibrations {calibrations:.1f} s, {len(grid.private) + 1} models "
              f"{total - calibrations:.1f} s); test accuracy {accuracy}; non-private "
              f"{grid.non_private.test_accuracy[-1]:.3f}; majority {grid.majority_accuracy:.3f}")


if __name__ == "__main__":
    main()
