"""The Live poll page's compute functions, on their own (no Streamlit, no database)."""

from __future__ import annotations

import io
import math
from datetime import UTC, datetime

import pandas as pd
import pytest

from dpcore.ldp.randomized_response import rr_summary
from ui.charts.theme import CURVE_POINTS
from ui.i18n import language
from ui.views.poll import live, setup, share, student


def test_setup_checks_the_question_and_epsilon_and_describes_p() -> None:
    view = setup.compute(setup.Settings("  Did   you?  ", math.log(3), "device"))
    assert view.question == "Did you?" and view.p == pytest.approx(0.75)
    assert view.summary == "Each answer tells the truth with probability p = 0.75 (ε = 1.1)."
    with pytest.raises(ValueError, match="1 to 200 characters; this one has 0"):
        setup.compute(setup.Settings("   ", 1.0, "device"))
    with pytest.raises(ValueError, match="201"):
        setup.compute(setup.Settings("x" * 201, 1.0, "device"))
    for eps in (0.01, 6.0, math.nan):
        with pytest.raises(ValueError, match="between 0.1 and 5"):
            setup.compute(setup.Settings("Q?", eps, "device"))


def test_the_coin_protocol_ignores_epsilon() -> None:
    view = setup.compute(setup.Settings("Q?", 99.0, "coin"))
    assert view.p == 0.75 and view.epsilon == pytest.approx(math.log(3))


def test_setup_speaks_chinese() -> None:
    with language("zh"), pytest.raises(ValueError, match="这个问题有 0 个"):
        setup.compute(setup.Settings("", 1.0, "device"))


def test_share_builds_student_and_teacher_links_and_a_qr_code() -> None:
    view = share.compute(share.Settings("abcdefghjk", "s3cret", "<b>x</b> *y*", "http://h:1/Live_poll?a=1", "zh"))
    assert view.student_link == "http://h:1/Live_poll?poll=abcdefghjk&lang=zh"
    assert view.teacher_link == "http://h:1/Live_poll?poll=abcdefghjk&teacher=s3cret&lang=zh"
    assert "s3cret" not in view.student_link and "s3cret" not in view.qr
    assert view.qr.startswith("<svg") and "<script" not in view.qr
    assert r"\<b\>x\</b\> \*y\*" in view.asked
    english = share.compute(share.Settings("abcdefghjk", "s", "Q", "http://h/Live_poll", "en"))
    assert english.student_link == "http://h/Live_poll?poll=abcdefghjk"


def test_live_view_before_any_answer() -> None:
    view = live.compute(live.Settings(0.75, "device", (), False, False))
    assert view.metrics[0][1] == "0" and view.summary.startswith("No answers yet")
    assert view.status.startswith("Open") and "cryptographic" in view.note
    assert [layer["name"] for layer in view.chart["layer"]] == ["band", "lines"]
    assert view.chart["datasets"]["lines"].num_rows == 0


def test_live_view_uses_rr_summary_and_its_chart_keeps_its_layout() -> None:
    answers = tuple([True] * 40 + [False] * 20)
    view = live.compute(live.Settings(0.75, "coin", answers, True, False))
    e = rr_summary(40, 60, 0.75, exact=True)
    assert view.metrics == (("Answers", "60"), ("Raw share of yes", "0.667"),
                            ("Estimated true share", "0.833 (0.566 – 1)"))
    assert "**0.833**, with an interval from 0.566 to 1 that holds the true share at least 95%" in view.summary
    assert "outside 0 to 1" not in view.summary and view.status.startswith("Closed")
    assert "real coin" in view.note
    band = view.chart["datasets"]["band"].to_pandas()
    assert band["n"].tolist() == list(range(1, 61))
    last = band.iloc[-1]
    assert (last["low"], last["high"]) == pytest.approx((e.low, e.high))
    lines = view.chart["datasets"]["lines"].to_pandas()
    at_10 = lines[lines["n"] == 10].set_index("series")["share"]
    assert at_10["Estimate"] == pytest.approx(rr_summary(10, 10, 0.75).estimate)
    assert at_10["Raw share"] == 1.0
    # the interval narrows as answers arrive (not at every answer: it is cut at 0 and 1)
    widths = (band["high"] - band["low"]).to_numpy()
    assert widths[0] == 1.0 and widths[-1] < 0.5 and ((band["low"] >= 0) & (band["high"] <= 1)).all()
    empty = live.compute(live.Settings(0.75, "coin", (), True, False)).chart
    assert {**view.chart, "datasets": None} == {**empty, "datasets": None}


def test_a_long_poll_draws_at_most_curve_points() -> None:
    view = live.compute(live.Settings(0.6, "device", (True, False, False) * 1000, False, True))
    ns = view.chart["datasets"]["band"].column("n").to_pylist()
    assert len(ns) <= CURVE_POINTS and ns[0] == 1 and ns[-1] == 3000
    assert view.status.startswith("Closed, and the result is shown")


def test_an_estimate_outside_zero_to_one_is_explained() -> None:
    view = live.compute(live.Settings(0.75, "device", (True,), False, False))
    assert "outside 0 to 1 is normal" in view.summary


def test_export_is_spreadsheet_safe_and_holds_no_token() -> None:
    when = datetime(2026, 11, 24, 9, 30, tzinfo=UTC)
    data = live.export_csv([(1, True, when), (2, False, when)])
    frame = pd.read_csv(io.BytesIO(data), encoding="utf-8-sig")
    assert frame.columns.tolist() == ["number", "randomized answer", "received (UTC)"]
    assert frame["randomized answer"].tolist() == ["yes", "no"]
    assert frame["received (UTC)"].iloc[0] == "2026-11-24 09:30:00"


def test_student_view_before_and_after_answering() -> None:
    base = dict(question="Is **it** <i>so</i>?", p=0.75, method="device", outcome="", closed=False,
                revealed=False, n=0, n_yes=0)
    before = student.compute(student.Settings(sent=None, **base))
    assert before.can_answer and before.status == "" and before.result == ""
    assert before.question == r"Is \*\*it\*\* \<i\>so\</i\>?"
    assert "with probability 0.75 it sends your answer" in before.how and "ε = 1.1" in before.how
    after = student.compute(student.Settings(sent=False, **{**base, "outcome": "recorded"}))
    assert not after.can_answer
    assert after.status.startswith("Received: **No**") and "reveal the result" in after.status
    again = student.compute(student.Settings(sent=True, **{**base, "outcome": "duplicate"}))
    assert "already answered" in again.status


def test_student_view_closed_and_revealed() -> None:
    base = dict(question="Q", p=0.75, method="coin", outcome="", sent=None)
    closed = student.compute(student.Settings(closed=True, revealed=False, n=0, n_yes=0, **base))
    assert not closed.can_answer and "closed" in closed.status and "real" not in closed.how
    assert closed.how.startswith("Toss a coin")
    shown = student.compute(student.Settings(closed=True, revealed=True, n=60, n_yes=40, **base))
    assert shown.result.startswith("The class's result: 60 answers, 40 of them") and "**0.833**" in shown.result
    nobody = student.compute(student.Settings(closed=True, revealed=True, n=0, n_yes=0, **base))
    assert nobody.result == "Nobody answered this poll."


def test_what_the_phone_sends_is_parsed_strictly() -> None:
    from ui.views.poll.student import parse_answer

    token = "0123456789abcdef" * 2
    assert parse_answer("yes") == (True, None)
    assert parse_answer(f"no:{token}") == (False, token)
    assert parse_answer("yes:short") == (True, None)
    assert parse_answer("maybe") == (None, None)
    assert parse_answer(f"<b>yes</b>:{token}") == (None, token)
    assert parse_answer(None) == (None, None) and parse_answer(["yes"]) == (None, None)
