"""Fleet composition (seed 004, Combat Phase): which of a side's units may fight a battle.

The campaign setting ``fleet_composition`` picks the system: ``bpv`` (BPV Capacity, the
seed's system for encounters), ``big_ships``, ``flexible`` (Flexible Command) or ``none``.
Pure functions, no Qt, no I/O. A battle procedure, for each side:

1. ``fleet = members_in(campaign, at, powers)``; the flagship is the owner's choice among
   ``flagship_candidates(fleet, system)``;
2. ``q = must_exclude(fleet, flagship, system, year)``: ``None`` when every unit fits; else
   ask the flagship's owner which of ``q.choosable`` stay out (``q.verdict`` shows cap, used
   and each unit's line);
3. ``v = legal_exclusion(fleet, flagship, system, answer, year)``: ``v.ok``, or
   ``v.problems`` name the broken rules; ``v.excluded`` stay out, ``v.inactive`` are fixed
   units present but inactive. ``proposed_exclusion(fleet, flagship, system, q.choosable, year)``
   gives a legal answer for the question to open at (or ``None`` when none is legal).
"""
from __future__ import annotations

from rules.composition.check import (
    PLANET,
    Exclusion,
    check,
    flagship_candidates,
    legal_exclusion,
    members_in,
    must_exclude,
    proposed_exclusion,
)
from rules.composition.common import Line, Member, System, Verdict, members

__all__ = ["PLANET", "Exclusion", "Line", "Member", "System", "Verdict", "check", "flagship_candidates", "legal_exclusion",
           "members", "members_in", "must_exclude", "proposed_exclusion"]
