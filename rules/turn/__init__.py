"""The campaign turn of seed 004 beyond movement: the Combat Phase's sub-phases (issue 13)."""
