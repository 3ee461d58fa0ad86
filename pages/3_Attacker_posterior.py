"""The attacker's view: posterior bounds, exact posteriors, privacy loss, hypothesis tests and a game.

Only the part in the URL (?post_part=…) runs, beside the shared settings (ui/tabs/posterior/common.py);
each part is a module of ui/tabs/posterior."""

from __future__ import annotations

import streamlit as st

from ui.page import start_page
from ui.tabs.posterior import bounds, common, game, loss, mechanism, testing
from ui.text.posterior import TEXT

ctx = start_page(TEXT["title"], icon="🎲", page=__file__)
st.markdown(TEXT["intro"])
common.parts(ctx, {"bounds": (TEXT["part_bounds"], bounds.tab), "mechanism": (TEXT["part_mechanism"], mechanism.tab),
                   "loss": (TEXT["part_loss"], loss.tab), "testing": (TEXT["part_testing"], testing.tab),
                   "game": (TEXT["part_game"], game.tab)})
