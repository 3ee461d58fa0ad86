"""The Audit page's compute, on its own: a correct mechanism is consistent, broken ones are caught."""

from __future__ import annotations

import pytest

from ui.i18n import language
from ui.views.audit import mechanism


def test_a_correct_discrete_laplace_keeps_its_promise() -> None:
    # was numpy's Laplace, which issue 30 shows is not exactly DP (below)
    view = mechanism.compute(mechanism.Settings("discrete_laplace", 100_000, 42))
    assert "**consistent** with the promise" in view.summary
    assert "none of the 10,000 outputs checked impossible" in view.summary and "**simulation**" in view.summary
    curve = view.chart["datasets"]["curves"].to_pandas()
    bound = curve[curve["series"] == "lower bound from the outputs"]["y"].to_numpy()
    assert len(bound) == 3 and bound[-1] <= 1.0 and bound[-1] > bound[0]  # tightens with draws


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
        assert f"after {draws:,} draws" in view.chart["title"]["text"][0]
        assert view.chart["datasets"]["curves"].equals(alone.chart["datasets"]["curves"])


def test_opendp_is_capped_at_a_hundred_thousand_draws() -> None:
    assert mechanism.draws_for("laplace_opendp", 1_000_000) == 100_000
    assert mechanism.draws_for("laplace", 1_000_000) == 1_000_000


def test_chinese() -> None:
    with language("zh"):
        view = mechanism.compute(mechanism.Settings("randomized_response", 10_000, 1))
    assert "与承诺**一致**" in view.summary
