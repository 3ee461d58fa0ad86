"""The floor page stepped in the browser, for bench_browser: the same sidebar, chart and sentence as
`bench/floor_app.py`, but epsilon is a Vega-Lite parameter bound to a range input under the chart,
and the chart holds the noisy counts for every epsilon of the grid. A key press on that input
redraws the chart (and the sentence, its subtitle) in the browser: no rerun, no message.

It measures what a step could cost if a page moved its chart itself (the decision asked of the CEO
in the notes); no page of the app works this way yet. What such a page gives up: epsilon is not in
the address, and the server does not know it (downloads, tables, sentences outside the chart).
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import streamlit as st

from bench.floor_app import BINS, LABELS, TRUE
from dpcore.limits import EPSILON_GRID
from ui.charts.histogram import paired_histograms
from ui.page import start_page

start_page("Floor of a page, stepped in the browser")
noise = np.random.default_rng(1).laplace(0.0, 1.0, (2, len(TRUE)))
frames = []
for i, epsilon in enumerate(EPSILON_GRID):  # the same draw of noise, scaled to each epsilon
    bars = paired_histograms(BINS, TRUE + noise[0] / epsilon, TRUE - [0, 1, 0, 0, 0] + noise[1] / epsilon,
                             [1], LABELS)["datasets"]["bars"]
    frames.append(bars.append_column("i", pa.array([i] * bars.num_rows)))
spec = paired_histograms(BINS, TRUE, TRUE, [1], LABELS)
spec["datasets"]["bars"] = pa.concat_tables(frames)
spec["layer"][1]["transform"] = [{"filter": "datum.i == eps"}]
sentences = [f"With ε = {e:g}, each count moves by about ±{1.0 / e:.1f} (Laplace noise)." for e in EPSILON_GRID]
spec["params"] = [
    {"name": "eps", "value": EPSILON_GRID.index(1.0),
     "bind": {"input": "range", "min": 0, "max": len(EPSILON_GRID) - 1, "step": 1, "name": "ε (step of the grid) "}},
    {"name": "sentences", "value": sentences},
]
spec["title"]["subtitle"] = {"expr": "sentences[eps]"}
st.vega_lite_chart(spec=spec, key="floor_client_fig", width="stretch")
