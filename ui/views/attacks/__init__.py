"""The Attacks page's views, one module per part a slider reruns on its own: `differencing` (the
exact attack) and `noisy_differencing`, `count_query` (the count under attack) and `averaging`,
`table` (the course's Table 6-3), `defence`; `common` holds what Averaging and Defence share."""
