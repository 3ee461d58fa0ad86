"""Figure builders: plain data in, plotly figure out. No streamlit calls, so they are testable."""
