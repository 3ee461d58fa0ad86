"""ui.safe.md_escape: user text placed in markdown shows as typed, links and addresses included."""

from __future__ import annotations

import re

import pytest

from tests.app.conftest import live_links
from ui.safe import md_escape

HOSTILE = [
    "[v5](http://evil.example/x)",
    "http://evil.example",
    "HTTPS://EVIL.EXAMPLE/a?b=c",
    "see www.evil.example now",
    "WWW.Evil.Example",
    "mail a+b@evil.example",
    "mailto:a@evil.example",
    "<http://evil.example>",
    "<a@evil.example>",
    "![img](http://evil.example/p.png)",
    "[x][1]\n\n[1]: http://evil.example",
    "**bold** _it_ `code` # head",
    "<b>html</b> <script>alert(1)</script>",
    ":red[colour] :material/home: :smile:",
    "javascript:alert(1)",
    "ftp://evil.example",
    "x" * 50 + "http://evil.example" + "y" * 50,
]


def test_the_link_finder_finds_every_hostile_link_unescaped() -> None:
    """The check below is only worth something if it sees the links in the raw strings."""
    linked = [s for s in HOSTILE if "evil.example" in s and not s.startswith(("ftp", "javascript"))]
    assert all(live_links(s) for s in linked)


@pytest.mark.parametrize("text", HOSTILE)
def test_escaped_user_text_has_no_live_link_and_reads_the_same(text: str) -> None:
    escaped = md_escape(text)
    assert live_links(escaped) == []  # failed before issue 30: bare addresses autolinked
    shown = re.sub(r"\\(.)", r"\1", escaped).replace("\u2060", "")  # the word joiner that breaks an address  # what a reader sees
    assert shown == text.replace("\n", " ")
