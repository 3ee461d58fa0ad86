"""The Machine learning page's views (ui/views/learning): each compute on a grid of results built by
hand (no training: fast), the sentences and charts they give, the data checks, δ's rule, the progress
line; the accountants' tab against dp-accounting directly, the course's check in the slow set."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd
import pytest

from dpcore.catalog import BUNDLED
from dpcore.errors import DPError
from dpcore.learning.accounting import dpsgd_epsilon, steps_for
from ui.i18n import language
from ui.views.learning import account, attack, experiment, progress, tradeoff, train
from ui.views.learning.experiment import EPSILONS, FPRS, Attack, Results, Setup, SweepPoint, SweepResults, Trained

SETUP = Setup("fake", None, "y", ("a",))


def _attack(tprs: tuple[float, float], auroc: float = 0.5, low: float | None = None) -> Attack:
    lows = tuple(t * 0.5 if low is None else low for t in tprs)
    intervals = tuple((lo, t * 1.5) for lo, t in zip(lows, tprs, strict=True))
    return Attack(auroc, (auroc - 0.02, auroc + 0.02), tprs, intervals, 0.03)


def _trained(eps: float | None, accuracy: float, lira: tuple[float, float], bound: tuple[float, float] | None,
             epochs: int = 5, low: float | None = None) -> Trained:
    curve = tuple(np.linspace(0.7, accuracy, epochs))
    return Trained(eps, None if eps is None else 10 / (eps + 1), curve, curve, _attack((0.001, 0.01)),
                   _attack(lira, 0.55, low), _attack((0.001, 0.01)), bound, None if bound is None else 0.2)


def results(plain_lira: tuple[float, float] = (0.008, 0.03), plain_low: float | None = None,
            per_side: int = 2_000, epochs: int = 5) -> Results:
    """A grid as `experiment.run` gives it: accuracy rising with ε, LiRA near chance on DP-SGD."""
    private = tuple(_trained(e, 0.74 + 0.01 * i, (0.001, 0.011), (0.001 * (1 + e), 0.01 * (1 + e)), epochs)
                    for i, e in enumerate(EPSILONS))
    return Results(available=48_842, rows=2 * per_side, n_train=per_side, n_test=per_side, inputs=44,
                   target="income>50K", positive="1", negative="0", sampling_rate=0.032, steps=1_563, delta=1e-5,
                   majority=0.755, majority_label="0",
                   epsilons=EPSILONS, private=private,
                   non_private=_trained(None, 0.82, plain_lira, None, epochs, plain_low), shadows=4,
                   per_side=per_side, fprs=FPRS)


# ------------------------------------------------------------------ the experiment's pure parts

def test_delta_is_ten_to_the_minus_five_or_a_power_of_ten_below_one_over_n() -> None:
    assert experiment.delta_for(2_000) == 1e-5
    assert experiment.delta_for(32_561) == 1e-5
    assert experiment.delta_for(100_000) == 1e-6
    assert all(experiment.delta_for(n) < 1 / n for n in (10, 999, 1_000, 54_321, 10**6))


def test_the_targets_are_the_two_valued_columns_declared_or_held() -> None:
    adult = pd.read_csv(BUNDLED["adult"].path, nrows=500)
    assert experiment.targets(adult, "adult") == ["sex", "income>50K"]  # two declared codes each
    frame = pd.DataFrame({"yes_no": ["y", "n", "y"], "three": [1, 2, 3], "const": [1, 1, 1]})
    assert experiment.targets(frame, None) == ["yes_no"]
    assert experiment.default_features(adult, "adult", "income>50K") == experiment.ADULT_FEATURES
    assert "sex" not in experiment.default_features(adult, "adult", "sex")


def test_prepare_samples_the_rows_and_splits_them_in_halves() -> None:
    frame = pd.read_csv(BUNDLED["adult"].path)
    setup = Setup("adult", "adult", "income>50K", experiment.ADULT_FEATURES, rows=600, seed=3, frame=frame)
    data = experiment.prepare(setup)
    assert len(data.y_train) == len(data.y_test) == 300 and data.n_features == 44
    again = experiment.prepare(setup)
    assert np.array_equal(data.X_train, again.X_train)  # from the seed
    other = experiment.prepare(Setup(**{**setup.__dict__, "seed": 4}))
    assert not np.array_equal(data.X_train, other.X_train)


def test_an_undeclared_input_is_refused_by_name() -> None:
    frame = pd.DataFrame({"y": ["a", "b"] * 20, "mystery": np.arange(40.0)})
    with pytest.raises(DPError, match="mystery") as refused:
        experiment.prepare(Setup("x", None, "y", ("mystery",), frame=frame))
    assert refused.value.key == "learn_feature_undeclared"


def test_the_setup_is_a_key_by_its_settings_not_its_frame() -> None:
    a = Setup("adult", "adult", "t", ("x",), frame=pd.DataFrame({"x": [1]}))
    b = Setup("adult", "adult", "t", ("x",), frame=pd.DataFrame({"x": [2]}))
    assert a == b and hash(a) == hash(b)
    assert a != Setup("adult", "adult", "t", ("x",), seed=7)


def test_epochs_shown_keeps_the_first_and_last_and_at_most_the_limit() -> None:
    shown = experiment.epochs_shown(tuple(range(1, 101)), 60)
    assert len(shown) <= 60 and shown[0] == 0 and shown[-1] == 99
    assert list(experiment.epochs_shown((1, 2, 3), 60)) == [0, 1, 2]


# ------------------------------------------------------------------ 1. train

def test_the_train_view_reads_the_numbers_at_its_epsilon() -> None:
    r = results()
    view = train.compute(train.Settings(SETUP, 1.0, r))
    metrics, (kind, words) = view.reading
    assert metrics[0] == "metrics" and kind == "p"
    trained = r.at(1.0)
    assert f"σ = **{trained.sigma:.3g}**" in words and "ε = **1**" in words and "δ = 10⁻⁵" in words
    assert "**76%**" in words and "**82%**" in words and "75.5%" in words and "(income>50K = 0)" in words
    assert "Privacy costs 6 points of accuracy here." in words
    assert view.chart["title"]["text"] == ["Test accuracy after each epoch,", "DP-SGD at ε = 1"]
    rows = view.chart["datasets"]["curves"].to_pandas()
    assert set(rows["series"]) == {"DP-SGD", "Without privacy", "Always the most common label"}
    assert rows.loc[rows["series"] == "DP-SGD", "y"].iloc[-1] == pytest.approx(0.76)


def test_every_epsilon_s_frame_has_the_same_axes() -> None:
    r = results()
    frames = [train.compute(train.Settings(SETUP, e, r)).chart for e in EPSILONS]
    assert len({str(f["layer"]) for f in frames}) == 1  # the same spec: only data and the title differ
    low, high = train.accuracy_range(r)
    assert low <= 0.7 and high >= 0.82


def test_a_private_model_below_the_majority_label_is_said_so() -> None:
    r = results()
    low = Trained(0.25, 30.0, (0.6, 0.7), (0.6, 0.7), r.private[0].loss, r.private[0].lira, r.private[0].lira,
                  (0.001, 0.01), 0.1)
    r = Results(**{**r.__dict__, "private": (low, *r.private[1:])})
    words = train.compute(train.Settings(SETUP, 0.25, r)).reading[1][1]
    assert "beat the majority label" in words


def test_the_train_view_in_chinese() -> None:
    with language("zh"):
        view = train.compute(train.Settings(SETUP, 2.0, results()))
    assert "DP-SGD 模型" in view.reading[1][1] and view.chart["title"]["text"][1] == "DP-SGD 取 ε = 2"


def test_many_epochs_are_drawn_at_most_at_the_stepped_chart_s_points() -> None:
    view = train.compute(train.Settings(SETUP, 1.0, results(epochs=100)))
    rows = view.chart["datasets"]["curves"].to_pandas()
    assert (rows["series"] == "DP-SGD").sum() <= 60


# ------------------------------------------------------------------ 2. account

def test_the_accountants_tab_gives_dp_accounting_s_epsilons() -> None:
    s = account.Settings(examples=10_000, batch=100, sigma=1.0, epochs=3, delta=1e-5)
    view = account.compute(s)
    q = 0.01
    assert view.rdp == pytest.approx(dpsgd_epsilon(q, 1.0, steps_for(3, q), 1e-5, "rdp"), rel=1e-9)
    assert view.pld == pytest.approx(dpsgd_epsilon(q, 1.0, steps_for(3, q), 1e-5, "pld"), rel=1e-6)
    assert view.pld < view.rdp
    assert f"**ε = {view.rdp:.2f}**" in view.summary and "Why PLD is tighter" in view.summary
    assert "the button puts it back" in view.summary  # not the course's check
    rows = view.chart["datasets"]["curves"].to_pandas()
    assert sorted(set(rows["series"])) == ["PLD: privacy loss distribution", "RDP: the moments accountant"]
    assert (rows["x"] == 3).sum() == 2


def test_a_batch_larger_than_the_examples_is_refused() -> None:
    with pytest.raises(DPError, match="batch size"):
        account.compute(account.Settings(examples=100, batch=256, sigma=1.0, epochs=1, delta=1e-5))


@pytest.mark.slow
def test_the_course_s_check_gives_2_60_by_rdp_and_2_38_by_pld() -> None:
    view = account.compute(account.COURSE)
    assert f"{view.rdp:.2f}" == "2.60" and f"{view.pld:.2f}" == "2.38"
    assert "**ε = 2.60**" in view.summary and "**ε = 2.38**" in view.summary
    assert "This is the course's check" in view.summary


# ------------------------------------------------------------------ 3. trade-off

def test_the_trade_off_chart_has_a_point_per_epsilon_and_its_reference_lines() -> None:
    view = tradeoff.compute(tradeoff.Settings(SETUP, results()))
    rows = view.chart["datasets"]["curves"].to_pandas()
    private = rows[rows["series"] == "DP-SGD"]
    assert list(private["x"]) == list(EPSILONS) and (private["dot"] == 1).all()
    assert set(rows.loc[rows["series"] == "Without privacy", "y"]) == {0.82}
    assert set(rows.loc[rows["series"] == "Always the most common label", "y"]) == {0.755}
    assert "At ε = 0.25 the DP-SGD model is right on **74%**" in view.summary
    assert "at ε = 8 on **79%**" in view.summary and "without privacy **82%**" in view.summary


def test_the_sweep_view_names_the_best_setting_and_the_grid_s() -> None:
    swept = SweepResults("clipping", 1.0, 1e-5, 0.755, tuple(SweepPoint(c, 4.8, a) for c, a in
                                                              ((0.1, 0.76), (1.0, 0.79), (10.0, 0.77))))
    view = tradeoff.sweep_view(tradeoff.SweepSettings(SETUP, "clipping", swept))
    assert "C = 1 (79%)" in view.summary and "uses C = 0.1" in view.summary
    assert view.chart["title"]["text"] == ["Test accuracy at ε = 1", "by clipping norm C"]
    batch = SweepResults("batch", 1.0, 1e-5, 0.755, (SweepPoint(16, 9.0, 0.75), SweepPoint(256, 3.0, 0.8)))
    assert "B = 256 (80%)" in tradeoff.sweep_view(tradeoff.SweepSettings(SETUP, "batch", batch)).summary


# ------------------------------------------------------------------ 4. attack

def test_the_attack_view_says_the_model_without_privacy_leaks_and_by_how_much() -> None:
    view = attack.compute(attack.Settings(SETUP, 0.01, results()))
    assert "**Without privacy the model leaks.**" in view.summary
    assert "LiRA finds **3%**" in view.summary and "**3 times**" in view.summary
    assert "DP's bound is far above what these attacks reach" in view.summary
    assert "allows up to **9%**" in view.summary  # the bound at ε = 8: 0.01 * 9
    assert "**simulation**" in view.summary and "Careful" not in view.summary
    rows = view.chart["datasets"]["curves"].to_pandas()
    bound = rows[rows["series"] == "DP's bound (any attack)"]
    assert list(bound["y"]) == pytest.approx([0.01 * (1 + e) for e in EPSILONS])
    assert set(rows.loc[rows["series"].str.startswith("Chance"), "y"]) == {0.01}


def test_a_model_whose_attack_stays_within_chance_is_not_said_to_leak() -> None:
    view = attack.compute(attack.Settings(SETUP, 0.01, results(plain_lira=(0.001, 0.012), plain_low=0.0)))
    assert "leaks little that these attacks measure" in view.summary


def test_a_rate_read_on_too_few_held_out_rows_comes_with_a_warning() -> None:
    view = attack.compute(attack.Settings(SETUP, 0.001, results()))
    assert "Careful: at 0.1% only 2 of the 2,000 held-out rows" in view.summary


def test_a_tpr_of_zero_is_drawn_at_the_bottom_of_the_log_axis() -> None:
    r = results(plain_lira=(0.0, 0.0))
    view = attack.compute(attack.Settings(SETUP, 0.01, r))
    rows = view.chart["datasets"]["curves"].to_pandas()
    domain = view.chart["layer"][0]["encoding"]["y"]["scale"]["domain"]
    assert rows["y"].min() >= domain[0] > 0


def test_the_attack_table_lists_every_model_and_both_rates() -> None:
    table = attack.compute(attack.Settings(SETUP, 0.01, results())).table
    lines = table.splitlines()
    assert len(lines) == 2 + 1 + len(EPSILONS)
    assert lines[2].startswith("| no privacy | – | 0.1% / 1% | 0.8% / 3% |")
    assert re.search(r"\| 8 \| 1\.11 \|", table)


def test_the_attack_view_in_chinese() -> None:
    with language("zh"):
        view = attack.compute(attack.Settings(SETUP, 0.01, results()))
    assert "不加隐私的模型会泄露" in view.summary and "差分隐私的上界远高于" in view.summary


# ------------------------------------------------------------------ progress

def test_the_progress_line_names_the_stage_and_the_share_done() -> None:
    line = progress.describe("running", 0.25, "calibrate", {"epsilon": 2.0}, 0)
    assert line == "Finding the noise σ for ε = 2 (25% done)"
    assert progress.describe("running", 0.5, "shadows", {"epsilon": None, "done": 1, "total": 4}, 0).startswith(
        "LiRA's shadow models for the model without privacy: 1 of 4")
    assert progress.describe("queued", 0.0, "", {}, 1) == "Waiting for the server: place 2 in the queue"
    assert "batch size B = 64" in progress.describe("running", 0.1, "train_sweep", {"knob": "batch", "value": 64.0}, 0)


# ------------------------------------------------------------------ the experiment, trained (slow)

@pytest.mark.slow
def test_a_small_grid_trains_attacks_and_bounds_every_model_with_progress() -> None:
    frame = pd.read_csv(BUNDLED["adult"].path)
    setup = Setup("adult", "adult", "income>50K", experiment.ADULT_FEATURES, model="logistic", rows=400, batch=32,
                  epochs=2, seed=5, frame=frame)
    seen: list[tuple[float, str]] = []
    r = experiment.run(setup, lambda share, stage="", **numbers: seen.append((share, stage)))
    assert r.n_train == r.n_test == 200 and r.per_side == 200 and r.rows == 400 and r.available == len(frame)
    assert r.epsilons == EPSILONS and len(r.private) == len(EPSILONS) and r.delta == 1e-5
    assert r.sampling_rate == pytest.approx(32 / 200) and r.steps == steps_for(2, 32 / 200)
    sigmas = [t.sigma for t in r.private]
    assert all(a is not None and b is not None and a > b  # more ε, less noise
               for a, b in zip(sigmas, sigmas[1:], strict=False))
    for t in r.private:
        assert len(t.test_accuracy) == 2 and t.bound is not None and len(t.bound) == 2
        assert t.bound[0] < t.bound[1] and all(0 <= v <= 1 for v in t.lira.tprs + t.loss.tprs)
    assert r.private[-1].bound[1] > r.private[0].bound[1]  # a larger ε allows more
    assert r.non_private.sigma is None and r.non_private.bound is None
    assert 0.5 < r.majority < 1 and 0.5 < r.non_private.test_accuracy[-1] <= 1
    shares = [share for share, _ in seen]
    assert shares == sorted(shares) and shares[-1] <= 1
    assert {"prepare", "calibrate", "train", "train_plain", "shadows", "attack"} <= {stage for _, stage in seen}
    swept = experiment.sweep(setup, "batch")
    assert [p.value for p in swept.points] == [16.0, 32.0, 64.0, 128.0]  # 256 > 200 training rows: left out
    assert swept.points[0].sigma < swept.points[-1].sigma  # a larger q needs more noise at the same ε


def test_the_attack_chart_s_log_axis_has_one_two_five_ticks_within_its_range() -> None:
    assert attack.log_ticks(0.0002, 0.3) == (0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2)
    view = attack.compute(attack.Settings(SETUP, 0.01, results()))
    axis = view.chart["layer"][0]["encoding"]["y"]
    low, high = axis["scale"]["domain"]
    assert axis["axis"]["values"] and all(low <= v <= high for v in axis["axis"]["values"])


def test_an_attack_measured_above_the_bound_is_explained_by_its_interval() -> None:
    r = results()
    noisy = Trained(0.25, 9.0, r.private[0].test_accuracy, r.private[0].train_accuracy, r.private[0].loss,
                    Attack(0.52, (0.5, 0.54), (0.001, 0.016), ((0.0, 0.003), (0.009, 0.024)), 0.04),
                    r.private[0].lira_offline, (0.0013, 0.012), 0.05)
    r = Results(**{**r.__dict__, "private": (noisy, *r.private[1:])})
    summary = attack.compute(attack.Settings(SETUP, 0.01, r)).summary
    assert "At ε = 0.25 LiRA's measured rate, 1.6%, sits above the bound, 1.2%" in summary
    assert "its 95% interval, 0.9% to 2.4%, reaches back under the bound" in summary
    assert "sits above the bound" not in attack.compute(attack.Settings(SETUP, 0.01, results())).summary
