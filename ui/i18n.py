"""The interface language of the current run, and sentences that answer in it.

Every `ui/text/<page>.py` holds its English sentences in `EN` and exposes `TEXT = Texts(EN, __name__)`;
the Chinese ones live in `ui/text/zh/<page>.py` under the same keys with the same placeholders.
`TEXT[key]` answers in the language of the run that asks, so views stay pure functions of their
settings and the language: `ui.page` installs a provider that reads the session's choice (kept in
the address as `?lang=zh`), and tests pick a language with `with language("zh"): ...`.
No streamlit here: views import this module.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

LANGUAGES: dict[str, str] = {"en": "English", "zh": "中文"}  # id -> the language's own name
DEFAULT = "en"
T = TypeVar("T")

_override: ContextVar[str | None] = ContextVar("language_override", default=None)
_provider: Callable[[], str] | None = None


def set_provider(provider: Callable[[], str]) -> None:
    """Install how a run finds its language (ui.page: the session's choice)."""
    global _provider
    _provider = provider


def current() -> str:
    """The language of this run: a `language(...)` block's, else the provider's, else English."""
    chosen = _override.get()
    if chosen is None and _provider is not None:
        chosen = _provider()
    return chosen if chosen in LANGUAGES else DEFAULT


@contextmanager
def language(lang: str) -> Iterator[None]:
    """Run a block in `lang` whatever the session chose (tests, and files built for another language)."""
    if lang not in LANGUAGES:
        raise ValueError(f"Unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}.")
    token = _override.set(lang)
    try:
        yield
    finally:
        _override.reset(token)


class Texts(Mapping[str, str]):
    """One module's sentences in every language. The English ones define the keys; another
    language's table is imported on first use (`ui.text.<lang>.<module>`), and a key it lacks
    falls back to English (tests/unit/test_i18n.py keeps the tables complete)."""

    def __init__(self, english: dict[str, str], module: str) -> None:
        self._tables: dict[str, dict[str, str]] = {DEFAULT: english}
        self._module = module.rsplit(".", 1)[-1]

    def table(self, lang: str) -> dict[str, str]:
        """Every sentence of this module in `lang`."""
        if lang not in self._tables:
            self._tables[lang] = importlib.import_module(f"ui.text.{lang}.{self._module}").TEXT
        return self._tables[lang]

    def __getitem__(self, key: str) -> str:
        lang = current()
        if lang != DEFAULT:
            found = self.table(lang).get(key)
            if found is not None:
                return found
        return self._tables[DEFAULT][key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._tables[DEFAULT])

    def __len__(self) -> int:
        return len(self._tables[DEFAULT])


def per_language(build: Callable[[], T]) -> Callable[[], T]:
    """A module-level value built from sentences (a chart's labels, a formula block): `build()` runs
    once per language, and calling the result returns the one of the run's language."""
    built: dict[str, T] = {}

    def get() -> T:
        lang = current()
        if lang not in built:
            built[lang] = build()
        return built[lang]

    return get
