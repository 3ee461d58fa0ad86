"""DP synthetic data (course chapter 6.5.3, issue 13): the one-column noisy histogram
(`synthesize_histogram`), many columns with MST through OpenDP (`mst_synthesize`), and utility
measures against baselines. OpenDP and mbi are imported only inside `mst_synthesize`.
"""

from dpcore.synthetic.domains import (
    MAX_SYNTHETIC_COLUMNS,
    ColumnDomain,
    column_domain,
    declared_domains,
    decode,
    encode,
    sizes_of,
)
from dpcore.synthetic.histogram import (
    MAX_SYNTHETIC_ROWS,
    HistogramSynthesis,
    draw_probability,
    histogram_steps,
    synthesize_histogram,
)
from dpcore.synthetic.mst import STAGES, SynthesisResult, mst_synthesize, resample
from dpcore.synthetic.utility import (
    LessonCurves,
    MarginalErrors,
    answer_workload,
    correlation_matrix,
    counting_workload,
    half_sample,
    independent_baseline,
    interactive_vs_synthetic,
    marginal,
    marginal_errors,
    tvd,
    workload_error,
)

__all__ = [
    "MAX_SYNTHETIC_COLUMNS", "MAX_SYNTHETIC_ROWS", "STAGES", "ColumnDomain", "HistogramSynthesis",
    "LessonCurves", "MarginalErrors", "SynthesisResult", "answer_workload", "column_domain",
    "correlation_matrix", "counting_workload", "declared_domains", "decode", "draw_probability", "encode",
    "half_sample", "histogram_steps", "independent_baseline", "interactive_vs_synthetic", "marginal",
    "marginal_errors", "mst_synthesize", "resample", "sizes_of", "synthesize_histogram", "tvd", "workload_error",
]
