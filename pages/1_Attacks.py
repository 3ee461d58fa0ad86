"""Attacks that DP stops: differencing, repeated-query averaging, Table 6-3, and the defences.

Widgets in, dpcore.attacks calls, one ui.charts.attacks call per chart. Each tab is a fragment, and
the controls a slider reruns (the noisy differencing, the averaging attack) are nested fragments:
a slider redraws only its own part. There every number and chart is computed first and drawn in
one burst, since each element the browser receives costs it time. Simulations are kept per session
under the inputs that shaped them.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import streamlit as st

from dpcore import attacks as A
from dpcore.limits import EPSILON_GRID, MAX_REPEATED_QUERIES
from ui.charts import attacks as charts
from ui.charts.theme import CURVE_POINTS
from ui.datasets import bundled_dataset
from ui.memo import session_memo
from ui.page import PageContext, show_error, show_figure, start_page
from ui.safe import md_escape
from ui.state import url_choice
from ui.text.attacks import TEXT
from ui.widgets import epsilon_slider

TOL = A.DEFAULT_TOLERANCE
TRACES = 5
TRACE_POINTS = CURVE_POINTS  # checkpoints per running mean: each is a point the browser draws
CURVE_KS = tuple(int(k) for k in np.unique(np.round(np.logspace(0, 6, 61))))
SIM_KS = tuple(m * 10**e for e in range(6) for m in (1, 3)) + (1_000_000,)


@st.cache_data(show_spinner=False, max_entries=2_048)
def exact_probability(epsilon: float, k: int) -> float:
    """Exact recovery probability (public parameters only, so one cache serves every session)."""
    return A.averaging_success_probability(epsilon, k, TOL)


def trace_range(sd_final: float) -> float:
    """Half-height of a running-mean chart: the danger zone stays visible, the end never clipped."""
    return max(6.0 * TOL, 3.0 * sd_final)


TRACE_LABELS = {
    "x": TEXT["avg_traces_x"], "y": TEXT["avg_traces_y"], "trace": TEXT["avg_trace_name"],
    "truth": TEXT["avg_truth_name"], "zone": TEXT["avg_zone_name"],
}


# ---------------------------------------------------------------------------- differencing


def differencing_target() -> tuple[str, str, A.Differencing, int]:
    """Table and target menus; returns (table key, target name, exact counts, target position)."""
    which = url_choice(
        st.radio, TEXT["diff_table"], ("students", "cancer"), "att_diff_table",
        format_func=lambda k: TEXT[f"diff_table_{k}"], horizontal=True,
    )
    original = bundled_dataset(which).table.frame
    if which == "students":
        flip = st.checkbox(TEXT["diff_flip"], value=True, key="att_flip", help=TEXT["diff_flip_help"], bind="query-params")
        table = A.change_record(original, "name", "Aisha", "grade", "Pass") if flip else original
        names = [str(n) for n in table["name"]]
        target = url_choice(st.selectbox, TEXT["diff_student"], names, "att_student", "Aisha")
        position = names.index(target) + 1
        result = A.exclusion_differencing(table, "name", target, "grade", "Pass")
    else:
        table = original
        names = [str(n) for n in table["name"]]
        target = url_choice(st.selectbox, TEXT["diff_patient"], names, "att_patient", "Alice")
        position = names.index(target) + 1
        result = A.prefix_differencing(table, "has_cancer", "yes", position)
    left, right = st.columns([2, 3], gap="large")
    left.dataframe(table, hide_index=True, key="att_diff_data")
    name = md_escape(target)
    if which == "students":
        girls = A.count_matching_all(original, [("sex", "=", "F"), ("grade", "=", "Pass")])
        lines = [
            TEXT["diff_girls"].format(count=girls),
            TEXT["diff_q_students_with"].format(value=result.with_target),
            TEXT["diff_q_students_without"].format(name=name, value=result.without_target),
        ]
    else:
        lines = [
            TEXT["diff_q_cancer_with"].format(i=position, value=result.with_target),
            TEXT["diff_q_cancer_without"].format(j=position - 1, value=result.without_target),
        ]
    verdict = "yes" if result.target_has_secret else "no"
    lines.append(TEXT[f"diff_result_{which}_{verdict}"].format(
        a=result.with_target, b=result.without_target, d=result.difference, name=name
    ))
    (a_lo, a_hi), (b_lo, b_hi), (d_lo, d_hi) = A.bounded_noise_intervals(result, 1.0)
    right.markdown("\n\n".join(lines))
    right.caption(TEXT["diff_bounded"].format(
        a_lo=a_lo, a_hi=a_hi, b_lo=b_lo, b_hi=b_hi, d_lo=d_lo, d_hi=d_hi, name=name
    ))
    return which, target, result, position


def differencing_figures(
    noisy: A.NoisyDifferencing, epsilon: float, prior: float, secret: str
) -> tuple[dict, dict]:
    """The densities of the noisy difference and the attacker's belief against it."""
    b = 1.0 / epsilon
    reach = max(8.0 * b, abs(noisy.difference - 0.5) + 2.0 * b)
    # The two peaks (differences 0 and 1) are on the grid, so they are drawn at their height.
    grid = np.union1d(np.linspace(0.5 - reach, 0.5 + reach, CURVE_POINTS - 2), [0.0, 1.0])
    observed_post = float(A.difference_posterior(noisy.difference, epsilon, prior))
    density = charts.difference_densities(
        grid, A.noisy_difference_pdf(grid, 1, epsilon), A.noisy_difference_pdf(grid, 0, epsilon), noisy.difference,
        {"title": TEXT["diff_density_title"], "x": TEXT["diff_density_x"], "y": TEXT["diff_density_y"],
         "secret": TEXT["diff_density_secret"].format(secret=secret), "none": TEXT["diff_density_none"],
         "observed": TEXT["diff_observed"]},
    )
    posterior = charts.difference_posterior(
        grid, A.difference_posterior(grid, epsilon, prior), A.posterior_band(prior, epsilon), prior,
        noisy.difference, observed_post,
        {"title": TEXT["diff_post_title"], "x": TEXT["diff_post_x"], "y": TEXT["diff_post_y"].format(secret=secret),
         "curve": TEXT["diff_post_curve"], "band": TEXT["diff_post_band"], "prior": TEXT["diff_post_prior"],
         "observed": TEXT["diff_observed"]},
    )
    return density, posterior


@st.fragment
def differencing_view(ctx: PageContext) -> None:
    """The exact differencing attack on a course table; then the same questions with noise."""
    st.markdown(TEXT["diff_intro"])
    which, target, result, position = differencing_target()
    st.markdown(f"### {TEXT['diff_noise_title']}\n\n{TEXT['diff_noise_intro']}")
    noisy_differencing_view(ctx, which, target, result, position)


@st.fragment
def noisy_differencing_view(ctx: PageContext, which: str, target: str, result: A.Differencing, position: int) -> None:
    """The noisy answers, the attacker's belief and its eps band: what the epsilon and prior sliders move.

    A fragment of its own, so these sliders redraw only this part, not the table above."""
    c1, c2 = st.columns(2, gap="large")
    epsilon = epsilon_slider("att_diff_eps", default=1.0, label=TEXT["diff_eps"], container=c1)
    prior = float(c2.slider(
        TEXT["diff_prior"], min_value=0.01, max_value=0.99, value=0.5, step=0.01,
        key="att_prior", help=TEXT["diff_prior_help"], bind="query-params",
    ))
    noisy = A.noisy_differencing(result, epsilon, ctx.rng(f"att-diff-{which}-{position}"))
    observed_post = float(A.difference_posterior(noisy.difference, epsilon, prior))
    low, high = A.posterior_band(prior, epsilon)
    secret = TEXT[f"diff_secret_{which}"]
    density, posterior = differencing_figures(noisy, epsilon, prior, secret)
    reading = "\n\n".join([
        TEXT["diff_noisy_answers"].format(
            a=noisy.answer_with, b=noisy.answer_without, d=noisy.difference, exact=result.difference
        ),
        TEXT["diff_posterior"].format(
            post=observed_post, name=md_escape(target), secret=secret, prior=prior, eps=epsilon, low=low, high=high
        ),
    ])
    st.markdown(reading)
    f1, f2 = st.columns(2, gap="large")
    with f1:
        show_figure(density, key="att_fig_diff_density")
    with f2:
        show_figure(posterior, key="att_fig_diff_posterior")
    st.caption(f"{TEXT['diff_posterior_why']}\n\n{TEXT['simulation_note']}")


# ---------------------------------------------------------------------------- averaging


def predicate_truth(ctx: PageContext) -> int | None:
    """The menu-built predicate on the current dataset and its true count (None if unusable)."""
    frame = ctx.dataset.table.frame
    columns = [str(c) for c in frame.columns]
    if not columns:
        st.warning(TEXT["pred_no_columns"])
        return None
    c1, c2, c3 = st.columns(3)
    column = url_choice(c1.selectbox, TEXT["pred_column"], columns, "att_col")
    numeric = A.is_numeric_column(frame, column)
    ops = tuple(A.OPERATORS) if numeric else A.TEXT_OPERATORS
    op = url_choice(c2.selectbox, TEXT["pred_op"], ops, "att_op")
    present = frame[column].dropna()
    if present.empty:
        st.warning(TEXT["pred_no_values"].format(column=md_escape(column)))
        return None
    value: object
    if numeric:
        start = float(np.round(present.median(), 2))
        value = c3.number_input(TEXT["pred_value"], value=start, key="att_num", bind="query-params")
        shown = f"{value:g}"
    else:
        categories = sorted({str(v) for v in present})
        value = url_choice(c3.selectbox, TEXT["pred_category"], categories, "att_cat")
        shown = str(value)
        st.caption(TEXT["pred_text_ops"])
    try:
        truth = A.count_matching(frame, column, op, value)
    except ValueError as exc:
        show_error(exc)
        return None
    words = {"column": md_escape(column), "op": md_escape(op), "value": md_escape(shown)}
    st.caption(TEXT["pred_desc"].format(dataset=md_escape(ctx.dataset.name), **words))
    if truth == 0:
        st.warning(TEXT["pred_none_match"].format(**words))
    return truth


def chosen_truth(ctx: PageContext) -> int | None:
    """The count under attack: a course preset or a predicate built from menus."""
    query = url_choice(
        st.radio, TEXT["avg_query"], ("zoo", "medical", "custom"), "att_query",
        format_func=lambda q: TEXT[f"avg_query_{q}"], horizontal=True,
    )
    if query == "zoo":
        st.caption(TEXT["avg_zoo_desc"])
        return A.count_matching(bundled_dataset("zoo").table.frame, "carrots", ">", 55)
    if query == "medical":
        frame = bundled_dataset("medical").table.frame
        buckets = [str(b) for b in frame["age_bucket"]]
        bucket = url_choice(st.selectbox, TEXT["avg_bucket"], buckets, "att_bucket", "30-40")
        st.caption(TEXT["avg_medical_desc"].format(bucket=md_escape(bucket)))
        return A.bucket_count(frame, "age_bucket", "patients", bucket)
    return predicate_truth(ctx)


def averaging_results(ctx: PageContext, truth: int, epsilon: float, k: int, attackers: int) -> dict[str, Any]:
    """Simulations (with a progress bar), the traces, and both charts of the Averaging tab."""
    sim_ks = sorted(set(SIM_KS) | {k})
    bar = st.progress(0.0, text=TEXT["progress"])
    sims: dict[int, A.SimulatedRecovery] = {}
    for i, kk in enumerate(sim_ks):
        def report(fraction: float, i: int = i) -> None:
            bar.progress(min(1.0, (i + fraction) / len(sim_ks)), text=TEXT["progress"])

        sims[kk] = A.simulate_recovery(epsilon, kk, attackers, ctx.rng(f"att-avg-sim-{kk}"), TOL, on_progress=report)
    bar.empty()
    traces = A.running_means(epsilon, A.log_checkpoints(k, TRACE_POINTS), TRACES, ctx.rng("att-avg-traces"))
    answers = truth + traces.means
    sd = A.mean_noise_std(epsilon, k)
    budget = TEXT["budget_per_answer"].format(eps=epsilon)
    traces_fig = charts.running_means(
        traces.checkpoints, answers, truth, TOL, trace_range(sd),
        {**TRACE_LABELS, "title": TEXT["avg_traces_title"].format(m=TRACES), "budget": budget},
    )
    curve_fig = charts.recovery_curve(
        np.array(CURVE_KS), np.array([exact_probability(epsilon, x) for x in CURVE_KS]), sim_ks,
        [sims[x].proportion for x in sim_ks], [sims[x].ci_low for x in sim_ks], [sims[x].ci_high for x in sim_ks], k,
        {"title": TEXT["avg_curve_title"], "x": TEXT["avg_curve_x"], "y": TEXT["avg_curve_y"],
         "exact": TEXT["avg_curve_exact"], "sim": TEXT["avg_curve_sim"], "chosen": TEXT["avg_curve_chosen"],
         "budget": budget},
    )
    return {"sim": sims[k], "sd": sd, "rounded": np.round(answers[:, -1]), "traces": traces_fig, "curve": curve_fig}


def averaging_view(ctx: PageContext) -> int | None:
    """The count under attack (its controls rerun the whole page: the Defence tab uses it too),
    then the attack itself."""
    st.markdown(TEXT["avg_intro"])
    truth = chosen_truth(ctx)
    averaging_attack_view(ctx, truth)
    return truth


@st.fragment
def averaging_attack_view(ctx: PageContext, truth: int | None) -> None:
    """The averaging attack on `truth`: what the epsilon, k and attackers controls move.

    The controls are drawn even without a count, so their values survive a bad predicate."""
    c1, c2, c3 = st.columns(3, gap="large")
    epsilon = epsilon_slider("att_eps", default=0.1, label=TEXT["avg_eps"], container=c1)
    k = int(c2.number_input(
        TEXT["avg_k"], min_value=1, max_value=MAX_REPEATED_QUERIES, value=1_000, step=1,
        key="att_k", help=TEXT["avg_k_help"], bind="query-params",
    ))
    attackers = int(c3.number_input(
        TEXT["avg_attackers"], min_value=100, max_value=A.MAX_ATTACKERS, value=10_000, step=1_000,
        key="att_attackers", help=TEXT["avg_attackers_help"], bind="query-params",
    ))
    if truth is None:
        return
    out = session_memo(
        "att_avg", (ctx.seed, truth, epsilon, k, attackers), lambda: averaging_results(ctx, truth, epsilon, k, attackers)
    )
    sim = out["sim"]
    reading = "\n\n".join([
        TEXT["avg_truth"].format(truth=truth),
        TEXT["avg_exact"].format(k=k, p=exact_probability(epsilon, k)),
        TEXT["avg_simulated"].format(p=sim.proportion, n=sim.trials, lo=sim.ci_low, hi=sim.ci_high),
        TEXT["avg_spread"].format(sd=out["sd"]),
        TEXT["avg_shown"].format(m=TRACES, k=k, values=", ".join(f"{int(v):,}" for v in out["rounded"])),
    ])
    note = TEXT["avg_traces_note"].format(half=trace_range(out["sd"]))
    st.markdown(reading)
    show_figure(out["traces"], key="att_fig_traces")
    st.caption(note)
    show_figure(out["curve"], key="att_fig_recovery")
    st.caption(f"{TEXT['avg_method']}\n\n{TEXT['simulation_note']}")


# ---------------------------------------------------------------------------- Table 6-3


def table_results(ctx: PageContext, epsilons: list[float], trials: int) -> dict[str, Any]:
    bar = st.progress(0.0, text=TEXT["progress"])
    rows = A.table_6_3(
        epsilons, trials, ctx.rng("att-table"), on_progress=lambda f: bar.progress(min(1.0, f), text=TEXT["progress"])
    )
    bar.empty()
    quantiles, recovery = charts.table_6_3_frames(
        rows, {"eps": TEXT["table_eps"], "q": TEXT["table_q"], "k": TEXT["table_k"], "missing": TEXT["table_no_book"]}
    )
    gaps = [
        (abs(book - 100 * exact), row.epsilon, k)
        for row in rows if row.book is not None
        for book, exact, k in zip(row.book.recovery_percent, row.exact_recovery, A.TABLE_KS)
    ]
    return {"quantiles": quantiles, "recovery": recovery, "gap": max(gaps)}


@st.fragment
def table_view(ctx: PageContext) -> None:
    """The course's Table 6-3: book, exact and simulated values side by side."""
    st.markdown(TEXT["table_intro"])
    c1, c2 = st.columns([3, 1], gap="large")
    extra = c1.multiselect(
        TEXT["table_extra_eps"], [e for e in EPSILON_GRID if e not in A.BOOK_TABLE_6_3], default=[],
        format_func=lambda v: f"{v:g}", key="att_table_eps", bind="query-params",
    )
    trials = int(c2.number_input(
        TEXT["table_trials"], min_value=1_000, max_value=A.MAX_ATTACKERS, value=20_000, step=1_000,
        key="att_table_trials", bind="query-params",
    ))
    epsilons = [*A.BOOK_TABLE_6_3, *sorted(extra, reverse=True)]
    out = session_memo("att_table", (ctx.seed, tuple(epsilons), trials), lambda: table_results(ctx, epsilons, trials))
    st.markdown(TEXT["table_quantiles_title"])
    st.dataframe(out["quantiles"], hide_index=True, key="att_table_quantiles")
    st.markdown(TEXT["table_recovery_title"])
    st.dataframe(out["recovery"], hide_index=True, key="att_table_recovery")
    gap, gap_eps, gap_k = out["gap"]
    st.markdown(f"{TEXT['table_reading'].format(gap=gap, eps=gap_eps, k=gap_k)}\n\n{TEXT['table_lesson']}")
    st.caption(TEXT["simulation_note"])


# ---------------------------------------------------------------------------- defence


def defence_figures(ctx: PageContext, truth: int, epsilon: float, k: int) -> dict[str, dict]:
    """The running means of the naive, split and caching servers, and the spread against k."""
    checkpoints = A.log_checkpoints(k, TRACE_POINTS)
    naive = A.running_means(epsilon, checkpoints, TRACES, ctx.rng("att-def-naive"))
    split = A.running_means(epsilon / k, checkpoints, TRACES, ctx.rng("att-def-split"))
    cached = A.cached_running_means(epsilon, checkpoints, TRACES, ctx.rng("att-def-cache"))
    ks = np.array(CURVE_KS, dtype=float)
    return {
        "naive": charts.running_means(
            checkpoints, truth + naive.means, truth, TOL, trace_range(A.mean_noise_std(epsilon, k)),
            {**TRACE_LABELS, "title": TEXT["def_naive_title"], "budget": TEXT["budget_per_answer"].format(eps=epsilon)},
        ),
        "split": charts.running_means(
            checkpoints, truth + split.means, truth, TOL, trace_range(A.split_mean_noise_std(epsilon, k)),
            {**TRACE_LABELS, "title": TEXT["def_split_title"], "budget": TEXT["budget_split"].format(per=epsilon / k)},
        ),
        "spread": charts.spread_curves(
            ks, math.sqrt(2.0) / epsilon / np.sqrt(ks), np.sqrt(2.0 * ks) / epsilon, TOL,
            {"title": TEXT["def_spread_title"], "x": TEXT["def_spread_x"], "y": TEXT["def_spread_y"],
             "naive": TEXT["def_spread_naive"], "split": TEXT["def_spread_split"], "zone": TEXT["def_spread_zone"]},
        ),
        "cached": charts.running_means(
            checkpoints, truth + cached.means, truth, TOL, trace_range(A.mean_noise_std(epsilon, 1)),
            {**TRACE_LABELS, "title": TEXT["cache_traces_title"], "budget": TEXT["budget_cached"].format(eps=epsilon)},
        ),
    }


@st.fragment
def defence_view(ctx: PageContext, truth: int | None) -> None:
    """Two defences against averaging: splitting the budget, and caching the answers."""
    st.markdown(TEXT["def_intro"])
    if truth is None:
        truth = A.count_matching(bundled_dataset("zoo").table.frame, "carrots", ">", 55)
        st.caption(TEXT["def_truth_fallback"].format(truth=truth))
    else:
        st.caption(TEXT["def_truth"].format(truth=truth))
    c1, c2 = st.columns(2, gap="large")
    epsilon = epsilon_slider("att_def_eps", default=1.0, label=TEXT["def_eps"], container=c1)
    k = int(c2.number_input(
        TEXT["def_k"], min_value=1, max_value=MAX_REPEATED_QUERIES, value=1_000, step=1,
        key="att_def_k", help=TEXT["avg_k_help"], bind="query-params",
    ))
    figures = session_memo("att_def", (ctx.seed, truth, epsilon, k), lambda: defence_figures(ctx, truth, epsilon, k))
    naive = TEXT["def_naive_text"].format(eps=epsilon, k=k, spent=k * epsilon, p=exact_probability(epsilon, k))
    split = TEXT["def_split_text"].format(
        per=epsilon / k, eps=epsilon, p=exact_probability(epsilon / k, k), sd=A.split_mean_noise_std(epsilon, k)
    )
    cache = "\n\n".join([
        f"### {TEXT['cache_title']}", TEXT["cache_intro"],
        TEXT["cache_text"].format(p=A.cached_success_probability(epsilon), eps=epsilon),
    ])
    left, right = st.columns(2, gap="large")
    with left:
        st.markdown(naive)
        show_figure(figures["naive"], key="att_fig_def_naive")
    with right:
        st.markdown(split)
        show_figure(figures["split"], key="att_fig_def_split")
    show_figure(figures["spread"], key="att_fig_def_spread")
    st.markdown(cache)
    show_figure(figures["cached"], key="att_fig_def_cache")
    st.caption(f"{TEXT['cache_caveat']}\n\n{TEXT['simulation_note']}")


ctx = start_page(TEXT["title"], icon="🕵️")
st.markdown(TEXT["intro"])
tab_diff, tab_avg, tab_table, tab_def = st.tabs(
    [TEXT["tab_differencing"], TEXT["tab_averaging"], TEXT["tab_table"], TEXT["tab_defence"]]
)
with tab_diff:
    differencing_view(ctx)
with tab_avg:
    chosen = averaging_view(ctx)
with tab_table:
    table_view(ctx)
with tab_def:
    defence_view(ctx, chosen)
