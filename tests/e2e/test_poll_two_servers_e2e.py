"""Two app servers behind one PostgreSQL (a class too big for one process): the teacher opens a
poll on one, a student answers on the other, and the teacher's live view, refreshed every second,
shows the answer. The time it took is printed (seen within 2 s in our runs; the assertion waits
longer, as a loaded CI machine may need)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import _free_port, expect_clean, open_app, start_server, stop_server, wait_for_app_run
from tests.postgres import postgres_url  # noqa: F401  (the session fixture)
from ui.text.poll import TEXT


@pytest.fixture
def two_servers(postgres_url: str, artifacts: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[str, str]]:  # noqa: F811
    monkeypatch.setenv("DATABASE_URL", postgres_url)  # both servers inherit it
    ports = _free_port(), _free_port()
    procs = [start_server(port, artifacts / f"two-servers-{i}.log") for i, port in enumerate(ports)]
    try:
        yield f"http://127.0.0.1:{ports[0]}", f"http://127.0.0.1:{ports[1]}"
    finally:
        for proc in procs:
            stop_server(proc)


def test_an_answer_on_one_server_reaches_the_teacher_on_the_other(browser: Browser, two_servers) -> None:
    teacher_url, student_url = two_servers
    teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    open_app(teacher, f"{teacher_url}/Live_poll")
    teacher.get_by_role("textbox", name=TEXT["question"]).fill("Did you read the chapter?")
    teacher.get_by_role("button", name=TEXT["create"]).click()
    wait_for_app_run(teacher)
    # the QR image's fullscreen button (shown on hover, above the image) leaves the code readable
    teacher.get_by_test_id("stImage").first.hover()
    button = teacher.get_by_test_id("stElementToolbar").first.bounding_box()
    heading = teacher.get_by_role("heading", name=TEXT["code"].split("{")[0].strip(": *"))
    words = heading.evaluate("h => { const r = document.createRange(); r.selectNodeContents(h);"
                             " const b = r.getBoundingClientRect(); return {y: b.y, bottom: b.bottom}; }")
    assert button is not None and button["y"] >= words["bottom"], (button, words)  # the glyphs, not the margins
    link = teacher.get_by_test_id("stCode").first.inner_text().strip()
    code = link.rsplit("poll=", 1)[1].split("&")[0]
    answers = teacher.get_by_test_id("stMetric").filter(has_text=TEXT["metric_answers"]).get_by_test_id("stMetricValue")
    expect(answers).to_have_text("0")

    phone = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        student = phone.new_page()
        open_app(student, f"{student_url}/Live_poll?poll={code}")  # the other server
        expect(student.get_by_text("Did you read the chapter?")).to_be_visible()
        student.get_by_role("button", name=TEXT["button_yes"], exact=True).click()
        pressed = time.monotonic()
        wait_for_app_run(student)
        expect(answers).to_have_text("1", timeout=15_000)
        print(f"seen on the other server after {time.monotonic() - pressed:.2f} s")  # noqa: T201
        expect_clean(student)
        expect_clean(teacher)
    finally:
        phone.close()
