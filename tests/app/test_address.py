"""Issue 30: a bad value in the address falls back to the default with a short notice, on every
page. Every page opens with every parameter bound to a number or a switch (ui.state.BOUND) set to
one bad value at a time; `?plan=` with wrongly typed fields; an unknown choice."""

from __future__ import annotations

import json
import zlib

import pytest

from tests.app.conftest import ROOT, assert_clean, page_errors, run_page
from ui.state import BOUND
from ui.text.common import TEXT

PAGES = ["app.py", *sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "pages").glob("*.py"))]
BAD = {"inf": "inf", "nan": "nan", "-1e400": "-1e400", "10 KB": "9" * 10_000, "abc": "abc"}
NOTICE = TEXT["address_reset"].split(":")[0]
# the histogram's per-column keys, with the tag of the page's default column (age_bucket)
KEYS = [k.replace("[0-9a-f]{6}", f"{zlib.crc32(b'age_bucket'):08x}"[:6]) for k in BOUND]


def _notices(at) -> list[str]:  # noqa: ANN001 - an AppTest
    return [t.value for t in at.toast if NOTICE in t.value]


@pytest.mark.parametrize("value", list(BAD), ids=list(BAD))
@pytest.mark.parametrize("page", PAGES)
def test_every_bound_parameter_with_a_bad_value_opens_the_page_with_a_notice(page: str, value: str) -> None:
    at = run_page(page, {key: BAD[value] for key in KEYS})
    assert not at.exception, [e.value for e in at.exception]  # OverflowError before the guard
    assert _notices(at), page
    assert not set(KEYS) & set(at.query_params)  # dropped from the address: the defaults are used
    assert at.sidebar.number_input(key="seed").value == 42


def test_a_bad_seed_is_reset_and_a_good_one_kept() -> None:
    at = run_page("pages/1_Attacks.py", {"seed": "inf", "att_k": "7"})
    assert not at.exception
    assert at.sidebar.number_input(key="seed").value == 42 and at.query_params.get("att_k") in ("7", ["7"])
    assert _notices(at) == [TEXT["address_reset"].format(names="seed")]


@pytest.mark.parametrize("plan", [
    [{"kind": "sum", "column": "body_mass_g", "lower": "a", "upper": 1}],
    [{"kind": "count", "weight": "x"}],
    [{"kind": "histogram", "column": "species", "categories": "abc"}],
    [{"kind": "histogram", "column": "species", "bins": 2.5}],
    [{"kind": "mean", "column": "body_mass_g", "lower": 0, "upper": 1e400}],
    {"kind": "count"},
    [[{"kind": "count"}]],
], ids=["text bound", "text weight", "text categories", "fractional bins", "infinite bound", "object", "nested"])
def test_a_plan_with_wrongly_typed_fields_falls_back_to_the_default_plan(plan: object) -> None:
    at = run_page("pages/6_Release_planner.py", {"data": "penguins", "plan": json.dumps(plan)})
    errors = page_errors(at)  # no exception: a TypeError before issue 30
    assert any("could not be read" in e for e in errors), errors


def test_an_unknown_choice_is_reset_with_a_notice() -> None:
    at = run_page("pages/2_Histogram_and_neighbour.py", {"hist_col": "no such column", "hist_eps": "inf"})
    assert_clean(at)
    assert sorted(_notices(at)) == sorted(TEXT["address_reset"].format(names=k) for k in ("hist\\_col", "hist\\_eps"))


@pytest.mark.parametrize("page, key, good", [
    ("pages/8_Local_DP.py", "ldp_n", "1,000"),  # ui.tabs.local_dp.common: users, on the shuffle tab
    ("pages/3_Attacker_posterior.py", "post_read", "2"),  # where δ is read, as a multiple of ε
    ("pages/1_Attacks.py", "att_rec_m", "60"),  # the reconstruction's number of subset counts
])
def test_a_select_slider_value_none_of_its_labels_is_reset_with_a_notice(page: str, key: str, good: str) -> None:
    tab = {"pages/8_Local_DP.py": {"ldp_tab": "shuffle"}, "pages/3_Attacker_posterior.py": {"post_part": "loss"},
           "pages/1_Attacks.py": {"att_tab": "reconstruction"}}[page]
    at = run_page(page, {**tab, key: "1e400"})
    assert_clean(at)
    assert _notices(at) == [TEXT["address_reset"].format(names=key.replace("_", "\\_"))]
    kept = run_page(page, {**tab, key: good})
    assert_clean(kept)
    assert not _notices(kept) and kept.query_params.get(key) in (good, [good])
