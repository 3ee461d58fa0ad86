"""The floor page stepped in the browser, for bench_browser: the same sidebar, chart and sentence as
`bench/floor_app.py`, but epsilon is a Vega-Lite parameter bound to a range input under the chart,
and the chart holds the noisy counts for every epsilon of the grid. A key press on that input
redraws the chart (and the sentence, its subtitle) in the browser: no rerun, no message.

It measures what a step could cost if a page moved its chart itself (the decision asked of the CEO
in the notes); no page of the app works this way yet. The address follows the input: a small
component writes `?floor_eps=<grid index>` with `history.replaceState` (no rerun), and the page
opens at the index the address holds. The server itself does not learn a moved epsilon, so sentences
outside the chart, tables and downloads could not follow it.
"""

from __future__ import annotations

import numpy as np
import pyarrow as pa
import streamlit as st

from bench.floor_app import BINS, CHANGED, LABELS, NEIGHBOUR_SHIFT, TRUE, sentence
from dpcore.limits import EPSILON_GRID
from ui.charts.histogram import paired_histograms
from ui.page import start_page

PARAM = "floor_eps"
# Writes the value of a range input found by `selector` into the address as `param`, on every input.
ADDRESS = st.components.v2.component("dpx_bench_address", html="<span></span>", js="""
export default function ({ data }) {
  const write = (event) => {
    if (!event.target.closest || !event.target.closest(data.selector)) return;
    const url = new URL(window.location.href);
    url.searchParams.set(data.param, event.target.value);
    window.history.replaceState(window.history.state, "", url);
  };
  document.addEventListener("input", write, true);
  return () => document.removeEventListener("input", write, true);
}
""")

start_page("Floor of a page, stepped in the browser")
noise = np.random.default_rng(1).laplace(0.0, 1.0, (2, len(TRUE)))
frames = []
for i, epsilon in enumerate(EPSILON_GRID):  # the same draw of noise, scaled to each epsilon
    bars = paired_histograms(BINS, TRUE + noise[0] / epsilon, TRUE - NEIGHBOUR_SHIFT + noise[1] / epsilon,
                             CHANGED, LABELS)["datasets"]["bars"]
    frames.append(bars.append_column("i", pa.array([i] * bars.num_rows)))
spec = paired_histograms(BINS, TRUE, TRUE, CHANGED, LABELS)
spec["datasets"]["bars"] = pa.concat_tables(frames)
spec["layer"][1]["transform"] = [{"filter": "datum.i == eps"}]
asked = st.query_params.get(PARAM, "")
start = int(asked) if asked.isdigit() and int(asked) < len(EPSILON_GRID) else EPSILON_GRID.index(1.0)
spec["params"] = [
    {"name": "eps", "value": start,
     "bind": {"input": "range", "min": 0, "max": len(EPSILON_GRID) - 1, "step": 1, "name": "ε (step of the grid) "}},
    {"name": "sentences", "value": [sentence(epsilon) for epsilon in EPSILON_GRID]},
]
spec["title"]["subtitle"] = {"expr": "sentences[eps]"}
st.container(key="floor_client").vega_lite_chart(spec=spec, key="floor_client_fig", width="stretch")
ADDRESS(key="floor_address", data={"selector": ".st-key-floor_client .vega-bind", "param": PARAM}, height=0)
