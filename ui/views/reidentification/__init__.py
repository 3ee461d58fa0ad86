"""The Re-identification page's parts: who is unique, the linkage attack, and the same attack on a DP release."""
