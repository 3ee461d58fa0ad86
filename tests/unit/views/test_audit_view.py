"""The Audit page's compute, on its own: a correct mechanism is consistent, broken ones are caught; on
the same draws the Gaussian fit recovers the Gaussian, the attack's table stands beside the promise's
limits, and a pure mechanism's Gaussian fit is said to be no bound."""

from __future__ import annotations

import pytest

from dpcore.audit_roc import promised_limits
from ui.i18n import language
from ui.text.audit import TEXT
from ui.views.audit import mechanism


def _series(view: mechanism.View, name: str):
    curve = view.chart["datasets"]["curves"].to_pandas()
    return curve[curve["series"] == TEXT[name]]


def test_a_correct_discrete_laplace_keeps_its_promise() -> None:
    # was numpy's Laplace, which issue 30 shows is not exactly DP (below)
    view = mechanism.compute(mechanism.Settings("discrete_laplace", 100_000, 42))
    assert "**consistent** with the promise" in view.summary
    assert "none of the 10,000 outputs checked impossible" in view.summary and "**simulation**" in view.summary
    bound = _series(view, "bound_line")["y"].to_numpy()
    assert len(bound) == 3 and bound[-1] <= 1.0 and bound[-1] > bound[0]  # tightens with draws
    assert view.chart["datasets"]["markers"].num_rows == 0 and len(_series(view, "promise_line")) == 3
    assert TEXT["gdp_line"] not in set(view.chart["datasets"]["curves"]["series"].to_pylist())  # delta = 0
    table, pure, attack, note = view.tight
    assert table[0] == "table" and table[1][1][0] == "Clopper-Pearson, a threshold test"
    assert table[1][1][1] in view.summary and table[1][2][1] == "–"  # the verdict's bound is the same
    assert pure[0] == "p" and "not a bound" in pure[1] and "δ = 10⁻⁵" in pure[1]
    assert [row[0] for row in attack[1]] == ["Attack", "AUROC", "TPR at FPR 0.1%", "TPR at FPR 1%"]
    assert attack[1][1][3] == "0.731"  # e / (1 + e): the most epsilon = 1 allows
    assert "500 bootstrap resamples" in note[1] and "(1, 0)" in note[1]


def test_the_gaussian_fit_recovers_numpys_gaussian_where_clopper_pearson_does_not() -> None:
    view = mechanism.compute(mechanism.Settings("gaussian", 100_000, 42))
    cp, gdp = _series(view, "bound_line")["y"].to_numpy(), _series(view, "gdp_line")["y"].to_numpy()
    assert len(gdp) == 3 and gdp[-1] > 0.85 and cp[-1] < 0.7 and gdp[-1] <= 1.0
    crosses = view.chart["datasets"]["markers"].to_pandas()  # the exact test's infinity, named on the first
    assert len(crosses) == 3 and set(crosses["y"]) == {1.5} and list(crosses["note"]) == [TEXT["exact_line"], "", ""]
    table, assumes, attack, _ = view.tight
    assert table[1][2][0].startswith("Gaussian fit, μ ≥ 0.2") and table[1][2][2].endswith("%")
    assert "assumes the mechanism's trade-off curve is a Gaussian's" in assumes[1] and "δ = 10⁻⁵" in assumes[1]
    assert attack[1][1][3] == f"{promised_limits(1.0, 1e-5)[0]:.3f}"


@pytest.mark.slow
def test_numpy_samplers_are_labelled_simulations_and_their_gaps_decide_the_verdict() -> None:
    view = mechanism.compute(mechanism.Settings("laplace", 10_000, 42))
    assert "**breaks its promise**" in view.summary and "ε ≥ **∞**" in view.summary
    assert "of the 10,000 outputs checked could not have come from the other input" in view.summary
    assert "**simulation**" in view.summary
    opendp = mechanism.compute(mechanism.Settings("laplace_opendp", 1_000, 42))
    assert "**consistent**" in opendp.summary and "none of the 2,000 outputs checked" in opendp.summary
    assert "simulation" not in opendp.summary
    gauss = mechanism.compute(mechanism.Settings("gaussian", 10_000, 42))
    assert "**breaks its promise**" in gauss.summary and "could not have come from the other input" in gauss.summary


def test_broken_mechanisms_are_caught() -> None:
    half = mechanism.compute(mechanism.Settings("broken_laplace_half_scale", 100_000, 42))
    assert "**breaks its promise**" in half.summary
    naive = mechanism.compute(mechanism.Settings("broken_naive_laplace", 10_000, 42))
    assert "ε ≥ **∞**" in naive.summary and "could not have come from the other input" in naive.summary


@pytest.mark.slow
def test_the_steps_are_the_audit_at_every_number_of_draws_from_one_run() -> None:
    views = mechanism.sweep(mechanism.Settings("broken_laplace_half_scale", None, 7), mechanism.DRAW_CHOICES)
    assert len(views) == len(mechanism.DRAW_CHOICES)
    for draws, view in zip(mechanism.DRAW_CHOICES, views, strict=True):
        alone = mechanism.compute(mechanism.Settings("broken_laplace_half_scale", draws, 7))
        assert view.summary == alone.summary and f"With {draws:,} outputs" in alone.summary
        assert view.chart["title"] == alone.chart["title"]
        assert f"at {draws:,} draws" in view.chart["title"]["text"][0]
        assert view.chart["datasets"]["curves"].equals(alone.chart["datasets"]["curves"])


def test_opendp_is_capped_at_a_hundred_thousand_draws() -> None:
    assert mechanism.draws_for("laplace_opendp", 1_000_000) == 100_000
    assert mechanism.draws_for("laplace", 1_000_000) == 1_000_000


def test_chinese() -> None:
    with language("zh"):
        view = mechanism.compute(mechanism.Settings("randomized_response", 10_000, 1))
    assert "与承诺**一致**" in view.summary
