"""dpcore.accounting: every accountant against an independent source.

References: basic = the plain sum; DRV = Dwork & Roth Thm 3.20 typed out by hand (and one value
worked out on paper); KOV = dp-accounting's `advanced_composition` (KOV 2015 Thm 3.3) and its
`from_privacy_parameters` PLDs; PLD = dp-accounting's `PLDAccountant` on a fine grid and its analytic
Gaussian `get_epsilon_gaussian`; RDP = dp-accounting's `RdpAccountant` fed event by event; zCDP =
Bun & Steinke's closed form and dp-accounting's RDP-to-DP conversion on a dense order grid.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from dp_accounting import dp_event
from dp_accounting.gaussian_mechanism import get_epsilon_gaussian
from dp_accounting.pld import accountant as pld_tools
from dp_accounting.pld import common, pld_privacy_accountant
from dp_accounting.pld import privacy_loss_distribution as pld_lib
from dp_accounting.rdp import rdp_privacy_accountant

from dpcore import accounting
from dpcore.accounting import (
    ACCOUNTANTS,
    compare,
    drv_epsilon,
    epsilon_by_repeats,
    parallel_epsilon,
    total_epsilon,
    zcdp_epsilon,
)
from dpcore.errors import DPError
from dpcore.limits import MAX_PLAN_REPEATS
from dpcore.mechanisms import calibrate

LAP = calibrate("laplace", 0.1, 0.0, 1.0)
LAP3 = calibrate("laplace", 0.3, 0.0, 2.0)
DLAP = calibrate("discrete_laplace", 0.2, 0.0, 1.0)
DLAP3 = calibrate("discrete_laplace", 0.25, 0.0, 3.0)
GAUSS = calibrate("gaussian", 0.5, 1e-7, 1.0)
MIXED = [(LAP, 40), (LAP3, 10), (DLAP, 25), (DLAP3, 5), (GAUSS, 30)]


def pld_reference(events, delta: float, interval: float = 1e-3) -> float:
    """dp-accounting's own PLD accountant, one event per statistic, on a fine grid."""
    acc = pld_privacy_accountant.PLDAccountant(value_discretization_interval=interval)
    for m, k in events:
        if m.kind == "laplace":
            acc.compose(dp_event.LaplaceDpEvent(m.scale / m.sensitivity), k)
        elif m.kind == "gaussian":
            acc.compose(dp_event.GaussianDpEvent(m.scale / m.sensitivity), k)
        else:
            acc.compose(dp_event.DiscreteLaplaceDpEvent(1 / m.scale, int(m.sensitivity)), k)
    return acc.get_epsilon(delta)


# ---------------------------------------------------------------- basic


def test_basic_is_the_sum_of_epsilons():
    assert total_epsilon(MIXED, 1e-5, "basic") == pytest.approx(40 * 0.1 + 10 * 0.3 + 25 * 0.2 + 5 * 0.25 + 30 * 0.5)


def test_basic_refuses_a_delta_below_the_gaussians_own():
    with pytest.raises(DPError) as info:
        total_epsilon([(GAUSS, 30)], 2e-6, "basic")  # 30 x 1e-7 = 3e-6 > 2e-6
    assert info.value.code == "delta_too_small"
    assert info.value.params["needed"] == pytest.approx(3e-6)
    assert "3e-06" in str(info.value)


# ---------------------------------------------------------------- DRV


def test_drv_matches_dwork_roth_theorem_3_20_worked_by_hand():
    # Thm 3.20: eps' = sqrt(2 k ln(1/delta')) eps + k eps (e^eps - 1); k = 100, eps = 0.1, delta' = 1e-5:
    # sqrt(200 * 11.512925) * 0.1 = 4.798526 and 100 * 0.1 * 0.105171 = 1.051709, total 5.850235.
    assert drv_epsilon([0.1], [100], 1e-5) == pytest.approx(5.850235, abs=1e-6)
    assert total_epsilon([(LAP, 100)], 1e-5, "advanced") == pytest.approx(5.850235, abs=1e-6)


def test_drv_heterogeneous_form_and_its_delta_slack():
    eps = np.array([0.1, 0.3, 0.2, 0.25, 0.5])
    k = np.array([40, 10, 25, 5, 30])
    delta = 1e-5
    slack = delta - 30 * 1e-7  # the Gaussians' own deltas come off first
    by_hand = math.sqrt(2 * math.log(1 / slack) * float(np.sum(k * eps**2)))
    by_hand += float(np.sum(k * eps * (np.exp(eps) - 1)))
    assert total_epsilon(MIXED, delta, "advanced") == pytest.approx(by_hand, rel=1e-12)
    # one epsilon: the homogeneous form of the theorem
    assert drv_epsilon([0.2, 0.2], [3, 7], 1e-6) == pytest.approx(
        math.sqrt(2 * 10 * math.log(1e6)) * 0.2 + 10 * 0.2 * math.expm1(0.2)
    )


def test_drv_can_exceed_basic_at_large_epsilon():
    big = calibrate("laplace", 2.0)
    assert total_epsilon([(big, 10)], 1e-5, "advanced") > total_epsilon([(big, 10)], 1e-5, "basic")


# ---------------------------------------------------------------- KOV


@pytest.mark.parametrize(("eps", "k", "delta"), [(0.1, 10, 1e-5), (0.1, 100, 1e-5), (0.5, 40, 1e-6), (1.0, 100, 1e-3)])
def test_kov_against_dp_accounting_advanced_composition(eps, k, delta):
    # dp-accounting reports the smallest lattice value eps (k - 2i) whose delta fits; the exact
    # optimum lies between that and the lattice point below.
    lattice = pld_tools.advanced_composition(common.DifferentialPrivacyParameters(eps, 0.0), k, delta)
    ours = total_epsilon([(calibrate("laplace", eps), k)], delta, "kov")
    assert lattice - 2 * eps - 1e-9 <= ours <= lattice + 1e-9


def test_kov_equals_advanced_composition_at_the_theorems_own_deltas():
    # KOV Thm 3.3 by hand: k eps-DP steps are ((k - 2i) eps, delta_i)-DP with
    # delta_i = sum_{l<i} C(k, l) (e^{(k-l) eps} - e^{(k-2i+l) eps}) / (1 + e^eps)^k, and no better.
    eps, k = 0.1, 50
    for i in (18, 20, 22):
        delta_i = sum(
            math.comb(k, l) * (math.exp(eps * (k - l)) - math.exp(eps * (k - 2 * i + l))) for l in range(i)
        ) / (1 + math.exp(eps)) ** k
        at = delta_i * (1 + 1e-9)
        lattice = pld_tools.advanced_composition(common.DifferentialPrivacyParameters(eps, 0.0), k, at)
        assert lattice == pytest.approx((k - 2 * i) * eps)
        assert total_epsilon([(calibrate("laplace", eps), k)], at, "kov") == pytest.approx(lattice, abs=1e-6)


def test_kov_of_a_mixed_plan_against_dp_accounting_privacy_parameter_plds():
    reference = None
    for m, k in MIXED:
        one = pld_lib.from_privacy_parameters(
            common.DifferentialPrivacyParameters(m.epsilon, m.delta), value_discretization_interval=1e-4
        ).self_compose(k)
        reference = one if reference is None else reference.compose(one)
    expected = reference.get_epsilon_for_delta(1e-5)
    assert total_epsilon(MIXED, 1e-5, "kov") == pytest.approx(expected, rel=5e-3)


def test_kov_is_below_drv_and_basic():
    for events in ([(LAP, 100)], MIXED, [(calibrate("laplace", 1.0), 30)]):
        kov = total_epsilon(events, 1e-5, "kov")
        assert kov <= total_epsilon(events, 1e-5, "basic") + 1e-9
        assert kov <= total_epsilon(events, 1e-5, "advanced") + 1e-9


def test_kov_refuses_a_delta_the_gaussians_use_up():
    with pytest.raises(DPError) as info:
        total_epsilon([(GAUSS, 30)], 1e-6, "kov")
    assert info.value.code == "delta_too_small"


# ---------------------------------------------------------------- PLD


@pytest.mark.slow
@pytest.mark.parametrize(
    ("events", "interval"),
    [
        ([(LAP, 1)], 1e-3),
        ([(LAP, 1000)], 1e-3),
        ([(LAP3, 300), (LAP, 50)], 1e-3),
        (MIXED, 1e-3),
        ([(DLAP3, 400)], 1e-3),
        ([(LAP, 50_000), (DLAP, 20_000)], 1e-2),  # dp-accounting's 1e-2 grid is within 0.1% here
    ],
)
def test_pld_against_dp_accounting_pld_accountant(events, interval):
    ours = total_epsilon(events, 1e-5, "pld")
    reference = pld_reference(events, 1e-5, interval)
    assert reference * (1 - 2e-3) <= ours <= reference * (1 + 5e-3)  # ours is pessimistic too


def test_pld_below_basic_and_close_to_kov_for_laplace():
    for k in (10, 100, 1000):
        plan = [(LAP, k)]
        pld = total_epsilon(plan, 1e-5, "pld")
        kov = total_epsilon(plan, 1e-5, "kov")
        assert pld <= total_epsilon(plan, 1e-5, "basic")
        assert 0.85 * kov <= pld <= kov  # Laplace is not the worst eps-DP step, but close


def test_discrete_laplace_of_sensitivity_one_is_the_worst_case_so_pld_equals_kov():
    # Its privacy loss is +-eps only, with the probabilities of randomized response.
    plan = [(DLAP, 200)]
    assert total_epsilon(plan, 1e-6, "pld") == pytest.approx(total_epsilon(plan, 1e-6, "kov"), rel=2e-3)


@pytest.mark.parametrize(("k", "delta"), [(1, 1e-5), (10, 1e-5), (1000, 1e-6), (100_000, 1e-9)])
def test_k_gaussians_are_one_gaussian_of_sigma_over_root_k(k, delta):
    m = calibrate("gaussian", 1.0, 1e-6, 2.0)
    analytic = get_epsilon_gaussian(m.scale / m.sensitivity / math.sqrt(k), delta)
    assert total_epsilon([(m, k)], delta, "pld") == pytest.approx(analytic, rel=5e-3, abs=1e-3)


def test_pld_needs_delta_only_with_gaussians():
    assert total_epsilon([(LAP, 10)], 0.0, "pld") == pytest.approx(1.0, rel=1e-3)  # pure DP: the sum
    with pytest.raises(DPError) as info:
        total_epsilon([(LAP, 10), (GAUSS, 1)], 0.0, "pld")
    assert info.value.code == "needs_delta"


# ---------------------------------------------------------------- RDP


def test_rdp_against_dp_accounting_event_by_event():
    acc = rdp_privacy_accountant.RdpAccountant()
    acc.compose(dp_event.LaplaceDpEvent(LAP.scale), 40)
    acc.compose(dp_event.LaplaceDpEvent(LAP3.scale / 2.0), 10)
    acc.compose(dp_event.GaussianDpEvent(GAUSS.scale), 30)
    plan = [(LAP, 40), (LAP3, 10), (GAUSS, 30)]
    assert total_epsilon(plan, 1e-5, "rdp") == pytest.approx(acc.get_epsilon(1e-5), rel=1e-9)


def test_rdp_counts_discrete_laplace_as_zcdp_never_below_laplace():
    acc = rdp_privacy_accountant.RdpAccountant()
    acc.compose(dp_event.ZCDpEvent(0.2**2 / 2), 25)
    assert total_epsilon([(DLAP, 25)], 1e-5, "rdp") == pytest.approx(acc.get_epsilon(1e-5), rel=1e-9)
    laplace_same_eps = calibrate("laplace", 0.2)
    assert total_epsilon([(DLAP, 25)], 1e-5, "rdp") >= total_epsilon([(laplace_same_eps, 25)], 1e-5, "rdp")


# ---------------------------------------------------------------- zCDP


def test_zcdp_of_gaussians_against_the_closed_form():
    m = calibrate("gaussian", 0.5, 1e-6, 3.0)
    k, delta = 20, 1e-5
    rho = k * 3.0**2 / (2 * m.scale**2)
    classic = rho + 2 * math.sqrt(rho * math.log(1 / delta))
    assert zcdp_epsilon(rho, delta, tight=False) == pytest.approx(classic)
    tight = total_epsilon([(m, k)], delta, "zcdp")
    assert tight < classic
    # Canonne-Kamath-Steinke's conversion, as dp-accounting applies it, on a dense grid of orders
    orders = np.linspace(1.02, 200, 200_000)
    reference, _ = rdp_privacy_accountant.compute_epsilon(orders, rho * orders, delta)
    assert tight == pytest.approx(reference, rel=1e-4)


def test_zcdp_counts_pure_steps_as_half_epsilon_squared():
    rho = 40 * 0.1**2 / 2 + 30 * 1.0 / (2 * GAUSS.scale**2)
    assert total_epsilon([(LAP, 40), (GAUSS, 30)], 1e-5, "zcdp") == pytest.approx(zcdp_epsilon(rho, 1e-5))


def test_zcdp_refuses_delta_zero():
    with pytest.raises(DPError) as info:
        total_epsilon([(GAUSS, 1)], 0.0, "zcdp")
    assert info.value.code == "needs_delta"


# ---------------------------------------------------------------- every accountant


@pytest.mark.parametrize("name", ACCOUNTANTS)
def test_every_accountant_grows_with_the_count(name):
    values = [total_epsilon([(LAP3, k), (GAUSS, 1)], 1e-3, name) for k in (1, 2, 5, 20, 100, 1000)]
    assert all(b > a for a, b in zip(values, values[1:])), values


@pytest.mark.parametrize("name", ACCOUNTANTS)
def test_identical_steps_are_grouped(name):
    split = [(LAP, 15), (GAUSS, 3), (LAP, 25), (DLAP, 5)]
    joined = [(LAP, 40), (GAUSS, 3), (DLAP, 5)]
    assert total_epsilon(split, 1e-5, name) == total_epsilon(joined, 1e-5, name)


@pytest.mark.slow
@pytest.mark.parametrize("name", ACCOUNTANTS)
def test_epsilon_by_repeats_is_the_plan_with_counts_multiplied(name):
    plan = [(LAP, 4), (DLAP3, 2), (GAUSS, 3)]
    repeats = [1, 3, 10, 250]
    curve = epsilon_by_repeats(plan, 1e-4, name, repeats)
    direct = [total_epsilon([(m, k * r) for m, k in plan], 1e-4, name) for r in repeats]
    # PLD and KOV compose the one-answer plan r times: a little more pessimistic than composing each
    # statistic k r times, never below it
    assert curve == pytest.approx(direct, rel=1e-2 if name in ("pld", "kov") else 1e-12)
    assert np.all(curve >= np.array(direct) * (1 - 1e-3))


def test_epsilon_by_repeats_reaches_the_limit_and_marks_a_used_up_delta():
    plan = [(LAP, 20), (GAUSS, 5)]
    curve = epsilon_by_repeats(plan, 1e-4, "basic", [1, 100, 1000])  # 1000 x 5 x 1e-7 = 5e-4 > 1e-4
    assert np.isfinite(curve[:2]).all() and curve[2] == np.inf
    for name in ("pld", "kov", "rdp"):
        far = epsilon_by_repeats(plan, 0.5, name, [1, MAX_PLAN_REPEATS])
        assert np.all(np.isfinite(far)) and far[1] > far[0]
    # the moments accountant's point: far below plain addition after many repeats
    assert epsilon_by_repeats(plan, 1e-3, "rdp", [1000])[0] < 0.2 * (1000 * (20 * 0.1 + 5 * 0.5))


def test_compare_lists_every_accountant_and_says_why_one_does_not_apply():
    result = compare([(LAP, 10), (DLAP, 3)], 0.0)
    assert set(result.epsilons) == set(ACCOUNTANTS)
    assert result.epsilons["basic"] == pytest.approx(1.6)
    assert result.epsilons["kov"] == pytest.approx(1.6)
    assert result.epsilons["pld"] == pytest.approx(1.6, rel=1e-3)
    for name in ("advanced", "rdp", "zcdp"):
        assert result.epsilons[name] is None
        assert result.refusals[name].code == "needs_delta"
    full = compare(MIXED, 1e-5)
    assert all(v is not None for v in full.epsilons.values()) and not full.refusals
    assert full.epsilons["pld"] < full.epsilons["kov"] < full.epsilons["basic"]


def test_parallel_composition_costs_the_largest():
    assert parallel_epsilon([0.5, 1.25, 0.1]) == 1.25
    with pytest.raises(DPError):
        parallel_epsilon([])
    with pytest.raises(DPError):
        parallel_epsilon([0.1, float("nan")])


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("events", "accountant", "code"),
    [
        ([], "basic", "no_events"),
        ([(LAP, 0)], "basic", "bad_count"),
        ([(LAP, -3)], "pld", "bad_count"),
        ([(LAP, 1.5)], "rdp", "bad_count"),
        ([(LAP, True)], "rdp", "bad_count"),
        ([("laplace", 3)], "basic", "bad_event"),
        ([(LAP,)], "basic", "bad_event"),
        ([(LAP, 3)], "moments", "unknown_accountant"),
        ([(GAUSS, 1)], "advanced", "needs_delta"),
    ],
)
def test_bad_input_raises_a_coded_value_error(events, accountant, code):
    delta = 0.0 if code == "needs_delta" else 1e-5
    with pytest.raises(ValueError) as info:
        total_epsilon(events, delta, accountant)
    assert isinstance(info.value, DPError) and info.value.code == code
    assert str(info.value)


@pytest.mark.parametrize("repeats", [[], [0], [1, 2.5], [MAX_PLAN_REPEATS + 1]])
def test_bad_repeats_are_refused(repeats):
    with pytest.raises(DPError) as info:
        epsilon_by_repeats([(LAP, 1)], 1e-5, "basic", repeats)
    assert info.value.code == "bad_repeats"


def test_bad_delta_is_refused():
    with pytest.raises(ValueError, match="Delta"):
        total_epsilon([(LAP, 1)], 1.5, "basic")


def test_dense_pmf_adapter_still_matches_dp_accounting():
    # dpcore.accounting reads dp-accounting's dense pmf fields: a change there must fail here
    pld = pld_lib.from_laplace_mechanism(10.0, value_discretization_interval=1e-3)
    pmf = accounting._dense(pld)
    assert accounting._epsilon_of(pmf, 1e-6) == pytest.approx(pld.get_epsilon_for_delta(1e-6))
    coarse = accounting._regrid(pmf, 7e-3)
    assert accounting._epsilon_of(coarse, 1e-6) >= pld.get_epsilon_for_delta(1e-6)
    assert coarse._probs.sum() == pytest.approx(pmf._probs.sum())


def test_plan_pld_is_dp_accounting_s_composition_of_the_plan() -> None:
    """Issue 30: the plan's PLD is dp-accounting's own composition (the accountant's regridded pmf gave
    an impossible trade-off curve), so its epsilon agrees with the accountant's up to the grids (it was
    the accountant's exactly, rel 1e-9, before) and equals composing the steps by hand."""
    from dpcore.accounting import plan_pld

    plan = [(calibrate("laplace", 0.5), 3), (calibrate("gaussian", 1.0, 1e-6, 2.0), 2),
            (calibrate("discrete_laplace", 0.3), 1)]
    pld = plan_pld(plan)
    assert pld.get_epsilon_for_delta(1e-6) == pytest.approx(total_epsilon(plan, 1e-6, "pld"), rel=1e-3)
    step = pld._pmf_remove._discretization
    gauss = pld_lib.from_gaussian_mechanism(plan[1][0].scale / 2.0, value_discretization_interval=step)
    by_hand = (pld_lib.from_laplace_mechanism(2.0, value_discretization_interval=step).self_compose(3)
               .compose(gauss.self_compose(2))
               .compose(pld_lib.from_discrete_laplace_mechanism(0.3, 1, value_discretization_interval=step)))
    assert pld.get_epsilon_for_delta(1e-6) == pytest.approx(by_hand.get_epsilon_for_delta(1e-6), rel=1e-3)
