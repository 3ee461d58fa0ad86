"""Views of the Audit page: a frozen Settings, a frozen View and a pure compute."""
