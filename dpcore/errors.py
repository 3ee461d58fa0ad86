"""The error dpcore raises for bad input: a readable sentence plus a stable code the UI can translate.

`DPError` is a `ValueError`, so every existing `except ValueError` still catches it. A raise site
names the key of its sentence in `dpcore.messages.MESSAGES` (the code, or `code.variant` when one
kind of mistake has several wordings) and the values the sentence quotes; the English message
(`str(error)`) is that template filled with them, so the wording exists only in the table. `code`
names the kind of mistake ("budget_exceeded", ...), `key` the sentence, and `params` the values, so
a page in another language can write its own sentence from them (`ui.errors.message`).
"""

from __future__ import annotations

from typing import Any

from dpcore.messages import MESSAGES


class DPError(ValueError):
    """Bad input to a dpcore function: `str(e)` for people, `code`, `key` and `params` for translators."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(MESSAGES[key].format(**params))
        self.key = key
        self.code = key.partition(".")[0]
        self.params = params

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy by key and params (the default would pass the sentence as the key)."""
        return _rebuild, (type(self), self.key, self.params)


def _rebuild(cls: type[DPError], key: str, params: dict[str, Any]) -> DPError:
    return cls(key, **params)
