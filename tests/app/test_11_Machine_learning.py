"""AppTest for pages/11_Machine_learning.py: the default dataset offers UCI Adult; the grid trains in
the background (a progress bar, then the result), once for every session at the same settings; every
part in English and Chinese; the ε slider (the chart's own) swaps data only; a bad address, a refused
input and a failed training each say so in the page.

Most tests train nothing: `experiment.run` is replaced by a grid built by hand
(tests/unit/views/test_learning_views.results), and each test has a fresh background pool. One test
trains for real on 300 rows of Adult (about 20 s: jax compiles first)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Iterator
from typing import Any

import pytest

from dpcore.errors import DPError
from tests.app.conftest import assert_clean, chart_titled, component_data, layout, page_text, reading, run_page, step
from tests.unit.views.test_learning_views import results as fake_results
from ui import memo
from ui.background import Jobs
from ui.i18n import language
from ui.state import BOUND
from ui.tabs.learning import common
from ui.tabs.learning import train as train_tab
from ui.text.common import TEXT as COMMON
from ui.text.learning import TEXT
from ui.views.learning import experiment
from ui.views.learning.experiment import EPSILONS, Setup

PAGE = "pages/11_Machine_learning.py"
ADULT = {"data": "adult"}
TINY = {"data": "adult", "ml_rows": "300", "ml_epochs": "2", "ml_model": "logistic", "ml_batch": "16"}
ZH = TEXT.table("zh")


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch) -> Iterator[Jobs[Any]]:
    """A background pool and shared views of this test's own."""
    jobs: Jobs[Any] = Jobs("test-learning", workers=1, queued=4, kept=6)
    monkeypatch.setattr(common, "JOBS", jobs)
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())
    yield jobs
    jobs.idle(120)


@pytest.fixture
def trained(fresh: Jobs[Any], monkeypatch: pytest.MonkeyPatch) -> list[Setup]:
    """`experiment.run` answers at once with a grid built by hand; the settings it was asked for."""
    asked: list[Setup] = []

    def run(setup: Setup, report: Any = None) -> experiment.Results:
        asked.append(setup)
        return fake_results()

    monkeypatch.setattr(experiment, "run", run)
    return asked


def _done(at: Any, jobs: Jobs[Any]) -> Any:
    """What the page shows once the background work it started is over (the browser's poll reruns
    it; AppTest never fires `run_every`)."""
    assert jobs.idle(300)
    return at.run()


def test_the_default_dataset_says_why_and_offers_adult_in_one_click(trained: list[Setup]) -> None:
    at = run_page(PAGE)
    assert_clean(at)
    assert "has no column with exactly two values" in at.info[0].value
    assert not trained  # nothing trains on a table that cannot
    at.button(key="ml_use_adult").click().run()
    assert_clean(at)
    assert at.selectbox(key="data").value == "adult" and at.query_params["data"] == "adult"
    at = _done(at, common.JOBS)
    assert_clean(at)
    assert len(trained) == 1 and trained[0].dataset == "adult" and trained[0].target == "income>50K"
    assert trained[0].features == experiment.ADULT_FEATURES and trained[0].seed == 42
    chart_titled(at, "Test accuracy after each epoch,")


def test_a_table_too_small_to_learn_from_says_so_and_offers_adult(trained: list[Setup]) -> None:
    at = run_page(PAGE, {"data": "students"})  # 7 students: grade and sex have two values each
    assert not at.exception
    assert any("at least 10 rows" in e.value for e in at.error), [e.value for e in at.error]
    assert at.button(key="ml_use_adult_refused")
    assert not trained


def test_an_undeclared_input_is_refused_by_name(trained: list[Setup]) -> None:
    at = run_page(PAGE, {"data": "penguins", "ml_features": ["species", "sex"], "ml_target": "island"})
    assert not at.exception
    assert not any("island" in e.value for e in at.error)  # island has three values: not a target
    assert at.selectbox(key="ml_target").value == "sex"
    at = run_page(PAGE, {"data": "students", "ml_features": ["name"]})
    assert any("'name' has neither declared categories nor public bounds" in e.value for e in at.error)


def test_a_batch_larger_than_the_training_rows_is_refused_before_anything_trains(trained: list[Setup]) -> None:
    at = run_page(PAGE, {**ADULT, "ml_rows": "100", "ml_batch": "64"})
    assert not at.exception
    assert [e.value for e in at.error] == [
        "This input cannot be used: The batch size must be a whole number from 1 to the number of training rows "
        "(50), got 64."], at.error
    assert not trained and not at.get("progress")


def test_the_grid_trains_in_the_background_with_a_progress_bar_then_shows_the_result(
        fresh: Jobs[Any]) -> None:
    at = run_page(PAGE, TINY)  # 300 rows of Adult, 2 epochs of logistic regression: a real training
    assert_clean(at)
    bars = at.get("progress")
    assert bars and not at.get("vega_lite_chart")  # the bar, not yet a chart
    stage = str(bars[0].proto.text)  # queued until the worker takes it (a loaded machine), then training
    assert any(word in stage for word in ("Preparing", "noise", "Waiting for the server")), stage
    at = _done(at, fresh)
    assert_clean(at)
    assert not at.get("progress")
    text = reading(at, "ml_eps")
    assert "At ε = **1** (δ = 10⁻⁵)" in text and "of the 150 test rows" in text
    assert "Noise σ |" in text and "Majority |" in text
    chart = chart_titled(at, "Test accuracy after each epoch,")
    assert chart["frames"] == len(EPSILONS)
    assert list(chart["datasets"]["curves"].query("series == 'DP-SGD'")["x"]) == [1.0, 2.0]


def test_two_sessions_at_the_same_settings_share_one_training(trained: list[Setup]) -> None:
    first = run_page(PAGE, ADULT)
    second = run_page(PAGE, ADULT)  # a classmate at the same link, before the first is done
    assert_clean(first) and assert_clean(second)  # type: ignore[func-returns-value]
    _done(first, common.JOBS)
    _done(second, common.JOBS)
    assert len(trained) == 1
    other = run_page(PAGE, {**ADULT, "seed": "7"})  # another seed: another grid
    _done(other, common.JOBS)
    assert len(trained) == 2 and trained[1].seed == 7


def test_the_epsilon_slider_swaps_the_frame_and_the_reading(trained: list[Setup]) -> None:
    at = _done(run_page(PAGE, ADULT), common.JOBS)
    assert "At ε = **1**" in reading(at, "ml_eps")
    before = chart_titled(at, "Test accuracy after each epoch,")
    step(at, "ml_eps", 4.0, EPSILONS)  # the chart's own slider, as the browser reports it
    assert_clean(at)
    assert "At ε = **4**" in reading(at, "ml_eps") and at.query_params["ml_eps"] == "4"
    after = chart_titled(at, "Test accuracy after each epoch,")
    assert {**layout(after), "title": None} == {**layout(before), "title": None}  # data only
    assert after["title"]["text"][1] == "DP-SGD at ε = 4"


def test_a_link_opens_the_epsilon_and_the_knobs_it_names(trained: list[Setup]) -> None:
    at = _done(run_page(PAGE, {**ADULT, "ml_eps": "0.25", "ml_clip": "0.5", "ml_batch": "128", "ml_lr": "1"}),
               common.JOBS)
    assert_clean(at)
    assert "At ε = **0.25**" in reading(at, "ml_eps")
    assert (trained[0].clipping, trained[0].batch, trained[0].learning_rate) == (0.5, 128, 1.0)


@pytest.mark.parametrize("bad", [{"ml_epochs": "abc"}, {"ml_rows": "inf"}, {"ml_model": "forest"},
                                 {"ml_eps": "3"}, {"ml_features": ["no such column"]}, {"ml_tab": "nope"}])
def test_a_bad_address_parameter_falls_back_with_a_notice(trained: list[Setup], bad: dict[str, Any]) -> None:
    at = run_page(PAGE, {**ADULT, **bad})
    toasts = [t.value for t in at.toast]
    at = _done(at, common.JOBS)  # the chart's ε is read once the grid is there
    toasts += [t.value for t in at.toast]
    assert not at.exception
    notice = COMMON["address_reset"].split(":")[0]
    assert any(notice in t for t in toasts), toasts
    assert not at.error


def test_every_bound_knob_is_registered() -> None:
    assert {"ml_rows", "ml_batch", "ml_epochs", "ml_clip", "ml_lr", "ml_acc_n", "ml_acc_batch", "ml_acc_sigma",
            "ml_acc_epochs"} <= set(BOUND)


def test_the_accountants_part_opens_on_the_course_s_check(fresh: Jobs[Any]) -> None:
    at = run_page(PAGE, {"ml_tab": "account"})  # no dataset needed
    assert_clean(at)
    text = page_text(at)
    assert "**ε = 2.60** by the moments accountant (RDP) and **ε = 2.38**" in text
    assert "Why PLD is tighter" in text and at.button(key="ml_acc_course").disabled
    chart_titled(at, "ε after each epoch,")
    at.number_input(key="ml_acc_epochs").set_value(30).run()
    assert_clean(at)
    assert "After **30** epochs" in page_text(at) and not at.button(key="ml_acc_course").disabled
    at.button(key="ml_acc_course").click().run()
    assert "After **60** epochs" in page_text(at) and at.number_input(key="ml_acc_epochs").value == 60


def test_the_trade_off_part_draws_accuracy_against_epsilon_and_a_sweep(trained: list[Setup],
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    swept: list[str] = []

    def sweep(setup: Setup, knob: str, report: Any = None) -> experiment.SweepResults:
        swept.append(knob)
        return experiment.SweepResults(knob, 1.0, 1e-5, 0.755,  # type: ignore[arg-type]
                                       tuple(experiment.SweepPoint(v, 4.0, 0.78) for v in (0.1, 1.0, 10.0)))

    monkeypatch.setattr(experiment, "sweep", sweep)
    at = _done(run_page(PAGE, {**ADULT, "ml_tab": "tradeoff"}), common.JOBS)
    at = _done(at, common.JOBS)
    assert_clean(at)
    chart_titled(at, "Test accuracy against ε:")
    chart_titled(at, "Test accuracy at ε = 1")
    assert "At ε = 0.25 the DP-SGD model is right on **74%**" in page_text(at)
    at.button_group(key="ml_sweep").set_value("batch").run()
    at = _done(at, common.JOBS)
    assert swept == ["clipping", "batch"] and at.query_params["ml_sweep"] == "batch"


def test_the_attack_part_reports_tprs_against_the_bound(trained: list[Setup]) -> None:
    at = _done(run_page(PAGE, {**ADULT, "ml_tab": "attack"}), common.JOBS)
    assert_clean(at)
    text = page_text(at)
    assert "**Without privacy the model leaks.**" in text and "DP's bound is far above" in text
    assert "| no privacy | – |" in text
    chart_titled(at, "Training rows found at 1% false positives:")
    at.button_group(key="ml_fpr").set_value(0.001).run()
    assert_clean(at)
    chart_titled(at, "Training rows found at 0.1% false positives:")
    assert "Careful: at 0.1%" in page_text(at)


def test_every_part_in_chinese(trained: list[Setup]) -> None:
    with language("zh"):
        at = _done(run_page(PAGE, {**ADULT, "lang": "zh"}), common.JOBS)
        assert_clean(at)
        assert "DP-SGD 模型" in reading(at, "ml_eps")
        chart_titled(at, ZH["train_chart_title"].format(eps="1").split("\n")[0])
        for tab in ("account", "tradeoff", "attack"):
            at.button_group(key="ml_tab").set_value(tab).run()
            at = _done(at, common.JOBS)
            assert not at.exception
    assert "不加隐私的模型会泄露" in page_text(at)


def test_the_page_in_chinese_on_the_default_dataset_offers_adult(fresh: Jobs[Any]) -> None:
    with language("zh"):
        at = run_page(PAGE, {"lang": "zh"})
    assert_clean(at)
    assert "没有一个恰好取两个值" in at.info[0].value
    assert at.button(key="ml_use_adult").label == ZH["use_adult"]


def test_a_refused_training_shows_its_sentence_and_a_crash_a_plain_one(fresh: Jobs[Any],
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def refused(setup: Setup, report: Any = None) -> None:
        raise DPError("dpsgd_epsilon_unreachable.large", epsilon=8.0, minimum=0.3)

    monkeypatch.setattr(experiment, "run", refused)
    at = _done(run_page(PAGE, ADULT), fresh)
    assert not at.exception
    assert any("Epsilon 8 is reached even with the smallest noise" in e.value for e in at.error)

    def crash(setup: Setup, report: Any = None) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(experiment, "run", crash)
    at = _done(run_page(PAGE, {**ADULT, "seed": "3"}), fresh)
    assert not at.exception
    assert [e.value for e in at.error] == [TEXT["failed"]]


def test_the_default_grid_starts_training_at_the_server_s_start(trained: list[Setup]) -> None:
    common.warm(42)  # what ui.serve's warm-up does: the grid, then every ε's frame
    train_tab.warm(42)
    assert common.JOBS.idle(60)
    assert trained == [common.default_setup(42)]
    at = run_page(PAGE, ADULT)  # the first visitor finds it trained, every ε's frame too
    assert_clean(at) and not at.get("progress")  # type: ignore[func-returns-value]
    assert len(trained) == 1
    steps = component_data(at, "ml_eps_reading")["steps"]
    assert len(steps) == len(EPSILONS) and not any(COMMON["step_pending"] in str(s) for s in steps)
