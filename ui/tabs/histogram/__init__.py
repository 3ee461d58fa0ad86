"""The Histogram & neighbour page's parts: the release of a histogram and its neighbour, and the zoo experiment."""
