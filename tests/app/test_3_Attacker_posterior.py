"""AppTest for pages/3_Attacker_posterior.py: defaults, every control, each part, the game, the URL, bad input."""

from __future__ import annotations

import re

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, layout, page_text, run_page, step, vega_specs
from ui.charts.theme import CURVE_POINTS

PAGE = "pages/3_Attacker_posterior.py"
PARTS = ("bounds", "mechanism", "loss", "testing", "game")
KINDS = ("laplace", "gaussian", "discrete_laplace", "randomized_response")


def _visible_text(at: AppTest) -> str:
    """Markdown, captions, boxes and the readings that follow the bounds chart's own slider."""
    return "\n".join([page_text(at)] + [i.value for i in at.info] + [w.value for w in at.warning]
                      + [s.value for s in at.success])


def _metric(at: AppTest, label: str) -> str:
    """A big number: a metric element, or one of the bounds' reading (label | value)."""
    shown = {m.label: m.value for m in at.metric}
    shown |= dict(line.split(" | ") for line in page_text(at).split("\n") if line.count(" | ") == 1)
    return shown[label]


def _set_epsilon(at: AppTest, value: float) -> AppTest:
    """Move ε: the bounds chart's own slider (as the browser reports it), or on the other parts the
    ordinary slider that reruns the page."""
    if "post_eps_widget" in [s.key for s in at.select_slider]:
        return at.select_slider(key="post_eps_widget").set_value(value).run()
    return step(at, "post_eps", value)


def _posterior(at: AppTest) -> float:
    return float(_metric(at, "Posterior P[D | O]"))


@pytest.fixture(scope="module")
def default_run() -> AppTest:
    return run_page(PAGE)


# --- defaults and shared settings -------------------------------------------------------------


def test_default_view_reads_the_bounds_in_words(default_run: AppTest) -> None:
    at = default_run
    assert_clean(at)
    assert at.radio(key="post_part").value == "bounds"
    assert at.radio(key="post_mech").value == "laplace"
    assert at.session_state["post_eps"] == 1.0
    assert at.slider(key="post_prior").value == 0.5
    text = _visible_text(at)
    assert "If you were 50% sure before, you can be at most 73.1% sure after one output" in text
    assert "and at least 26.9%" in text
    assert "e^ε = 2.72" in text  # three significant digits, for people
    assert (_metric(at, "Lowest possible posterior"), _metric(at, "Highest possible posterior")) == ("26.9%", "73.1%")
    # The cancer table is the default pair: is Alice in it? 3 with her, 2 without.
    assert "is 3 on D and 2 on D′" in text and "Alice" in text
    (band,) = vega_specs(at)
    diagonal = band["datasets"]["diagonal"]
    assert diagonal["prior"].tolist() == [0, 1] and diagonal["posterior"].tolist() == [0, 1]
    assert diagonal["series"].tolist() == ["learned nothing"] * 2
    # The shaded band is the chosen epsilon's: at a prior of 50% it runs from 26.9% to 73.1%.
    shaded = band["datasets"]["band"]
    assert np.interp(0.5, shaded["prior"], shaded["upper"]) == pytest.approx(0.7311, abs=1e-4)
    assert np.interp(0.5, shaded["prior"], shaded["lower"]) == pytest.approx(0.2689, abs=1e-4)
    assert band["datasets"]["you"]["posterior"].tolist() == pytest.approx([0.2689, 0.5, 0.7311], abs=1e-4)
    # The comparison epsilons are named in the legend (no text on the plot for a line to cross).
    assert band["datasets"]["grey"]["series"].unique().tolist() == ["ε = 0.1", "ε = 0.5", "ε = 1", "ε = 2", "ε = 5"]
    assert {layer["name"] for layer in band["layer"]} >= {"others", "band_lower", "band_upper", "diagonal", "you"}
    assert not [layer for layer in band["layer"] if layer["mark"] == "text" or layer["mark"].get("type") == "text"]


@pytest.mark.parametrize(("part", "kind"), [(part, "laplace") for part in PARTS] + [
    ("mechanism", "gaussian"), ("loss", "gaussian"), ("mechanism", "discrete_laplace"), ("loss", "randomized_response")])
def test_epsilon_changes_only_the_data_of_the_charts(part: str, kind: str) -> None:
    at = run_page(PAGE, {"post_part": part, "post_mech": kind})
    if part == "bounds":  # a first visit computes ε = 1 alone: the first step brings every frame
        step(at, "post_eps", 1.0)
    before = vega_specs(at)
    _set_epsilon(at, 2.0)
    assert_clean(at)
    after = vega_specs(at)
    # Only numbers change (and a title naming ε): the browser swaps the data into charts it has drawn.
    untitled = lambda spec: {**layout(spec), "title": None}
    assert [untitled(a) for a in after] == [untitled(b) for b in before]
    assert any(not a["datasets"][name].equals(b["datasets"][name])
               for a, b in zip(after, before, strict=True) for name in a["datasets"])


def test_epsilon_moves_the_numbers_in_the_charts() -> None:
    at = run_page(PAGE)
    grey = vega_specs(at)[0]["datasets"]["grey"]
    _set_epsilon(at, 2.0)
    band = vega_specs(at)[0]["datasets"]
    assert band["grey"].equals(grey)  # same bytes: the browser keeps the comparison curves
    assert np.interp(0.5, band["band"]["prior"], band["band"]["upper"]) == pytest.approx(0.8808, abs=1e-4)
    loss = run_page(PAGE, {"post_part": "loss", "post_eps": "2"})
    loss_chart, pld_chart, area_chart, curves_chart = vega_specs(loss)
    assert sorted(loss_chart["datasets"]["lines"]["loss"]) == [-2.0, 2.0]
    assert loss_chart["datasets"]["curve"]["loss"].max() == pytest.approx(2.0)  # Laplace: L(O) = eps0 = Delta/b
    assert pld_chart["datasets"]["beyond"].equals(loss_chart["datasets"]["beyond"])  # one loss axis for both
    assert pld_chart["datasets"]["bins"]["mass"].sum() == pytest.approx(1.0)
    assert curves_chart["datasets"]["read"]["epsilon"].tolist() == [1.0]  # eps' = 0.5 x eps
    assert "At ε′ = 1: δ(ε′) = 0.393 by numerical integration" in _visible_text(loss)  # 1 - e^((1 - 2) / 2)
    # delta_1 = P_D[L > 1] = P_D[O > 2.75] with b = 1/2: 1 - e^(-1/2) / 2.
    assert area_chart["datasets"]["box"]["u2"].tolist() == [pytest.approx(1 - np.exp(-0.5) / 2, abs=1e-4)]


def test_pair_choice_offers_the_sidebar_neighbour_when_there_is_one() -> None:
    at = run_page(PAGE)  # medical data has its course neighbour
    assert at.radio(key="post_pair").options == ["Cancer table: is Alice in it?", "The sidebar dataset and its course neighbour"]
    at.radio(key="post_pair").set_value("dataset").run()
    assert_clean(at)
    assert "is 436 on D and 435 on D′" in _visible_text(at)
    zoo = run_page(PAGE, {"data": "zoo", "post_pair": "dataset"})
    assert_clean(zoo)
    assert "is 90 on D and 89 on D′" in _visible_text(zoo) and "Dugong" in _visible_text(zoo)
    students = run_page(PAGE, {"data": "students", "post_pair": "dataset"})
    assert_clean(students)
    assert students.radio(key="post_pair").options == ["Cancer table: is Alice in it?"]
    assert "is 3 on D and 2 on D′" in _visible_text(students)


# --- part 2: a real mechanism -----------------------------------------------------------------


def test_moving_the_output_changes_the_posterior() -> None:
    at = run_page(PAGE, {"post_part": "mechanism"})
    assert_clean(at)
    assert at.slider(key="post_o").value == 3.0
    assert _posterior(at) == pytest.approx(0.731, abs=5e-4)  # O = f(D): the band's upper edge
    assert "Posterior P[D | O] = 0.731: after seeing O = 3" in _visible_text(at)
    at.slider(key="post_o").set_value(2.5).run()
    assert _posterior(at) == pytest.approx(0.5, abs=5e-4)  # halfway: no information
    at.slider(key="post_o").set_value(-4.0).run()
    assert _posterior(at) == pytest.approx(0.269, abs=5e-4)
    assert "inside the pure ε-DP band" in _visible_text(at)
    densities, curve = vega_specs(at)
    seen = curve["datasets"]["seen"]
    assert (seen["output"][0], seen["posterior"][0]) == (-4.0, pytest.approx(0.269, abs=5e-4))
    assert densities["datasets"]["observed"]["output"].tolist() == [-4.0]
    laws = densities["datasets"]["laws"]
    peak = laws.loc[laws["likelihood"].idxmax()]
    assert (peak["series"], peak["output"], peak["likelihood"]) in {("on D", 3.0, 0.5), ("on D′", 2.0, 0.5)}  # Laplace b = 1


def test_the_output_survives_an_epsilon_change() -> None:
    at = run_page(PAGE, {"post_part": "mechanism"})
    at.slider(key="post_o").set_value(2.0).run()
    _set_epsilon(at, 0.5)
    assert_clean(at)
    assert at.slider(key="post_o").value == 2.0
    assert _posterior(at) == pytest.approx(0.378, abs=5e-4)  # L(2) = -eps0 = -0.5


def test_draw_button_gives_a_seeded_sequence() -> None:
    def draws(seed: str) -> list[float]:
        at = run_page(PAGE, {"post_part": "mechanism", "seed": seed})
        seen = []
        for _ in range(3):
            at.button(key="post_draw").click().run()
            assert_clean(at)
            seen.append(at.slider(key="post_o").value)
        assert re.search(r"Draw number 3 from A\(D\) with seed " + seed, _visible_text(at))
        return seen

    first = draws("7")
    assert first == draws("7")
    assert first != draws("8")
    assert len(set(first)) == 3


def test_gaussian_shows_where_the_posterior_leaves_the_band() -> None:
    at = run_page(PAGE, {"post_part": "mechanism"})
    at.radio(key="post_mech").set_value("gaussian").run()
    assert_clean(at)
    assert at.select_slider(key="post_delta").value == pytest.approx(1e-5)
    # the slider writes δ as people do (issue 31): 10⁻⁵, 0.001, never "1e-05"
    assert {"10⁻⁵", "10⁻¹²", "0.001"} <= set(at.select_slider(key="post_delta").options)
    assert not any("e-" in option for option in at.select_slider(key="post_delta").options)
    text = _visible_text(at)
    assert "leaves the pure-ε band for outputs above" in text
    assert "to δ = about 1 in 100,000" in text and "δ₁ = P[L(O) > ε]" in text
    leak_before = text
    at.select_slider(key="post_delta").set_value(1e-3).run()
    assert_clean(at)
    assert "to δ = 0.001" in _visible_text(at) and _visible_text(at) != leak_before
    at.slider(key="post_o").set_value(at.slider(key="post_o").max).run()
    assert "outside the pure ε-DP band" in _visible_text(at)


def test_gaussian_method_choice_refuses_classic_from_epsilon_one() -> None:
    at = run_page(PAGE, {"post_mech": "gaussian", "post_eps": "2"})
    assert at.radio(key="post_gm").value == "analytic"
    at.radio(key="post_gm").set_value("classic").run()
    assert not at.exception  # on the bounds, the mechanism's caption (a reading) says why
    said = _visible_text(at)
    assert "proven only for epsilon below 1" in said and "Choose the analytic calibration" in said
    assert "or an epsilon below 1" in said
    # the other choices stay as they were
    assert at.radio(key="post_mech").value == "gaussian" and at.session_state["post_eps"] == 2.0
    assert at.radio(key="post_gm").value == "classic"
    _set_epsilon(at, 0.5)  # one way out the message names: epsilon below 1
    assert_clean(at)
    assert at.radio(key="post_gm").value == "classic"
    _set_epsilon(at, 2.0)
    assert "or an epsilon below 1" in _visible_text(at)
    mechanism = run_page(PAGE, {"post_mech": "gaussian", "post_gm": "classic", "post_eps": "2", "post_part": "mechanism"})
    assert any("or an epsilon below 1" in e.value for e in mechanism.error)  # a part that needs the model: a box
    at.radio(key="post_gm").set_value("analytic").run()  # the other: the analytic calibration
    assert not at.exception and not at.error
    assert "gaussian" in _visible_text(at).lower()


def test_discrete_mechanisms_use_whole_number_outputs() -> None:
    at = run_page(PAGE, {"post_part": "mechanism", "post_mech": "discrete_laplace"})
    assert_clean(at)
    slider = at.slider(key="post_o")
    assert float(slider.step).is_integer() and slider.value == 3.0
    rr = run_page(PAGE, {"post_part": "mechanism", "post_mech": "randomized_response"})
    assert_clean(rr)
    assert (rr.slider(key="post_o").min, rr.slider(key="post_o").max) == (0.0, 1.0)
    assert _posterior(rr) == pytest.approx(0.731, abs=5e-4)
    rr.slider(key="post_o").set_value(0.0).run()
    assert _posterior(rr) == pytest.approx(0.269, abs=5e-4)


# --- parts 3 to 5 -----------------------------------------------------------------------------


def test_privacy_loss_part_reports_delta_and_its_checks() -> None:
    at = run_page(PAGE, {"post_part": "loss"})
    assert_clean(at)
    assert at.select_slider(key="post_read").value == 0.5
    # Laplace with eps0 = 1 read at eps' = 0.5: 1 - e^((0.5 - 1) / 2) = 0.221199, for people 0.221.
    assert "At ε′ = 0.5: δ(ε′) = 0.221 by numerical integration" in _visible_text(at)
    at.select_slider(key="post_read").set_value(1.0).run()
    assert "δ(ε′) = 0 by numerical integration" in _visible_text(at)
    assert "pure ε-DP: δ(ε′) = 0 for every ε′ from ε = 1 on" in _visible_text(at)
    at.radio(key="post_mech").set_value("gaussian").run()
    assert_clean(at)
    text = _visible_text(at)
    assert "δ(ε′) = about 1 in 100,000 by numerical integration" in text  # the analytic calibration is exact
    assert "Balle & Wang's analytic formula gives about 1 in 100,000" in text
    assert "largest difference from the integration is less than one in a million." in text  # gap < 1e-6
    _, _, area_chart, curves_chart = vega_specs(at)
    assert curves_chart["datasets"]["target"]["delta"].tolist() == [pytest.approx(1e-5)]
    curves = curves_chart["datasets"]["curves"]
    numeric = curves[curves["series"] == "δ(ε), numerical"]
    assert np.interp(1.0, numeric["epsilon"], numeric["delta"]) == pytest.approx(1e-5, rel=1e-2)  # read at eps' = eps, on the curve too
    assert (curves["delta"] > 0).all()  # the log axis gets no zeros
    assert not re.search(r"\d[eE]-?\d", text)  # no "1e-05" or "7.68e-7" for people to read
    assert area_chart["datasets"]["box"]["u2"].iloc[0] > 1e-5  # delta_1 is larger than delta


def test_testing_part_states_the_advantage() -> None:
    at = run_page(PAGE, {"post_part": "testing"})
    assert_clean(at)
    assert "best advantage, TPR − FPR, is 0.393" in _visible_text(at)
    assert _metric(at, "Largest DP allows") == "0.462"
    _set_epsilon(at, 3.0)
    assert float(_metric(at, "Best advantage here")) > 0.393


def test_game_reports_accuracy_against_the_ceiling() -> None:
    at = run_page(PAGE, {"post_part": "game"})
    assert_clean(at)
    assert at.number_input(key="post_rounds").value == 10_000
    assert "After 10,000 rounds" in _visible_text(at)
    assert _metric(at, "DP ceiling") == "73.1%"
    at.number_input(key="post_rounds").set_value(100_000).run()
    assert_clean(at)
    text = _visible_text(at)
    assert "After 100,000 rounds" in text and "Simulation" in text
    accuracy = float(_metric(at, "Attacker's accuracy").rstrip("%"))
    assert 68.0 < accuracy < 72.0
    other_seed = run_page(PAGE, {"post_part": "game", "seed": "1"})
    assert _metric(other_seed, "Attacker's accuracy") != _metric(run_page(PAGE, {"post_part": "game"}), "Attacker's accuracy")


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("part", PARTS)
def test_every_part_renders_for_every_mechanism(kind: str, part: str) -> None:
    at = run_page(PAGE, {"post_part": part, "post_mech": kind, "post_eps": "0.5"})
    assert_clean(at)
    specs = vega_specs(at)
    assert specs, "each part draws at least one chart"
    for spec in specs:
        for name, frame in spec["datasets"].items():
            assert len(frame) < 2_000, name  # beyond that Streamlit draws on a canvas
            curve = next((c for c in ("curve", "series") if c in frame), None)
            per_curve = frame.groupby(curve).size().max() if curve and len(frame) else len(frame)
            assert per_curve <= CURVE_POINTS, (name, per_curve)  # the browser's redraw cost grows with every point


# --- the URL ----------------------------------------------------------------------------------


def test_query_params_reopen_the_same_view() -> None:
    query = {"post_part": "mechanism", "post_mech": "gaussian", "post_eps": "0.5", "post_delta": "1e-03",
             "post_prior": "0.3", "post_o": "10", "post_gm": "classic", "seed": "2026"}
    at = run_page(PAGE, query)
    assert_clean(at)
    assert at.radio(key="post_part").value == "mechanism"
    assert at.radio(key="post_mech").value == "gaussian"
    assert at.session_state["post_eps"] == 0.5
    assert at.select_slider(key="post_delta").value == pytest.approx(1e-3)  # an address from before "10⁻³"
    assert at.slider(key="post_prior").value == 0.3
    assert at.slider(key="post_o").value == 10.0
    assert at.radio(key="post_gm").value == "classic"
    again = run_page(PAGE, query)
    assert _posterior(again) == _posterior(at)
    assert "after seeing O = 10, an attacker who was 30% sure" in _visible_text(at)


def test_bad_url_values_fall_back_to_defaults() -> None:
    at = run_page(PAGE, {"post_eps": "lots", "post_part": "nonsense", "post_mech": "magic", "post_prior": "7",
                         "post_rounds": "-5"})
    assert_clean(at)
    assert at.radio(key="post_part").value == "bounds"
    assert at.radio(key="post_mech").value == "laplace"
    assert at.session_state["post_eps"] == 1.0
    assert at.slider(key="post_prior").value == 0.5


# --- part 5: the game a person plays ------------------------------------------------------------


def _expected_rounds(kind: str, eps: float, numbers: range) -> list:
    """The rounds the page shows with seed 42, drawn independently of the page."""
    from dpcore import posterior as post
    from ui.views.posterior.game import game_round

    model = post.attack_model(kind, post.CountPair(3, 2, "has_cancer = yes", "Alice"), eps)  # type: ignore[arg-type]
    return [game_round(model, 42, n) for n in numbers]


def _score_bars(at: AppTest) -> dict[str, float]:
    score = next(s for s in vega_specs(at) if s["title"]["text"][0].startswith("Your hit rate"))
    bars = score["datasets"]["bars"]
    return dict(zip(bars["series"], bars["accuracy"]))


def test_guessing_keeps_score_against_the_bayes_attacker() -> None:
    at = run_page(PAGE, {"post_part": "game"})
    assert_clean(at)
    assert "No guesses yet" in _visible_text(at)
    assert _score_bars(at) == {}
    before = [layout(s) for s in vega_specs(at)]
    rounds = _expected_rounds("laplace", 1.0, range(1, 7))
    assert "Round 1: the mechanism answered" in _visible_text(at)
    guesses = [True, False, True, True, False, True]
    for i, guess in enumerate(guesses):
        at.button(key="post_guess_d" if guess else "post_guess_dp").click().run()
        assert_clean(at)
        played = rounds[i]
        verdict = "right!" if guess == played.on_d else "wrong."
        world = "D" if played.on_d else "D′"
        assert f"Round {i + 1}: O = " in _visible_text(at) and f"came from {world}." in _visible_text(at)
        assert verdict in _visible_text(at)
        assert f"Round {i + 2}: the mechanism answered" in _visible_text(at)
    hits = sum(g == r.on_d for g, r in zip(guesses, rounds))
    bayes = sum(r.bayes_guess_d == r.on_d for r in rounds)
    text = _visible_text(at)
    assert re.search(rf"Your score: {hits} right guess(es)? out of 6", text)
    assert re.search(rf"on the same outputs: {bayes} right guess(es)?", text)
    assert "The DP ceiling is 73.1%" in text
    assert _score_bars(at) == {"you": pytest.approx(hits / 6), "Bayes attacker, same outputs": pytest.approx(bayes / 6)}
    assert [layout(s) for s in vega_specs(at)] == before  # a guess only swaps data into the charts
    at.button(key="post_new_game").click().run()
    assert "No guesses yet" in _visible_text(at) and "Round 7: the mechanism answered" in _visible_text(at)


def test_a_new_epsilon_starts_the_score_again() -> None:
    at = run_page(PAGE, {"post_part": "game", "post_mech": "randomized_response"})
    at.button(key="post_guess_d").click().run()
    at.button(key="post_guess_d").click().run()
    assert "out of 2" in _visible_text(at)
    assert "the person answered" in _visible_text(at)  # randomized response shows yes or no
    _set_epsilon(at, 5.0)
    assert_clean(at)
    assert "No guesses yet" in _visible_text(at) and "Round 3:" in _visible_text(at)
    assert "nobody can be right more than 99.3% of the time" in _visible_text(at)  # e^5 / (1 + e^5)


def test_read_and_prior_sliders_change_only_the_data() -> None:
    at = run_page(PAGE, {"post_part": "loss"})
    before = vega_specs(at)
    at.select_slider(key="post_read").set_value(0.25).run()
    assert_clean(at)
    after = vega_specs(at)
    assert [layout(a) for a in after] == [layout(b) for b in before]
    assert after[3]["datasets"]["read"]["epsilon"].tolist() == [0.25]
    bounds = step(run_page(PAGE), "post_eps", 1.0)  # every frame (new settings compute ε = 1 alone at first)
    spec = vega_specs(bounds)[0]
    step(bounds.slider(key="post_prior").set_value(0.25).run(), "post_eps", 1.0)
    moved = vega_specs(bounds)[0]
    assert layout(moved) == layout(spec) and moved["datasets"]["you"]["prior"].tolist() == [0.25] * 3
