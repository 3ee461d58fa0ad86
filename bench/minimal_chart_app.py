"""The reference of a start: one slider and one Vega-Lite chart, nothing else (bench_start)."""

import streamlit as st

value = st.slider("Value", 0, 100, 50, key="value")
st.vega_lite_chart({"data": {"values": [{"x": i, "y": i * value} for i in range(10)]},
                    "mark": "line", "encoding": {"x": {"field": "x", "type": "quantitative"},
                                                 "y": {"field": "y", "type": "quantitative"}}})
