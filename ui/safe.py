"""Make user-controlled text (file names, column names, cells) inert before Streamlit shows it.

Streamlit renders markdown in labels, captions and alerts (never raw HTML unless asked to), so a
file named `[click](http://evil)` or `**x**` would still become a link or bold text. Every such
string goes through `md_escape` before it is placed in markdown.

Escaping is not enough for bare addresses: Streamlit's markdown (remark-gfm) finds `http://`,
`https://`, `www.` and e-mail addresses in the text *after* escapes are resolved and makes them
live links. `md_escape` puts an invisible word joiner (U+2060) inside each of those patterns, so
the address still reads the same but is shown as text.
"""

from __future__ import annotations

import re

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")
_AUTOLINK = re.compile(r"(?<=:)(?=//)|(?<=www)(?=\.)|(?<=@)", re.IGNORECASE)  # where remark-gfm starts a link
_WORD_JOINER = "\u2060"


def md_escape(text: object) -> str:
    """Backslash-escape every markdown-active character and break every bare address (a word joiner
    after `:` before `//`, between `www` and `.`, after `@`), so the text shows literally."""
    return _MD_SPECIAL.sub(r"\\\1", _AUTOLINK.sub(_WORD_JOINER, str(text))).replace("\n", " ")
