"""The Audit page's one part: a mechanism tested from its outputs."""
