"""Seed 004's empire turn outside combat (issue 23): tech, diplomacy, morale and census.

Each module computes one section of the seed as pure functions over small values, every
number exact (``Fraction``) with the parts that made it, so the engine can log them and the
sheets can show them. The campaign turn's procedures (questions, answers, log) call these.
"""
