"""AppTest for pages/6_Release_planner.py: the default plan, every control, the address."""

from __future__ import annotations

import json
import math

import pandas as pd
import pytest
from streamlit.testing.v1 import AppTest

from dpcore.catalog import BUNDLED
from tests.app.conftest import (
    assert_clean,
    blocks_text,
    chart_titled,
    component_data,
    layout,
    page_errors,
    reading,
    run_page,
    step,
    vega_specs,
)
from ui.text.planner import TEXT
from ui.views.planner.items import Item, to_json

PAGE = "pages/6_Release_planner.py"
PENGUINS = {"data": "penguins"}
PENGUINS_FRAME = pd.read_csv(BUNDLED["penguins"].path)
CURVES = TEXT["curves_title"].split("\n")[0]


def _type(at: AppTest, key: str, values: list[float | None]) -> AppTest:
    """Type the plan's weights (`key` "plan_weights") or targets ("plan_targets") as the page's
    inputs send them (ui/components/spend): every value, with the statistics' ids."""
    at.session_state[key] = {"values": {"uids": list(at.session_state["_plan_uids"]), "values": values}}
    return at.run()


def _table(at: AppTest) -> dict[str, list[str]]:
    """The plan's table: from the reading under the chart whose own slider is the total budget, or
    under the targets (the accuracy direction), or from the markdown it is shown in when there is
    no chart to step."""
    ids = [c.proto.id for c in at.get("bidi_component")]
    if any(i.endswith(("-plan_eps_reading", "-plan_targets")) for i in ids):
        shown = (reading(at, "plan_eps") if any(i.endswith("-plan_eps_reading") for i in ids)
                 else blocks_text(component_data(at, "plan_targets")["blocks"]))
        cells = [line.split(" | ") for line in shown.split("\n") if " | " in line]
    else:
        text = next(m.value for m in at.markdown if f"| {TEXT['col_statistic']} |" in m.value)
        lines = [line for line in text.splitlines() if line.startswith("|")]
        cells = [[c.strip() for c in line.strip("|").split(" | ")] for line in lines]
        cells = [cells[0], *cells[2:]]
    header, rows = cells[0], cells[1:]
    return {name: [row[i] for row in rows] for i, name in enumerate(header)}


def _statistics(at: AppTest) -> list[str]:
    """The statistics' names as a reader sees them (the table's cells are markdown-escaped)."""
    return [name.replace("\\", "") for name in _table(at)[TEXT["col_statistic"]]]


def test_the_page_opens_on_a_plan_for_the_dataset() -> None:
    at = run_page(PAGE, PENGUINS)
    assert_clean(at)
    assert _statistics(at) == ["Count of rows", "Histogram of species", "Mean of bill_length_mm"]
    assert chart_titled(at, CURVES)
    assert json.loads(at.query_params["plan"])[0] == {"kind": "count"}


def test_the_total_budget_moves_every_accuracy_and_only_the_chart_s_data() -> None:
    at = run_page(PAGE, PENGUINS)
    before = _table(at)[TEXT["col_accuracy"]]
    step(at, "plan_eps", 1.0)  # a first step computes every other total (pending until then: ui/chart_slider.py)
    assert _table(at)[TEXT["col_accuracy"]] == before
    spec = layout(chart_titled(at, CURVES))
    step(at, "plan_eps", 2.0)  # the chart's own slider, as the browser reports it
    after = _table(at)[TEXT["col_accuracy"]]
    assert_clean(at)
    assert after != before
    assert float(after[0].strip("±")) == pytest.approx(float(before[0].strip("±")) / 2, abs=0.01)  # halves
    assert layout(chart_titled(at, CURVES)) == spec


def _open_add_panel(at: AppTest) -> AppTest:
    """Open "Add a statistic" (its body is drawn only while open)."""
    at.session_state["plan_add_open"] = True
    return at.run()


def test_adding_and_removing_statistics() -> None:
    at = run_page(PAGE, PENGUINS)
    assert not [r for r in at.radio if r.key == "plan_add_kind"]  # the closed panel draws nothing
    at = _open_add_panel(at)
    at.radio(key="plan_add_kind").set_value("sum").run()
    at.selectbox(key="plan_add_col").set_value("body_mass_g").run()
    at.button(key="plan_add").click().run()
    assert_clean(at)
    assert _statistics(at)[-1] == "Sum of body_mass_g"  # bounds 2500-6500 come from the catalog
    at.button(key="plan_rm_0").click().run()
    assert _statistics(at) == ["Histogram of species", "Mean of bill_length_mm", "Sum of body_mass_g"]
    assert "Count" not in at.query_params["plan"]


def test_a_histogram_of_an_undocumented_column_needs_typed_categories() -> None:
    at = _open_add_panel(run_page(PAGE, PENGUINS))
    at.radio(key="plan_add_kind").set_value("histogram").run()
    at.selectbox(key="plan_add_col").set_value("island").run()  # documented: prefilled
    assert at.text_area(key="plan_add_cats_island").value == "Biscoe\nDream\nTorgersen"
    at.text_area(key="plan_add_cats_island").set_value("").run()
    assert at.button(key="plan_add").disabled  # nothing declared, nothing to add


def test_accuracy_in_gives_epsilon_out() -> None:
    at = run_page(PAGE, PENGUINS)
    at.radio(key="plan_direction").set_value("accuracy").run()
    assert [row for row in _table(at)[TEXT["col_accuracy"]]] == [TEXT["target_missing"]] * 3
    chart = at.get("vega_lite_chart")[0].proto
    _type(at, "plan_targets", [10.0, None, None])
    table = _table(at)
    assert_clean(at)
    assert table[TEXT["col_accuracy"]][0] == "±10"
    assert float(table[TEXT["col_epsilon"]][0]) == pytest.approx(math.log(20) / 10, abs=5e-4)
    assert at.get("vega_lite_chart")[0].proto == chart  # it places the points from the inputs itself
    at.button_group(key="plan_tab").set_value("cost").run()  # the other tabs price the plan as typed
    assert TEXT["empty_plan"] not in [i.value for i in at.info]
    assert_clean(at)
    assert json.loads(at.query_params["plan"])[0]["target"] == 10.0  # a link keeps the targets


def test_a_weight_shifts_the_budget() -> None:
    at = run_page(PAGE, PENGUINS)
    _type(at, "plan_weights", [2.0, 1.0, 1.0])
    eps = [float(e) for e in _table(at)[TEXT["col_epsilon"]]]
    assert eps == [0.5, 0.25, 0.25]


def test_a_plan_in_the_address_opens_and_a_broken_one_says_so() -> None:
    plan = to_json((Item("count"), Item("sum", "body_mass_g", lower=0, upper=7000)))
    at = run_page(PAGE, {**PENGUINS, "plan": plan})
    assert_clean(at)
    assert _statistics(at) == ["Count of rows", "Sum of body_mass_g"]
    at = run_page(PAGE, {**PENGUINS, "plan": "{not json"})
    assert not at.exception
    assert any("could not be read" in e for e in page_errors(at))
    assert _statistics(at)[0] == "Count of rows"  # the default plan instead


def test_one_person_with_several_rows_multiplies_the_error() -> None:
    at = run_page(PAGE, PENGUINS)
    one = float(_table(at)[TEXT["col_accuracy"]][0].strip("±"))
    at.radio(key="plan_unit").set_value("person").run()
    at.number_input(key="plan_m").set_value(3).run()
    assert_clean(at)
    assert float(_table(at)[TEXT["col_accuracy"]][0].strip("±")) == round(3 * one, 1)
    at.selectbox(key="plan_id").set_value("island").run()  # 3 islands: at most 3 rows each are kept
    assert_clean(at)
    assert any("dropped" in c.value for c in at.caption)
    # the exact counts are labelled as data facts, and the seed's draw as a simulation (issue 30, item 1)
    assert any(TEXT["bounded_not_private"] in c.value and TEXT["bounding_draws"] in c.value for c in at.caption)
    assert _table(at)[TEXT["col_relative"]][0].endswith("(9)")


def test_an_aggregated_table_is_flagged() -> None:
    at = run_page(PAGE, {"data": "medical"})
    assert_clean(at)
    assert any(TEXT["aggregated"][:40] in i.value for i in at.info)


RELEASE = {**PENGUINS, "plan_tab": "release"}


def test_a_release_is_recorded_in_the_ledger_and_refused_past_the_budget() -> None:
    at = run_page(PAGE, RELEASE)
    assert_clean(at)
    assert [m.value for m in at.metric] == ["0", "3", "0"]
    for spent in ("1", "2", "3"):
        at.button(key="plan_draw").click().run()
        assert_clean(at)
        assert [m.value for m in at.metric][:2] == [spent, str(3 - int(spent))]
    released = at.table[0].value
    assert list(released.iloc[:, 0])[:2] == ["Count of rows", "Histogram of species"]
    ledger = at.table[1].value
    assert len(ledger) == 3
    at.button(key="plan_draw").click().run()
    assert not at.exception
    assert any("exceed the privacy budget" in e for e in page_errors(at))
    assert [m.value for m in at.metric][:2] == ["3", "0"]  # nothing more was spent
    assert len(at.table[1].value) == 3


def test_the_ledger_survives_a_visit_to_another_page() -> None:
    at = run_page(PAGE, RELEASE)
    at.button(key="plan_draw").click().run()
    at.switch_page("pages/1_Attacks.py").run()
    at.switch_page(PAGE).run()
    assert_clean(at)
    assert [m.value for m in at.metric][0] == "1"


def test_a_budget_below_what_was_spent_is_refused_and_the_ledger_kept() -> None:
    at = run_page(PAGE, RELEASE)
    at.button(key="plan_draw").click().run()
    at.button(key="plan_draw").click().run()
    at.number_input(key="plan_budget_eps").set_value(1.0).run()
    assert not at.exception
    assert page_errors(at)
    assert [m.value for m in at.metric][0] == "2"


def test_the_sensitivity_tab_draws_without_error() -> None:
    at = run_page(PAGE, {**PENGUINS, "plan_tab": "sensitivity"})
    assert_clean(at)
    assert chart_titled(at, "Bias and noise")


def test_a_filtered_count_and_the_delta_control() -> None:
    at = _open_add_panel(run_page(PAGE, PENGUINS))
    at.selectbox(key="plan_add_fcol").set_value("species").run()
    at.text_input(key="plan_add_fval").set_value("Gentoo").run()
    at.button(key="plan_add").click().run()
    assert_clean(at)
    assert _statistics(at)[-1] == "Count where species = Gentoo"
    assert _table(at)[TEXT["col_relative"]][-1].endswith(f"({(PENGUINS_FRAME['species'] == 'Gentoo').sum()})")


def test_a_gaussian_statistic_takes_the_total_delta() -> None:
    at = run_page(PAGE, PENGUINS)
    at.selectbox(key="plan_mech_0").set_value("gaussian").run()
    before = _table(at)[TEXT["col_accuracy"]][0]
    at.select_slider(key="plan_delta").set_value(1e-3).run()
    assert_clean(at)
    assert _table(at)[TEXT["col_accuracy"]][0] != before  # a larger delta, less Gaussian noise
    assert "δ = 0.001" in reading(at, "plan_eps")  # the summary over the table


def test_the_risk_prior_moves_the_posterior_band() -> None:
    at = run_page(PAGE, {**PENGUINS, "plan_tab": "risk"})
    before = [m.value for m in at.metric][0]
    at.slider(key="plan_prior").set_value(0.9).run()
    assert_clean(at)
    assert [m.value for m in at.metric][0] != before


def test_the_sensitivity_bounds_move_the_clamping() -> None:
    at = run_page(PAGE, {**PENGUINS, "plan_tab": "sensitivity"})
    at.selectbox(key="plan_sens_col").set_value("body_mass_g").run()
    at.number_input(key="plan_sens_hi_body_mass_g").set_value(4000.0).run()
    assert_clean(at)
    assert any("clamp" in m.value for m in at.markdown)


def test_a_release_offers_its_spark_job_built_from_the_same_plan() -> None:
    at = run_page(PAGE, RELEASE)
    at.button(key="plan_draw").click().run()
    assert_clean(at)
    labels = [b.proto.label for b in at.get("download_button")]
    assert "Spark job (PipelineDP)" in labels and "OpenDP script (Python)" in labels


def test_the_cells_tab_shows_each_bar_and_its_threshold_moves_the_too_noisy_ones() -> None:
    """The default penguins plan has a histogram of species: each of its bars is a point of the
    chart; a stricter threshold turns more of them too noisy, a smaller budget too."""
    at = run_page(PAGE, {**PENGUINS, "plan_tab": "cells"})
    assert_clean(at)
    chart = chart_titled(at, TEXT["cells_chart_title"].split("\n")[0])
    bars = chart["datasets"]["cells"]
    species = PENGUINS_FRAME["species"].value_counts()
    shown = {label: count for label, count, kind in zip(bars["label"], bars["count"], bars["kind"], strict=True)
             if kind != TEXT["cells_count"]}
    assert shown == {k: float(v) for k, v in species.items()}

    def noisy(summary: str) -> int:
        return int(summary.split("**: ")[1].split(" of ")[0])

    summary = next(m.value for m in at.markdown if TEXT["cells_private_note"][:40] in m.value)
    at.radio(key="plan_cells_at").set_value(0.1).run()
    assert_clean(at)
    stricter = next(m.value for m in at.markdown if TEXT["cells_private_note"][:40] in m.value)
    assert noisy(stricter) >= noisy(summary)
    step(at, "plan_eps", 0.01)
    tiny_budget = next(m.value for m in at.markdown if TEXT["cells_private_note"][:40] in m.value)
    assert noisy(tiny_budget) == len(species)  # at ε = 0.01 no bar of a few hundred penguins survives ±10%


def test_a_secret_sample_shows_the_plans_total_towards_the_population() -> None:
    at = run_page(PAGE, {**PENGUINS, "plan_tab": "cost"})
    assert_clean(at)
    assert "plan_rate" not in [n.key for n in at.number_input]  # no rate until the data is said to be a sample
    at.checkbox(key="plan_sampled").check().run()
    at.number_input(key="plan_rate").set_value(0.1).run()
    assert_clean(at)
    data, population = (float(m.value) for m in at.metric)
    assert population == pytest.approx(math.log(1 + 0.1 * math.expm1(data)), rel=0.01)
    assert population < data


def test_a_risk_target_gives_the_largest_total_and_a_stricter_one_a_smaller_total() -> None:
    at = run_page(PAGE, {**PENGUINS, "plan_tab": "risk"})
    assert_clean(at)

    def largest() -> float:
        return float(next(m.value for m in at.metric if m.label == TEXT["target_metric_total"]))

    loose = largest()  # at most 10% of members caught at 1% false alarms
    at.selectbox(key="plan_risk_tpr").set_value(0.02).run()
    assert_clean(at)
    assert largest() < loose
    at.radio(key="plan_risk_kind").set_value("advantage").run()
    assert_clean(at)
    assert any(TEXT["target_advantage"].split("{")[0] in m.value for m in at.markdown)


def test_the_rows_per_person_tab_asks_for_an_id_then_weighs_every_bound() -> None:
    at = run_page(PAGE, {**PENGUINS, "plan_tab": "bounds"})
    assert_clean(at)
    assert any(TEXT["bounds_needs_id"][:30] in i.value for i in at.info)
    at.radio(key="plan_unit").set_value("person").run()
    at.selectbox(key="plan_id").set_value("island").run()  # 3 islands of 50-170 penguins: a person of many rows
    assert_clean(at)
    chart = chart_titled(at, TEXT["bounds_chart_title"].format(name=TEXT["name_count"]).split("\n")[0])
    curve = chart["datasets"]["curves"]
    assert set(curve["series"]) == {TEXT["bounds_total"], TEXT["bounds_noise"], TEXT["bounds_bias"]}
    assert any(TEXT["bounds_not_private"][:40] in m.value for m in at.markdown)
    assert at.table and at.table[0].value.shape[0] >= 1


def test_a_link_made_with_an_upload_opens_its_plan_once_the_file_is_uploaded() -> None:
    """The link cannot carry the file: the page waits on a bundled table, then the upload opens the
    link's plan, not the default one (issue 32)."""
    linked = (Item("count"), Item("sum", "visits", lower=0.0, upper=10.0, weight=3.0))
    at = run_page(PAGE, {"data": "upload", "plan": to_json(linked)})
    assert_clean(at)
    data = b"person,visits\n" + b"".join(f"p{i},{i % 7}\n".encode() for i in range(60))
    at.sidebar.file_uploader[0].set_value(("visits.csv", data, "text/csv")).run()
    assert_clean(at)
    assert _statistics(at) == [TEXT["name_count"], TEXT["name_sum"].format(column="visits")]
    assert json.loads(at.query_params["plan"]) == json.loads(to_json(linked))


def test_a_link_made_with_an_upload_protects_the_same_people_once_the_file_is_uploaded() -> None:
    """The ID column is in the link: kept aside while the page waits on a bundled table, chosen once
    the file is uploaded, so a visitor's release bounds the same people's rows (found in the browser:
    the link dropped it and the release bounded nobody's rows)."""
    at = run_page(PAGE, {"data": "upload", "plan": to_json((Item("count"),)), "plan_unit": "person",
                         "plan_m": "3", "plan_id": "person"})
    assert_clean(at)
    data = b"person,visits\n" + b"".join(f"p{i % 20},{i % 7}\n".encode() for i in range(60))
    at.sidebar.file_uploader[0].set_value(("visits.csv", data, "text/csv")).run()
    assert_clean(at)
    assert at.selectbox(key="plan_id").value == "person"
    assert at.query_params["plan_id"] in ("person", ["person"])
    assert any(TEXT["bounded_not_private"][:30] in c.value for c in at.caption)  # rows are bounded, said so
    # a file without that column: no ID, and the page says the bound is a promise
    at = run_page(PAGE, {"data": "upload", "plan_unit": "person", "plan_id": "person"})
    at.sidebar.file_uploader[0].set_value(("other.csv", b"who,visits\na,1\nb,2\n", "text/csv")).run()
    assert_clean(at)
    assert at.selectbox(key="plan_id").value == ""


def test_a_listed_statistic_shows_its_public_facts_and_they_can_be_edited() -> None:
    at = run_page(PAGE, PENGUINS)
    captions = [c.value for c in at.caption]
    assert any(c.replace("\\", "").startswith("3 declared categories: Adelie, Chinstrap, Gentoo") for c in captions)
    mean = next(i for i, item in enumerate(at.session_state["_plan_items"]) if item.kind == "mean")
    uid = at.session_state["_plan_uids"][mean]
    lower = at.number_input(key=f"plan_lo_{uid}")
    assert lower.value == at.session_state["_plan_items"][mean].lower
    lower.set_value(40.0).run()
    assert_clean(at)
    assert at.session_state["_plan_items"][mean].lower == 40.0
    assert json.loads(at.query_params["plan"])[mean]["lower"] == 40.0  # and the link holds it
    at.number_input(key=f"plan_hi_{uid}").set_value(10.0).run()  # below the lower bound: refused, said
    assert any(TEXT["facts_bounds_order"] in w.value for w in at.warning)
    assert at.session_state["_plan_items"][mean].upper != 10.0


def test_pasted_categories_split_on_lines_commas_and_semicolons() -> None:
    from ui.tabs.planner.the_plan import parse_categories

    assert parse_categories("North, South;East\n West \n\nNorth") == ("North", "South", "East", "West")
    assert parse_categories(" \n , ;") == ()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_categories_read_from_the_data_show_who_is_published_and_release_without_a_spark_job(lang: str) -> None:
    """Key selection from the form: the histogram is listed with its noise fixed, tab 2 shows each
    island's chance of being published, and a release offers no Spark job (it says why)."""
    from ui.i18n import language
    from ui.text.zh.planner import TEXT as ZH

    text = ZH if lang == "zh" else TEXT
    with language(lang):
        at = _open_add_panel(run_page(PAGE, {**PENGUINS, "plan_tab": "cells", "lang": lang}))
        at.radio(key="plan_add_kind").set_value("histogram").run()
        at.selectbox(key="plan_add_col").set_value("island").run()
        at.toggle(key="plan_add_keys").set_value(True).run()
        assert not [t for t in at.text_area if t.key == "plan_add_cats_island"]  # nothing to type
        at.button(key="plan_add").click().run()
        assert_clean(at)
        assert text["keys_mechanism"] in [c.value for c in at.caption]
        plan = at.query_params["plan"]
        listed = json.loads(plan if isinstance(plan, str) else plan[0])
        assert listed[-1] == {"kind": "histogram", "column": "island", "mechanism": "discrete_laplace",
                              "select_keys": True}
        chart = next(s for s in vega_specs(at) if "keys" in s["datasets"])
        assert "island" in json.dumps(chart["title"], ensure_ascii=False)
        assert sorted(chart["datasets"]["keys"]["label"]) == sorted(PENGUINS_FRAME["island"].dropna().unique())
        assert any(text["keys_reading"].split("{name}")[0] in m.value for m in at.markdown)
        at.button_group(key="plan_tab").set_value("release").run()
        at.button(key="plan_draw").click().run()
        assert_clean(at)
        assert not [b for b in at.get("download_button") if b.proto.label == text["release_spark"]]
        assert text["release_spark_no_keys"] in [c.value for c in at.caption]


def test_m_chosen_privately_is_charged_to_the_ledger_then_used() -> None:
    at = run_page(PAGE, {**PENGUINS, "plan_tab": "bounds"})
    at.radio(key="plan_unit").set_value("person").run()
    at.selectbox(key="plan_id").set_value("island").run()
    at.number_input(key="plan_m_eps").set_value(0.5).run()
    at.button(key="plan_m_draw").click().run()
    assert_clean(at)
    book = at.session_state["_plan_ledger"]
    assert book.spent_epsilon == pytest.approx(0.5) and "island" in book.entries[-1].what
    drawn = at.session_state["_plan_m_drawn"].m
    assert 1 <= drawn <= 100 and any(f"m = {drawn}" in m.value for m in at.markdown)
    at.button(key="plan_m_use").click().run()
    assert_clean(at)
    assert at.number_input(key="plan_m").value == drawn
    # past the budget: refused, nothing drawn, nothing recorded
    at.number_input(key="plan_m_eps").set_value(5.0).run()
    for _ in range(2):
        at.button(key="plan_m_draw").click().run()
    assert at.session_state["_plan_ledger"].spent_epsilon <= at.session_state["_plan_ledger"].budget_epsilon
    assert at.error


def test_a_file_of_categories_fills_the_list_and_a_bad_one_says_why() -> None:
    at = _open_add_panel(run_page(PAGE, PENGUINS))
    at.radio(key="plan_add_kind").set_value("histogram").run()
    at.selectbox(key="plan_add_col").set_value("island").run()
    uploader = next(u for u in at.file_uploader if u.key == "plan_add_cats_file")
    uploader.set_value(("islands.csv", "\ufeffBiscoe, Dream\nTorgersen\nAtlantis\n".encode(), "text/csv")).run()
    assert_clean(at)
    assert at.text_area(key="plan_add_cats_island").value == "Biscoe\nDream\nTorgersen\nAtlantis"
    at.button(key="plan_add").click().run()
    assert _statistics(at)[-1] == "Histogram of island"
    for content, words in ((b"\xff\xfe\x00bad", TEXT["categories_file_not_text"]),
                           (("\n".join(f"c{i}" for i in range(300))).encode(), "300 categories")):
        at = _open_add_panel(run_page(PAGE, PENGUINS))
        at.radio(key="plan_add_kind").set_value("histogram").run()
        at.selectbox(key="plan_add_col").set_value("island").run()
        next(u for u in at.file_uploader if u.key == "plan_add_cats_file").set_value(
            ("bad.txt", content, "text/plain")).run()
        assert not at.exception and any(words in w.value for w in at.warning)
        assert at.text_area(key="plan_add_cats_island").value == "Biscoe\nDream\nTorgersen"  # kept as it was
