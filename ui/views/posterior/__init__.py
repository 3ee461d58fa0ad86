"""The attacker's-view page, one module per part: `setup` (the pair and the mechanism's caption),
`bounds`, `mechanism`, `loss` (privacy loss, then delta read at a chosen epsilon), `testing` and
`game` (one round a person plays, then the simulated benchmark). Each is `compute(settings) -> View`."""
