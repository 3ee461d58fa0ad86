"""Account: ε of DP-SGD by the RDP (moments) and PLD accountants for the examples, batch size, noise
and epochs typed on the left (the course's check by default, and one click away), growing with the
epochs on the right. Its own fragment: a change reruns only this part; the curve is kept for every
session (`shared_memo`), the default one computed at the server's start."""

from __future__ import annotations

import streamlit as st

from dpcore.limits import MAX_DPSGD_EPOCHS, MAX_DPSGD_NOISE, MAX_DPSGD_ROWS, MIN_DPSGD_NOISE
from ui.memo import shared_memo
from ui.page import PageContext, computed, show_figure
from ui.text.learning import TEXT
from ui.views.learning import account
from ui.widgets import delta_select

KEYS = {"examples": "ml_acc_n", "batch": "ml_acc_batch", "sigma": "ml_acc_sigma", "epochs": "ml_acc_epochs"}


def course_check() -> None:
    """on_click of the preset: the course's check in every box (and the address)."""
    for field, key in KEYS.items():
        st.session_state[key] = getattr(account.COURSE, field)
    st.session_state["ml_acc_delta"] = account.COURSE.delta


@st.fragment
def tab(ctx: PageContext) -> None:
    left, right = st.columns([1, 2], gap="large")
    with left:
        c = account.COURSE
        examples = int(st.number_input(TEXT["acc_examples"], min_value=1, max_value=MAX_DPSGD_ROWS, value=c.examples,
                                       step=1000, key="ml_acc_n", bind="query-params"))
        batch = int(st.number_input(TEXT["batch"], min_value=1, max_value=MAX_DPSGD_ROWS, value=c.batch, step=16,
                                    key="ml_acc_batch", bind="query-params", help=TEXT["batch_help"]))
        sigma = float(st.number_input(TEXT["acc_sigma"], min_value=MIN_DPSGD_NOISE, max_value=MAX_DPSGD_NOISE,
                                      value=c.sigma, step=0.1, format="%.10g", key="ml_acc_sigma", bind="query-params",
                                      help=TEXT["acc_sigma_help"]))
        epochs = int(st.number_input(TEXT["epochs"], min_value=1, max_value=MAX_DPSGD_EPOCHS, value=c.epochs, step=5,
                                     key="ml_acc_epochs", bind="query-params", help=TEXT["epochs_help"]))
        delta = delta_select("ml_acc_delta", default=c.delta)
        settings = account.Settings(examples, batch, sigma, epochs, delta)
        st.button(TEXT["acc_course"], key="ml_acc_course", icon=":material/school:", on_click=course_check,
                  disabled=settings == account.COURSE)
    with right, st.spinner(TEXT["acc_computing"]):
        view = computed(lambda s: shared_memo("ml_account", s, lambda: account.compute(s)), settings, right)
    if view is None:
        return
    with right:
        show_figure(view.chart, "ml_fig_account")
        st.markdown(view.summary)


def warm() -> None:
    """The course's check, computed once for every session (at the server's start: ~6 s)."""
    from ui.i18n import LANGUAGES, language

    for lang in LANGUAGES:
        with language(lang):
            shared_memo("ml_account", account.COURSE, lambda: account.compute(account.COURSE))
