"""AppTest for app.py, the home page: the plain-words intro, the tour, the dataset in use."""

from __future__ import annotations

import re
from pathlib import Path

from tests.app.conftest import assert_clean, run_page
from ui.navigation import PAGES


def test_home_explains_dp_and_links_every_page_in_tour_order() -> None:
    at = run_page("app.py")
    assert_clean(at)
    assert "Differential privacy (DP) is a promise" in at.markdown[0].value
    links = [link.proto.page for link in at.get("page_link") if link.proto.page]
    assert len(at.get("page_link")) >= 2 * (len(PAGES) - 1)
    assert any("Attacks" in str(p) for p in links)
    assert "Patients per age bucket" in at.info[0].value
    # a link's label is one line that a phone would cut off: short labels, the why in a caption
    tour_links = [link.proto for link in at.get("page_link") if link.proto.label.startswith("**")]
    tour = [link.label for link in tour_links]
    assert len(tour) == len(PAGES) - 1 and all(len(label) <= 34 for label in tour), tour
    # the tour: every page but home, in the order of PAGES, numbered 1, 2, ... in that order
    assert [link.page for link in tour_links] == [re.sub(r"^\d+_", "", Path(e.path).stem) for e in PAGES[1:]]
    assert all(label.startswith(f"**{i}. ") for i, label in enumerate(tour, start=1)), tour
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
