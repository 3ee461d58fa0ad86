"""Streamlit-facing helpers shared by the pages."""
