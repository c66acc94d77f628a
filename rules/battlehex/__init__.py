"""The Battle Hex machinery every battle system shares: questions, the event log, what an answer
changed, checkpoints, fleet composition at set-up, the roster and state, the write-back, the
dice systems' run and replay points, and ``main.py battle``."""
