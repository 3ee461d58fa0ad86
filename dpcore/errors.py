"""The error dpcore raises for bad input: a readable sentence plus a stable code the UI can translate.

`DPError` is a `ValueError`, so every existing `except ValueError` still catches it. The English
sentence is the message (`str(error)`); `code` names the kind of mistake ("budget_exceeded",
"undeclared_categories", ...) and `params` holds the values the sentence quotes, so a page in
another language can write its own sentence from them.
"""

from __future__ import annotations

from typing import Any


class DPError(ValueError):
    """Bad input to a dpcore function: `str(e)` for people, `code` and `params` for translators."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.params = params
