"""The ``table`` battle system: fought off the computer, the GM enters the outcome."""
