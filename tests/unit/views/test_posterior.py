"""Every compute of the attacker's-view page (ui/views/posterior), without Streamlit."""

from __future__ import annotations

import re
from dataclasses import fields

import numpy as np
import pytest

from dpcore import posterior as post
from dpcore.errors import DPError
from ui.charts.posterior import wrap
from ui.charts.theme import CURVE_POINTS
from ui.i18n import language
from ui.views.posterior import bounds, game, loss, mechanism, setup, testing
from ui.views.posterior.words import odds, small
from ui.views.steps import at_each

CANCER = post.CountPair(3, 2, "has_cancer = yes", "Alice")
SCIENTIFIC = re.compile(r"\d[eE][-+]?\d")  # "7.68e-7", "1e-05": never in a sentence for people


def _model(kind: str = "laplace", eps: float = 1.0, delta: float = 1e-5, method: str = "analytic") -> post.AttackModel:
    return post.attack_model(kind, CANCER, eps, delta, method)  # type: ignore[arg-type]


def _sentences(view: object) -> list[str]:
    """Every sentence a view holds (str fields and the strings of its metrics)."""
    out: list[str] = []
    for f in fields(view):  # type: ignore[arg-type]
        value = getattr(view, f.name)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, tuple):
            out += [s for item in value for s in (item if isinstance(item, tuple) else (item,)) if isinstance(s, str)]
    return out


def _charts(view: object) -> list[dict]:
    return [getattr(view, f.name) for f in fields(view) if isinstance(getattr(view, f.name), dict)]  # type: ignore[arg-type]


def _check_view(view: object) -> None:
    """House rules for every view: numbers for people, named layers, titles that fit a phone."""
    for sentence in _sentences(view):
        assert not SCIENTIFIC.search(sentence), sentence
    for chart in _charts(view):
        names = [layer["name"] for layer in chart["layer"]]
        assert len(names) == len(set(names)), names
        assert all(len(line) <= 34 for line in chart["title"]["text"]), chart["title"]
        for layer in chart["layer"]:
            for tip in layer["encoding"].get("tooltip", []):
                assert tip.get("title", "").strip(), (layer["name"], tip)  # a human title, never a field name
        for name, table in chart["datasets"].items():
            assert table.num_rows < 2_000, name


# --- words ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(("p", "text"), [(0.0, "0"), (0.221199, "0.221"), (1e-5, "about 1 in 100,000"),
                                         (7.68e-7, "less than one in a million"), (1.3e-15, "less than one in a million")])
def test_small_probabilities_read_as_words(p: float, text: str) -> None:
    assert small(p) == text


def test_odds() -> None:
    assert odds(0.2) == "0.25 to 1" and odds(0.5) == "1 to 1" and odds(1.0) == "∞ to 1"
    with language("zh"):
        assert odds(0.2) == "0.25 比 1"


# --- setup ---------------------------------------------------------------------------------------


def test_setup_caption_names_the_pair_and_the_calibration() -> None:
    view = setup.compute(setup.Settings(_model(), "cancer", "ignored"))
    assert "is 3 on D and 2 on D′" in view.caption and "Alice" in view.caption
    assert "scale 1 (standard deviation 1.41)" in view.caption
    rr = setup.compute(setup.Settings(_model("randomized_response"), "cancer", ""))
    assert "= 73.1%" in rr.caption
    gauss = setup.compute(setup.Settings(_model("gaussian", 0.5, method="classic"), "dataset", "zoo_[x]"))
    assert "δ = about 1 in 100,000" in gauss.caption and "zoo\\_\\[x\\]" in gauss.caption
    with pytest.raises(DPError, match="proven only for epsilon below 1.*or an epsilon below 1"):  # refused from 1 on
        _model("gaussian", 2.0, method="classic")
    _check_view(gauss)


# --- part 1 --------------------------------------------------------------------------------------


def test_bounds_in_words_metrics_and_chart() -> None:
    view = bounds.compute(bounds.Settings(1.0, 0.5))
    assert "If you were 50% sure before, you can be at most 73.1% sure" in view.words
    assert "e^ε = 2.72" in view.words and "Odds of 1 to 1" in view.words
    assert view.metrics == (("Lowest possible posterior", "26.9%"), ("Highest possible posterior", "73.1%"),
                            ("Odds can move by at most", "× 2.72"))
    data = view.chart["datasets"]
    assert data["band"].num_rows == 59 and 0.5 in data["band"]["prior"].to_pylist()
    assert data["you"]["posterior"].to_pylist() == pytest.approx([0.2689, 0.5, 0.7311], abs=1e-4)
    assert sorted(set(data["grey"]["series"].to_pylist())) == ["ε = 0.1", "ε = 0.5", "ε = 1", "ε = 2", "ε = 5"]
    _check_view(view)


def test_bounds_chart_has_no_text_on_the_plot_and_a_fixed_spec() -> None:
    a = bounds.compute(bounds.Settings(1.0, 0.25)).chart
    b = bounds.compute(bounds.Settings(3.0, 0.7)).chart
    assert {k: v for k, v in a.items() if k not in ("datasets", "title")} == \
        {k: v for k, v in b.items() if k not in ("datasets", "title")}
    assert a["title"]["text"][-1].endswith("at ε = 1") and b["title"]["text"][-1].endswith("at ε = 3")
    assert all(layer["mark"].get("type") != "text" for layer in a["layer"])  # no label for a line to cross
    assert a["datasets"]["grey"].equals(b["datasets"]["grey"])  # the comparison curves never move


def test_the_legends_draw_each_entry_as_its_mark_is_drawn() -> None:
    """A line's legend entry is a stroke, a dot's a dot (a point layer made every entry a dot, issue 31)."""
    chart = bounds.compute(bounds.Settings(1.0, 0.25)).chart
    shape = next(layer for layer in chart["layer"] if layer["name"] == "you")["encoding"]["shape"]["scale"]
    symbols = dict(zip(shape["domain"], shape["range"], strict=True))
    assert symbols.pop("your prior") == "circle" and set(symbols.values()) == {"stroke"}
    assert set(symbols) >= {"ε = 0.1", "ε = 5"}
    gauss = _model("gaussian")
    curves = loss.compute_delta(loss.DeltaSettings(gauss, post.privacy_loss_distribution(gauss), 1.0)).curves_chart
    shape = next(layer for layer in curves["layer"] if layer["name"] == "marks")["encoding"]["shape"]
    symbols = dict(zip(shape["scale"]["domain"], shape["scale"]["range"], strict=True))
    solid, dashed = (next(n for n in symbols if n.startswith(start)) for start in ("δ(ε)", "δ₁(ε)"))
    assert symbols[solid] == "stroke" and symbols[dashed].count("M") == 2  # a dashed line's symbol is dashed
    assert symbols["the mechanism's δ"].count("M") > 2  # and a dotted one's dotted
    assert symbols["closed form"] == "circle"  # a check's own marker
    assert curves["layer"][0]["encoding"]["y"]["axis"]["labelExpr"]  # 10⁻⁶ on the δ axis, never "1e-6"


def test_raising_epsilon_widens_the_bounds() -> None:  # from the page's AppTest
    words = bounds.compute(bounds.Settings(2.0, 0.5)).words
    assert "at most 88.1% sure" in words and "at least 11.9%" in words
    assert "at most 52.5% sure" in bounds.compute(bounds.Settings(0.1, 0.5)).words


def test_prior_changes_the_bounds() -> None:  # from the page's AppTest
    words = bounds.compute(bounds.Settings(1.0, 0.2)).words
    assert "If you were 20% sure before, you can be at most 40.5% sure" in words
    assert "Odds of 0.25 to 1" in words


def test_bounds_at_every_epsilon_read_in_words_and_big_numbers() -> None:
    steps = at_each(bounds.compute, bounds.Settings(1.0, 0.5), (0.1, 1.0))
    assert steps.frames("chart")[1]["datasets"]["band"].equals(
        bounds.compute(bounds.Settings(1.0, 0.5)).chart["datasets"]["band"])
    readings = steps.readings(bounds.blocks)
    words, odds, metrics = readings[1]
    assert words == ("p", "If you were 50% sure before, you can be at most 73.1% sure after one output of a "
                          "mechanism with ε = 1, and at least 26.9%.")
    assert metrics[0] == "metrics" and metrics[1][0] == ("Lowest possible posterior", "26.9%")
    assert "at most 52.5% sure" in readings[0][0][1]


# --- part 2 --------------------------------------------------------------------------------------


def _reading(kind: str, output: float, prior: float = 0.5, eps: float = 1.0) -> mechanism.View:
    model = _model(kind, eps)
    axis = post.output_axis(model)
    return mechanism.compute(mechanism.Settings(model, prior, axis.snap(output), axis))


def test_mechanism_reads_the_exact_posterior() -> None:
    view = _reading("laplace", 3.0)
    assert view.sentence.startswith("Posterior P[D | O] = 0.731: after seeing O = 3, an attacker who was 50% sure")
    assert "inside the pure ε-DP band, between 26.9% and 73.1%" in view.sentence and view.warning is None
    assert dict(view.metrics)["Posterior P[D | O]"] == "0.731" and dict(view.metrics)["Privacy loss L(O)"] == "1"
    assert view.leak is None and view.pure and view.draw_note is None
    assert view.densities["datasets"]["observed"]["output"].to_pylist() == [3.0]
    assert view.curve["datasets"]["curve"].num_rows <= CURVE_POINTS
    assert _reading("laplace", 2.5).sentence.startswith("Posterior P[D | O] = 0.5:")
    _check_view(view)


def test_gaussian_outputs_can_leave_the_band() -> None:
    far = _reading("gaussian", 1e9)
    assert far.warning and "outside the pure ε-DP band" in far.warning
    assert far.leak and "to δ = about 1 in 100,000" in far.leak
    assert far.densities["datasets"]["leak"].num_rows == 2
    _check_view(far)


def test_draw_note_and_discrete_outputs() -> None:
    model = _model("discrete_laplace")
    axis = post.output_axis(model)
    view = mechanism.compute(mechanism.Settings(model, 0.5, 4.0, axis, mechanism.Draw(3, 7, 4.0)))
    assert view.draw_note == "Draw number 3 from A(D) with seed 7: O = 4 (simulation)."
    outputs = np.asarray(view.densities["datasets"]["laws"]["output"])
    assert np.all(outputs == np.round(outputs))
    rr = _reading("randomized_response", 0.0)
    assert rr.sentence.startswith("Posterior P[D | O] = 0.269")


# --- part 3 --------------------------------------------------------------------------------------


def test_loss_charts_share_one_loss_axis() -> None:
    model = _model(eps=2.0)
    view = loss.compute_loss(loss.LossSettings(model, post.privacy_loss_distribution(model), 3.0))
    assert view.loss_chart["datasets"]["beyond"].equals(view.pld_chart["datasets"]["beyond"])
    assert max(view.loss_chart["datasets"]["curve"]["loss"].to_pylist()) == pytest.approx(2.0)
    assert sum(view.pld_chart["datasets"]["bins"]["mass"].to_pylist()) == pytest.approx(1.0)
    _check_view(view)


def test_delta_reading_in_words() -> None:
    model = _model()
    pld = post.privacy_loss_distribution(model)
    half = loss.compute_delta(loss.DeltaSettings(model, pld, 0.5))
    assert "At ε′ = 0.5: δ(ε′) = 0.221 by numerical integration" in half.reading and half.pure is None
    assert half.curves_chart["datasets"]["read"]["epsilon"].to_pylist() == [0.5]
    full = loss.compute_delta(loss.DeltaSettings(model, pld, 1.0))
    assert "δ(ε′) = 0 by numerical integration" in full.reading and full.pure
    gauss = _model("gaussian")
    view = loss.compute_delta(loss.DeltaSettings(gauss, post.privacy_loss_distribution(gauss), 1.0))
    assert "δ(ε′) = about 1 in 100,000 by numerical integration" in view.reading
    assert "largest difference from the integration is less than one in a million" in view.reading
    _check_view(view)


# --- part 4 --------------------------------------------------------------------------------------


def test_testing_states_the_advantage() -> None:
    model = _model()
    view = testing.compute(testing.Settings(model, post.privacy_loss_distribution(model)))
    assert "best advantage, TPR − FPR, is 0.393" in view.text and "right at most 73.1% of the time" in view.text
    assert view.metrics == (("Best advantage here", "0.393"), ("Largest DP allows", "0.462"))
    _check_view(view)


# --- part 5 --------------------------------------------------------------------------------------


def test_rounds_are_seeded() -> None:
    model = _model()
    assert game.game_round(model, 42, 5) == game.game_round(model, 42, 5)
    assert len({game.game_round(model, 42, n).output for n in range(1, 6)}) == 5
    assert game.game_round(model, 42, 1) != game.game_round(model, 43, 1)


def test_play_before_and_after_guesses() -> None:
    model = _model()
    fresh = game.compute_play(game.PlaySettings(model, 42, 1, ()))
    assert fresh.last.startswith("No guesses yet") and fresh.last_right is None and fresh.score == ""
    assert fresh.question.startswith("Round 1: the mechanism answered **O = ")
    assert "nobody can be right more than 73.1% of the time" in fresh.intro
    assert fresh.chart["datasets"]["bars"].num_rows == 0
    rounds = [game.game_round(model, 42, n) for n in (1, 2, 3, 4)]
    guesses = tuple(game.Guess(n, r.on_d if n != 2 else not r.on_d) for n, r in zip((1, 2, 3, 4), rounds))
    view = game.compute_play(game.PlaySettings(model, 42, 5, guesses))
    bayes = sum(r.bayes_guess_d == r.on_d for r in rounds)
    assert (view.hits, view.bayes_hits, view.last_right) == (3, bayes, True)
    assert view.score.startswith("Your score: 3 right guesses out of 4, 75%.")
    assert view.last.startswith("Round 4: O = ") and view.last.endswith(("guessed D.", "guessed D′."))
    bars = view.chart["datasets"]["bars"].to_pydict()
    assert bars["accuracy"] == pytest.approx([0.75, bayes / 4])
    assert view.chart["datasets"]["levels"]["accuracy"].to_pylist() == pytest.approx([0.7311, 0.5], abs=1e-4)
    one = game.compute_play(game.PlaySettings(model, 42, 2, guesses[:1]))
    assert "Your score: 1 right guess out of 1, 100%." in one.score
    _check_view(view)


def test_randomized_response_rounds_answer_yes_or_no() -> None:
    view = game.compute_play(game.PlaySettings(_model("randomized_response"), 42, 1, ()))
    assert re.match(r"Round 1: the person answered \*\*[01] \((yes|no)\)\*\*", view.question)


def test_simulation_benchmark() -> None:
    model = _model()
    pld = post.privacy_loss_distribution(model)
    view = game.compute_simulation(game.SimulationSettings(model, pld, 1_000, 42))
    assert "After 1,000 rounds the attacker guessed right" in view.text
    assert dict(view.metrics)["DP ceiling"] == "73.1%" and dict(view.metrics)["Best possible here"] == "69.7%"
    again = game.compute_simulation(game.SimulationSettings(model, pld, 1_000, 42))
    assert again.metrics == view.metrics
    assert game.compute_simulation(game.SimulationSettings(model, pld, 1_000, 1)).metrics != view.metrics
    _check_view(view)


def test_the_mechanism_caption_at_every_epsilon_is_plain_text_or_the_refusal() -> None:
    steps = at_each(setup.compute_caption, setup.CaptionSettings("gaussian", CANCER, 1e-5, "classic", 0.5, "cancer", ""),
                    (0.5, 2.0))
    captions = steps.readings("lines")
    assert captions[0][0] == ("p", "D: the course's cancer table (Table 6-2). D′: the same table without Alice. "
                                   "The count (has_cancer = yes) is 3 on D and 2 on D′; the record that differs: Alice.")
    assert "calibrated for ε = 0.5 and δ = about 1 in 100,000" in captions[0][1][1]
    assert captions[1][0][0] == "error" and "proven only for epsilon below 1" in captions[1][0][1]
    markdown = setup.compute(setup.Settings(_model(), "cancer", "")).caption
    assert "(has\\_cancer = yes)" in markdown and "(has_cancer = yes)" in captions[0][0][1]  # escaped only there


def test_titles_wrap_chinese_between_characters_and_english_at_spaces() -> None:
    assert wrap("How far one output can move the attacker's belief at ε = 1", 30) == [
        "How far one output can move", "the attacker's belief at ε = 1"]
    lines = wrap("ε = 1 时，一次输出能让攻击者的信念移动多远", 30)
    assert "".join(lines) == "ε = 1 时，一次输出能让攻击者的信念移动多远" and len(lines) == 2
    assert all(sum(2 if "\u4e00" <= c <= "\u9fff" or c in "，" else 1 for c in line) <= 30 for line in lines)
    assert not any(line.startswith("，") for line in wrap("一二三四五六七八九十，一二三四五", 20))
