"""Views of the Synthetic data page, one module per tab: a frozen Settings, a frozen View and a pure compute."""
