"""AppTest helpers: run one page script headless, optionally with URL query parameters."""

from __future__ import annotations

from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]


def run_page(page_file: str, query: dict[str, str] | None = None) -> AppTest:
    """Run `page_file` (relative to the repo root) once and return the AppTest."""
    at = AppTest.from_file(str(ROOT / page_file), default_timeout=60)
    if query:
        at.query_params.update(query)
    return at.run()


def assert_clean(at: AppTest) -> None:
    """No exception and no error box: the page rendered as a user would want."""
    assert not at.exception, [e.value for e in at.exception]
    assert not at.error, [e.value for e in at.error]
