"""Machine learning with DP: a model trained with DP-SGD on the dataset in use (UCI Adult by default),
what it costs by the moments accountant and by PLD, what privacy costs in accuracy, and membership
inference against it next to the most its accounting allows."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.state import url_tabs
from ui.tabs.learning import account, attack, tradeoff, train
from ui.text.learning import TEXT

ctx = start_page(TEXT["title"], icon="🧠", page=__file__)
st.markdown(TEXT["intro"])
url_tabs("ml_tab", {
    "train": (TEXT["tab_train"], train.tab),
    "account": (TEXT["tab_account"], account.tab),
    "tradeoff": (TEXT["tab_tradeoff"], tradeoff.tab),
    "attack": (TEXT["tab_attack"], attack.tab),
}, ctx)
