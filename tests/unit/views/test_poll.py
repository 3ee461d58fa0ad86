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
    assert [value for _, value in view.metrics] == ["0", "–", "–", "–"] and view.summary.startswith("No answers yet")
    assert view.status.startswith("Open") and "cryptographic" in view.note
    assert [layer["name"] for layer in view.chart["layer"]] == ["band", "lines", "now_band", "now"]
    assert all(view.chart["datasets"][name].num_rows == 0 for name in ("lines", "now", "now_band"))


def test_one_answer_is_drawn_where_it_stands_now() -> None:
    """A line needs two points: the last count's raw share and estimate are dots (the estimate drawn on
    top), its interval a bar."""
    view = live.compute(live.Settings(0.75, "device", (False,), False, False))
    now = view.chart["datasets"]["now"].to_pylist()
    assert [(row["n"], row["share"], row["series"]) for row in now] == [(1, 0, "Raw share"), (1, 0, "Estimate")]
    assert view.chart["datasets"]["now_band"].to_pylist()[0] | {"series": None} == {
        "n": 1, "low": 0, "high": pytest.approx(1), "series": None}
    many = live.compute(live.Settings(0.75, "device", (True, False) * 50, False, False))
    assert [row["n"] for row in many.chart["datasets"]["now"].to_pylist()] == [100, 100]
    assert many.chart["datasets"]["now_band"].num_rows == 1


def test_live_view_uses_rr_summary_and_its_chart_keeps_its_layout() -> None:
    answers = tuple([True] * 40 + [False] * 20)
    view = live.compute(live.Settings(0.75, "coin", answers, True, False))
    e = rr_summary(40, 60, 0.75, exact=True)
    assert (e.low, e.high) == pytest.approx((0.566, 1), abs=1e-3)
    assert view.metrics == (("Answers", "60"), ("Raw share of yes", "67%"), ("Estimated true share", "83%"),
                            ("Interval (at least 95%)", "56% – 100%"))  # its ends rounded outwards
    assert "estimated at **83%**, between 56% and 100% at least 95% of the time" in view.summary
    assert view.summary.endswith("The interval stops at 100%, as no share lies above.")
    assert "raw correction" not in view.summary and view.status.startswith("Closed")
    assert "real coin" in view.note
    band = view.chart["datasets"]["band"].to_pandas()
    assert band["n"].tolist() == list(range(1, 61))
    last = band.iloc[-1]
    assert (last["low"], last["high"]) == pytest.approx((e.low, e.high))
    lines = view.chart["datasets"]["lines"].to_pandas()
    at_10 = lines[lines["n"] == 10].set_index("series")["share"]
    assert rr_summary(10, 10, 0.75).estimate == 1.5 and at_10["Estimate"] == 1.0  # drawn at 100%, as shown
    at_60 = lines[lines["n"] == 60].set_index("series")["share"]
    assert at_60["Estimate"] == pytest.approx(e.estimate)
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


def test_an_estimate_outside_zero_to_one_is_shown_at_the_nearest_end_and_explained() -> None:
    high = live.compute(live.Settings(0.75, "device", (True,), False, False))  # the correction gives 1.5
    assert [value for _, value in high.metrics] == ["1", "100%", "100%", "0% – 100%"]
    assert "**100%**" in high.summary
    assert "With only 1 answer, the raw correction gives 150%, above 100%" in high.summary
    assert "so 100% is shown" in high.summary
    assert "Too few answers yet to narrow the interval." in high.summary
    low = live.compute(live.Settings(0.75, "device", (False,) * 3, False, False))  # -0.5
    assert [value for _, value in low.metrics] == ["3", "0%", "0%", "0% – 92%"]
    assert "With only 3 answers, the raw correction gives −50%, below 0%" in low.summary
    assert "The interval stops at 0%, as no share lies below." in low.summary
    # the chart draws the estimate where the page says it is: within 0% to 100%
    shares = high.chart["datasets"]["lines"].column("share").to_pylist()
    assert min(shares) >= 0 and max(shares) <= 1
    with language("zh"):
        zh = live.compute(live.Settings(0.75, "device", (True,), False, False))
    assert "直接校正得到 150%，超过了 100%" in zh.summary and zh.metrics[2] == ("估计的真实比例", "100%")


def test_shares_read_as_whole_percents_and_the_interval_is_rounded_outwards() -> None:
    inside = live.shares(10, 20, 0.9)
    assert (inside.raw, inside.estimate, inside.notes) == ("50%", "50%", ())
    for n in (1, 2, 5, 13, 30, 61, 200):
        for n_yes in range(0, n + 1, max(1, n // 7)):
            e = rr_summary(n_yes, n, 0.75, exact=True)
            share = live.shares(n_yes, n, 0.75)
            low, high = (int(share.low.rstrip("%")), int(share.high.rstrip("%")))
            assert 0 <= low <= 100 * e.low + 1e-9 and 100 * e.high - 1e-9 <= high <= 100  # never narrower
            assert low <= int(share.estimate.rstrip("%")) <= high
            assert (not 0 <= e.estimate <= 1) == any("raw correction" in note for note in share.notes)


def test_the_chart_reads_shares_as_percentages() -> None:
    chart = live.compute(live.Settings(0.75, "device", (True, False), False, False)).chart
    lines = next(layer for layer in chart["layer"] if layer["name"] == "lines")
    assert lines["encoding"]["y"]["axis"]["format"] == ".0%" and lines["encoding"]["y"]["scale"]["domain"] == [0, 1]
    assert {t["format"] for t in lines["encoding"]["tooltip"] if t["field"] == "share"} == {".0%"}


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
    said, why, wait = after.status.split("\n\n")
    assert said.startswith("Received: **No**, the answer your phone sent")
    assert why == ("Your phone may have flipped your answer on purpose: that is the point, as nobody can tell a "
                   "flipped answer from a true one.")
    assert wait == "Your teacher will reveal the result on this page."


def test_a_second_press_or_a_reload_says_once_that_this_phone_answered() -> None:
    base = dict(question="Q", p=0.75, method="device", closed=False, revealed=False, n=0, n_yes=0)
    # a second press in the same session: the store refused it; one message, not "received" and "already"
    again = student.compute(student.Settings(sent=True, outcome="duplicate", **base))
    assert not again.can_answer and "Received" not in again.status
    assert again.status.startswith("This phone has already answered this poll: it sent **Yes**.")
    assert again.status.count("already answered") == 1 and "may have flipped" in again.status
    # a reload: a new session, the answer found by the browser's token before any press
    reloaded = student.compute(student.Settings(sent=False, outcome="", earlier=True, **base))
    assert not reloaded.can_answer
    assert reloaded.status.startswith("This phone has already answered this poll: it sent **No**.")
    assert reloaded.status.endswith("reveal the result on this page.")
    # refused without knowing what it sent (storage blocked, then pressed again)
    unknown = student.compute(student.Settings(sent=None, outcome="duplicate", **base))
    assert not unknown.can_answer and unknown.status.startswith("This phone has already answered this poll: one")
    coin = student.compute(student.Settings(sent=True, outcome="recorded", **{**base, "method": "coin"}))
    assert "as your coin said" in coin.status and "flipped" not in coin.status
    with language("zh"):
        zh = student.compute(student.Settings(sent=False, outcome="", earlier=True, **base))
    assert zh.status.startswith("这部手机已经回答过这次投票：它发送了 **否**。") and "翻转" in zh.status


def test_student_view_closed_and_revealed() -> None:
    base = dict(question="Q", p=0.75, method="coin", outcome="", sent=None)
    closed = student.compute(student.Settings(closed=True, revealed=False, n=0, n_yes=0, **base))
    assert not closed.can_answer and "closed" in closed.status and "real" not in closed.how
    assert closed.how.startswith("Toss a coin")
    shown = student.compute(student.Settings(closed=True, revealed=True, n=60, n_yes=40, **base))
    assert shown.result.startswith("The class's result: 60 answers, 40 of them") and "**83%**" in shown.result
    assert "an interval from 56% to 100%" in shown.result and "stops at 100%" in shown.result
    few = student.compute(student.Settings(closed=True, revealed=True, n=2, n_yes=2, **base))
    assert "**100%**" in few.result and "the raw correction gives 150%, above 100%" in few.result
    assert "1." not in few.result  # no "1.1 (0.341 to 1.86)": percentages within 0-100%
    nobody = student.compute(student.Settings(closed=True, revealed=True, n=0, n_yes=0, **base))
    assert nobody.result == "Nobody answered this poll."


def test_a_typed_code_is_read_as_people_type_it() -> None:
    assert student.clean_code("abcdefghjk") == "abcdefghjk"
    assert student.clean_code(" ABCD-EFGH JK ") == "abcdefghjk"
    assert student.clean_code("abcd–efgh–jk") == "abcdefghjk"  # an en dash from a phone's keyboard
    assert student.clean_code("http://h:8501/Live_poll?poll=abcdefghjk&lang=zh") == "abcdefghjk"
    for bad in ("", "abc", "abcdefghjk2", "abcdefghj1", "abcdefghjo", None, 12345):  # 1 and o are not in codes
        assert student.clean_code(bad) is None


def test_why_a_typed_code_opened_nothing() -> None:
    assert student.join_problem("abcdefghjk", found=True) == ""
    assert student.join_problem("  ", found=False) == "Type the code shown on your teacher's screen."
    unknown = student.join_problem("ABCD EFGH JK", found=False)
    assert unknown.startswith("No poll has the code abcdefghjk.") and "deleted 24 hours" in unknown
    typed = student.join_problem("**x** [a](http://e.com)", found=False)
    assert typed.startswith(r"“\*\*x\*\* \[a\]\(http\:⁠//e\.com\)” is not a poll code")  # shown as text
    assert "10 letters and digits" in typed
    long = student.join_problem("x" * 300, found=False)
    assert "x" * 40 + "…" in long and "x" * 41 not in long
    with language("zh"):
        assert student.join_problem("abc", found=False).startswith("“abc”不是投票码")


def test_what_the_phone_sends_is_parsed_strictly() -> None:
    from ui.views.poll.student import parse_answer

    token = "0123456789abcdef" * 2
    assert parse_answer("yes") == (True, None)
    assert parse_answer(f"no:{token}") == (False, token)
    assert parse_answer("yes:short") == (True, None)
    assert parse_answer("maybe") == (None, None)
    assert parse_answer(f"<b>yes</b>:{token}") == (None, token)
    assert parse_answer(None) == (None, None) and parse_answer(["yes"]) == (None, None)
    assert student.parse_device(token) == token
    assert student.parse_device(token.upper()) is None and student.parse_device(token[:-1]) is None
    assert student.parse_device(None) is None and student.parse_device(123) is None
