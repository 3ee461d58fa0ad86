"""DP Explorer core: the pure differential-privacy library (no UI, no plotting)."""
