"""Histograms on public bins, neighbours, the zoo counts, safe exports and OpenDP releases."""

from __future__ import annotations

import io
import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from dpcore.catalog import BUNDLED
from dpcore.counting import count_above, interactive_count, noisy_records_count
from dpcore.export import safe_csv_bytes, safe_file_name
from dpcore.histogram import (
    CategoryBins,
    NumericBins,
    PostProcessing,
    bin_of,
    histogram,
    noisy_counts,
    observed_categories,
    post_process,
    utility,
)
from dpcore.io import load_csv
from dpcore.mechanisms import calibrate
from dpcore.neighbours import count_sensitivity, histogram_sensitivity, neighbour_counts, neighbour_distance
from dpcore.release import release_counts
from dpcore.rng import make_rng


def _bundled(key: str) -> tuple[pd.DataFrame, pd.DataFrame | None]:
    info = BUNDLED[key]
    d = load_csv(info.path).frame
    return d, (load_csv(info.neighbour_path).frame if info.neighbour_path else None)


def test_medical_histogram_reproduces_experiment_6_2() -> None:
    d, d_prime = _bundled("medical")
    bins = CategoryBins(BUNDLED["medical"].domains["age_bucket"])
    h = histogram(d, "age_bucket", bins, weight_column="patients")
    hp = histogram(d_prime, "age_bucket", bins, weight_column="patients")
    assert h.counts.tolist() == [405, 436, 421, 457, 463]
    assert hp.counts.tolist() == [405, 435, 421, 457, 463]
    assert neighbour_distance(h.counts, hp.counts).l1 == 1


def test_zoo_count_is_90_and_89_without_the_dugong() -> None:
    d, d_prime = _bundled("zoo")
    assert count_above(d["carrots"].to_numpy(), 55) == 90
    assert count_above(d_prime["carrots"].to_numpy(), 55) == 89
    assert set(d["animal"]) - set(d_prime["animal"]) == {"Dugong"}
    assert d["animal"].head(24).tolist()[-1] == "Caterpillar"


def test_numeric_bins_clamp_outside_values_and_keep_empty_bins() -> None:
    frame = pd.DataFrame({"x": [-5.0, 0.0, 9.99, 10.0, 55.0, 120.0, np.nan]})
    h = histogram(frame, "x", NumericBins(0, 100, 10))
    assert h.counts.tolist() == [3, 1, 0, 0, 0, 1, 0, 0, 0, 1]
    assert (h.missing, h.clamped, h.outside) == (1, 2, 0)
    assert h.labels[0] == "0–10" and len(h.labels) == 10


def test_declared_categories_include_empty_ones_and_drop_undeclared() -> None:
    d, _ = _bundled("pupils")
    h = histogram(d, "age", CategoryBins(("12", "13", "14", "15")))
    assert h.counts.tolist() == [2, 2, 0, 2]
    frame = pd.DataFrame({"c": ["a", "b", "z", None]})
    h2 = histogram(frame, "c", CategoryBins(("a", "b")))
    assert h2.counts.tolist() == [1, 1] and h2.outside == 1 and h2.missing == 1


@pytest.mark.parametrize(
    "make,message",
    [
        (lambda: NumericBins(5, 5, 3), "below the upper bound"),
        (lambda: NumericBins(0, float("inf"), 3), "finite"),
        (lambda: NumericBins(0, 1, 0), "at least 1"),
        (lambda: CategoryBins(()), "at least one category"),
        (lambda: CategoryBins(("a", "a")), "only once"),
    ],
)
def test_invalid_bins_raise_readable_errors(make, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        make()


def test_histogram_rejects_unknown_columns_text_as_numbers_and_bad_weights() -> None:
    frame = pd.DataFrame({"t": ["a", "b"], "w": [1.5, 2.0]})
    with pytest.raises(ValueError, match="not in this dataset"):
        histogram(frame, "nope", CategoryBins(("a",)))
    with pytest.raises(ValueError, match="not numeric"):
        histogram(frame, "t", NumericBins(0, 1, 2))
    with pytest.raises(ValueError, match="whole numbers"):
        histogram(frame, "t", CategoryBins(("a", "b")), weight_column="w")


def test_bin_of_and_observed_categories() -> None:
    assert bin_of(NumericBins(0, 100, 10), 73) == 7
    assert bin_of(NumericBins(0, 100, 10), float("nan")) == -1
    assert bin_of(CategoryBins(("2007", "2008")), 2008.0) == 1
    assert observed_categories(pd.Series(["b", "a", "b", None])) == ["b", "a"]


def test_sensitivities_of_the_two_neighbour_notions() -> None:
    assert (histogram_sensitivity("remove").l1, histogram_sensitivity("remove").l2) == (1, 1)
    assert histogram_sensitivity("replace").l1 == 2
    assert histogram_sensitivity("replace").l2 == pytest.approx(math.sqrt(2))
    assert count_sensitivity("replace").l1 == 1
    with pytest.raises(ValueError, match="Unknown kind"):
        histogram_sensitivity("swap")  # type: ignore[arg-type]


def test_neighbour_counts_remove_and_replace() -> None:
    c = np.array([3, 0, 2])
    assert neighbour_counts(c, 0).tolist() == [2, 0, 2]
    assert neighbour_counts(c, 0, 1).tolist() == [2, 1, 2]
    dist = neighbour_distance(c, neighbour_counts(c, 0, 1))
    assert dist.l1 == 2 and dist.l2 == pytest.approx(math.sqrt(2))
    with pytest.raises(ValueError, match="empty"):
        neighbour_counts(c, 1)
    with pytest.raises(ValueError, match="not counted"):
        neighbour_counts(c, -1)


def test_post_processing_choices() -> None:
    noisy = np.array([-1.4, 2.6, 5.2])
    assert post_process(noisy, PostProcessing(clamp_at_zero=True)).tolist() == [0.0, 2.6, 5.2]
    assert post_process(noisy, PostProcessing(True, True)).tolist() == [0.0, 3.0, 5.0]
    shares = post_process(noisy, PostProcessing(True, True, True))
    assert shares.sum() == pytest.approx(1.0) and shares[0] == 0.0
    assert post_process(np.array([-1.0, -2.0]), PostProcessing(normalise=True)).tolist() == [0.5, 0.5]


def test_noisy_counts_are_reproducible_and_unbiased() -> None:
    m = calibrate("laplace", 0.5)
    counts = np.array([405, 436, 421, 457, 463])
    a = noisy_counts(counts, m, make_rng(42, "x"))
    np.testing.assert_array_equal(a, noisy_counts(counts, m, make_rng(42, "x")))
    assert not np.array_equal(a, noisy_counts(counts, m, make_rng(42, "y")))
    many = np.stack([noisy_counts(counts, m, make_rng(s, "x")) for s in range(2000)])
    se = m.std / math.sqrt(2000)
    assert np.all(np.abs(many.mean(axis=0) - counts) < 4 * se)


def test_utility_reports_expected_error_l1_and_interval() -> None:
    m = calibrate("laplace", 1.0)
    u = utility(np.array([10, 20]), np.array([11.5, 18.0]), m)
    assert u.l1_error == pytest.approx(3.5)
    assert u.expected_abs_error_per_bar == pytest.approx(1.0)
    assert u.interval_half_width == pytest.approx(math.log(20))


def test_zoo_schemes_at_high_epsilon_keep_the_difference() -> None:
    d, d_prime = _bundled("zoo")
    v, vp = d["carrots"].to_numpy(float), d_prime["carrots"].to_numpy(float)
    assert round(interactive_count(v, 55, 10, make_rng(1, "a"))) in range(88, 93)
    assert noisy_records_count(v, 55, 1000, make_rng(1, "b")) == 90
    assert noisy_records_count(vp, 55, 1000, make_rng(1, "b")) == 89
    with pytest.raises(ValueError, match="no numbers"):
        count_above(np.array([np.nan]), 1)


def test_safe_csv_defuses_formulas_but_keeps_numbers() -> None:
    frame = pd.DataFrame({"=bin": ["=1+1", "+cmd", "-5–0", "@SUM(A1)", "ok"], "released": [-3.5, 1, 2, 3, 4]})
    text = safe_csv_bytes(frame).decode("utf-8-sig")
    back = pd.read_csv(io.StringIO(text))
    assert back.columns.tolist() == ["'=bin", "released"]
    assert back["'=bin"].tolist() == ["'=1+1", "'+cmd", "'-5–0", "'@SUM(A1)", "ok"]
    assert back["released"].tolist() == [-3.5, 1, 2, 3, 4]


@pytest.mark.parametrize(("sent", "safe"), [
    ("data.csv", "data.csv"), ('data "1".csv', "data_1_.csv"), ("evil%22name.csv", "evil_22name.csv"),
    ("../../etc/passwd", "passwd"), ("C:\\Users\\x\\y.csv", "y.csv"), ("-rf.csv", "rf.csv"),
    (".hidden.csv", "hidden.csv"), ("", "data.csv"), ("///", "data.csv"), ("数据 1.csv", "数据_1.csv"),
    ("x" * 300 + ".csv", "x" * 76 + ".csv"),
])
def test_a_sent_file_name_becomes_a_plain_safe_one(sent: str, safe: str) -> None:
    assert safe_file_name(sent) == safe


@pytest.mark.slow
@pytest.mark.parametrize("kind", ["laplace", "gaussian", "discrete_laplace"])
def test_opendp_release_has_the_calibrated_spread(kind: str) -> None:
    m = calibrate(kind, 1.0, 1e-5)
    counts = np.full(4000, 100)
    released = release_counts(counts, m)
    assert released.shape == counts.shape
    if kind == "discrete_laplace":
        assert released.dtype == np.int64
    law = {"laplace": stats.laplace(scale=m.scale), "gaussian": stats.norm(scale=m.scale)}.get(kind)
    noise = released - counts
    if law is not None:
        assert stats.kstest(noise, law.cdf).pvalue > 1e-3
    else:
        assert np.std(noise) == pytest.approx(m.std, rel=0.1)


def test_make_rng_is_reproducible_and_validates_the_seed() -> None:
    assert make_rng(3, "a").random() == make_rng(3, "a").random()
    assert make_rng(3, "a").random() != make_rng(3, "b").random()
    with pytest.raises(ValueError, match="Seed"):
        make_rng(-1, "a")


def test_public_categories_come_only_from_declared_text_domains() -> None:
    from dpcore.catalog import public_categories

    assert public_categories("students", "grade") == ("Pass", "Fail")
    assert public_categories("zoo", "carrots") is None
    assert public_categories("upload", "anything") is None


def test_count_columns_offers_only_columns_that_count_people() -> None:
    from dpcore.columns import count_columns

    frame = pd.DataFrame(
        {"age": [30, 41, 52], "patients": [3, 0, 12], "n": [1.0, 2.0, 3.0], "人数": [5, 6, 7],
         "count_share": [0.5, 0.2, 0.3], "total": [-1, 2, 3], "name": ["a", "b", "c"]}
    )
    # age is whole and non-negative too, but nothing in its name says it counts people
    assert count_columns(frame) == ["patients", "n", "人数"]
    assert count_columns(frame, exclude="patients") == ["n", "人数"]
