"""Views of the Machine learning page: a frozen Settings, a frozen View and a pure compute;
`experiment` trains and attacks the grid they read."""
