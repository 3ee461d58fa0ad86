"""The Histogram & neighbour page's compute functions, without Streamlit."""

from __future__ import annotations

import pandas as pd
import pytest

from dpcore.catalog import DATA_DIR
from dpcore.histogram import CategoryBins, NumericBins, PostProcessing
from ui.charts.histogram import steady_range, steady_top
from ui.views.histogram import counts, release, zoo
from ui.views.steps import at_each

MEDICAL = pd.read_csv(DATA_DIR / "medicaldata.csv")
MEDICAL_NB = pd.read_csv(DATA_DIR / "md_nb.csv")
AGES = CategoryBins(("20-30", "30-40", "40-50", "50-60", "60-70"))
SOURCE = ("medical", "age_bucket", "course")  # what the counts were counted from: their ident in a memo key


def course_counts() -> counts.CountsView:
    return counts.compute(counts.CountsSettings(MEDICAL, "age_bucket", AGES, "patients", "course", MEDICAL_NB))


def test_counts_of_the_course_pair_differ_in_one_bar() -> None:
    view = course_counts()
    assert view.counts_d.tolist() == [405, 436, 421, 457, 463]
    assert view.counts_dp.tolist() == [405, 435, 421, 457, 463]
    assert view.changed == (1,)
    assert view.sensitivity.l1 == 1
    assert "The pink band marks the bar “30-40”" in view.notes
    assert view.chart["datasets"]["changed"].column("bin").to_pylist() == ["30-40"]


def test_replacing_a_record_moves_one_person_between_bars() -> None:
    frame = pd.DataFrame({"age": [25.0, 35.0, 45.0]})
    view = counts.compute(counts.CountsSettings(frame, "age", NumericBins(20, 50, 3), None, "replace", row=0, new_value=49.0))
    assert view.counts_d.tolist() == [1, 1, 1]
    assert view.counts_dp.tolist() == [0, 1, 2]
    assert view.sensitivity.l1 == 2
    assert view.record == "age: 25.0"


def test_values_outside_the_bounds_are_said_and_non_neighbours_refused() -> None:
    frame = pd.DataFrame({"gain": [0.0, 10.0, 99_999.0, 50_000.0]})
    view = counts.compute(counts.CountsSettings(frame, "gain", NumericBins(0, 100, 2), None, "remove"))
    assert "2 values lie outside the public bounds 0 to 100" in view.warning
    with pytest.raises(ValueError, match="not neighbours"):
        counts.compute(counts.CountsSettings(MEDICAL, "age_bucket", AGES, "patients", "course", MEDICAL.assign(patients=1)))
    with pytest.raises(ValueError, match="no row 9"):
        counts.compute(counts.CountsSettings(frame, "gain", NumericBins(0, 100, 2), None, "remove", row=9))


def test_release_is_seeded_and_its_axis_steps_only_when_the_noise_outgrows_it() -> None:
    c = course_counts()
    post = PostProcessing()

    def at(eps: float, seed: int = 1) -> release.ReleaseView:
        return release.compute(release.ReleaseSettings(c, SOURCE, "laplace", eps, 0.0, "analytic", post, seed))

    one, again, other = at(1.0), at(1.0), at(1.0, seed=2)
    bars = lambda v: v.noisy_chart["datasets"]["bars"].column("value").to_pylist()
    assert bars(one) == bars(again) != bars(other)
    domain = lambda v: v.noisy_chart["layer"][1]["encoding"]["y"]["scale"]["domain"]
    assert domain(one) == domain(at(0.7)) == [400.0, 480.0]  # hugs the counts: one person shows
    assert domain(at(0.1)) == [350.0, 500.0]
    assert "about 1.43 people" in at(0.7).text
    assert ("strong", "Utility in plain words") in one.reading
    assert one.distribution_chart is not None
    assert one.numbers[0] == ("p", "At ε = 1, the value the chart shows.")
    kind, rows = one.numbers[1]
    assert kind == "table" and rows[0][:3] == ("Bin", "D", "D′")
    assert [row[2] for row in rows[1:]] == ["405", "435", "421", "457", "463"]


def test_steps_hold_the_release_at_every_epsilon_and_say_which_ones_are_refused() -> None:
    c = course_counts()
    settings = release.ReleaseSettings(c, SOURCE, "gaussian", 0.5, 1e-5, "classic", PostProcessing(), 1)
    steps = at_each(release.compute, settings, (0.5, 0.9, 1.0, 2.0))
    assert [isinstance(v, release.ReleaseView) for v in steps.views] == [True, True, False, False]
    # each epsilon is the release `compute` gives on its own, with the same seed
    alone = release.compute(settings)
    noisy_frames = steps.frames("noisy_chart", release.noisy_title)
    assert noisy_frames[0]["datasets"]["bars"].equals(alone.noisy_chart["datasets"]["bars"])
    assert noisy_frames[0]["title"]["text"] == "Noisy counts at ε = 0.5 (±95%)"
    # the classic formula is refused from epsilon 1 on: an empty frame, and the reason as its reading
    assert noisy_frames[2]["datasets"]["bars"].num_rows == 0
    assert noisy_frames[2]["title"]["text"] == "Noisy counts at ε = 1 (±95%)"
    readings = steps.readings("reading")
    assert readings[2][0][0] == "error" and "proven only for epsilon below 1" in readings[2][0][1]
    distribution_frames = steps.frames("distribution_chart")
    assert len(distribution_frames) == 4 and distribution_frames[3]["datasets"]["curves"].num_rows == 0
    with pytest.raises(ValueError, match="proven only for epsilon below 1"):
        at_each(release.compute, settings, (1.0, 2.0))  # nothing to show at all: the error itself


def test_the_settings_name_the_counts_by_their_source_not_their_arrays() -> None:
    """The chart slider keeps the release for every session under its settings: equal settings
    compare by what the counts were counted from, never by the counts object."""
    c, again = course_counts(), course_counts()

    def at(view: counts.CountsView, source: tuple = SOURCE, seed: int = 1) -> release.ReleaseSettings:
        return release.ReleaseSettings(view, source, "laplace", None, 0.0, "analytic", PostProcessing(), seed)

    assert at(c) == at(again) and hash(at(c)) == hash(at(again))
    assert at(c) != at(c, source=("medical", "age_bucket", "remove")) and at(c) != at(c, seed=2)


def test_a_release_in_shares_has_no_count_intervals() -> None:
    view = release.compute(release.ReleaseSettings(course_counts(), SOURCE, "laplace", 1.0, 0.0, "analytic",
                                                   PostProcessing(normalise=True), 1))
    assert sum(view.noisy_chart["datasets"]["bars"].column("value").to_pylist()[:5]) == pytest.approx(1.0)
    assert "low" not in view.noisy_chart["datasets"]["bars"].column_names


@pytest.mark.parametrize(("top", "steady"), [(463.0, 500.0), (501.0, 1000.0), (3.2, 5.0), (0.0, 1.0), (20.0, 20.0)])
def test_steady_top_takes_round_steps(top: float, steady: float) -> None:
    assert steady_top(top) == steady


def test_zoo_compares_both_schemes_and_states_scheme_two_real_guarantee() -> None:
    d = pd.read_csv(DATA_DIR / "zoo.csv")["carrots"].to_numpy(float)
    dp = pd.read_csv(DATA_DIR / "zoo_nb.csv")["carrots"].to_numpy(float)
    view = zoo.compute(zoo.ZooSettings(d, dp, 73.0, 55.0, (0.1, 10.0), 42))
    assert view.truth == "True answers: 90 on D and 89 on D′."
    assert view.table.shape == (4, 5)
    assert view.table.iloc[0, 0] == "10"  # largest budget first
    assert "at ε = 0.1: δ = 6.29%" in view.guarantee
    assert zoo.compute(zoo.ZooSettings(d, dp, 73.0, 55.0, (), 42)).chart is None


def test_steady_range_hugs_the_values_on_round_steps() -> None:
    assert steady_range(402.0, 466.0) == (400.0, 480.0)
    assert steady_range(375.0, 493.0) == (350.0, 500.0)
    assert steady_range(-3.0, 7.0) == (-5.0, 7.5)


def test_every_number_a_tooltip_shows_is_rounded() -> None:
    """Each quantitative field a tooltip of the release chart shows has a format: an error bar's own
    tooltip listed its ends unrounded ("high 423.313596583", issue 31)."""
    settings = release.ReleaseSettings(course_counts(), SOURCE, "laplace", 1.0, 0.0, "analytic", PostProcessing(), 1)
    view = release.compute(settings)
    layers = {layer["name"]: layer for layer in view.noisy_chart["layer"]}
    assert "tooltip" in layers["intervals"]["encoding"]
    for layer in layers.values():
        for entry in layer["encoding"].get("tooltip", []):
            assert entry["field"] in ("bin", "series") or "format" in entry, (layer["name"], entry)
