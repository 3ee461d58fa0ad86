"""The report that goes with a downloaded synthetic table: how it was made, what it cost, and on
which public (declared) domains, in the spirit of the planner's release report. Never a real value."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from dpcore.provenance import package_versions
from dpcore.synthetic import ColumnDomain, SynthesisResult
from ui.text.synthetic import TEXT

LIBRARIES = ("opendp", "mbi", "jax", "numpy", "pandas")


def _domain(d: ColumnDomain) -> dict[str, Any]:
    record: dict[str, Any] = {"column": d.column, "labels": list(d.labels)}
    if d.numeric:
        record["bounds"] = {"lower": float(d.bins.lower), "upper": float(d.bins.upper)}  # type: ignore[union-attr]
    return record


def report_json(result: SynthesisResult, seed: int, made_at: datetime) -> str:
    """JSON: the method, the unit of protection (one row), the budget asked and spent (after any
    retry of OpenDP issue 2789), the declared domains, the measured pairs, the rows (a public choice)
    and the seed of the sampling, and the library versions. No count of the real table's rows."""
    report = {
        "report": "DP Explorer synthetic data report",
        "made_at": made_at.isoformat(),
        "note": TEXT["report_note"],
        "method": "MST (McKenna, Miklau & Sheldon 2021) through OpenDP's opendp.extras.mbi and Private-PGM",
        "unit_of_protection": {"unit": "one row", "neighbours": "add or remove one row"},
        "budget": {"epsilon_requested": result.epsilon, "epsilon_spent": result.epsilon_spent,
                   "delta": result.delta, "rho_spent": result.rho_spent, "attempts": result.attempts,
                   "noise": "Laplace (pure epsilon)" if result.delta == 0 else "Gaussian (zero-concentrated DP)"},
        "domains": [_domain(d) for d in result.domains],
        "measured_pairs": [list(pair) for pair in result.cliques],
        "rows": len(result.table),
        "rows_source": "chosen by the user, a public setting; never the real table's number of rows",
        "sampling": {"seed": seed, "rows_redrawn_off_the_domain": result.rejected_rows},
        "versions": package_versions(LIBRARIES),
    }
    return json.dumps(report, indent=2, ensure_ascii=False, allow_nan=False)
