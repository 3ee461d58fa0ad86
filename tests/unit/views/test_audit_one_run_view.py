"""The Audit page's one-run compute, on its own: the perfect attacker's curve (5.8 at 1,000 canaries),
the run's bound under it, the words for a mechanism with delta, and every number of canaries from one
stream."""

from __future__ import annotations

import pytest

from dpcore.audit_one_run import perfect_epsilon
from ui.i18n import language
from ui.text.audit import TEXT
from ui.views.audit import one_run


def _series(view: one_run.View, name: str):
    curve = view.chart["datasets"]["curves"].to_pandas()
    return curve[curve["series"] == TEXT[name]]


def test_the_default_run_sits_under_a_perfect_attacker() -> None:
    view = one_run.compute(one_run.Settings("discrete_laplace", None, 42))  # 1,000 canaries
    perfect = _series(view, "perfect_line")
    assert perfect["x"].min() == 100 and perfect["x"].max() == 1_000_000 and len(perfect) == one_run.PERFECT_POINTS
    at_1000 = perfect[perfect["x"] == 1_000]["y"].iloc[0]
    assert at_1000 == pytest.approx(5.81, abs=0.01)
    run = _series(view, "one_run_line")
    assert list(run["x"]) == [100, 1_000] and (run["y"] <= 1.0).all() and run["y"].iloc[-1] > 0.5
    result, cap = view.reading
    assert result[1].startswith("One run with 1,000 canaries") and "guesses right" in result[1]
    assert "at most ε = **5.81**" in cap[1] and "5.8" in cap[1]
    marker = view.chart["datasets"]["markers"].to_pandas()  # the run's bound and the perfect attacker's
    assert list(marker["x"]) == [1_000, 1_000] and marker["note"].iloc[0].startswith("ε ≥ 0.")
    assert marker["note"].iloc[1] == "at most 5.81" and marker["y"].iloc[1] == pytest.approx(at_1000)
    assert view.chart["title"]["text"][0] == "One run, 1,000 canaries:"


def test_a_mechanism_with_delta_pays_for_it() -> None:
    view = one_run.compute(one_run.Settings("gaussian", 10_000, 42))
    delta = view.reading[2][1]
    assert len(view.reading) == 3 and "2mδ = 0.2 here" in delta and "past about 21,544" in delta
    assert _series(view, "perfect_line")["y"].max() < perfect_epsilon(1_000_000)  # delta caps it


def test_so_large_a_delta_leaves_nothing_to_show() -> None:
    view = one_run.compute(one_run.Settings("broken_gaussian_classic", 1_000, 42))
    assert "no number of guesses showed any ε above 0" in view.reading[0][1]
    assert "at most ε = **0**" in view.reading[1][1] and "even to a perfect attacker" in view.reading[2][1]
    assert (_series(view, "perfect_line")["y"] == 0).all()


def test_the_steps_are_the_runs_at_every_number_of_canaries_from_one_stream() -> None:
    choices = one_run.CANARY_CHOICES[:4]
    views = one_run.sweep(one_run.Settings("randomized_response", None, 7), choices)
    for canaries, view in zip(choices, views, strict=True):
        alone = one_run.compute(one_run.Settings("randomized_response", canaries, 7))
        assert view.reading == alone.reading and view.chart["title"] == alone.chart["title"]
        assert view.chart["datasets"]["curves"].equals(alone.chart["datasets"]["curves"])


def test_opendp_is_capped_and_unknown_mechanisms_refused() -> None:
    assert one_run.canaries_for("laplace_opendp", 1_000_000) == 100_000
    assert one_run.canaries_for("laplace", 1_000_000) == 1_000_000
    with pytest.raises(ValueError):
        one_run.compute(one_run.Settings("nope", 100, 1))


def test_chinese() -> None:
    with language("zh"):
        view = one_run.compute(one_run.Settings("randomized_response", 1_000, 1))
    assert view.reading[0][1].startswith("一次运行，1,000 个金丝雀") and "完美攻击者" in view.reading[1][1]
