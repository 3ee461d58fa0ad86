"""AppTest for app.py, the home page: joining a live poll with its code, the plain-words intro, the
tour, the dataset in use."""

from __future__ import annotations

import math
import re
from pathlib import Path

from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, page_text, run_page
from ui.classroom import store
from ui.i18n import language
from ui.navigation import PAGES
from ui.text.home import TEXT as HOME
from ui.text.poll import TEXT as POLL


def test_home_explains_dp_and_links_every_page_in_tour_order() -> None:
    at = run_page("app.py")
    assert_clean(at)
    assert any(m.value.startswith("Differential privacy (DP) is a promise") for m in at.markdown)
    links = [link.proto.page for link in at.get("page_link") if link.proto.page]
    assert len(at.get("page_link")) >= 2 * (len(PAGES) - 1)
    assert any("Attacks" in str(p) for p in links)
    assert "Patients per age bucket" in at.info[0].value
    # a link's label is one line that a phone would cut off: short labels, the why in a caption
    tour_links = [link.proto for link in at.get("page_link") if link.proto.label.startswith("**")]
    tour = [link.label for link in tour_links]
    assert len(tour) == len(PAGES) - 1 and all(len(label) <= 34 for label in tour), tour
    # the tour: every page but home, in the order of PAGES, numbered as the menu numbers them (0, 1, ...)
    assert [link.page for link in tour_links] == [re.sub(r"^\d+_", "", Path(e.path).stem) for e in PAGES[1:]]
    assert all(label.startswith(f"**{i}. ") for i, label in enumerate(tour)), tour
    assert any("averaging many noisy answers" in c.value for c in at.caption)


def test_home_reports_what_was_read_from_the_dataset() -> None:
    closed = run_page("app.py", {"data": "penguins"})
    assert not closed.dataframe  # the report's grids are drawn only when it is opened
    at = run_page("app.py", {"data": "penguins", "data_report": "true"})
    assert_clean(at)
    assert "penguins" in at.info[0].value.lower()
    texts = " ".join(t.value for t in at.text)
    assert "344 rows and 8 columns" in texts
    summary = at.dataframe[0].value
    assert "body_mass_g" in set(summary.iloc[:, 0])


def test_dataset_choice_survives_a_page_switch() -> None:
    at = run_page("app.py", {"data": "zoo"})
    at.switch_page("pages/2_Histogram_and_neighbour.py").run()
    assert_clean(at)
    assert at.selectbox(key="data").value == "zoo"


def test_a_link_to_a_dataset_the_app_does_not_have_says_so_once() -> None:
    at = run_page("pages/6_Release_planner.py", {"data": "adult<b>"})
    assert_clean(at)
    (toast,) = at.toast
    assert "adult<b>" not in toast.value and "adult" in toast.value  # escaped, never markup
    assert "Patients per age bucket" in toast.value  # what it shows instead
    assert not run_page("app.py", {"data": "penguins"}).toast
    assert not at.run().toast  # said on the first visit, not at every rerun


def _join(at: AppTest, typed: str) -> AppTest:
    at.text_input(key="home_join_code").input(typed)
    next(b for b in at.button if b.label == POLL["join_button"]).click()
    return at.run()


def test_home_opens_with_a_box_to_join_a_live_poll() -> None:
    at = run_page("app.py")
    blocks = [m.value for m in at.markdown]
    assert blocks.index(HOME["join_title"]) < next(i for i, b in enumerate(blocks) if b.startswith("Differential"))
    assert at.text_input(key="home_join_code").label == POLL["join_label"]


def test_a_code_typed_on_home_opens_the_poll_in_the_teachers_language(db) -> None:
    poll, _ = store.create_poll(db, "你抄过作业吗？", math.log(3), lang="zh")
    at = _join(run_page("app.py", {"lang": "en"}), poll.code)
    assert_clean(at)
    assert at.query_params["poll"] == poll.code and at.query_params["lang"] == "zh"
    with language("zh"):
        zh_title = POLL["title"]
    assert at.title[0].value == zh_title and "你抄过作业吗？" in page_text(at)
    assert [c for c in at.get("bidi_component") if c.proto.id.endswith("-poll_buttons")]  # type: ignore[attr-defined]


def test_a_wrong_code_on_home_says_why_and_stays_in_the_box(db) -> None:
    at = _join(run_page("app.py"), "k7m2 p9qx 4h")  # the right length, but no poll has it
    assert not at.exception and not at.error
    assert at.warning[0].value.startswith("No poll has the code k7m2p9qx4h. Check it against your teacher's screen")
    assert at.text_input(key="home_join_code").value == "k7m2 p9qx 4h" and "poll" not in at.query_params
    assert at.title[0].value == HOME["title"]  # still home
    empty = _join(run_page("app.py"), "")
    assert empty.warning[0].value == POLL["join_empty"]
    with language("zh"):
        zh = _join(run_page("app.py", {"lang": "zh"}), "12")
        assert zh.warning[0].value.startswith("“12”不是投票码")
