"""An error dpcore raised, as a sentence in the language of the run.

`message(exc)` is what `ui.feedback.show_error` shows. In English it is `str(exc)`. In another language a
`DPError` is rewritten from its params with the sentence its key (`exc.key`: the code, or
`code.variant`) has in `ui/text/<lang>/errors.py`. Params that are errors themselves (a check
wrapped by another) are translated the same way, and a `what` or `number_word` param naming one of
dpcore's quantities ("The number of trials") is translated through the `term.<phrase>` keys.
Anything else (a plain ValueError, a key the language lacks) stays as dpcore wrote it. No streamlit here.
"""

from __future__ import annotations

from typing import Any

from dpcore.errors import DPError
from ui.i18n import DEFAULT, current
from ui.text.errors import TEXT

_TERM_PARAMS = ("what", "number_word")


def message(exc: ValueError) -> str:
    """`exc` as a sentence in the language of the run (English: `str(exc)`)."""
    lang = current()
    if lang == DEFAULT or not isinstance(exc, DPError):
        return str(exc)
    table = TEXT.table(lang)
    sentence = table.get(exc.key)
    if sentence is None:
        return str(exc)
    try:
        return sentence.format(**{name: _translated(name, value, table) for name, value in exc.params.items()})
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return str(exc)


def _translated(name: str, value: Any, table: dict[str, str]) -> Any:
    if isinstance(value, ValueError):
        return message(value)
    if name in _TERM_PARAMS and isinstance(value, str):
        return table.get(f"term.{value}", value)
    return value
