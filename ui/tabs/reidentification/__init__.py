"""The Re-identification page's three parts: who is unique, the linkage attack, the same attack on a DP release."""
