"""AppTest of the poll's hosting part (ui/tabs/poll/teacher.py): the address students should use,
typed by the teacher, goes into the link and the QR code; a wrong one says so and keeps the page."""

from __future__ import annotations

from tests.app.conftest import assert_clean, run_page
from ui.text.hosting import TEXT as HOSTING
from ui.text.poll import TEXT

PAGE = "pages/7_Live_poll.py"


def test_a_typed_address_goes_into_the_student_link_and_a_bad_one_says_why(db) -> None:
    at = run_page(PAGE)
    at.text_input(key="poll_question").input("Did you sleep eight hours?")
    next(b for b in at.button if b.label == TEXT["create"]).click()
    at.run()
    assert_clean(at)
    assert at.text_input(key="poll_address").value == ""
    at.text_input(key="poll_address").input("dp.example.edu:8501").run()
    assert_clean(at)
    links = [c.value for c in at.code]
    assert any(link.startswith("http://dp.example.edu:8501") and "poll=" in link for link in links)
    assert any(HOSTING["reach_typed"].split("**")[0] in i.value for i in at.info)
    at.text_input(key="poll_address").input("not an address").run()
    assert not at.exception
    assert any(HOSTING["reach_bad_typed"][:20] in w.value for w in at.warning)
    assert at.text_input(key="poll_address").value == "not an address"  # what was typed stays
