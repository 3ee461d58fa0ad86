"""The Synthetic data page's parts: the six pupils, MST on many columns, the trade-off across ε, and the lesson."""
