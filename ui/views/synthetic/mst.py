"""Tab 2: many columns. MST (through OpenDP's wrapper of private-pgm) on the columns of the dataset
in use that have a declared domain; then the original against the synthetic table side by side:
one-way marginals, a two-way marginal as heat maps, correlations, the total variation distance of
every one- and two-way marginal, a counting workload, against two baselines (independent noisy
marginals; a random half of the real rows, the noise floor); and the pairs MST measured."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from dpcore.catalog import BUNDLED
from dpcore.limits import SYNTHETIC_ROWS_DEFAULT
from dpcore.rng import make_rng
from dpcore.synthetic import (
    SynthesisResult,
    correlation_matrix,
    counting_workload,
    encode,
    half_sample,
    independent_baseline,
    marginal,
    marginal_errors,
    mst_synthesize,
    resample,
    sizes_of,
    workload_error,
)
from ui import fmt
from ui.charts import curves
from ui.charts import synthetic as charts
from ui.charts.theme import COLORS
from ui.safe import md_escape
from ui.text.synthetic import TEXT

NUMERIC_BINS = 6  # bins of a numeric column between its declared (public) bounds
WORKLOAD = 200  # counting queries of two columns each


def declared(dataset_key: str) -> dict[str, Any]:
    """The dataset's declared domains as synthesizer specs: categories as they are, public numeric
    bounds cut into NUMERIC_BINS bins. Uploads declare nothing (an upload's domain would be read
    from its data, which leaks): empty."""
    info = BUNDLED.get(dataset_key)
    if info is None:
        return {}
    out: dict[str, Any] = {}
    for column, spec in info.domains.items():
        numeric = len(spec) == 2 and all(isinstance(v, (int, float)) for v in spec)
        out[column] = (float(spec[0]), float(spec[1]), NUMERIC_BINS) if numeric else tuple(str(v) for v in spec)
    return out


@dataclass(frozen=True)
class FitSettings:
    frame: pd.DataFrame  # the dataset in use
    domains: Mapping[str, Any]
    columns: tuple[str, ...]
    epsilon: float
    seed: int
    # A public choice, never the real table's number of rows: that number changes when one row is
    # added or removed, so a table of that length is not DP (issue 30, item 2).
    rows: int = SYNTHETIC_ROWS_DEFAULT

    @property
    def complete(self) -> pd.DataFrame:
        """The rows with a value in every chosen column (the synthesizer needs one in each)."""
        return self.frame[list(self.columns)].dropna().reset_index(drop=True)


def fit(s: FitSettings, progress: Callable[[float, str], None] | None = None) -> SynthesisResult:
    """An epsilon-DP synthetic table of `s.rows` rows, a public number (slow: seconds)."""
    return mst_synthesize(s.complete, s.domains, s.epsilon, 0.0, s.rows, make_rng(s.seed, "syn-mst"),
                          columns=s.columns, progress=progress)


def resized(result: SynthesisResult, s: FitSettings) -> SynthesisResult:
    """The same fitted model's table with `s.rows` rows: post-processing, no further privacy cost."""
    return resample(result, s.rows, make_rng(s.seed, "syn-mst"))


@dataclass(frozen=True)
class Settings:
    fitted: FitSettings
    result: SynthesisResult
    column: str  # the one-way marginal shown
    pair: tuple[str, str]  # the two-way marginal shown


@dataclass(frozen=True)
class View:
    summary: str
    oneway: dict
    real_pair: dict
    synthetic_pair: dict
    errors: str  # markdown table of TVDs and the workload error, with a sentence
    graph: dict
    real_corr: dict
    synthetic_corr: dict


def two_column_workload(sizes: tuple[int, ...], seed: int) -> tuple:
    """The WORKLOAD counting queries of (at most) two columns each that every comparison uses."""
    return counting_workload(sizes, WORKLOAD, min(2, len(sizes)), make_rng(seed, "syn-workload"))


def _shares(codes: np.ndarray, sizes: tuple[int, ...], axes: tuple[int, ...]) -> np.ndarray:
    counts = marginal(codes, sizes, axes).astype(float)
    return counts / max(counts.sum(), 1.0)


def compute(s: Settings) -> View:
    """Raises ValueError when the real rows fall outside the declared domains."""
    result, doms = s.result, s.result.domains
    names = [d.column for d in doms]
    sizes = sizes_of(doms)
    real = encode(s.fitted.complete, doms)
    rng = make_rng(s.fitted.seed, "syn-baselines")
    independent = independent_baseline(real, sizes, result.epsilon, real.shape[0], rng)
    half = half_sample(real, rng)
    tables = {TEXT["real"]: real, TEXT["synthetic"]: result.codes, TEXT["independent"]: independent}
    i = names.index(s.column) if s.column in names else 0
    oneway = curves.grouped_bars(
        doms[i].labels, {name: _shares(codes, sizes, (i,)) for name, codes in tables.items()},
        (COLORS["truth"], COLORS["d"], COLORS["neutral"]),
        curves.AxisLabels(tuple(TEXT["oneway_title"].split("\n")), TEXT["value_axis"], TEXT["share_axis"],
                          TEXT["table_series"]),
    )
    a, b = (names.index(c) if c in names else k for k, c in enumerate(s.pair))
    heat = {name: charts.heatmap(doms[b].labels, doms[a].labels, _shares(codes, sizes, (a, b)),
                                 charts.HeatLabels(tuple(TEXT[key].split("\n")), names[b], names[a], TEXT["share_axis"]),
                                 domain=(0.0, float(_shares(real, sizes, (a, b)).max()) * 1.5 or 1.0))
            for name, codes, key in ((TEXT["real"], real, "pair_real_title"),
                                     (TEXT["synthetic"], result.codes, "pair_synthetic_title"))}
    errs = {key: marginal_errors(real, codes, sizes) for key, codes in
            (("synthetic", result.codes), ("independent", independent), ("half", half))}
    workload = two_column_workload(sizes, s.fitted.seed)
    table = fmt.markdown_table({
        TEXT["col_table"]: [TEXT["synthetic"], TEXT["independent"], TEXT["half"]],
        TEXT["col_oneway"]: [fmt.percent(errs[k].mean_one_way) for k in errs],
        TEXT["col_twoway"]: [fmt.percent(errs[k].mean_two_way) for k in errs],
        TEXT["col_workload"]: [TEXT["points"].format(pp=fmt.number(100 * workload_error(real, c, workload), 2))
                               for c in (result.codes, independent, half)],
    })
    errors = f"{table}\n\n" + TEXT["errors_reading"].format(queries=WORKLOAD)
    corr = {key: charts.heatmap(names, names, correlation_matrix(codes, sizes),
                                charts.HeatLabels(tuple(TEXT[key].split("\n")), "", "", TEXT["correlation"]),
                                domain=(-1.0, 1.0), value_format=".2f", diverging=True)
            for key, codes in (("corr_real_title", real), ("corr_synthetic_title", result.codes))}
    summary = TEXT["mst_summary"].format(  # no count of real rows: it is not private (issue 30, item 2)
        rows=f"{len(result.table):,}", columns=", ".join(md_escape(n) for n in names), eps=fmt.number(result.epsilon),
        spent=fmt.number(result.epsilon_spent, 6), pairs=len(result.cliques), seconds=fmt.number(result.fit_seconds, 2),
    )
    graph = charts.pair_graph(names, result.cliques, tuple(TEXT["graph_title"].split("\n")))
    return View(summary, oneway, heat[TEXT["real"]], heat[TEXT["synthetic"]], errors, graph,
                corr["corr_real_title"], corr["corr_synthetic_title"])
