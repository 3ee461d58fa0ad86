"""What the Machine learning page's parts share: the data and DP-SGD's knobs (the same widgets, bound to
the address, on every part that trains: a link or a switch of part keeps them), and the grid they
train, run once per server in the background (`ui.background`) and shared by every session at the
same settings, with a progress bar until it is done.

The grid's key is its settings (`experiment.Setup`: the data by its content's ident, target,
features, model, knobs, seed), never anything a browser names. At most one grid trains at a time
(two cores: the other serves the pages), a few wait, the last few are kept (dpcore.limits).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, TypeVar

import streamlit as st
from streamlit.delta_generator import DeltaGenerator

from dpcore.limits import (
    DEFAULT_SEED,
    MAX_DPSGD_CLIPPING,
    MAX_DPSGD_EPOCHS,
    MAX_DPSGD_LEARNING_RATE,
    MAX_LEARNING_KEPT,
    MAX_LEARNING_QUEUE,
    MAX_LEARNING_ROWS,
    MIN_LEARNING_BATCH,
    MIN_LEARNING_ROWS,
)
from ui import fmt
from ui.background import Busy, Jobs, Status
from ui.datasets import UPLOAD, Dataset, bundled_dataset, offer_bundled
from ui.memo import session_memo, shared_memo
from ui.page import PageContext, show_error
from ui.safe import md_escape
from ui.state import address_notice, url_choice
from ui.text.learning import TEXT
from ui.views.learning import experiment, progress
from ui.views.learning.experiment import Results, Setup, Sweep, SweepResults

T = TypeVar("T")
JOBS: Jobs[Any] = Jobs("learning", workers=1, queued=MAX_LEARNING_QUEUE, kept=MAX_LEARNING_KEPT)
POLL_S = 1.0  # a waiting page asks for its grid's progress every second
MODELS = ("mlp", "logistic")
FEATURES = "ml_features"  # the address holds the chosen inputs as ?ml_features=a&ml_features=b
DEFAULTS = Setup("", None, "", ())  # the knobs' defaults


def _features(where: Any, options: list[str], default: tuple[str, ...]) -> tuple[str, ...]:
    """The model's inputs: a multiselect whose choice is in the address (each column once, by name);
    names the data does not have are dropped with a notice."""
    chosen = st.session_state.get(FEATURES)
    if chosen is None or any(c not in options for c in chosen):
        asked = st.query_params.get_all(FEATURES) if chosen is None else []
        known = [c for c in asked if c in options]
        if len(known) < len(asked):
            address_notice([FEATURES])
        st.session_state[FEATURES] = known or list(default)
    picked = tuple(where.multiselect(TEXT["features"], options, key=FEATURES, help=TEXT["features_help"]))
    if sorted(picked) == sorted(default):
        st.query_params.pop(FEATURES, None)
    else:
        st.query_params[FEATURES] = list(picked)
    return picked


def _checked(setup: Setup) -> bool:
    experiment.check(setup)  # raises DPError naming what the data cannot give
    return True


def grid_setup(ctx: PageContext, where: DeltaGenerator) -> Setup | None:
    """The data (target, features, rows) and DP-SGD's knobs in `where`, as the grid's settings; None
    after saying why (in `where`) when the dataset in use cannot train a model here, with the offer
    to use UCI Adult."""
    dataset: Dataset = ctx.dataset
    frame = dataset.table.frame
    key = None if dataset.key == UPLOAD else dataset.key
    found = session_memo("ml_targets", dataset.ident, lambda: experiment.targets(frame, key))
    if not found:
        where.info(TEXT["no_target"].format(name=md_escape(dataset.name)), icon=":material/info:")
        offer_bundled("adult", TEXT["use_adult"], "ml_use_adult", where)
        return None
    with where:
        with st.expander(TEXT["data_expander"], icon=":material/table:"):
            target = url_choice(st.selectbox, TEXT["target"], found, "ml_target",
                                "income>50K" if "income>50K" in found else found[0], help=TEXT["target_help"])
            options = [str(c) for c in frame.columns if c != target]
            features = _features(st, options, experiment.default_features(frame, key, target))
            rows = int(st.number_input(TEXT["rows"], min_value=MIN_LEARNING_ROWS, max_value=MAX_LEARNING_ROWS,
                                       value=DEFAULTS.rows, step=500, key="ml_rows", bind="query-params",
                                       help=TEXT["rows_help"].format(maximum=f"{MAX_LEARNING_ROWS:,}")))
        model = url_choice(st.radio, TEXT["model"], MODELS, "ml_model", "mlp", horizontal=True,
                           format_func=lambda m: TEXT[f"model_{m}"].format(hidden=experiment.HIDDEN))
        left, right = st.columns(2, gap="small")
        batch = int(left.number_input(TEXT["batch"], min_value=MIN_LEARNING_BATCH, max_value=MAX_LEARNING_ROWS,
                                      value=DEFAULTS.batch, step=16, key="ml_batch", bind="query-params",
                                      help=TEXT["batch_help"]))
        epochs = int(right.number_input(TEXT["epochs"], min_value=1, max_value=MAX_DPSGD_EPOCHS, value=DEFAULTS.epochs,
                                        step=5, key="ml_epochs", bind="query-params", help=TEXT["epochs_help"]))
        left, right = st.columns(2, gap="small")
        clipping = float(left.number_input(TEXT["clipping"], min_value=0.01, max_value=MAX_DPSGD_CLIPPING,
                                           value=DEFAULTS.clipping, step=0.05, format="%.10g", key="ml_clip",
                                           bind="query-params", help=TEXT["clipping_help"]))
        rate = float(right.number_input(TEXT["learning_rate"], min_value=0.01, max_value=MAX_DPSGD_LEARNING_RATE,
                                        value=DEFAULTS.learning_rate, step=0.1, format="%.10g", key="ml_lr",
                                        bind="query-params", help=TEXT["learning_rate_help"]))
    setup = Setup(dataset.ident, key, target, features, model, min(rows, len(frame)), clipping, batch, epochs, rate,
                  ctx.seed, frame)
    try:
        shared_memo("ml_checked", setup, lambda: _checked(setup))
    except ValueError as exc:
        show_error(exc, where)
        if dataset.key != "adult":
            offer_bundled("adult", TEXT["use_adult"], "ml_use_adult_refused", where)
        return None
    return setup


def default_setup(seed: int = DEFAULT_SEED) -> Setup:
    """The grid a first visit opens on: UCI Adult at the page's defaults."""
    frame = bundled_dataset("adult").table.frame
    target = "income>50K"
    return Setup("adult", "adult", target, experiment.default_features(frame, "adult", target), seed=seed, frame=frame)


def _job(key: Hashable, work: Callable[[Any], T], where: DeltaGenerator) -> T | None:
    """The background job for `key` (submitted if no session has): its result once done; until then a
    progress bar in `where` that follows it every second, then redraws the page."""
    try:
        status: Status[T] | None = JOBS.status(key) or JOBS.submit(key, work)
    except Busy as busy:
        where.warning(TEXT["busy"].format(waiting=busy.waiting), icon=":material/hourglass_top:")
        return None
    assert status is not None
    if status.state == "done":
        return status.result
    if status.state == "failed":
        if isinstance(status.error, ValueError):
            show_error(status.error, where)
        else:
            where.error(TEXT["failed"])
        return None
    with where:
        _follow(key)
    return None


@st.fragment(run_every=POLL_S)
def _follow(key: Hashable) -> None:
    """The job's progress, every second; once it is over, the whole page again (which draws it)."""
    status = JOBS.status(key)
    if status is None or status.over:
        st.rerun()
    assert status is not None
    st.progress(status.share, text=progress.describe(status.state, status.share, status.stage, status.params,
                                                     status.ahead))
    st.caption(TEXT["wait_note"])


@dataclass(frozen=True)
class Trained:
    """A part's two columns (the knobs left, the part's charts right), the grid's settings and the
    grid trained for them."""

    left: DeltaGenerator
    right: DeltaGenerator
    setup: Setup
    results: Results


def trained(ctx: PageContext) -> Trained | None:
    """A part that shows the grid: the knobs on the left with the grid's one-line summary under them
    once it is trained; None while it trains (its progress bar on the right) or when the data is
    refused (said on the left)."""
    left, right = st.columns([1, 2], gap="large")
    setup = grid_setup(ctx, left)
    if setup is None:
        return None
    grid = results(setup, right)
    if grid is None:
        return None
    left.caption(summary(grid))
    return Trained(left, right, setup, grid)


def results(setup: Setup, where: DeltaGenerator) -> Results | None:
    """The grid trained for `setup` (models, attacks, bounds), or None while it trains (a progress bar)."""
    return _job(("grid", setup), lambda report: experiment.run(setup, report), where)


def sweep_results(setup: Setup, knob: Sweep, where: DeltaGenerator) -> SweepResults | None:
    """Accuracy at one ε as the clipping norm or the batch size varies, or None while it trains."""
    return _job(("sweep", setup, knob), lambda report: experiment.sweep(setup, knob, report), where)


def summary(results: Results) -> str:
    """What the grid was trained on, in one line (under every part's chart)."""
    return TEXT["data_line"].format(rows=f"{results.rows:,}", available=f"{results.available:,}",
                                    train=f"{results.n_train:,}", test=f"{results.n_test:,}",
                                    inputs=f"{results.inputs:,}", q=fmt.share(results.sampling_rate),
                                    steps=f"{results.steps:,}", delta=fmt.tiny(results.delta))


def warm(seed: int = DEFAULT_SEED) -> None:
    """Start training the grid a first visit opens on (at the server's start; it runs in the
    background and is kept whoever asks)."""
    setup = default_setup(seed)
    JOBS.submit(("grid", setup), lambda report: experiment.run(setup, report), pinned=True)


def warm_shapes(seed: int = DEFAULT_SEED) -> None:
    """Compile the other model's steps at the default shapes (queued after the default grid: a visitor
    who switches model then waits for no compiling)."""
    setup = default_setup(seed)
    JOBS.submit(("compile", setup), lambda report: experiment.compile_shapes(setup), pinned=True)
