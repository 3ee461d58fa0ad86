"""Views of the Local DP page, one module per tab: a frozen Settings, a frozen View and a pure compute."""
