"""Real-browser test of the Live poll: a teacher opens a poll, a student answers on a phone-sized
context, and the teacher's view (refreshed every second by `st.fragment(run_every=...)`, which
AppTest cannot fire) shows the answer. The student's `crypto.getRandomValues` is stubbed to force
the "lie" branch: the student presses Yes, the server stores No, and no websocket frame the
student's page sent carries a "yes". A reload (a new session) shows that this phone has answered: the
browser keeps its own token. A student with only the code types it on a phone and lands in the
teacher's language."""

from __future__ import annotations

import sqlite3

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import APP_TIMEOUT_MS, expect_clean, open_app, wait_for_app_run
from ui.classroom import store
from ui.i18n import language
from ui.text.poll import TEXT

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}

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


# Counts the animation frames in which the Yes button exists (inside the component's shadow root or
# not) and those in which it is enabled.
WATCH_BUTTONS = """
window.__rrFrames = 0; window.__rrActive = 0;
const find = (root) => {
  const found = root.querySelector('button.rr-yes');
  if (found) return found;
  for (const el of root.querySelectorAll('*')) if (el.shadowRoot) { const b = find(el.shadowRoot); if (b) return b; }
  return null;
};
const watch = () => {
  const yes = document.body ? find(document) : null;
  if (yes) { window.__rrFrames += 1; if (!yes.disabled) window.__rrActive += 1; }
  requestAnimationFrame(watch);
};
requestAnimationFrame(watch);
"""


def test_a_student_answer_reaches_the_teacher_randomized(page: Page, browser: Browser, base_url: str) -> None:
    open_app(page, f"{base_url}/Live_poll")
    page.get_by_role("textbox", name=TEXT["question"]).fill("Did you copy homework this week?")
    page.get_by_role("button", name=TEXT["create"]).click()
    wait_for_app_run(page)
    expect(page.get_by_text(TEXT["live_none"])).to_be_visible()
    expect_clean(page)
    code = page.url.rsplit("poll=", 1)[1].split("&")[0]
    student_link = f"{base_url}/Live_poll?poll={code}"  # the link on the screen may hold the network's address

    phone = browser.new_context(**PHONE)
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
        expect(student.get_by_text("Received: No")).to_be_visible()  # pressed Yes: the page says why
        expect(student.get_by_text(TEXT["why_device"])).to_be_visible()
        expect(student.get_by_role("button", name=TEXT["button_yes"], exact=True)).to_be_disabled()
        expect_clean(student)
        # a reload is a new session, but the browser keeps its token: the page shows it answered,
        # its buttons never active meanwhile (every frame watched from the first paint)
        student.add_init_script(WATCH_BUTTONS)
        student.reload()
        wait_for_app_run(student, initial_wait_ms=0)
        expect(student.get_by_text("This phone has already answered this poll: it sent No.")).to_be_visible()
        expect(student.get_by_role("button", name=TEXT["button_yes"], exact=True)).to_be_disabled()
        assert student.evaluate("window.__rrFrames") > 0 and student.evaluate("window.__rrActive") == 0
        expect_clean(student)
    finally:
        phone.close()

    sent = [f if isinstance(f, bytes) else f.encode() for f in frames]
    answers = [f for f in sent if b'"event":"answer"' in f]
    assert len(answers) == 1 and b'"value":"no:' in answers[0]
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


def test_a_student_types_the_code_on_a_phone_answers_and_after_a_reload_sees_it_answered(
        browser: Browser, base_url: str) -> None:
    """An English phone with only the code: it types the code on the home page (a wrong one first, said
    in the page and kept in the box), the poll opens in the teacher's language (Chinese), the student
    answers, reloads, and the page shows that this phone has answered, its buttons off."""
    engine = store.make_engine(store.database_url())
    poll, _ = store.create_poll(engine, "你抄过别人的作业吗？", 1.0, lang="zh")
    with language("zh"):
        zh = {key: TEXT[key] for key in ("button_yes", "button_no", "why_device", "title")}
    phone = browser.new_context(**PHONE, locale="en-US")
    phone.set_default_timeout(APP_TIMEOUT_MS)
    student = phone.new_page()
    try:
        open_app(student, base_url)
        box = student.get_by_role("textbox", name=TEXT["join_label"])
        join = student.get_by_role("button", name=TEXT["join_button"], exact=True)
        expect(box).to_be_in_viewport()  # on a phone, without scrolling
        box.fill("not-a-code")
        join.click()
        wait_for_app_run(student)
        expect(student.get_by_text("“not-a-code” is not a poll code")).to_be_visible()
        expect(box).to_have_value("not-a-code")
        box.fill(f" {poll.code[:5].upper()} {poll.code[5:].upper()} ")
        join.click()
        wait_for_app_run(student)
        expect(student.get_by_text("你抄过别人的作业吗？")).to_be_visible()
        expect(student.get_by_role("heading", name=zh["title"])).to_be_visible()
        yes = student.get_by_role("button", name=zh["button_yes"], exact=True)
        no = student.get_by_role("button", name=zh["button_no"], exact=True)
        expect(yes).to_be_enabled()
        yes.click()
        wait_for_app_run(student)
        expect(student.get_by_text("已收到：")).to_be_visible()
        expect(student.get_by_text(zh["why_device"])).to_be_visible()
        expect(yes).to_be_disabled()
        student.reload()
        wait_for_app_run(student, initial_wait_ms=0)
        expect(student.get_by_text("这部手机已经回答过这次投票：它发送了")).to_be_visible()
        expect(yes).to_be_disabled()
        expect(no).to_be_disabled()
        expect_clean(student)
    finally:
        phone.close()
    assert store.tally(engine, poll.id).n == 1
    engine.dispose()
