"""What the Audit page's two parts share: the mechanism, chosen once (?audit_mech=) for both."""

from __future__ import annotations

from streamlit.delta_generator import DeltaGenerator

from dpcore.audit_mechanisms import MECHANISMS
from ui.state import url_choice
from ui.text.audit import TEXT
from ui.views.audit.mechanism import DEFAULT_MECHANISM


def pick_mechanism(where: DeltaGenerator) -> str:
    """The mechanism audited, a select box in `where` bound to the address by its id."""
    return url_choice(where.selectbox, TEXT["mechanism"], list(MECHANISMS), "audit_mech", DEFAULT_MECHANISM,
                      format_func=lambda m: TEXT[f"mech_{m}"])
