"""The Exponential mechanism page's tabs: the sports vote, pumpkin pricing, a column's private mode."""
