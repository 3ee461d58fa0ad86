"""How a class joins: the code, the student link and its QR code, and the teacher's private link.

The links start with an address phones can open (ui.classroom.hosting): the page's own, its host
replaced by the machine's network address when the teacher opened it at localhost, or the address
the teacher typed; the view says which, and asks for one when no phone could reach the page."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from ui.classroom.hosting import student_base
from ui.classroom.qr import qr_svg
from ui.safe import md_escape
from ui.text.hosting import TEXT as HOSTING
from ui.text.poll import TEXT


@dataclass(frozen=True)
class Settings:
    code: str
    secret: str
    question: str
    page_url: str | None  # the page's address without its query ("http://host/Live_poll")
    lang: str = "en"
    network: str | None = None  # this machine's address on the local network (hosting.network_ip)
    typed: str = ""  # the address the teacher says students should use ("" if none)


@dataclass(frozen=True)
class View:
    code: str  # a sentence with the code in bold
    student_link: str
    teacher_link: str
    qr: str  # SVG of the student link
    asked: str  # the question, markdown-escaped (shown as typed, never as markup)
    reach: str = ""  # how phones reach the link, when it is not the page's own address ("" otherwise)
    unreachable: bool = False  # no phone could open the link: the teacher must say the address


def compute(s: Settings) -> View:
    found = student_base(s.page_url, s.network, s.typed)  # page_url is None in AppTest: a relative link
    base = found.url
    extra = [] if s.lang == "en" else [("lang", s.lang)]
    student = f"{base}?{urlencode([('poll', s.code), *extra])}"
    teacher = f"{base}?{urlencode([('poll', s.code), ('teacher', s.secret), *extra])}"
    reach = "" if found.how == "page" else HOSTING[f"reach_{found.how}"].format(address=md_escape(base))
    return View(TEXT["code"].format(code=s.code), student, teacher, qr_svg(student),
                TEXT["asked"].format(question=md_escape(s.question)), reach,
                found.how in ("unreachable", "bad_typed"))
