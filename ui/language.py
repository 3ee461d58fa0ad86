"""The interface language: the sidebar's switch, kept in the address as `?lang=en` / `?lang=zh`.

The session's choice lives under a plain session key (it survives page changes, which a widget's
own state does not), the switch only edits it, and every run writes it into the address, so a
prepared link opens in the teacher's language. A session's first run takes the address's language,
else the browser's (`st.context.locale`), else English. `install()` lets `ui.i18n` read it.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ui import i18n

PARAM = "lang"
_CHOSEN = "_language"
_SWITCH = "language_switch"
LABEL = "Language · 语言"  # in both languages: it is how a person who reads only one finds the other


def _first_guess() -> str:
    """The address's language, else the browser's, else English."""
    from_url = st.query_params.get(PARAM)
    if from_url in i18n.LANGUAGES:
        return from_url
    locale = (st.context.locale or "").lower()
    return "zh" if locale.startswith("zh") else i18n.DEFAULT


def session_language() -> str:
    """The language of this session's run (English outside a Streamlit run)."""
    if get_script_run_ctx() is None:
        return i18n.DEFAULT
    chosen = st.session_state.get(_CHOSEN)
    if chosen not in i18n.LANGUAGES:
        chosen = st.session_state[_CHOSEN] = _first_guess()
    return chosen


def choose(lang: str) -> None:
    """Make `lang` the session's language, as the sidebar's switch does (an unknown one is ignored)."""
    if lang in i18n.LANGUAGES:
        st.session_state[_CHOSEN] = lang


def install() -> None:
    """Make `ui.i18n.current()` answer with the session's language."""
    i18n.set_provider(session_language)


def _switched() -> None:
    st.session_state[_CHOSEN] = st.session_state[_SWITCH]


def language_switch() -> str:
    """The sidebar's English/中文 switch; returns the language of this run."""
    lang = session_language()
    st.session_state[_SWITCH] = lang
    st.sidebar.radio(LABEL, tuple(i18n.LANGUAGES), format_func=i18n.LANGUAGES.__getitem__, key=_SWITCH,
                     horizontal=True, on_change=_switched)
    st.query_params[PARAM] = lang
    return lang
