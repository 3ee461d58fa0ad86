"""The planner's release as a PipelineDP job, on Apache Spark or on PipelineDP's local backend.

`pipelinedp_script` is the twin of `release.opendp_script`: a standalone Python script built from
the SAME plan literal (`release.script_plan(rows, protection)`), for data that has outgrown one
machine. It runs every statistic of the plan with PipelineDP 0.3.1 (`DPEngine.aggregate`) on
PUBLIC partitions only (the declared bins of a histogram; one partition "" for a count, a sum, a
mean or a quantile), so no partition key is ever read from the data, and prints one CSV line per
released number (statistic, label, value) as the OpenDP script does. `--backend local|spark`
chooses the engine (`pipeline_dp.LocalBackend()` or `pipeline_dp.SparkRDDBackend` on a
SparkContext, `local[2]` by default, or any master given with `--master`).

How the plan maps onto PipelineDP (read off pipeline_dp 0.3.1's source):
- Unit of protection. The privacy unit is the plan's ID column (rows without an ID are dropped,
  as the app does), or the row itself when there is none. `max_contributions = m` (rows per
  person) bounds a person's rows IN TOTAL, exactly the app's bound (PipelineDP samples m rows per
  privacy unit, `SamplingPerPrivacyIdContributionBounder`); its sensitivities are then the plan's
  under add/remove: L1 = L2 = m for a count or a histogram, m max(|L|, |U|) for a sum. The pair
  `max_partitions_contributed = max_contributions_per_partition = m` would charge a histogram
  m^2. Without an ID column, m > 1 is the data owner's promise, as in the app.
- Budget. `NaiveBudgetAccountant` splits one total by weight * count over every mechanism, and a
  delta only over the mechanisms that use one, in proportion to their weights; the plan gives its
  Gaussian statistics EQUAL deltas whatever their epsilons. So each statistic gets its own
  accountant holding exactly the plan's (epsilon, delta) for it, and the total is their sum (basic
  composition, the plan's own total); the script checks that sum against the plan's total. A mean
  is PipelineDP's MEAN: a noisy count and a noisy sum (of values minus the middle of the bounds),
  each at half the statistic's (epsilon, delta), as the plan prices it; its output is clamped to
  the bounds as the app does (post-processing).
- Noise. Laplace, or Gaussian (python-dp's analytic Gaussian) where the plan says; the discrete
  Laplace becomes PipelineDP's Laplace at the same epsilon (PipelineDP has no discrete Laplace;
  its (1 - alpha) half-width t ln(1/alpha) is no wider than the discrete one's). PipelineDP
  computes its own scale from its own sensitivity, which is never above the plan's (the plan's sum
  uses OpenDP's (U - L) m when the bounds have both signs; a mean's numerator has (U - L) m / 2
  here), so each released number is at least as accurate as the plan states.
- Quantiles: PipelineDP's PERCENTILE (python-dp's quantile tree, Laplace, pure epsilon-DP) on the
  public bounds of the plan's grid, one partition, at most m rows per person. It is a different
  mechanism from the app's permute-and-flip over the grid, so the plan's stated accuracy for a
  quantile does not carry over.

The job is the template dpcore/scripts/pipelinedp_job.py with this plan's values
(`scripts.fill`): every user string (file name, ID column, column names, categories) reaches the
script through `repr` inside its data literals (pprint), never as code.

References: PipelineDP 0.3.1 (`DPEngine.aggregate`, `AggregateParams`, `NaiveBudgetAccountant`,
`LocalBackend`, `SparkRDDBackend`, `Metrics.PERCENTILE`); Wilson et al., "Differentially private
SQL with bounded user contribution" (PoPETs 2020) for contribution bounding; Balle & Wang (ICML
2018) for the analytic Gaussian python-dp calibrates; issue 13, part 3.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from dpcore import scripts
from dpcore.errors import DPError
from dpcore.export import safe_file_name
from dpcore.protection import Protection
from ui.views.planner.plan import Row
from ui.views.planner.release import script_plan

Backend = Literal["local", "spark"]
BACKENDS: tuple[Backend, ...] = ("local", "spark")


def script_budget(rows: Sequence[Row]) -> list[tuple[float, float]]:
    """(epsilon, delta) of every statistic in the PLAN literal, in its order (rows with a problem are
    left out, as `script_plan` leaves them out)."""
    return [(float(row.epsilon), float(row.delta)) for row in rows if not row.problem]


def pipelinedp_script(rows: Sequence[Row], protection: Protection, csv_name: str,
                      backend: Backend = "local") -> str:
    """A standalone Python script that runs the plan's release with PipelineDP 0.3.1 on the CSV `csv_name`
    (as `safe_file_name` makes it); its labels are defused for spreadsheets as the app's CSV is.

    `backend` ("local" or "spark") is the engine the script uses when run without `--backend`; the
    script takes `--backend local|spark`, `--master` (Spark's, default local[2]), `--csv` and
    `--repeat` (each repeat spends the budget again; for tests). Its PLAN literal is
    `script_plan(rows, protection)`, the OpenDP script's; BUDGET holds each statistic's (epsilon,
    delta) in the same order. Rows with a `problem` are left out. Raises DPError("nothing_to_release")
    when no row is left and DPError("engine_backend") for another backend.
    """
    if backend not in BACKENDS:
        raise DPError("engine_backend", backend=backend)
    budget = script_budget(rows)
    return scripts.fill("pipelinedp_job", {
        "CSV_FILE": safe_file_name(csv_name),
        "ID_COLUMN": protection.id_column,
        "ROWS_PER_PERSON": int(protection.factor),
        "BACKEND": backend,
        "TOTAL_EPSILON": float(sum(e for e, _ in budget)),
        "PLAN": script_plan(rows, protection),
        "BUDGET": budget,
    })
