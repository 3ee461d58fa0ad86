"""Real-browser test of the Live poll: a teacher opens a poll, a student answers on a phone-sized
context, and the teacher's view (refreshed every second by `st.fragment(run_every=...)`, which
AppTest cannot fire) shows the answer. The student's `crypto.getRandomValues` is stubbed to force
the "lie" branch: the student presses Yes, the server stores No, and no websocket frame the
student's page sent carries a "yes". A reload (a new session) cannot answer a second time: the
browser keeps its own token."""

from __future__ import annotations

import sqlite3

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import APP_TIMEOUT_MS, expect_clean, open_app, wait_for_app_run
from ui.classroom import store
from ui.text.poll import TEXT

# Every random word the page asks for is 0xFFFFFFFF: u = 0.99999... >= p, so the phone lies.
FORCE_LIE = """
(() => {
  const original = crypto.getRandomValues.bind(crypto);
  crypto.getRandomValues = (array) => {
    if (array instanceof Uint32Array) { array.fill(0xFFFFFFFF); return array; }
    return original(array);
  };
})();
"""


def test_a_student_answer_reaches_the_teacher_randomized(page: Page, browser: Browser, base_url: str) -> None:
    open_app(page, f"{base_url}/Live_poll")
    page.get_by_role("textbox", name=TEXT["question"]).fill("Did you copy homework this week?")
    page.get_by_role("button", name=TEXT["create"]).click()
    wait_for_app_run(page)
    expect(page.get_by_text(TEXT["live_none"])).to_be_visible()
    expect_clean(page)
    student_link = page.get_by_test_id("stCode").first.inner_text().strip()
    code = student_link.rsplit("poll=", 1)[1].split("&")[0]

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone.set_default_timeout(APP_TIMEOUT_MS)
    phone.add_init_script(FORCE_LIE)
    student = phone.new_page()
    frames: list[bytes | str] = []
    student.on("websocket", lambda ws: ws.on("framesent", lambda payload: frames.append(payload)))
    try:
        open_app(student, student_link)
        expect(student.get_by_text("Did you copy homework this week?")).to_be_visible()
        student.get_by_role("button", name=TEXT["button_yes"], exact=True).click()
        wait_for_app_run(student)
        expect(student.get_by_text("Received:")).to_be_visible()
        expect(student.get_by_role("button", name=TEXT["button_yes"], exact=True)).to_be_disabled()
        expect_clean(student)
        # a reload is a new session, but the browser keeps its token: a second answer is refused
        student.reload()
        wait_for_app_run(student, initial_wait_ms=0)
        student.get_by_role("button", name=TEXT["button_yes"], exact=True).click()
        wait_for_app_run(student)
        expect(student.get_by_text(TEXT["duplicate"])).to_be_visible()
    finally:
        phone.close()

    sent = [f if isinstance(f, bytes) else f.encode() for f in frames]
    answers = [f for f in sent if b'"event":"answer"' in f]
    assert len(answers) == 2 and all(b'"value":"no:' in a for a in answers)  # the first, and the refused one
    assert not any(b'"value":"yes' in f for f in sent)  # the true answer never left the phone

    engine = store.make_engine(store.database_url())
    poll = store.get_poll(engine, code)
    assert poll is not None and store.answers(engine, poll.id) == (False,)
    engine.dispose()
    # the teacher did nothing: the fragment's refresh brings the answer in
    expect(page.get_by_text('1 answer received, 0 of them "yes"')).to_be_visible()
    expect_clean(page)


def test_an_answer_refused_while_the_store_is_busy_can_be_sent_again(browser: Browser, base_url: str) -> None:
    """Another program holds the SQLite file's write lock: the press is refused in plain words within
    the store's short wait, nothing is stored, and the buttons come back so the student can press again."""
    url = store.database_url()
    if not url.startswith("sqlite:///"):
        pytest.skip("holds a SQLite lock")
    engine = store.make_engine(url)
    poll, _ = store.create_poll(engine, "Is the store busy?", 1.0)
    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    phone.set_default_timeout(APP_TIMEOUT_MS)
    student = phone.new_page()
    try:
        open_app(student, f"{base_url}/Live_poll?poll={poll.code}")
        yes = student.get_by_role("button", name=TEXT["button_yes"], exact=True)
        holder = sqlite3.connect(url.split("///", 1)[1], isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            yes.click()
            wait_for_app_run(student)
            expect(student.get_by_text(TEXT["store_busy"])).to_be_visible()
            expect(yes).to_be_enabled()
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        assert store.tally(engine, poll.id).n == 0
        yes.click()
        wait_for_app_run(student)
        expect(student.get_by_text("Received:")).to_be_visible()
        expect_clean(student)
    finally:
        phone.close()
    assert store.tally(engine, poll.id).n == 1
    engine.dispose()
