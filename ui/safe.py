"""Make user-controlled text (file names, column names, cells) inert before Streamlit shows it.

Streamlit renders markdown in labels, captions and alerts (never raw HTML unless asked to), so a
file named `[click](http://evil)` or `**x**` would still become a link or bold text. Every such
string goes through `md_escape` before it is placed in markdown.
"""

from __future__ import annotations

import re

_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()<>#+\-.!|~$:])")


def md_escape(text: object) -> str:
    """Backslash-escape every markdown-active character so the text shows literally."""
    return _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\n", " ")
