"""ui.classroom.hosting and the poll's share view: a student link phones can open, whatever address
the teacher opened the page at."""

from __future__ import annotations

import pytest

from ui.classroom.hosting import is_loopback, student_base
from ui.safe import md_escape
from ui.views.poll import share


@pytest.mark.parametrize("host,loop", [("localhost", True), ("127.0.0.1", True), ("127.8.9.1", True),
                                       ("[::1]", True), ("0.0.0.0", True), ("192.168.1.20", False),
                                       ("class.example.org", False), ("", False), (None, False)])
def test_loopback_hosts(host: str | None, loop: bool) -> None:
    assert is_loopback(host) is loop


def test_a_page_opened_at_localhost_links_to_the_network_address_with_its_port_and_path() -> None:
    found = student_base("http://localhost:8501/Live_poll?poll=x", "192.168.1.20")
    assert (found.url, found.how) == ("http://192.168.1.20:8501/Live_poll", "network")
    assert student_base("http://127.0.0.1/Live_poll", "10.0.0.5").url == "http://10.0.0.5/Live_poll"
    assert student_base("http://localhost:8501/Live_poll", "fe80::1").url == "http://[fe80::1]:8501/Live_poll"
    # no network address: the page's own, said unreachable
    assert student_base("http://localhost:8501/Live_poll", None).how == "unreachable"


def test_a_page_opened_at_a_reachable_address_keeps_it_and_a_typed_one_wins() -> None:
    assert student_base("https://class.example.org/Live_poll", "10.0.0.5") == \
        student_base("https://class.example.org/Live_poll", None)
    assert student_base("https://class.example.org/Live_poll", "10.0.0.5").how == "page"
    typed = student_base("http://localhost:8501/Live_poll", "10.0.0.5", " dp.example.edu ")
    assert (typed.url, typed.how) == ("http://dp.example.edu/Live_poll", "typed")
    behind = student_base("http://localhost:8501/Live_poll", None, "https://proxy.example.org/dp/Live_poll/")
    assert behind.url == "https://proxy.example.org/dp/Live_poll"
    bad = student_base("http://localhost:8501/Live_poll", "10.0.0.5", "ftp://x y")
    assert bad.how == "bad_typed" and bad.url == "http://localhost:8501/Live_poll"


def test_the_share_view_links_and_says_how_phones_reach_them() -> None:
    view = share.compute(share.Settings("abcdefghjk", "s", "Q?", "http://localhost:8501/Live_poll", "en",
                                        "192.168.1.20"))
    assert view.student_link == "http://192.168.1.20:8501/Live_poll?poll=abcdefghjk"
    assert view.teacher_link.startswith("http://192.168.1.20:8501/Live_poll?poll=abcdefghjk&teacher=s")
    assert md_escape("http://192.168.1.20:8501/Live_poll") in view.reach and not view.unreachable
    lost = share.compute(share.Settings("abcdefghjk", "s", "Q?", "http://localhost:8501/Live_poll", "zh"))
    assert lost.unreachable and lost.reach
    plain = share.compute(share.Settings("abcdefghjk", "s", "Q?", "https://class.example.org/Live_poll"))
    assert plain.reach == "" and not plain.unreachable
    # what the teacher types is the teacher's text: escaped in the sentence, never markup
    typed = share.compute(share.Settings("abcdefghjk", "s", "Q?", "http://localhost/Live_poll", "en", None,
                                         "http://a_b*c*.example.org"))
    assert md_escape("http://a_b*c*.example.org/Live_poll") in typed.reach and "*c*" not in typed.reach
