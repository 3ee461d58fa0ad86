"""AppTest for pages/8_Local_DP.py: every tab opens clean from its link, its numbers are shown as
text, a slider only swaps data, and bad choices give a message instead of a traceback.

Only the open tab runs: each test opens its tab by its id in the URL (?ldp_tab=...)."""

from __future__ import annotations

from collections import OrderedDict

import pytest

from dpcore.limits import EPSILON_GRID
from tests.app.conftest import assert_clean, chart_titled, live_links, page_text, reading, run_page, step
from ui import memo
from ui.i18n import language
from ui.tabs.local_dp import oracles as oracles_tab
from ui.text.local_dp import TEXT
from ui.views.local_dp import oracles

PAGE = "pages/8_Local_DP.py"
SMALL = {"data": "penguins", "ldp_col": "species", "ldp_users": "1000", "ldp_repeats": "10"}


def _first_line(key: str) -> str:
    """A chart's title as far as it is the same at every ε (a title may name ε)."""
    return TEXT[key].split("\n")[0].split("{")[0]


def test_oracles_tab_shows_every_oracle() -> None:
    at = run_page(PAGE, SMALL)
    assert_clean(at)
    shown = reading(at, "ldp_eps")
    for key in ("oracle_grr", "oracle_oue", "oracle_olh", "oracle_hr", "oracle_kss"):
        assert f"{TEXT[key]} | " in shown
    assert "**Simulation**: 1,000 users with the shares of the column *species*" in page_text(at)
    assert chart_titled(at, _first_line("oracles_chart_title"))["frames"] == len(EPSILON_GRID)
    step(at, "ldp_eps", 2.0)  # the chart's own slider, as the browser reports it
    assert_clean(at)
    assert "ε = 2)" in reading(at, "ldp_eps")
    at.button_group(key="ldp_tab").set_value("poison").run()  # the simulations' slider shows the same ε
    assert at.select_slider(key="ldp_eps_widget").value == 2.0


def test_the_server_computes_the_oracles_a_first_visit_opens_on(monkeypatch) -> None:
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())  # nothing kept from another test
    oracles_tab.warm(42)  # what the server does at its start (ui/serve.py)
    warmed = list(memo._SHARED)
    assert len(warmed) == 2  # once in each language
    at = run_page(PAGE)  # the default dataset, column, users and runs
    assert_clean(at)
    assert sorted(memo._SHARED, key=str) == sorted(warmed, key=str)  # the page found its view: nothing new kept


def test_new_settings_simulate_the_current_epsilon_first_and_every_epsilon_when_the_slider_moves(monkeypatch) -> None:
    """A class with one seed each: each session's first view simulates its ε alone (one ε's work),
    the sweep over every ε follows the first step of the chart's slider, once for every session; the
    frame seen first stays as it was (the sweep draws afresh: its own frame there would differ)."""
    computed: list[tuple[str, float | None]] = []
    compute, sweep = oracles.compute, oracles.sweep

    def one(s: oracles.Settings) -> oracles.View:
        computed.append(("one", s.epsilon))
        return compute(s)

    def every(s: oracles.Settings, epsilons: tuple[float, ...]) -> tuple[oracles.View, ...]:
        computed.append(("all", s.epsilon))
        return sweep(s, epsilons)

    monkeypatch.setattr(oracles, "compute", one)
    monkeypatch.setattr(oracles, "sweep", every)
    monkeypatch.setattr(memo, "_SHARED", OrderedDict())
    at = run_page(PAGE, {**SMALL, "seed": "5", "ldp_eps": "2"})
    assert_clean(at)
    assert computed == [("one", 2.0)]
    first = reading(at, "ldp_eps")
    assert "ε = 2)" in first
    step(at, "ldp_eps", 0.5)
    assert_clean(at)
    assert computed[1:] == [("all", None)] and "ε = 0.5)" in reading(at, "ldp_eps")
    step(at, "ldp_eps", 2.0)
    assert reading(at, "ldp_eps") == first and computed[2:] == []
    classmate = run_page(PAGE, {**SMALL, "seed": "5", "ldp_eps": "2"})  # the same settings: shared
    assert "ε = 2)" in reading(classmate, "ldp_eps") and computed[2:] == []


def test_choose_tab_names_the_best_oracle() -> None:
    at = run_page(PAGE, {"ldp_tab": "choose", "ldp_d": "3"})
    assert_clean(at)
    assert "the best oracle is **GRR**" in page_text(at)
    at.number_input(key="ldp_d").set_value(500).run()
    assert_clean(at)
    assert "the best oracle is **GRR**" not in page_text(at)
    chart_titled(at, TEXT["by_domain_title"].format(eps="1").split("\n")[0])
    step(at, "ldp_eps", 5.0)  # the chart's own slider, as the browser reports it
    assert_clean(at)
    assert "At ε = 5 with d = 500" in reading(at, "ldp_eps")
    assert chart_titled(at, TEXT["by_domain_title"].format(eps="5").split("\n")[0])["frames"] == len(EPSILON_GRID)
    at.button_group(key="ldp_tab").set_value("oracles").run()  # the oracles' chart opens on the same ε
    assert "ε = 5)" in reading(at, "ldp_eps")


def test_post_tab_steps_epsilon_in_its_charts() -> None:
    at = run_page(PAGE, {**SMALL, "ldp_tab": "post"})
    assert_clean(at)
    assert chart_titled(at, TEXT["post_chart_title"].format(eps="1").split("\n")[0])["frames"] == len(EPSILON_GRID)
    step(at, "ldp_eps", 0.5)
    assert_clean(at)
    assert "Over 10 runs" in reading(at, "ldp_eps")
    chart_titled(at, TEXT["post_chart_title"].format(eps="0.5").split("\n")[0])


def test_central_tab_steps_epsilon_in_its_chart() -> None:
    at = run_page(PAGE, {"ldp_tab": "central", "ldp_eps": "2"})
    assert_clean(at)
    shown = reading(at, "ldp_eps")
    assert f"{TEXT['col_model']} | Typical error at n = " in shown and "Central: Laplace histogram | ±" in shown
    chart_titled(at, TEXT["central_chart_title"].format(eps="2").split("\n")[0])


@pytest.mark.parametrize("tab,title", [("post", "post_chart_title"), ("central", "central_chart_title"),
                                       ("shuffle", "shuffle_chart_title"), ("poison", "poison_chart_title")])
def test_each_tab_opens_from_its_link(tab: str, title: str) -> None:
    at = run_page(PAGE, {**SMALL, "ldp_tab": tab})
    assert_clean(at)
    chart_titled(at, _first_line(title))


def test_a_dataset_without_categories_says_why() -> None:
    at = run_page(PAGE, {"data": "zoo"})
    assert not at.exception
    assert any("no column with 2 to" in i.value for i in at.info) or chart_titled(at, _first_line("oracles_chart_title"))


def test_chinese() -> None:
    with language("zh"):
        at = run_page(PAGE, {**SMALL, "lang": "zh", "ldp_tab": "choose"})
    assert_clean(at)
    assert "最好的协议是" in page_text(at)


def test_a_poisoning_target_that_looks_like_a_link_is_shown_as_text() -> None:
    """Issue 30: the poisoning summary names the target item, a cell of the data: never a link."""
    rows = "[v5](http://evil.example)\n" * 30 + "www.evil.example\n" * 20 + "a@evil.example\n" * 10
    at = run_page(PAGE, {"data": "upload", "ldp_tab": "poison"})
    at.sidebar.file_uploader[0].set_value(("links.csv", ("site\n" + rows).encode(), "text/csv")).run()
    assert_clean(at)
    text = page_text(at)
    assert "evil" in text
    assert live_links(text) == []
