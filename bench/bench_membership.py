"""How long the membership-inference attacks (dpcore.learning.membership) and their bound
(dpcore.learning.membership_bound) take on a pool the size of adult's training rows. Prints figures,
asserts nothing.

Run: .venv/bin/python -m bench.bench_membership [--rows 30000] [--shadows 8 16] [--repeats 3] [--real 8]

Constructed models first (the attacks' own cost, training left out): a model that memorizes, one
blind to membership. For each: K shadows "trained" (a mask and a prediction per row, so this is the
cost of drawing masks, predicting and taking phi), then the loss attack, the online and offline LiRA
and all three together on one draw of rows (each with roc_summary's bootstrap), best of --repeats.
Then the bound at DP-SGD settings the page uses (adult's ~30,000 training rows, batches of 256,
sigma 0.7-4, 10 epochs), cold (the composed PLD not yet cached) and warm.

With --real K: real models (dpcore.learning.dpsgd) on adult (data/adult.csv, target income>50K):
K shadows trained without privacy and with DP-SGD (seconds per shadow; training dominates), on
adult's whole pool at the default settings (logistic and the 32-unit network, 5 epochs; each
shadow sees half of the 48,842 rows) and on 5,000 rows with a 256-unit network for 100 epochs
(where the plain model overfits), then the three attacks on a target trained on a coin-flip half.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from dpcore.learning.membership import Predict, lira_attack, loss_attack, membership_attacks, train_shadows


def _best(run: Callable[[], Any], repeats: int) -> tuple[float, Any]:
    """The fastest of `repeats` runs (seconds) and the last run's answer."""
    best, answer = math.inf, None
    for _ in range(repeats):
        start = time.perf_counter()
        answer = run()
        best = min(best, time.perf_counter() - start)
    return best, answer


def _memorizer(rng: np.random.Generator) -> Callable[[np.ndarray], Predict]:
    def train(mask: np.ndarray) -> Predict:
        sure, unsure = rng.uniform(0.99, 1.0, mask.size), rng.uniform(0.3, 0.7, mask.size)
        return lambda rows: np.where(mask[rows], sure[rows], unsure[rows])
    return train


def _blind(rng: np.random.Generator, rows: int) -> Callable[[np.ndarray], Predict]:
    difficulty = rng.normal(1.0, 1.5, rows)

    def train(mask: np.ndarray) -> Predict:
        noise = rng.normal(0.0, 0.5, mask.size)
        return lambda r: 1.0 / (1.0 + np.exp(-(difficulty[r] + noise[r])))
    return train


def constructed(rows: int, shadow_counts: list[int], repeats: int) -> None:
    print(f"== constructed models, {rows:,} rows in the pool (best of {repeats}) ==")
    for name, make in (("memorizes", _memorizer), ("blind", lambda g: _blind(g, rows))):
        for k in shadow_counts:
            rng = np.random.default_rng(1)
            train = make(rng)
            t_shadows, shadows = _best(lambda: train_shadows(train, rows, k, rng), repeats)  # noqa: B023
            mask = rng.random(rows) < 0.5
            p = train(mask)(np.arange(rows))
            t_loss, loss = _best(lambda: loss_attack(p, mask, rng), repeats)  # noqa: B023
            t_on, online = _best(lambda: lira_attack(p, mask, shadows, rng), repeats)  # noqa: B023
            t_off, _ = _best(lambda: lira_attack(p, mask, shadows, rng, online=False), repeats)  # noqa: B023
            t_all, _ = _best(lambda: membership_attacks(p, mask, rng, shadows), repeats)  # noqa: B023
            print(f"{name:>9} K={k:>2}: shadows {t_shadows * 1e3:6.0f} ms ({t_shadows / k * 1e3:5.1f} ms each), "
                  f"loss {t_loss * 1e3:5.0f} ms, LiRA online {t_on * 1e3:5.0f} ms, offline {t_off * 1e3:5.0f} ms, "
                  f"all three {t_all * 1e3:5.0f} ms; per side {loss.per_side:,}; "
                  f"TPR@0.1%/1%: loss {loss.roc.tprs[0]:.3f}/{loss.roc.tprs[1]:.3f}, "
                  f"LiRA {online.roc.tprs[0]:.3f}/{online.roc.tprs[1]:.3f}")


def bound(rows: int) -> None:
    from dpcore.learning.accounting import steps_for
    from dpcore.learning.membership_bound import membership_bound

    q = 256 / rows
    steps = steps_for(10, q)
    print(f"\n== the bound: q = 256/{rows:,} = {q:.4f}, 10 epochs = {steps:,} steps, delta 1e-5 ==")
    for sigma in (0.7, 1.0, 2.0, 4.0):
        start = time.perf_counter()
        b = membership_bound(q, sigma, steps, 1e-5)
        cold = time.perf_counter() - start
        start = time.perf_counter()
        membership_bound(q, sigma, steps, 1e-5)
        warm = time.perf_counter() - start
        print(f"sigma {sigma:>3}: cold {cold:5.2f} s, warm {warm * 1e3:6.1f} ms; epsilon {b.epsilon:6.3f}; "
              f"TPR bound at 0.1%/1%: PLD {b.tpr_pld[0]:.4f}/{b.tpr_pld[1]:.4f}, "
              f"(eps, delta) {b.tpr_epsilon_delta[0]:.4f}/{b.tpr_epsilon_delta[1]:.4f}")


def real(shadows: int) -> None:
    from dataclasses import replace

    from dpcore.learning import dpsgd
    from dpcore.learning.membership_bound import compare, membership_bound

    data = dpsgd.adult_design()
    X, y = np.concatenate([data.X_train, data.X_test]), np.concatenate([data.y_train, data.y_test])
    defaults = dpsgd.DEFAULT_SETTINGS
    small = replace(defaults, model="mlp", hidden=256, epochs=100, batch_size=64)
    print(f"\n== real models on adult, {shadows} shadows each ==")
    for label, rows, base in (("whole pool, logistic", X.shape[0], defaults),
                              ("whole pool, 32-unit net", X.shape[0], replace(defaults, model="mlp")),
                              ("5,000 rows, 256-unit net, 100 epochs", 5_000, small)):
        g = np.random.default_rng(0)
        pick = g.choice(X.shape[0], rows, replace=False)
        Xp, yp = X[pick], y[pick]
        member = g.random(rows) < 0.5
        for settings in (replace(base, private=False), replace(base, noise_multiplier=3.0)):
            trained: list[Any] = []

            def train(mask: np.ndarray) -> Predict:
                model = dpsgd.train(replace(settings, seed=len(trained) + 1), Xp[mask], yp[mask])  # noqa: B023
                trained.append(model)  # noqa: B023
                return lambda r: model.probability_of_label(Xp[r], yp[r])  # noqa: B023

            start = time.perf_counter()
            shadow_set = train_shadows(train, rows, shadows, g)
            per_shadow = (time.perf_counter() - start) / shadows
            p = train(member)(np.arange(rows))
            start = time.perf_counter()
            attacks = membership_attacks(p, member, g, shadow_set)
            seconds = time.perf_counter() - start
            kind = "DP-SGD sigma 3" if settings.private else "non-private"
            line = f"{label}, {kind}: {per_shadow:5.2f} s per shadow, attacks {seconds * 1e3:4.0f} ms;"
            for result in (attacks.loss, attacks.lira_online, attacks.lira_offline):
                assert result is not None
                line += (f" {result.attack} AUROC {result.roc.auroc:.3f} TPR@0.1%/1% "
                         f"{result.roc.tprs[0]:.4f}/{result.roc.tprs[1]:.4f};")
            if settings.private:
                target = trained[-1]
                b = membership_bound(target.sampling_rate, settings.noise_multiplier, target.steps, 1e-5)
                worst = max(compare(r, b).share_above_chance[1] for r in (attacks.loss, attacks.lira_online,
                                                                          attacks.lira_offline) if r is not None)
                line += (f" epsilon {b.epsilon:.2f}, bound at 0.1%/1% {b.tpr_pld[0]:.4f}/{b.tpr_pld[1]:.4f},"
                         f" best attack at 1% goes {worst:.0%} of the way from chance to it")
            print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=30_000)
    parser.add_argument("--shadows", type=int, nargs="+", default=[8, 16])
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--real", type=int, default=0, metavar="K",
                        help="also K shadows of real DP-SGD models on adult")
    args = parser.parse_args()
    constructed(args.rows, args.shadows, args.repeats)
    bound(args.rows)
    if args.real:
        real(args.real)


if __name__ == "__main__":
    main()
