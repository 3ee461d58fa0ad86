"""How a class joins: the code, the student link and its QR code, and the teacher's private link."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from ui.classroom.qr import qr_svg
from ui.safe import md_escape
from ui.text.poll import TEXT


@dataclass(frozen=True)
class Settings:
    code: str
    secret: str
    question: str
    page_url: str | None  # the page's address without its query ("http://host/Live_poll")
    lang: str = "en"


@dataclass(frozen=True)
class View:
    code: str  # a sentence with the code in bold
    student_link: str
    teacher_link: str
    qr: str  # SVG of the student link
    asked: str  # the question, markdown-escaped (shown as typed, never as markup)


def compute(s: Settings) -> View:
    base = (s.page_url or "").split("?", 1)[0]  # None in AppTest: a relative link
    extra = [] if s.lang == "en" else [("lang", s.lang)]
    student = f"{base}?{urlencode([('poll', s.code), *extra])}"
    teacher = f"{base}?{urlencode([('poll', s.code), ('teacher', s.secret), *extra])}"
    return View(TEXT["code"].format(code=s.code), student, teacher, qr_svg(student),
                TEXT["asked"].format(question=md_escape(s.question)))
