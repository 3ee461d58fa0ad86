"""An error dpcore raised, as a sentence in the language of the run.

`message(exc)` is what `ui.feedback.show_error` shows. In English it is `str(exc)`. In another language a
`DPError` is rewritten from its code and params with the sentence of `ui/text/<lang>/errors.py`:
among the English templates of its code (`code`, or `code.variant` when one kind of mistake has
several wordings) it takes the one that, given the params, reproduces `str(exc)` exactly, so a
translation is only ever used for the very sentence it translates. Params that are errors themselves
(a check wrapped by another) are translated the same way, and a `what` or `number_word` param naming
one of dpcore's quantities ("The number of trials") is translated through the `term.<phrase>` keys.
Anything else (a plain ValueError, an unknown code, a sentence that drifted from its template) stays
as dpcore wrote it. No streamlit here.
"""

from __future__ import annotations

from typing import Any

from dpcore.errors import DPError
from ui.i18n import DEFAULT, current
from ui.text.errors import EN, TEXT

_TERM_PARAMS = ("what", "number_word")


def template_key(exc: DPError) -> str | None:
    """The key of the English template that, filled with `exc.params`, gives exactly `str(exc)`."""
    text = str(exc)
    for key in (exc.code, *(k for k in EN if k.startswith(f"{exc.code}."))):
        template = EN.get(key)
        if template is None:
            continue
        try:
            if template.format(**exc.params) == text:
                return key
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):
            continue
    return None


def message(exc: ValueError) -> str:
    """`exc` as a sentence in the language of the run (English: `str(exc)`)."""
    lang = current()
    if lang == DEFAULT or not isinstance(exc, DPError):
        return str(exc)
    key = template_key(exc)
    if key is None:
        return str(exc)
    table = TEXT.table(lang)
    sentence = table.get(key)
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
