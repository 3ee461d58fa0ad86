"""Widgets several Local DP tabs share: ε (one value for every tab), the users (column, people per
row, simulated size), the runs of a simulation, and d and n of the theory tabs. Every control is
bound to the address, so a shared link reopens the same view."""

from __future__ import annotations

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import public_categories
from dpcore.columns import answer_columns
from dpcore.limits import MAX_CATEGORIES, MAX_LDP_DOMAIN
from ui.chart_slider import ChartSlider
from ui.datasets import Dataset
from ui.memo import session_memo
from ui.page import PageContext
from ui.state import bound_select_slider, url_choice
from ui.text.local_dp import TEXT
from ui.views.local_dp.oracles import REPEAT_CHOICES
from ui.views.local_dp.population import USER_CHOICES, DataSettings
from ui.widgets import column_select, weight_column_select

EPSILON = ChartSlider("ldp_eps")  # ε of each user's report, on every tab: a choice carries across tabs
USERS_N: tuple[int, ...] = (30, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000)
DEFAULT_USERS, DEFAULT_REPEATS = 10_000, 20


def users_row(ctx: PageContext) -> tuple[DataSettings, DeltaGenerator, DeltaGenerator] | None:
    """The column (with the people per row under it, where a column could say so) and the number of
    users, then two cells left for the tab's own controls. None (after saying why) when the dataset
    has no usable column."""
    frame = ctx.dataset.table.frame
    eligible = session_memo("ldp_eligible", ctx.dataset.ident, lambda: answer_columns(frame))
    if not eligible:
        st.info(TEXT["no_column"].format(max=MAX_CATEGORIES))
        return None
    c1, c2, c3, c4 = st.columns(4)
    column = column_select(ctx.dataset, eligible, "ldp_col", TEXT["column"], c1)
    weight = weight_column_select(ctx.dataset, column, "ldp_w", c1)
    users = url_choice(c2.selectbox, TEXT["users"], USER_CHOICES, "ldp_users", DEFAULT_USERS,
                       format_func=lambda u: f"{u:,}" if u else TEXT["users_data"], help=TEXT["users_help"])
    return users_of(ctx.dataset, column, weight, int(users)), c3, c4


def users_of(dataset: Dataset, column: str, weight: str | None, users: int) -> DataSettings:
    """The users of `column` (each row standing for `weight` people, if given), its public
    categories, and how many to simulate; named by the dataset's ident and the weight column."""
    frame = dataset.table.frame
    return DataSettings(column, frame[column], None if weight is None else frame[weight],
                        public_categories(dataset.key, column), users, (dataset.ident, weight))


def repeats(where: DeltaGenerator) -> int:
    """How many times a simulation runs on the same users."""
    return int(bound_select_slider(where, TEXT["repeats"], REPEAT_CHOICES, value=DEFAULT_REPEATS, key="ldp_repeats"))


def domain_and_users(where: DeltaGenerator) -> tuple[int, int]:
    """d and n side by side (the theoretical tabs need no data)."""
    c1, c2 = where.columns(2)
    d = c1.number_input(TEXT["domain"], min_value=2, max_value=MAX_LDP_DOMAIN, value=16, step=1, key="ldp_d",
                        bind="query-params")
    return int(d), users_n(c2)


def users_n(where: DeltaGenerator) -> int:
    """The number of users of the theoretical tabs, on a log scale from a class to a country."""
    return int(bound_select_slider(where, TEXT["n"], USERS_N, value=10_000, key="ldp_n",
                                   format_func=lambda v: f"{v:,}"))
