"""Unit tests of the release planner's views (ui/views/planner), without Streamlit."""

from __future__ import annotations

import json
import math
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from dpcore.accuracy import accuracy
from dpcore.catalog import BUNDLED
from dpcore.protection import Protection
from ui import fmt
from ui.text.planner import TEXT
from ui.views.planner import plan
from ui.views.planner.items import Item, from_json, statistic, to_json

PENGUINS = pd.read_csv(BUNDLED["penguins"].path)
SPECIES = ("Adelie", "Chinstrap", "Gentoo")
PLAN = (
    Item("count"),
    Item("histogram", "species", categories=SPECIES),
    Item("mean", "body_mass_g", lower=2500, upper=6500),
    Item("quantile", "flipper_length_mm", mechanism="permute_and_flip", lower=170, upper=235),
    Item("sum", "body_mass_g", mechanism="gaussian", lower=2500, upper=6500, weight=2),
)


def _settings(**changes: object) -> plan.Settings:
    base = plan.Settings(PENGUINS, ("penguins", 0), Protection(), PLAN, "budget", 1.0, 1e-6)
    return replace(base, **changes)


def test_a_budget_is_split_by_the_weights_and_adds_up() -> None:
    view = plan.compute(_settings())
    eps = [r.epsilon for r in view.rows]
    assert eps == pytest.approx([1 / 6, 1 / 6, 1 / 6, 1 / 6, 2 / 6])
    assert view.total_epsilon == pytest.approx(1.0)
    assert view.total_delta == pytest.approx(1e-6)  # only the Gaussian sum takes delta
    assert [r.delta for r in view.rows] == [0, 0, 0, 0, 1e-6]


def test_a_count_s_accuracy_is_the_laplace_quantile_and_its_reference_the_true_count() -> None:
    row = plan.compute(_settings()).rows[0]
    assert row.accuracy == pytest.approx(math.log(20) / (1 / 6))  # b ln(1/alpha), b = 1/eps
    assert row.reference == len(PENGUINS)
    assert "344" in row.reference_text


def test_a_histogram_is_compared_with_its_smallest_bar() -> None:
    row = plan.compute(_settings()).rows[1]
    assert row.reference == PENGUINS["species"].value_counts().min()


def test_targets_in_give_epsilons_whose_accuracy_meets_them() -> None:
    targets = (10.0, 5.0, 50.0, 3.0, 20_000.0)
    items = tuple(replace(i, target=t) for i, t in zip(PLAN, targets))
    view = plan.compute(_settings(items=items, direction="accuracy"))
    assert all(not r.problem for r in view.rows)
    for row, target in zip(view.rows, targets):
        assert row.accuracy <= target * (1 + 1e-9)
        assert row.accuracy == pytest.approx(target, rel=0.02) or row.item.kind == "quantile"
    assert view.total_epsilon == pytest.approx(sum(r.epsilon for r in view.rows))


def test_m_rows_per_person_multiplies_a_count_s_error() -> None:
    one = plan.compute(_settings()).rows[0].accuracy
    three = plan.compute(_settings(protection=Protection(3))).rows[0].accuracy
    assert three == pytest.approx(3 * one)


def test_a_mean_is_two_releases_at_half_the_epsilon_for_the_accountants() -> None:
    row = plan.compute(_settings()).rows[2]
    assert len(row.events) == 2
    assert [m.epsilon for m, _ in row.events] == pytest.approx([row.epsilon / 2] * 2)
    (selection, count), = plan.compute(_settings()).rows[3].events  # the quantile: pure epsilon-DP,
    assert (selection.kind, selection.sensitivity, count) == ("discrete_laplace", 1.0, 1)  # priced at its worst
    assert selection.epsilon == pytest.approx(1 / 6)


def test_clamping_is_reported_with_its_bias() -> None:
    tight = replace(PLAN[2], lower=3000, upper=5000)
    row = plan.compute(_settings(items=(tight,))).rows[0]
    values = PENGUINS["body_mass_g"].dropna()
    clamped = int(((values < 3000) | (values > 5000)).sum())
    assert f"{clamped} values" in row.clamped


def test_a_bad_statistic_gets_its_own_sentence_and_the_others_still_plan() -> None:
    broken = Item("mean", "body_mass_g", lower=6500, upper=2500)
    view = plan.compute(_settings(items=(PLAN[0], broken)))
    assert not view.rows[0].problem and view.rows[1].problem
    assert "lower" in view.rows[1].problem.lower()
    assert view.total_epsilon == pytest.approx(0.5)  # the broken one's share is not counted as spent


def test_a_missing_target_is_said_not_guessed() -> None:
    view = plan.compute(_settings(items=(Item("count"),), direction="accuracy"))
    assert view.rows[0].problem


def test_the_chart_has_a_curve_and_a_point_per_statistic() -> None:
    view = plan.compute(_settings())
    data = view.chart["datasets"]
    assert set(data["chosen"].column("series").to_pylist()) == {r.name for r in view.rows}
    count = [e for e, s in zip(data["curves"].column("error").to_pylist(), data["curves"].column("series").to_pylist())
             if s == "Count of rows"]
    expected = [accuracy("laplace", e, 1.0) / len(PENGUINS) for e in plan.CURVE_EPSILONS]
    assert count == pytest.approx(expected)


def test_with_typed_targets_the_chart_reads_them_itself_and_never_changes_with_them() -> None:
    bad = Item("sum", "body_mass_g")  # no public bounds: no curve, but its input keeps its place
    items = (PLAN[0], bad, *PLAN[1:])
    untargeted_settings = _settings(direction="accuracy", items=items)
    targeted_settings = _settings(direction="accuracy",
                                  items=tuple(replace(i, target=5.0 * (n + 1)) for n, i in enumerate(items)))
    untargeted, targeted = plan.compute(untargeted_settings), plan.compute(targeted_settings)
    chart, targeted_chart = plan.typed_chart(untargeted_settings), plan.typed_chart(targeted_settings)
    assert all(r.problem for r in untargeted.rows) and [bool(r.problem) for r in targeted.rows] == [
        False, True, False, False, False, False]
    assert [p["name"] for p in chart["params"]] == ["target_0", "target_2", "target_3", "target_4", "target_5"]
    assert set(chart["datasets"]) == {"curves"}  # the points are placed by the chart, from the inputs
    curves = chart["datasets"]["curves"]
    named = dict(zip(curves.column("series").to_pylist(), curves.column("slot").to_pylist()))
    assert named == {r.name: slot for slot, r in enumerate(untargeted.rows) if slot != 1}  # with or without target
    assert json.dumps({k: v for k, v in chart.items() if k != "datasets"}) == json.dumps(
        {k: v for k, v in targeted_chart.items() if k != "datasets"})
    assert curves.equals(targeted_chart["datasets"]["curves"])
    assert targeted.chart is None  # targets in, the table's view builds no chart: `typed_chart` does


def test_a_plan_round_trips_through_json_and_rejects_anything_else() -> None:
    assert from_json(to_json(PLAN)) == PLAN
    for bad in ("not json", "[1]", '[{"kind": "median"}]', '[{"kind": "count", "evil": 1}]'):
        with pytest.raises(ValueError, match="could not be read"):
            from_json(bad)


def test_statistic_needs_public_bounds() -> None:
    with pytest.raises(ValueError, match="bounds"):
        statistic(Item("sum", "body_mass_g"))
    assert np.isfinite(statistic(PLAN[2]).true_value(PENGUINS))


def test_two_statistics_of_the_same_name_stay_apart_in_the_chart() -> None:
    view = plan.compute(_settings(items=(Item("count"), Item("count"))))
    assert [r.name for r in view.rows] == ["Count of rows", "Count of rows (2)"]


@pytest.mark.slow
def test_the_cost_tab_lists_every_accountant_and_the_plain_sum_equals_the_plan_s_total() -> None:
    from dpcore.accounting import ACCOUNTANTS, total_epsilon
    from ui.views.planner import cost

    view = plan.compute(_settings(items=PLAN[:3]))
    shown = cost.compute(cost.Settings(view.events, 1e-6, view.histograms))
    assert len(shown.table[next(iter(shown.table))]) == len(ACCOUNTANTS)
    assert shown.totals["basic"] == pytest.approx(view.total_epsilon)
    assert shown.totals["pld"] == pytest.approx(total_epsilon(view.events, 1e-6, "pld"))
    assert "1.67" in shown.text  # the 3-bar histogram counted bar by bar: 1 + 2 * 1/3
    curves = shown.chart["datasets"]["totals"].to_pandas()
    last = curves[curves["repeats"] == 10_000].set_index("series")["epsilon"]
    assert last["basic composition"] == pytest.approx(10_000 * view.total_epsilon)
    assert last.min() < last["basic composition"] / 5  # the moments accountant's point
    # the accountants' long names go on two lines on a phone instead of running off its edge (issue 31)
    legend = shown.chart["layer"][0]["encoding"]["color"]["legend"]
    assert legend["labelLimit"] <= 270 and "lastindexof" in legend["labelExpr"]


def test_the_risk_tab_reads_the_posterior_band_and_the_test_bound() -> None:
    from dpcore.mechanisms import calibrate
    from ui.views.planner import risk

    shown = risk.compute(risk.Settings(((calibrate("laplace", 1.0), 1),), 0.0, 0.5))
    e = math.e
    assert f"{100 * e / (1 + e):.1f}%" in shown.text  # 73.1%: the course's posterior bound at 50%
    assert "2.72%" in shown.text  # TPR <= e^eps * 1% at delta 0, by the (eps, delta) bound
    plan_curve = shown.chart["datasets"]["curve"].to_pandas()
    bound = shown.chart["datasets"]["region"].to_pandas()
    at_1 = np.interp(0.01, plan_curve["fpr"], plan_curve["tpr"])
    assert at_1 < 0.0272  # the Laplace plan's own curve is below the bound (Dong, Roth & Su)
    assert bound["upper"].max() <= 1.0
    assert len(shown.published[next(iter(shown.published))]) >= 3
    assert all(url.startswith("https://") for url in shown.published["Public source"])


def test_names_from_an_upload_are_escaped_for_st_table_which_renders_markdown() -> None:
    frame = PENGUINS.rename(columns={"body_mass_g": "*mass*[x](y)"})
    item = Item("mean", "*mass*[x](y)", lower=2500, upper=6500)
    view = plan.compute(_settings(frame=frame, items=(item,)))
    assert view.table["Statistic"] == [r"Mean of \*mass\*\[x\]\(y\)"]


def test_the_cost_tab_says_why_when_the_total_delta_does_not_cover_the_gaussians() -> None:
    from dpcore.mechanisms import calibrate
    from ui.views.planner import cost

    gaussian = calibrate("gaussian", 1.0, 1e-5, 1.0)
    shown = cost.compute(cost.Settings(((gaussian, 1),), 1e-6))
    assert "delta" in shown.text.lower() and "basic" not in shown.totals
    assert set(shown.totals) == {"rdp", "pld", "zcdp"}  # they account for Gaussian noise exactly


def test_the_settings_are_a_memo_key_that_knows_the_data_by_its_ident() -> None:
    """The chart slider keeps a plan's steps under its settings (ui/chart_slider.py): the frame rides
    along uncompared, the dataset and seed it was bounded with (`ident`) and every choice compare."""
    settings = _settings()
    assert hash(settings) == hash(_settings(frame=PENGUINS.head(3))) and settings == _settings(frame=PENGUINS.head(3))
    for changed in ({"ident": ("penguins", 1)}, {"protection": Protection(2)}, {"items": PLAN[:1]}, {"delta": 1e-5},
                    {"total_epsilon": 2.0}, {"direction": "accuracy"}):
        assert _settings(**changed) != settings, changed


def test_the_cost_tab_says_which_total_to_publish_and_why_a_bound_can_pass_plain_addition() -> None:
    from dpcore.accounting import total_epsilon
    from dpcore.mechanisms import calibrate
    from ui.views.planner import cost

    one = ((calibrate("laplace", 1.0), 1), (calibrate("laplace", 1.0), 1))  # two pure statistics, answered once
    shown = cost.compute(cost.Settings(one, 1e-6))
    smallest = min(shown.totals.values())
    assert f"**Publish {fmt.number(smallest)}**" in shown.text
    assert shown.totals["advanced"] > shown.totals["basic"]  # sqrt(2 ln(1/δ') · 2) + ... > 2
    assert "Advanced composition comes out above plain addition" in shown.text
    assert "pure ε-DP" in shown.text  # the δ shown does not matter to basic, optimal and PLD
    gaussian = ((calibrate("gaussian", 1.0, 1e-7, 1.0), 1),)
    mixed = cost.compute(cost.Settings(gaussian, 1e-6))
    assert "pure ε-DP" not in mixed.text
    assert min(mixed.totals.values()) <= total_epsilon(gaussian, 1e-6, "pld") + 1e-9


def test_the_risk_tab_says_how_well_an_attribute_is_guessed() -> None:
    from dpcore.attribute_inference import best_guess, substitution_events
    from ui.views.planner import risk

    rows = plan.compute(_settings(items=(Item("count"),))).rows
    attribute = risk.attribute_events(rows, Protection())
    assert attribute == substitution_events(rows[0].stat, "laplace", rows[0].epsilon, Protection())
    shown = risk.compute(risk.Settings(rows[0].events, 1e-6, 0.7, attribute))
    guess = best_guess(attribute, 0.7)
    assert 0.7 < guess < 1 and TEXT["risk_attribute"].format(
        prior=fmt.share(0.7), guess=fmt.share(guess), base=fmt.share(0.7)) in shown.text
    assert "attribute" not in risk.compute(risk.Settings(rows[0].events, 1e-6, 0.7)).text
