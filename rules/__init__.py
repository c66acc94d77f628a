"""The rules engine of BattleHex: pure Python, no Qt. Procedures, dice, tables, campaign data."""
