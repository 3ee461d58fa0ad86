"""dpcore.ledger: exact basic composition, refusals with codes, JSON round trip.

Independent reference: basic composition is the plain sum, checked against Python's `decimal`
sum of the amounts as typed; the float-sum failure it avoids (OpenDP issue 2131) is shown too.
"""

from __future__ import annotations

import dataclasses
import json
from datetime import datetime, timedelta, timezone
from decimal import Decimal

import pytest

from dpcore.errors import DPError
from dpcore.ledger import Ledger, LedgerEntry

T0 = datetime(2026, 11, 23, 23, 0, tzinfo=timezone.utc)


def spend(ledger: Ledger, amounts: list[float], delta: float = 0.0) -> Ledger:
    for i, eps in enumerate(amounts):
        ledger = ledger.record(f"histogram {i}", eps, delta, T0 + timedelta(minutes=i))
    return ledger


def test_ten_tenths_spend_the_whole_budget_and_nothing_more():
    assert sum([0.1] * 10) < 1.0  # the float sum that refuses the last bit (OpenDP #2131)
    ledger = spend(Ledger(1.0), [0.1] * 10)
    assert ledger.spent_epsilon == 1.0
    assert ledger.remaining_epsilon == 0.0
    assert not ledger.can_spend(1e-9)
    with pytest.raises(DPError) as caught:
        ledger.record("one more", 1e-9, 0.0, T0)
    err = caught.value
    assert err.code == "budget_exceeded"
    assert err.params["spent_epsilon"] == 1.0
    assert err.params["asked_epsilon"] == 1e-9
    assert err.params["remaining_epsilon"] == 0.0
    assert "spent so far epsilon 1 " in str(err) and "asked epsilon 1e-09" in str(err)
    assert "remaining epsilon 0 " in str(err)


def test_a_tenth_and_two_tenths_fill_three_tenths():
    assert 0.1 + 0.2 > 0.3  # float arithmetic would refuse this plan
    ledger = spend(Ledger(0.3), [0.1, 0.2])
    assert ledger.remaining_epsilon == 0.0 and not ledger.can_spend(1e-300)


def test_spent_matches_the_decimal_sum_of_the_typed_amounts():
    typed = ["0.05", "0.15", "0.3", "0.07", "0.11", "0.013"]
    ledger = spend(Ledger(2.0), [float(t) for t in typed])
    exact = sum(Decimal(t) for t in typed)
    assert ledger.spent_epsilon == float(exact)
    assert ledger.remaining_epsilon == float(Decimal("2.0") - exact)


def test_what_is_left_can_always_be_spent():
    # 1 - 1e-20 is not a float: the nearest float (1.0) would overshoot, so it is handed out rounded down
    ledger = spend(Ledger(1.0), [1e-20])
    left = ledger.remaining_epsilon
    assert left < 1.0 and ledger.can_spend(left)
    thirds = spend(Ledger(1.0), [1 / 3] * 3)
    assert thirds.can_spend(thirds.remaining_epsilon)
    assert spend(thirds, [thirds.remaining_epsilon]).remaining_epsilon == 0.0


def test_deltas_add_and_are_refused_past_their_budget():
    ledger = spend(Ledger(10.0, 1e-5), [1.0, 1.0], delta=5e-6)
    assert ledger.spent_delta == 1e-5 and ledger.remaining_delta == 0.0
    assert ledger.spent_epsilon == 2.0
    assert ledger.can_spend(1.0, 0.0)
    assert not ledger.can_spend(1.0, 1e-12)
    with pytest.raises(DPError) as caught:
        ledger.record("gaussian count", 1.0, 1e-12, T0)
    assert caught.value.code == "budget_exceeded" and caught.value.params["asked_delta"] == 1e-12


def test_a_pure_budget_refuses_any_delta():
    with pytest.raises(DPError, match="exceed") as caught:
        Ledger(1.0).record("gaussian mean", 0.1, 1e-9, T0)
    assert caught.value.code == "budget_exceeded"


def test_record_returns_a_new_ledger_and_keeps_the_old_one():
    empty = Ledger(1.0, 1e-6)
    one = empty.record("count", 0.25, 0.0, T0)
    assert empty.entries == () and empty.spent_epsilon == 0.0
    assert len(one.entries) == 1 and one.spent_epsilon == 0.25
    with pytest.raises(dataclasses.FrozenInstanceError):
        one.budget_epsilon = 5.0  # type: ignore[misc]


def test_rows_carry_running_totals_in_order():
    rows = spend(Ledger(1.0, 1e-6), [0.1, 0.2, 0.3], delta=1e-7).to_rows()
    assert [r["what"] for r in rows] == ["histogram 0", "histogram 1", "histogram 2"]
    assert [r["total_epsilon"] for r in rows] == [0.1, 0.3, 0.6]
    assert [r["total_delta"] for r in rows] == pytest.approx([1e-7, 2e-7, 3e-7], rel=1e-15)
    assert rows[1]["when"] == T0 + timedelta(minutes=1)


def test_json_round_trip():
    ledger = spend(Ledger(1.5, 1e-6), [0.1, 0.7, 1 / 3], delta=2e-7)
    text = ledger.to_json()
    assert json.loads(text)["accountant"] == "basic"
    back = Ledger.from_json(text)
    assert back == ledger
    assert back.remaining_epsilon == ledger.remaining_epsilon
    naive = Ledger(1.0).record("count", 0.5, 0.0, datetime(2026, 1, 2, 3, 4, 5))
    assert Ledger.from_json(naive.to_json()) == naive


@pytest.mark.parametrize(
    "text",
    ["not json", "[]", '{"accountant": "basic"}', '{"accountant": "rdp", "budget": {}, "entries": []}',
     '{"accountant": "basic", "budget": {"epsilon": 1, "delta": 0}, "entries": [{"what": "x"}]}'],
)
def test_from_json_refuses_anything_else(text):
    with pytest.raises(DPError) as caught:
        Ledger.from_json(text)
    assert caught.value.code == "invalid_ledger"


def test_from_json_refuses_a_ledger_past_its_budget():
    data = json.loads(spend(Ledger(1.0), [0.5]).to_json())
    data["entries"][0]["epsilon"] = 1.5
    with pytest.raises(DPError) as caught:
        Ledger.from_json(json.dumps(data))
    assert caught.value.code == "budget_exceeded"


@pytest.mark.parametrize(
    ("call", "code", "quoted"),
    [
        (lambda: Ledger(-1.0), "invalid_epsilon", "-1"),
        (lambda: Ledger(0.0), "invalid_epsilon", "0"),
        (lambda: Ledger(float("inf")), "invalid_epsilon", "infinite"),
        (lambda: Ledger(1.0, 1.0), "invalid_delta", "1"),
        (lambda: Ledger(1.0).record("count", -0.5, 0.0, T0), "invalid_epsilon", "-0.5"),
        (lambda: Ledger(1.0).record("count", float("nan"), 0.0, T0), "invalid_epsilon", "NaN"),
        (lambda: Ledger(1.0).record("count", 0.5, -1e-6, T0), "invalid_delta", "-1e-06"),
        (lambda: Ledger(1.0).record("count", 0.5, 0.0, "today"), "invalid_time", "today"),
        (lambda: Ledger(1.0).record("  ", 0.5, 0.0, T0), "invalid_description", "'  '"),
        (lambda: Ledger(1.0).can_spend(-2.0), "invalid_epsilon", "-2"),
        (lambda: Ledger(1.0, 0.0, ("count",)), "invalid_ledger", "LedgerEntry"),
    ],
)
def test_bad_input_raises_a_coded_readable_error(call, code, quoted):
    with pytest.raises(DPError) as caught:
        call()
    assert caught.value.code == code
    assert quoted in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_an_entry_checks_itself():
    entry = LedgerEntry("count", 1, 0, T0)
    assert entry.epsilon == 1.0 and isinstance(entry.epsilon, float)
