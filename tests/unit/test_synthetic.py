"""DP synthetic data (dpcore.synthetic): the course's one-column method, MST through OpenDP,
utility measures and baselines. References: the course's pupils example (SEED-FACTS 9), scipy's
Laplace distribution, brute-force joints and hand-computed marginals on tiny tables, OpenDP's own
zCDP -> (epsilon, delta) conversion. One real MST fit per run (module fixture, ~20 s cold)."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pandas as pd
import pytest

from dpcore.errors import DPError
from dpcore.rng import make_rng
from dpcore.synthetic import (
    STAGES,
    answer_workload,
    correlation_matrix,
    counting_workload,
    declared_domains,
    draw_probability,
    encode,
    half_sample,
    histogram_steps,
    independent_baseline,
    interactive_vs_synthetic,
    marginal,
    marginal_errors,
    mst_synthesize,
    resample,
    sizes_of,
    synthesize_histogram,
    tvd,
    workload_error,
)
from dpcore.synthetic import mst as mst_module
from dpcore.synthetic.histogram import normalise

PUPILS = [12, 13, 15, 13, 15, 12]
AGES = range(12, 16)
SOURCE_DRAW = (13, 15, 12, 15, 12, 13)


# ---------------------------------------------------------------- one column (section 6.5.3)
def test_pupils_end_to_end_fixed_seed():
    steps = histogram_steps(PUPILS, AGES, 1.0, 6, make_rng(7, "synthetic-pupils"))
    assert steps.domain == (12, 13, 14, 15)
    assert steps.true_counts.tolist() == [2, 2, 0, 2]
    np.testing.assert_allclose(steps.noisy_counts, steps.true_counts + steps.noise)
    np.testing.assert_allclose(steps.clamped, np.maximum(steps.noisy_counts, 0))
    np.testing.assert_allclose(steps.distribution, steps.clamped / steps.clamped.sum())
    assert steps.sample.tolist() == [14, 13, 14, 14, 13, 13]  # our draw with this seed
    again = synthesize_histogram(PUPILS, AGES, 1.0, 6, make_rng(7, "synthetic-pupils"))
    assert again.tolist() == steps.sample.tolist()


def test_source_outcome_is_one_possible_draw():
    steps = histogram_steps(PUPILS, AGES, 1.0, 6, make_rng(7, "synthetic-pupils"))
    assert draw_probability(steps, SOURCE_DRAW) > 0
    # with almost no noise the distribution is the true one: 1/3 each on 12, 13, 15
    exact = histogram_steps(PUPILS, AGES, 1e9, 6, make_rng(1, "x"))
    assert draw_probability(exact, SOURCE_DRAW) == pytest.approx((1 / 3) ** 6, rel=1e-6)
    assert draw_probability(exact, (14,) * 6) < 1e-40


@pytest.mark.parametrize("rows", [1, 6, 50])
def test_output_in_domain_and_exact_length(rows):
    for seed in range(20):
        out = synthesize_histogram(PUPILS, AGES, 0.3, rows, make_rng(seed, "len"))
        assert len(out) == rows and set(out.tolist()) <= set(AGES)


@pytest.mark.slow
def test_noise_is_laplace_one_over_epsilon():
    from scipy import stats

    eps = 0.5
    noise = np.concatenate([histogram_steps(PUPILS, AGES, eps, 1, make_rng(s, "noise")).noise for s in range(1500)])
    assert stats.kstest(noise, stats.laplace(scale=1 / eps).cdf).pvalue > 1e-4


def test_sampling_follows_clamped_normalised_histogram():
    n = 200_000
    steps = histogram_steps(PUPILS, AGES, 1.0, n, make_rng(3, "sampling"))
    freq = np.array([np.mean(steps.sample == a) for a in AGES])
    p = steps.distribution
    assert np.all(np.abs(freq - p) <= 5 * np.sqrt(p * (1 - p) / n) + 1e-12)


def test_normalise_by_hand():
    np.testing.assert_allclose(normalise(np.array([3.0, -1.0, 1.0])), [0.75, 0.0, 0.25])
    np.testing.assert_allclose(normalise(np.array([-1.0, -2.0])), [0.5, 0.5])  # all zero: uniform


def test_string_domain_of_the_catalog():
    out = synthesize_histogram(["12", "13", "15"], ("12", "13", "14", "15"), 1.0, 10, make_rng(0, "s"))
    assert set(out.tolist()) <= {"12", "13", "14", "15"}


@pytest.mark.parametrize(
    ("kwargs", "code", "words"),
    [
        ({"epsilon": 0}, "epsilon_range", "Epsilon must be greater than zero, got 0."),
        ({"epsilon": -1}, "epsilon_range", "got -1"),
        ({"rows": 0}, "count_range", "The number of synthetic rows must be at least 1"),
        ({"values": [12, 16]}, "synthetic_value_outside", "outside its declared domain (the first is 16)"),
        ({"domain": []}, "synthetic_domain_empty", "Declare at least one value"),
        ({"domain": [12, 12, 13]}, "category_declared_twice", "only once"),
    ],
)
def test_histogram_bad_input(kwargs, code, words):
    args = {"values": PUPILS, "domain": AGES, "epsilon": 1.0, "rows": 6} | kwargs
    with pytest.raises(DPError) as err:
        synthesize_histogram(args["values"], args["domain"], args["epsilon"], args["rows"], make_rng(0, "bad"))
    assert err.value.code == code and words in str(err.value)


# ---------------------------------------------------------------- declared domains
def _small_table(n: int = 300, seed: int = 0) -> tuple[pd.DataFrame, dict]:
    rng = np.random.default_rng(seed)
    a = rng.integers(0, 3, n)
    b = (a + rng.integers(0, 2, n)) % 3
    c = rng.integers(0, 2, n)
    frame = pd.DataFrame({
        "colour": np.array(["red", "green", "blue"])[a],
        "size": np.array(["S", "M", "L"])[b],
        "sex": np.array(["F", "M"])[c],
        "age": np.clip(20 + 20 * c + rng.normal(0, 8, n), 0, 90),
    })
    domains = {"colour": ("red", "green", "blue", "violet"), "size": ("S", "M", "L"), "sex": ("F", "M"),
               "age": (0, 100, 5)}
    return frame, domains


def test_encode_declared_domains():
    frame = pd.DataFrame({"x": ["a", "b", "a"], "n": [-5.0, 50.0, 250.0]})
    doms = declared_domains(frame.columns, {"x": ("a", "b", "c"), "n": (0, 100, 4)})
    assert sizes_of(doms) == (3, 4)
    assert doms[1].labels == ("0–25", "25–50", "50–75", "75–100")
    assert encode(frame, doms).tolist() == [[0, 0], [1, 2], [0, 3]]  # numbers clamped into end bins


@pytest.mark.parametrize(
    ("frame", "domains", "columns", "code", "words"),
    [
        ({"x": ["a"], "y": ["b"]}, {"x": ("a",)}, ["x", "y"], "synthetic_column_undeclared", "'y' has no declared domain"),
        ({"x": ["a"], "y": ["b"]}, {"x": ("a",), "z": ("b",)}, None, "synthetic_column_missing", "'z' is not in this dataset"),
        ({"x": ["a"], "y": ["b"]}, {"x": ("a",)}, None, "synthetic_too_few_columns", "at least 2 columns"),
        ({"x": ["a"], "y": ["b"]}, {"x": ("a",), "y": (1, 2)}, None, "synthetic_domain_spec", "(lower, upper, number of bins)"),
        ({"x": ["a"], "y": ["q"]}, {"x": ("a",), "y": ("b",)}, None, "synthetic_value_outside", "'y' has 1 value(s) outside"),
        ({"x": ["a"], "y": [None]}, {"x": ("a",), "y": ("b",)}, None, "synthetic_value_outside", "(the first is None)"),
        ({"x": ["a"], "y": [np.nan]}, {"x": ("a",), "y": (0, 1, 2)}, None, "synthetic_value_outside", "first is nan"),
    ],
)
def test_domain_bad_input(frame, domains, columns, code, words):
    df = pd.DataFrame(frame)
    with pytest.raises(DPError) as err:
        encode(df, declared_domains(df.columns, domains, columns))
    assert err.value.code == code and words in str(err.value)


def test_mst_bad_input_before_any_fit():
    frame, domains = _small_table(20)
    with pytest.raises(DPError, match="Epsilon must be greater than zero"):
        mst_synthesize(frame, domains, 0.0, 0.0, 10, make_rng(0, "m"))
    with pytest.raises(DPError, match="at least 1"):
        mst_synthesize(frame, domains, 1.0, 0.0, 0, make_rng(0, "m"))
    with pytest.raises(DPError, match="'weight' has no declared domain"):
        mst_synthesize(frame.assign(weight=1.0), domains, 1.0, 0.0, 10, make_rng(0, "m"), columns=["colour", "weight"])
    with pytest.raises(DPError, match="outside its declared domain"):
        mst_synthesize(frame.assign(sex="X"), domains, 1.0, 0.0, 10, make_rng(0, "m"))


# ---------------------------------------------------------------- MST through OpenDP
@pytest.fixture(scope="module")
def mst_run():
    pytest.importorskip("mbi")
    frame, domains = _small_table()
    tables, events = [], []
    real_fit = mst_module._fit_mst

    def spy(*args, **kwargs):
        tables.append(real_fit(*args, **kwargs))
        return tables[-1]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(mst_module, "_fit_mst", spy)
        result = mst_synthesize(frame, domains, 1.0, 0.0, 250, make_rng(0, "mst"), iters=200,
                                progress=lambda f, s: events.append((f, s)))
    return frame, domains, result, tables[0], events


@pytest.mark.slow
def test_mst_output_has_declared_domain_and_rows(mst_run):
    frame, domains, res, _, _ = mst_run
    assert res.table.shape == (250, 4) and res.codes.shape == (250, 4)
    for col in frame.columns:
        assert list(res.table[col].cat.categories) == list(res.domains[list(frame.columns).index(col)].labels)
        assert res.table[col].notna().all()
    assert list(res.table["colour"].cat.categories) == ["red", "green", "blue", "violet"]
    assert list(res.table["age"].cat.categories) == ["0–20", "20–40", "40–60", "60–80", "80–100"]
    assert (res.codes >= 0).all() and (res.codes < np.array(sizes_of(res.domains))).all()
    assert res.epsilon_spent == 1.0 and res.attempts == 1 and res.rho_spent is None


@pytest.mark.slow
def test_mst_cliques_span_the_columns(mst_run):
    frame, _, res, _, _ = mst_run
    assert len(res.cliques) == frame.shape[1] - 1
    reached, changed = {res.cliques[0][0]}, True
    while changed:
        changed = False
        for a, b in res.cliques:
            if (a in reached) != (b in reached):
                reached |= {a, b}
                changed = True
    assert reached == set(frame.columns)


@pytest.mark.slow
def test_mst_progress(mst_run):
    events = mst_run[4]
    fractions = [f for f, _ in events]
    assert fractions[0] == 0.0 and fractions[-1] == 1.0 and fractions == sorted(fractions)
    assert {s for _, s in events} <= set(STAGES)


@pytest.mark.slow
def test_mst_sampler_draws_from_the_fitted_model(mst_run):
    """Our sampler (the caller's Generator) against the model's own two-way marginals, which is
    the distribution mbi's synthesize(method="sample") draws from."""
    _, _, res, table, _ = mst_run
    n = 60_000
    names = [d.column for d in res.domains]
    draws = mst_module.sample_tree_model(table.model, names, n, make_rng(4, "model"))
    sizes = [d.size + 1 for d in res.domains]  # OpenDP's null key included
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            p = np.clip(np.asarray(table.model.project((names[i], names[j])).values, dtype=float), 0, None)
            p = p / p.sum()
            freq = marginal(draws, sizes, (i, j)) / n
            # 5 standard errors, plus 3 draws of slack for cells of almost no weight (the fit is new every
            # run: OpenDP draws its noise from the OS, so cells of p ~ 1e-7 come and go)
            assert np.all(np.abs(freq - p) <= 5 * np.sqrt(p * (1 - p) / n) + 3 / n), (names[i], names[j])


@pytest.mark.slow
def test_resample_is_free_and_in_domain(mst_run):
    _, _, res, _, _ = mst_run
    more = resample(res, 1000, make_rng(9, "more"))
    assert more.table.shape == (1000, 4) and more.epsilon_spent == res.epsilon_spent
    assert (more.codes < np.array(sizes_of(res.domains))).all() and more.table.notna().all().all()


def _budget_error():
    from opendp.mod import OpenDPException

    return OpenDPException("FailedFunction", "insufficient budget for query: 1.0000000000000002 > 1.0")


@pytest.mark.slow
def test_mst_retries_budget_rounding(mst_run, monkeypatch):
    frame, domains, _, table, _ = mst_run
    calls = []

    def flaky(codes, doms, loss, estimator, shave):
        calls.append((loss, shave))
        if len(calls) == 1:
            raise _budget_error()
        return table

    monkeypatch.setattr(mst_module, "_fit_mst", flaky)
    res = mst_synthesize(frame, domains, 1.0, 0.0, 100, make_rng(0, "retry"))
    assert calls == [(("epsilon", 1.0), 1e-9), (("epsilon", 1.0 * (1 - 1e-9)), 1e-9)]
    assert res.attempts == 2 and res.epsilon_spent == 1.0 * (1 - 1e-9) < 1.0
    assert len(res.table) == 100


@pytest.mark.slow
def test_mst_gives_up_and_passes_other_errors(mst_run, monkeypatch):
    from opendp.mod import OpenDPException

    frame, domains, _, _, _ = mst_run

    def always(*args):
        raise _budget_error()

    monkeypatch.setattr(mst_module, "_fit_mst", always)
    with pytest.raises(DPError) as err:
        mst_synthesize(frame, domains, 1.0, 0.0, 10, make_rng(0, "r"))
    assert err.value.code == "synthetic_budget_rounding" and "OpenDP issue 2789" in str(err.value)

    def other(*args):
        raise OpenDPException("FailedFunction", "something else")

    monkeypatch.setattr(mst_module, "_fit_mst", other)
    with pytest.raises(OpenDPException):
        mst_synthesize(frame, domains, 1.0, 0.0, 10, make_rng(0, "r"))


@pytest.mark.slow
def test_mst_delta_uses_zcdp(mst_run, monkeypatch):
    frame, domains, _, table, _ = mst_run
    calls = []
    monkeypatch.setattr(mst_module, "_fit_mst", lambda c, d, loss, e, shave: calls.append(loss) or table)
    res = mst_synthesize(frame, domains, 1.0, 1e-9, 10, make_rng(0, "r"))
    assert calls[0][0] == "rho" and res.rho_spent == calls[0][1]
    assert res.epsilon_spent == pytest.approx(1.0, rel=1e-9) and res.epsilon_spent <= 1.0


@pytest.mark.slow
def test_shaved_split_is_temporary_and_smaller():
    pytest.importorskip("mbi")
    from opendp.extras.mbi import _mst

    with mst_module._shaved_mst_split(1e-6):
        assert _mst.prior(1.0) == pytest.approx(1 - 1e-6, rel=1e-12) and _mst.prior(1.0) < 1.0
    assert _mst.prior(1.0) == np.nextafter(1.0, 0.0)  # outside: OpenDP's own prior, exactly
    original = lambda x: np.nextafter(x, -np.inf)  # noqa: E731 (OpenDP's prior)

    # The failure measured on Adult (14 columns, epsilon 1): MST's selection budget d split into
    # 13 parts of prior(d / 13); OpenDP's composition sums them rounding up, past d. Shaved, it fits.
    import opendp.prelude as dp

    dp.enable_features("contrib")
    d = 0.049999999999999975

    def composed(part: float, parts: int = 13) -> float:
        domain = dp.vector_domain(dp.atom_domain(T=float, nan=False))
        return dp.c.make_adaptive_composition(domain, dp.symmetric_distance(), dp.max_divergence(), 1,
                                              [part] * parts).map(1)

    assert composed(original(d / 13)) == 0.049999999999999996 > d  # OpenDP's own error message
    assert composed(original(d * (1 - 1e-9) / 13)) <= d


def test_rho_conversion_is_sound_by_opendp():
    import opendp.prelude as dp

    dp.enable_features("contrib")
    for eps, delta in [(1.0, 1e-9), (0.5, 1e-6), (4.0, 1e-5)]:
        rho = mst_module.rho_from_epsilon_delta(eps, delta)
        assert mst_module.epsilon_from_rho(rho, delta) == pytest.approx(eps, rel=1e-9)
        scale = 1 / math.sqrt(2 * rho)  # a Gaussian with sensitivity 1 at this scale is rho-zCDP
        m = dp.m.make_gaussian(dp.atom_domain(T=float, nan=False), dp.absolute_distance(T=float), scale=scale)
        opendp_eps = dp.c.make_zCDP_to_approxDP(m).map(1.0).epsilon(delta)
        assert opendp_eps <= eps  # OpenDP's tighter conversion never needs more


class _TreeModel:
    """A stand-in for an mbi model: a chain a - b - c with a known joint (brute force)."""

    def __init__(self, joint: np.ndarray):
        self.joint = joint
        self.cliques = [("a", "b"), ("b", "c")]

    def project(self, attrs):
        axes = tuple(i for i, n in enumerate("abc") if n not in attrs)
        out = self.joint.sum(axis=axes)
        if list(attrs) != sorted(attrs):
            out = out.T

        class V:
            values = out

        return V()


def test_tree_sampler_matches_a_chain_joint():
    rng = np.random.default_rng(5)
    pa, pb_a, pc_b = rng.dirichlet(np.ones(2)), rng.dirichlet(np.ones(3), 2), rng.dirichlet(np.ones(2), 3)
    joint = pa[:, None, None] * pb_a[:, :, None] * pc_b[None, :, :]
    n = 100_000
    draws = mst_module.sample_tree_model(_TreeModel(joint), ["a", "b", "c"], n, make_rng(2, "tree"))
    freq = np.zeros_like(joint)
    np.add.at(freq, (draws[:, 0], draws[:, 1], draws[:, 2]), 1)
    freq /= n
    assert np.all(np.abs(freq - joint) <= 5 * np.sqrt(joint * (1 - joint) / n) + 1e-12)


def test_tree_order_refuses_a_cycle():
    from dpcore.synthetic.sampling import _tree_order

    assert _tree_order(["a", "b", "c"], [("a", "b")]) == [("a", None), ("b", "a"), ("c", None)]
    with pytest.raises(RuntimeError, match="not a tree"):
        _tree_order(["a", "b", "c"], [("a", "b"), ("b", "c"), ("c", "a")])


# ---------------------------------------------------------------- utility measures
REAL = np.array([[0, 0], [0, 1], [1, 1], [1, 1]])
SYNTH = np.array([[0, 0], [0, 0], [1, 1], [1, 0]])
SIZES = (2, 2)


def test_marginals_and_tvd_by_hand():
    assert marginal(REAL, SIZES, (0,)).tolist() == [2, 2]
    assert marginal(REAL, SIZES, (0, 1)).tolist() == [[1, 1], [0, 2]]
    assert marginal(REAL, SIZES, (1, 0)).tolist() == [[1, 0], [1, 2]]
    assert tvd(np.array([1, 3]), np.array([3, 1])) == pytest.approx(0.5)
    e = marginal_errors(REAL, SYNTH, SIZES)
    assert e.one_way == {(0,): pytest.approx(0.0), (1,): pytest.approx(0.5)}
    assert e.two_way == {(0, 1): pytest.approx(0.5)}
    assert e.mean_one_way == pytest.approx(0.25) and e.mean_two_way == pytest.approx(0.5)


def test_correlation_by_hand_and_numpy():
    corr = correlation_matrix(REAL, SIZES)
    assert corr[0, 1] == pytest.approx(1 / math.sqrt(3))
    np.testing.assert_allclose(corr, np.corrcoef(REAL.T))
    const = correlation_matrix(np.array([[0, 0], [0, 1]]), SIZES)  # column 0 constant
    assert const.tolist() == [[1.0, 0.0], [0.0, 1.0]]


def test_workload_by_hand():
    q = (((0, 1), (1, 1)), ((1, 0),))
    assert answer_workload(REAL, q).tolist() == [2, 1]
    assert answer_workload(SYNTH, q).tolist() == [1, 3]
    assert workload_error(REAL, SYNTH, q) == pytest.approx((0.25 + 0.5) / 2)
    w = counting_workload((3, 4, 5), 50, 2, make_rng(1, "w"))
    assert w == counting_workload((3, 4, 5), 50, 2, make_rng(1, "w"))
    assert all(len({c for c, _ in qq}) == 2 and all(0 <= v < (3, 4, 5)[c] for c, v in qq) for qq in w)


def test_baselines():
    rng = np.random.default_rng(0)
    n = 20_000
    a = rng.integers(0, 2, n)
    real = np.column_stack([a, a])  # perfectly correlated
    indep = independent_baseline(real, SIZES, 1e6, n, make_rng(0, "ind"))
    assert indep.shape == (n, 2)
    e = marginal_errors(real, indep, SIZES)
    assert e.mean_one_way < 5 * math.sqrt(0.25 / n)  # one-way kept (almost no noise)
    assert e.two_way[(0, 1)] == pytest.approx(0.5, abs=0.02)  # correlation lost: TVD 1/2 by hand
    half = half_sample(real, make_rng(0, "half"))
    assert len(half) == n // 2 and marginal_errors(real, half, SIZES).mean_two_way < 0.02


def test_non_interactive_lesson():
    eps = 1.0
    curves = interactive_vs_synthetic(REAL, REAL, ((( 0, 1),),) * 1000, eps, [1, 10, 1000], make_rng(0, "lesson"))
    assert curves.synthetic_error.tolist() == [0.0, 0.0, 0.0]
    np.testing.assert_allclose(curves.laplace_expected, [1.0, 10.0, 1000.0])
    # mean |Laplace(b)| = b; over 1000 draws its standard error is b / sqrt(1000)
    assert abs(curves.laplace_error[-1] - 1000) <= 5 * 1000 / math.sqrt(1000)
    half = interactive_vs_synthetic(REAL, SYNTH, (((1, 0),),), eps, [1], make_rng(0, "l"))
    assert half.synthetic_error.tolist() == [2.0]  # 3 of 4 synthetic rows vs 1 of 4 real, in people


@pytest.mark.slow
def test_the_page_s_synthetic_table_has_the_same_length_on_neighbours():
    # Issue 30, item 2: the page's fit had as many rows as the complete real rows (333 on the
    # penguins, 332 with one removed). Now the number is a public setting: two real fits, D and D'.
    pytest.importorskip("mbi")
    from dpcore.limits import SYNTHETIC_ROWS_DEFAULT
    from ui.views.synthetic import mst as mst_view

    penguins = pd.read_csv("data/penguins.csv")
    d = mst_view.FitSettings(penguins, mst_view.declared("penguins"), ("species", "island"), 1.0, 7)
    d_prime = mst_view.FitSettings(penguins.drop(index=0), d.domains, d.columns, 1.0, 7)
    assert len(d.complete) == len(d_prime.complete) + 1
    assert len(mst_view.fit(d).table) == len(mst_view.fit(d_prime).table) == SYNTHETIC_ROWS_DEFAULT
    resized = mst_view.resized(mst_view.fit(d), replace(d, rows=77))
    assert resized.table.shape == (77, 2)
