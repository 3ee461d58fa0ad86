"""The attacker's-view page's parts: posterior bounds, exact posteriors, privacy loss, hypothesis tests, a game."""
