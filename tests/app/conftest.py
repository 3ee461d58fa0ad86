"""AppTest helpers: run one page script headless, optionally with URL query parameters."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def run_page(page_file: str, query: dict[str, str | list[str]] | None = None) -> AppTest:
    """Open `page_file` (relative to the repo root, e.g. "pages/1_Attacks.py") as a visitor would:
    through the app's entry point, so page links resolve, with optional URL query parameters."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    if page_file != "app.py":
        at.switch_page(page_file)
    if query:
        at.query_params.update(query)
    return at.run()


def assert_clean(at: AppTest) -> None:
    """No exception and no error box: the page rendered as a user would want."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
