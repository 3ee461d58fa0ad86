"""AppTest for pages/7_Live_poll.py: the teacher opens a poll, students answer, close and reveal.

Each test uses its own SQLite file (DATABASE_URL). AppTest does not fire `run_every` and cannot press
the component's buttons: a student's answer is stored through the store under the session's token,
as the buttons' callback does (the browser test presses them)."""

from __future__ import annotations

import json
import math
import secrets
import sqlite3
from pathlib import Path

import pytest
from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.testing.v1 import AppTest

from tests.app.conftest import assert_clean, chart_titled, layout, page_errors, page_text, run_page
from ui.classroom import store
from ui.i18n import language
from ui.text.poll import TEXT

PAGE = "pages/7_Live_poll.py"
CHART = TEXT["chart_title"].split("\n")[0]


def _press(at: AppTest, sent: str) -> AppTest:
    """What the phone's buttons do (AppTest cannot press them): send the trigger "answer" with `sent`
    ("yes" or "no", then ":" and a browser token), as one rerun, like bench/bench_poll.py."""
    (component,) = [c for c in at.get("bidi_component")
                    if c.proto.id.endswith("-poll_buttons")]  # type: ignore[attr-defined]
    states = at._tree.get_widget_states()  # noqa: SLF001
    trigger = states.widgets.add()
    trigger.id = _make_trigger_id(component.proto.id, "events")  # type: ignore[attr-defined]
    trigger.json_trigger_value = json.dumps([{"event": "answer", "value": sent}])
    return at._run(states)  # noqa: SLF001


def _report_device(at: AppTest, device: str) -> AppTest:
    """What the page's invisible element does when it opens in a browser that keeps a token: report it
    as its state "device", one rerun."""
    (component,) = [c for c in at.get("bidi_component")
                    if c.proto.id.endswith("-poll_device")]  # type: ignore[attr-defined]
    states = at._tree.get_widget_states()  # noqa: SLF001
    state = states.widgets.add()
    state.id = component.proto.id  # type: ignore[attr-defined]
    state.json_value = json.dumps({"device": device})
    return at._run(states)  # noqa: SLF001


def _join(at: AppTest, key: str, typed: str) -> AppTest:
    at.text_input(key=f"{key}_code").input(typed)
    next(b for b in at.button if b.label == TEXT["join_button"]).click()
    return at.run()


def _open_poll(question: str, method: str = "device", eps: float | None = None, lang: str = "en") -> AppTest:
    at = run_page(PAGE, {"lang": lang})
    at.text_input(key="poll_question").input(question)
    at.radio(key="poll_method").set_value(method)
    if eps is not None:
        at.number_input(key="poll_eps").set_value(eps)
    with language(lang):
        next(b for b in at.button if b.label == TEXT["create"]).click()
        return at.run()


def test_the_teacher_opens_a_poll_and_gets_code_link_qr_and_live_view(db) -> None:
    at = _open_poll("Did you sleep eight hours?", eps=2.0)
    assert_clean(at)
    code = at.query_params["poll"]
    assert "teacher" not in at.query_params  # the secret stays off the projected address bar
    secret = at.session_state["poll_secrets"][code]
    poll = store.teacher_poll(db, code, secret)
    assert poll is not None and poll.question == "Did you sleep eight hours?"
    assert poll.p == pytest.approx(math.exp(2) / (math.exp(2) + 1)) and poll.lang == "en"
    text = page_text(at)
    assert f"**{code}**" in text and TEXT["live_none"] in text and TEXT["note_device"] in text
    links = [c.value for c in at.code]
    assert any(link.endswith(f"?poll={code}") for link in links)
    assert any(f"teacher={secret}" in link for link in links)
    assert len(at.get("image")) == 1  # the QR code
    assert [m.value for m in at.metric][0] == "0"
    chart_titled(at, CHART)


def test_a_bad_question_is_refused_with_a_sentence(db) -> None:
    at = _open_poll("   ")
    assert page_errors(at) and "1 to 200 characters" in page_errors(at)[0]
    assert "poll" not in at.query_params and "poll_secrets" not in at.session_state


def test_the_coin_protocol_is_stored_with_p_three_quarters(db) -> None:
    at = _open_poll("Coin?", method="coin", eps=4.0)
    poll = store.get_poll(db, at.query_params["poll"])
    assert poll.method == "coin" and poll.p == 0.75
    assert TEXT["note_coin"] in page_text(at)


def test_the_live_view_counts_answers_and_keeps_its_chart_layout(db) -> None:
    poll, secret = store.create_poll(db, "Q?", math.log(3))
    query = {"poll": poll.code, "teacher": secret}
    empty = chart_titled(run_page(PAGE, query), CHART)
    sent = [True] * 20 + [False] * 10
    for i, yes in enumerate(sent):
        store.submit_answer(db, poll.code, f"student-{i:04d}", yes)
    at = run_page(PAGE, query)
    assert_clean(at)
    assert "teacher" not in at.query_params and at.query_params["poll"] == poll.code
    metrics = [m.value for m in at.metric]
    assert metrics == ["30", "67%", "83%", "44% – 100%"]
    assert "the true share of \"yes\" is estimated at **83%**, between 44% and 100%" in page_text(at)
    assert "raw correction" not in page_text(at)
    spec = chart_titled(at, CHART)
    assert layout(spec) == layout(empty)
    lines = spec["datasets"]["lines"]
    assert lines["n"].max() == 30
    assert lines.loc[lines["n"] == 30, "share"].round(4).tolist() == [0.8333, 0.6667]


def test_a_wrong_teacher_secret_shows_nothing_of_the_poll(db) -> None:
    poll, secret = store.create_poll(db, "Secret question?", 1.0)
    at = run_page(PAGE, {"poll": poll.code, "teacher": secret[:-2] + "xx"})
    assert not at.exception
    assert [w.value for w in at.warning] == [TEXT["wrong_secret"]]
    assert "Secret question" not in page_text(at)
    assert not [b for b in at.button if b.key == "poll_close"]


def test_an_unknown_code_says_polls_expire(db) -> None:
    at = run_page(PAGE, {"poll": "zzzzzzzzzz"})
    assert not at.exception
    assert "deleted after 24 hours" in at.warning[0].value


def test_a_student_sees_the_question_as_plain_text_and_answers_once(db) -> None:
    poll, secret = store.create_poll(db, "Is **this** <b>bold</b>?", math.log(3))
    at = run_page(PAGE, {"poll": poll.code})
    assert_clean(at)
    text = page_text(at)
    assert r"Is \*\*this\*\* \<b\>bold\</b\>?" in text  # escaped: shown as typed, not as markup
    assert "probability 0.75 it sends your answer" in text
    assert not [b for b in at.button if b.key == "poll_close"]
    token = at.session_state["poll_token"]
    assert store.submit_answer(db, poll.code, token, False) == "recorded"  # what the buttons do
    at.run()
    assert "Received: **No**" in at.info[0].value and TEXT["wait_reveal"] in at.info[0].value
    assert TEXT["why_device"] in at.info[0].value  # why it may not be what was pressed
    assert store.submit_answer(db, poll.code, token, True) == "duplicate"
    assert store.tally(db, poll.id) == store.Tally(1, 0)


def test_close_and_reveal_reach_the_students(db) -> None:
    poll, secret = store.create_poll(db, "Q?", math.log(3))
    for i, yes in enumerate([True, True, False, True]):
        store.submit_answer(db, poll.code, f"student-{i:04d}", yes)
    pupil = run_page(PAGE, {"poll": poll.code})
    teacher = run_page(PAGE, {"poll": poll.code, "teacher": secret})
    teacher.button(key="poll_close").click().run()
    assert store.get_poll(db, poll.code).closed
    assert TEXT["status_closed"] in page_text(teacher)
    pupil.run()
    assert TEXT["closed_student"] in pupil.info[0].value
    teacher.button(key="poll_reveal").click().run()
    assert TEXT["status_revealed"] in page_text(teacher)
    pupil.run()
    assert_clean(pupil)
    assert pupil.success[0].value.startswith("The class's result: 4 answers, 3 of them")
    assert "is **100%** (an interval from 0% to 100%" in pupil.success[0].value  # percentages within 0-100%


def test_few_answers_read_as_percentages_with_a_sentence_when_the_correction_falls_outside(db) -> None:
    poll, secret = store.create_poll(db, "Q?", math.log(3))
    store.submit_answer(db, poll.code, "student-0001", True)
    at = run_page(PAGE, {"poll": poll.code, "teacher": secret})
    assert_clean(at)
    assert [m.value for m in at.metric] == ["1", "100%", "100%", "0% – 100%"]
    text = page_text(at)
    assert "With only 1 answer, the raw correction gives 150%, above 100%" in text
    assert TEXT["interval_cut_both"] in text
    lines = chart_titled(at, CHART)["datasets"]["lines"]
    assert lines["share"].between(0, 1).all()  # the chart draws what the page says


def test_join_with_a_code_opens_the_poll_in_its_language(db) -> None:
    poll, _ = store.create_poll(db, "你抄过作业吗？", math.log(3), lang="zh")
    at = run_page(PAGE, {"lang": "en"})  # an English page: the menu's Live poll, on a student's phone
    assert_clean(at)
    assert TEXT["join_title"] in [h.value for h in at.subheader]
    at = _join(at, "poll_join", "  " + poll.code.upper()[:5] + "-" + poll.code.upper()[5:])
    assert_clean(at)
    assert at.query_params["poll"] == poll.code and at.query_params["lang"] == "zh"
    with language("zh"):
        zh_caption, zh_title = TEXT["student_question"], TEXT["title"]
    assert zh_caption in [c.value for c in at.caption] and at.title[0].value == zh_title
    assert "你抄过作业吗？" in page_text(at)
    assert not [b for b in at.button if b.key == "poll_close"]


def test_join_with_a_wrong_code_says_why_and_keeps_what_was_typed(db) -> None:
    at = _join(run_page(PAGE), "poll_join", "abc <b>")
    assert not at.exception and not at.error
    assert [w.value for w in at.warning] == [r"“abc \<b\>” is not a poll code: a code has 10 letters and digits, "
                                             "as shown on your teacher's screen."]
    assert at.text_input(key="poll_join_code").value == "abc <b>" and "poll" not in at.query_params
    at = _join(at, "poll_join", "zzzzzzzzzz")  # a code no poll has (mistyped, or expired)
    assert at.warning[0].value.startswith("No poll has the code zzzzzzzzzz.")
    assert at.text_input(key="poll_join_code").value == "zzzzzzzzzz" and "poll" not in at.query_params
    assert TEXT["setup_title"] in [h.value for h in at.subheader]  # the teacher's form is still there


def test_a_link_typed_by_hand_opens_in_the_polls_language_and_a_named_one_wins(db) -> None:
    poll, _ = store.create_poll(db, "Q?", math.log(3), lang="zh")
    with language("zh"):
        zh_caption = TEXT["student_question"]
    typed = run_page(PAGE, {"poll": poll.code})  # no lang: the teacher's
    assert_clean(typed)
    assert typed.caption[0].value == zh_caption and typed.query_params["lang"] == "zh"
    named = run_page(PAGE, {"poll": poll.code, "lang": "en"})  # the link says English
    assert named.caption[0].value == TEXT["student_question"]
    older, _ = store.create_poll(db, "Q?", math.log(3))  # a poll without a language: the session's own
    assert run_page(PAGE, {"poll": older.code}).caption[0].value == TEXT["student_question"]


def test_a_link_with_a_wrong_code_keeps_it_in_a_box_to_correct(db) -> None:
    poll, _ = store.create_poll(db, "Found it?", math.log(3))
    at = run_page(PAGE, {"poll": poll.code[:-1] + "z" if poll.code[-1] != "z" else poll.code[:-1] + "y"})
    assert not at.exception
    assert "deleted after 24 hours" in at.warning[0].value
    box = at.text_input(key="poll_join_code")
    box.set_value(poll.code)
    next(b for b in at.button if b.label == TEXT["join_button"]).click()
    at.run()
    assert_clean(at)
    assert at.query_params["poll"] == poll.code and "Found it?" in page_text(at)


def test_the_store_keeps_the_polls_language_and_an_old_store_gains_it(tmp_path: Path) -> None:
    """The language is a table of its own: a store made before it (no such table) gains it when opened,
    and its polls read as having none."""
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript("""
        CREATE TABLE poll (id INTEGER PRIMARY KEY AUTOINCREMENT, code VARCHAR(10) UNIQUE, secret_hash VARCHAR(64),
            question VARCHAR(200), p FLOAT, method VARCHAR(8), created_at DATETIME, closed BOOLEAN, revealed BOOLEAN);
        INSERT INTO poll VALUES (1, 'abcdefghjk', 'x', 'Old?', 0.75, 'device', '2020-01-01 00:00:00', 0, 0);
    """)
    old.close()
    eng = store.make_engine(f"sqlite:///{path}")
    try:
        assert store.get_poll(eng, "abcdefghjk").lang is None
        poll, secret = store.create_poll(eng, "New?", 1.0, lang="zh")
        assert store.get_poll(eng, poll.code).lang == "zh" and store.teacher_poll(eng, poll.code, secret).lang == "zh"
        with pytest.raises(ValueError, match="language"):
            store.create_poll(eng, "Bad?", 1.0, lang="<b>")
        assert store.get_poll(eng, "abcdefghjk") is None  # opening a poll expired the old one
        assert store.expire(eng, max_age_hours=-1) == 1  # everything is older than "in an hour"
        with eng.connect() as conn:
            assert conn.exec_driver_sql("SELECT count(*) FROM poll_language").scalar_one() == 0
    finally:
        eng.dispose()


def test_the_teacher_opening_in_chinese_stores_the_poll_in_chinese(db) -> None:
    at = _open_poll("你抄过作业吗？", lang="zh")
    assert not at.exception
    assert store.get_poll(db, at.query_params["poll"]).lang == "zh"


def test_the_page_speaks_chinese(db) -> None:
    poll, secret = store.create_poll(db, "Q?", 1.0)
    at = run_page(PAGE, {"poll": poll.code, "teacher": secret, "lang": "zh"})
    assert_clean(at)
    with language("zh"):
        zh_none, zh_metric = TEXT["live_none"], TEXT["metric_answers"]
    assert zh_none in page_text(at) and at.metric[0].label == zh_metric


def test_a_session_that_answers_again_with_another_browser_token_is_refused(db) -> None:
    """The phone's token is not the identity: the session's own (server-minted) token binds the first
    answer, so made-up browser tokens from the same session add nothing."""
    poll, _ = store.create_poll(db, "Q?", math.log(3))
    at = run_page(PAGE, {"poll": poll.code})
    _press(at, f"no:{secrets.token_hex(16)}")
    assert_clean(at)
    assert "Received: **No**" in at.info[0].value
    for _ in range(3):
        _press(at, f"yes:{secrets.token_hex(16)}")
        assert_clean(at)
    (said,) = [i.value for i in at.info]  # one message: not "received" and "already answered" both
    assert said.startswith("This phone has already answered this poll: it sent **No**.") and "Received" not in said
    assert store.tally(db, poll.id) == store.Tally(1, 0)


def test_a_reload_of_the_same_browser_cannot_answer_twice(db) -> None:
    poll, _ = store.create_poll(db, "Q?", math.log(3))
    device = secrets.token_hex(16)
    _press(run_page(PAGE, {"poll": poll.code}), f"yes:{device}")
    again = _press(run_page(PAGE, {"poll": poll.code}), f"no:{device}")  # a new session, same browser
    assert again.info[0].value.startswith("This phone has already answered this poll: it sent **Yes**.")
    assert store.tally(db, poll.id) == store.Tally(1, 1)


def test_after_a_reload_the_page_shows_this_phone_has_answered(db) -> None:
    """A reload is a new session: the page's element reports the browser's token when it opens, and the
    page shows the answer this browser sent, the buttons off, before any press."""
    poll, _ = store.create_poll(db, "Q?", math.log(3))
    device = secrets.token_hex(16)
    _press(run_page(PAGE, {"poll": poll.code}), f"no:{device}")
    reloaded = run_page(PAGE, {"poll": poll.code})
    assert not reloaded.info  # before the report: the page cannot know yet
    (first,) = [c for c in reloaded.get("bidi_component") if c.proto.id.endswith("-poll_buttons")]  # type: ignore[attr-defined]
    assert {k: json.loads(first.proto.json)[k] for k in ("code", "answered", "checked")} == {  # type: ignore[attr-defined]
        "code": poll.code, "answered": False, "checked": False}  # the buttons wait if this browser answered it
    _report_device(reloaded, device)
    assert_clean(reloaded)
    (said,) = [i.value for i in reloaded.info]
    assert said.startswith("This phone has already answered this poll: it sent **No**.")
    assert TEXT["why_device"] in said and TEXT["wait_reveal"] in said
    (buttons,) = [c for c in reloaded.get("bidi_component") if c.proto.id.endswith("-poll_buttons")]  # type: ignore[attr-defined]
    shown = json.loads(buttons.proto.json)  # type: ignore[attr-defined]
    assert shown["disabled"] is True and shown["answered"] is True and shown["checked"] is True
    other = _report_device(run_page(PAGE, {"poll": poll.code}), secrets.token_hex(16))  # another phone
    assert not other.info and not json.loads(
        next(c for c in other.get("bidi_component") if c.proto.id.endswith("-poll_buttons")).proto.json)["disabled"]
    assert not _report_device(run_page(PAGE, {"poll": poll.code}), "<b>not a token</b>").info
    assert store.tally(db, poll.id) == store.Tally(1, 0)


def test_a_held_write_lock_opens_the_page_and_says_busy_instead_of_hanging(db, tmp_path: Path) -> None:
    """Another program holds the database's write lock: the student's page opens (reading needs no
    lock, expiring is skipped), an answer is refused in plain words and not acknowledged, and the
    teacher's form says the same and keeps the question."""
    poll, _ = store.create_poll(db, "Locked?", math.log(3))
    holder = sqlite3.connect(tmp_path / "polls.sqlite", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        at = run_page(PAGE, {"poll": poll.code})
        assert_clean(at)
        assert "Locked?" in page_text(at)
        _press(at, f"yes:{secrets.token_hex(16)}")
        assert not at.exception and [w.value for w in at.warning] == [TEXT["store_busy"]]
        assert "Received" not in page_text(at)
        form = _open_poll("Kept while busy?")
        assert not form.exception and TEXT["store_busy"] in page_errors(form)
        assert form.text_input(key="poll_question").value == "Kept while busy?"
        assert "poll" not in form.query_params
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.tally(db, poll.id) == store.Tally(0, 0)


def test_a_deleted_database_file_is_said_and_the_answer_not_acknowledged(db, tmp_path: Path) -> None:
    poll, _ = store.create_poll(db, "Q?", math.log(3))
    at = run_page(PAGE, {"poll": poll.code})
    (tmp_path / "polls.sqlite").unlink()
    _press(at, f"yes:{secrets.token_hex(16)}")
    assert not at.exception
    assert TEXT["store_gone"] in [w.value for w in at.warning] + page_errors(at)
    assert "Received" not in page_text(at)


def test_an_unreachable_database_is_said_in_plain_words_and_the_question_kept(monkeypatch) -> None:
    monkeypatch.setenv("DATABASE_URL", "postgresql://nobody@127.0.0.1:1/polls")
    at = _open_poll("Will this question survive?")
    assert not at.exception
    assert page_errors(at) == [TEXT["store_down"]]
    assert at.text_input(key="poll_question").value == "Will this question survive?"
    student_view = run_page(PAGE, {"poll": "zzzzzzzzzz"})
    assert not student_view.exception and page_errors(student_view) == [TEXT["store_down"]]


def test_a_link_with_a_long_or_marked_up_code_opens_the_page_and_keeps_it_as_text(db) -> None:
    long = run_page(PAGE, {"poll": "x" * 5000})
    assert not long.exception and "deleted after 24 hours" in long.warning[0].value
    assert long.text_input(key="poll_join_code").value == "x" * 200  # what the box takes
    marked = _join(run_page(PAGE, {"poll": "**x** [a](http://evil)"}), "poll_join", "**x** [a](http://evil)")
    assert not marked.exception
    assert marked.warning[-1].value.startswith(r"“\*\*x\*\* \[a\]\(http\:⁠//evil\)” is not a poll code")
