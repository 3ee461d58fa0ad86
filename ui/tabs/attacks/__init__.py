"""The Attacks page's five tabs: differencing, averaging, Table 6-3, the defences, reconstruction."""
