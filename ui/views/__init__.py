"""Every tab of every page has one shape: `compute(settings) -> View`, then `draw(view)`.

- `ui/views/<page>/<tab>.py` holds, for one tab (or one part of it that a slider reruns on its
  own): a frozen `Settings` dataclass (plain values the tab's widgets produced, and any data-derived
  inputs such as a histogram's counts), a frozen `View` dataclass (the numbers, the sentences
  already formatted, and the Vega-Lite specs from `ui.charts`), and a pure `compute(settings)`.
  These modules never import streamlit (tests/unit/test_layering.py checks), so every `compute` is
  unit tested directly, without AppTest.
- The tab's module (`ui/tabs/<page>/<tab>.py`): its widgets produce `Settings`, `compute` makes the
  `View`, and a short draw places its elements, in one burst (the browser redraws once per batch of
  elements). A draw holds no logic and no DP math. The page file lists its tabs.
- Where a slider should rerun only what it moves, its widgets, compute and draw form one
  `st.fragment`, placed right above or beside the chart it moves.
"""
