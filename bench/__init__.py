"""Benchmarks that print figures; never asserted in tests."""
