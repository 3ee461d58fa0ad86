"""Every sentence exists in both languages with the same placeholders, and the Chinese ones are
Chinese: no run of three English words left outside formulas, code and placeholders."""

from __future__ import annotations

import importlib
import re
import string
from pathlib import Path

import pytest

from ui.i18n import LANGUAGES, Texts, current, language

ROOT = Path(__file__).resolve().parents[2]
MODULES = sorted(p.stem for p in (ROOT / "ui" / "text").glob("*.py") if p.stem != "__init__")
# What may stay in Latin letters inside a Chinese sentence: formulas, code, placeholders, links.
_NOT_PROSE = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|`[^`]*`|\{[^{}]*\}|\([^()]*https?://[^()]*\)|https?://\S+", re.S)
_ENGLISH_RUN = re.compile(r"[A-Za-z]{2,}(?:[ \-'’][A-Za-z]{2,}){2,}")


def _placeholders(text: str) -> set[str]:
    """The fields `text.format` fills; a formula that is never formatted (its braces are LaTeX's)
    counts as one kind of its own, so its translation must not become a template either."""
    try:
        return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}
    except ValueError:
        return {"<not a template>"}


def _texts(module: str) -> Texts:
    return importlib.import_module(f"ui.text.{module}").TEXT


@pytest.mark.parametrize("module", MODULES)
def test_every_key_in_both_languages_with_the_same_placeholders(module: str) -> None:
    texts = _texts(module)
    english, chinese = texts.table("en"), texts.table("zh")
    assert set(chinese) == set(english), (
        f"missing in zh: {sorted(set(english) - set(chinese))}; extra: {sorted(set(chinese) - set(english))}")
    for key, sentence in english.items():
        assert _placeholders(chinese[key]) == _placeholders(sentence), key


@pytest.mark.parametrize("module", MODULES)
def test_chinese_sentences_hold_no_english_prose(module: str) -> None:
    leftovers = {key: run.group(0) for key, sentence in _texts(module).table("zh").items()
                 if (run := _ENGLISH_RUN.search(_NOT_PROSE.sub(" ", sentence)))}
    assert not leftovers


def test_a_language_block_switches_every_text_and_restores_the_run_language() -> None:
    common = _texts("common")
    english = common["nav_home"]
    with language("zh"):
        assert current() == "zh"
        assert common["nav_home"] != english
    assert current() == "en" and common["nav_home"] == english


def test_an_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="Unknown language"):
        with language("fr"):
            pass
    assert set(LANGUAGES) == {"en", "zh"}
