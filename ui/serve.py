"""Start DP Explorer with its modules already imported: `python -m ui.serve [streamlit options]`.

Streamlit imports a page's modules on the first visit after a server start, so the first visitor
(a class opening the app at once) waits for pandas, pyarrow and the app's own modules (~0.4 s),
and on the Audit page for scipy.stats (~0.5 s: its cold open went from 2.38x to 1.93x the minimal
page). Importing them here, before the server accepts anyone, moves that wait to the server's
start. The rest is `streamlit run app.py` with the given options.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LIBRARIES = ("pandas", "pyarrow", "numpy", "altair", "scipy.special", "scipy.stats")


def app_modules() -> list[str]:
    """ui.page and every control and view module (what the pages import), found on disk so a new
    page's modules are preloaded too."""
    found = sorted(
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for folder in ("ui/controls", "ui/views")
        for path in (ROOT / folder).rglob("*.py")
        if path.name != "__init__.py"
    )
    return ["ui.page", *found]


def main() -> None:
    sys.path.insert(0, str(ROOT))
    for name in (*LIBRARIES, *app_modules()):
        importlib.import_module(name)
    from streamlit.web.cli import main as streamlit

    sys.argv = ["streamlit", "run", str(ROOT / "app.py"), *sys.argv[1:]]
    streamlit()


if __name__ == "__main__":
    main()
