"""Chart builders: plain data in, a Vega-Lite spec out. No streamlit calls, so they are testable."""
