"""V13's panel: the floating tactical map, set-up and combat controls."""
