"""Control groups of the Local DP page: the users (column, people per row, simulated size) with ε
in one row, and the few controls each tab adds beside its chart. Every control is bound to the
address, so a shared link reopens the same view."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.catalog import DEFAULT_DATASET, public_categories
from dpcore.columns import answer_columns, count_columns
from dpcore.ldp.oracles import ORACLES
from dpcore.limits import MAX_CATEGORIES, MAX_LDP_DOMAIN
from ui.chart_slider import ChartSlider
from ui.datasets import Dataset, bundled_dataset
from ui.i18n import LANGUAGES, language
from ui.memo import session_memo, shared_memo
from ui.page import PageContext, computed
from ui.state import bound_select_slider, url_choice
from ui.text.local_dp import TEXT
from ui.views.local_dp import oracles
from ui.views.local_dp.central import ACCURACY_CHOICES
from ui.views.local_dp.oracles import REPEAT_CHOICES, oracle_name
from ui.views.local_dp.poisoning import FAKE_SHARES
from ui.views.local_dp.population import USER_CHOICES, DataSettings
from ui.views.local_dp.rappor import BLOOM_SIZES, DAY_CHOICES
from ui.widgets import column_select, default_column, weight_column_select, weight_columns

USERS_N: tuple[int, ...] = (30, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000)
EPSILON = ChartSlider("ldp_eps")  # ε of each user's report, on every tab
DEFAULT_USERS, DEFAULT_REPEATS = 10_000, 20
ORACLES_SLOT = "ldp_oracles_steps"  # the oracles tab's steps, which the server computes at its start
V = TypeVar("V")


def users_key(dataset: Dataset, data: DataSettings) -> Hashable:
    """The users named by the dataset's id, their column, weight column and number (their values are
    not hashed on each rerun)."""
    return dataset.ident, data.column, None if data.weights is None else data.weights.name, data.users


def simulated_steps(dataset: Dataset, slot: str, compute_steps: Callable[[Any, Sequence[float]], V],
                    settings: Any) -> V | None:
    """`compute_steps(settings, EPSILON.options)`, a simulation tab at every ε of its chart's slider
    (0.1-0.7 s for 10,000 users, seconds for a million), kept for every session at the same settings
    but ε, or None after showing why it cannot be computed."""
    return EPSILON.steps(*_steps_work(dataset, slot, compute_steps, settings), shared=True)


def _steps_work(dataset: Dataset, slot: str, compute_steps: Callable[[Any, Sequence[float]], V],
                settings: Any) -> tuple[str, Hashable, Callable[[], V]]:
    """The memo's slot, key (the users, every setting but ε) and computation of a simulation's steps."""
    key = users_key(dataset, settings.data), replace(settings, data=None, epsilon=None)
    return slot, key, lambda: compute_steps(settings, EPSILON.options)


def warm(seed: int) -> None:
    """Compute the oracles tab a first visit opens on (the default dataset's column, DEFAULT_USERS
    users, DEFAULT_REPEATS runs), in every language, at the server's start."""
    dataset = bundled_dataset(DEFAULT_DATASET)
    frame = dataset.table.frame
    column = default_column(dataset, answer_columns(frame))
    data = _users(dataset, column, weight_columns(dataset, column, count_columns(frame))[1] or None, DEFAULT_USERS)
    settings = oracles.Settings(data, EPSILON.options[0], DEFAULT_REPEATS, seed)
    for lang in LANGUAGES:
        with language(lang):
            shared_memo(*_steps_work(dataset, ORACLES_SLOT, oracles.compute_steps, settings))


def simulated(ctx: PageContext, slot: str, compute: Callable[[Any], V], settings: Any) -> V | None:
    """`compute(settings)` (a tab's simulation, up to ~0.1 s; `settings.data` the users) kept for
    every session at the same settings, or None after showing why it cannot be computed."""
    key = (users_key(ctx.dataset, settings.data), replace(settings, data=None))
    return computed(lambda s: shared_memo(slot, key, lambda: compute(s)), settings)


def users_row(ctx: PageContext) -> tuple[DataSettings, DeltaGenerator, DeltaGenerator] | None:
    """The column (with the people per row under it, where a column could say so) and the number of
    users, then two cells left for the tab's own controls (ε, where it is an ordinary slider). None
    (after saying why) when the dataset has no usable column."""
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
    return _users(ctx.dataset, column, weight, int(users)), c3, c4


def _users(dataset: Dataset, column: str, weight: str | None, users: int) -> DataSettings:
    """The users of `column` (each row standing for `weight` people, if given), its public
    categories, and how many to simulate."""
    frame = dataset.table.frame
    return DataSettings(column, frame[column], None if weight is None else frame[weight],
                        public_categories(dataset.key, column), users)


def epsilon(where: DeltaGenerator) -> float:
    """ε of each user's report as an ordinary slider, for a tab whose simulation needs the server at
    each step (the same value as the chart slider of the oracles and theory tabs, EPSILON: a choice
    carries across tabs)."""
    return EPSILON.widget(TEXT["epsilon"], where)


def rappor_settings(third: DeltaGenerator, fourth: DeltaGenerator) -> tuple[int, int, float, int]:
    """Bloom filter size and hash functions, permanent randomization f and days, beside the users."""
    k = bound_select_slider(third, TEXT["bloom_k"], BLOOM_SIZES, value=32, key="ldp_k")
    h = third.slider(TEXT["hashes"], 1, 4, value=2, key="ldp_h", bind="query-params")
    f = fourth.slider(TEXT["permanent_f"], 0.05, 0.95, value=0.5, step=0.05, key="ldp_f", bind="query-params")
    days = bound_select_slider(fourth, TEXT["days"], DAY_CHOICES, value=90, key="ldp_days")
    return int(k), int(h), float(f), int(days)


def repeats(where: DeltaGenerator) -> int:
    return int(bound_select_slider(where, TEXT["repeats"], REPEAT_CHOICES, value=DEFAULT_REPEATS, key="ldp_repeats"))


def oracle(where: DeltaGenerator) -> str:
    return url_choice(where.selectbox, TEXT["oracle"], ORACLES, "ldp_oracle", "oue", format_func=oracle_name)


def domain_and_users(where: DeltaGenerator) -> tuple[int, int]:
    """d and n side by side (the theoretical tabs need no data)."""
    c1, c2 = where.columns(2)
    d = c1.number_input(TEXT["domain"], min_value=2, max_value=MAX_LDP_DOMAIN, value=16, step=1, key="ldp_d",
                        bind="query-params")
    return int(d), users_n(c2)


def users_n(where: DeltaGenerator) -> int:
    """The number of users of the theoretical tabs, on a log scale from a class to a country."""
    return int(bound_select_slider(where, TEXT["n"], USERS_N, value=10_000, key="ldp_n", format_func=lambda v: f"{v:,}"))


def accuracy(where: DeltaGenerator) -> float:
    return float(bound_select_slider(where, TEXT["accuracy"], ACCURACY_CHOICES, value=0.01, key="ldp_acc",
                                     format_func=lambda a: f"{100 * a:g} %"))


def target_and_fakes(where: DeltaGenerator, categories: tuple[str, ...]) -> tuple[str, float]:
    """The item fake users promote (the column's last category by default) and how many they are."""
    target = url_choice(where.selectbox, TEXT["target"], categories, "ldp_target", categories[-1])
    fakes = bound_select_slider(where, TEXT["fake_share"], FAKE_SHARES, value=0.01, key="ldp_fakes",
                                format_func=lambda f: f"{100 * f:g} %")
    return target, float(fakes)
