"""The Randomized response page's tabs: the coin protocol, the book's example, a column, local versus central."""
