"""The Local DP page's tabs: the oracles, which to choose, post-processing, RAPPOR, central, shuffling, poisoning."""
