"""Controls of the Audit page, and its audits, kept for every session of the server: an audit depends
on the mechanism, the seed and the language of its words only, never on a session's data."""

from __future__ import annotations

from streamlit.delta_generator import DeltaGenerator

from dpcore.audit_mechanisms import MECHANISMS
from ui.i18n import LANGUAGES, language
from ui.memo import shared_memo
from ui.state import url_choice
from ui.text.audit import TEXT
from ui.views.audit import mechanism
from ui.views.steps import ChartSteps


def mechanism_choice(where: DeltaGenerator) -> str:
    return url_choice(where.selectbox, TEXT["mechanism"], list(MECHANISMS), "audit_mech", mechanism.DEFAULT_MECHANISM,
                      format_func=lambda m: TEXT[f"mech_{m}"])


def audit_steps(name: str, seed: int) -> ChartSteps:
    """The audit of the mechanism `name` at every number of draws (~0.3 s for Laplace, seconds for
    some), computed once for every session. Raises ValueError for an unknown mechanism."""
    return shared_memo("audit_steps", (name, seed), lambda: mechanism.compute_steps(name, seed))


def warm(seed: int) -> None:
    """Compute the audit a first visit opens on, in every language (at the server's start)."""
    for lang in LANGUAGES:
        with language(lang):
            audit_steps(mechanism.DEFAULT_MECHANISM, seed)
