"""The reference page of bench_browser: one slider and one number, nothing else."""

import streamlit as st

value = st.slider("Value", 0, 100, 50, key="value")
st.write(f"Number: {value * 2}")
