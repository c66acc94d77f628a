"""Seed 004, Turn Orders and Construction Completion: what building, repairing, scrapping and
improving cost, and which ordered projects a planet or shipyard completes this turn.

How the seed's words are read (docs/economy.md):

* Construction capacity is the builder's output (utilized Productivity x RAW) and its dock
  spaces its utilized Productivity; a ship (new, repaired or reactivated from mothballs) takes one
  dock space, flights, bases, DEFSATs, mines and ground units none.
* Projects are completed in the order the player ranks them; one that no longer fits the
  capacity or the docks left is delayed to the next Construction Completion ("The player can
  choose which projects are delayed"), and later, smaller ones may still fit. Ground units
  "cannot be partially constructed": at most Census of them a turn at a planet.
* Repairs cost 25% of the original cost (bases, atmospheric ships and fixed defences 25% per
  damage level); scrapping returns 50% of the original cost, cancelling 50% of what was spent.
* Productivity costs ten times the new value, one point per planet per turn.
* A base built outside the building planet's orbit needs one Transport Fleet per 10 economic
  points spent (rounded up).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

CONSTRUCTION = "004 Construction Completion Phase"
TURN_ORDERS = "004 Turn Orders Phase"
UPDATE_ASSET = "004 Update Asset Phase"
REPAIR_SHARE = Fraction(1, 4)
SCRAP_SHARE = Fraction(1, 2)
PRODUCTIVITY_FACTOR = 10
POINTS_PER_TRANSPORT = 10


def repair_cost(original_cost: Fraction, damage_levels: int = 1) -> Fraction:
    """25% of the unit's original cost, per damage level for bases and fixed defences."""
    if original_cost < 0 or damage_levels < 1:
        raise ValueError(f"a repair needs a cost >= 0 and at least one damage level ({original_cost}, {damage_levels})")
    return REPAIR_SHARE * Fraction(original_cost) * damage_levels


def scrap_refund(original_cost: Fraction) -> Fraction:
    """Scrapping returns 50% of the unit's original cost."""
    if original_cost < 0:
        raise ValueError(f"a cost is not negative ({original_cost})")
    return SCRAP_SHARE * Fraction(original_cost)


def cancel_refund(spent: Fraction) -> Fraction:
    """Cancelling a construction begun returns 50% of what was spent on it."""
    if spent < 0:
        raise ValueError(f"what was spent is not negative ({spent})")
    return SCRAP_SHARE * Fraction(spent)


def productivity_cost(current: int, new: int) -> int:
    """Buying Productivity: ten times the new value, one point per planet per turn."""
    if new != current + 1:
        raise ValueError(f"Productivity rises by one point a turn ({current} -> {new})")
    return PRODUCTIVITY_FACTOR * new


def transport_fleets_for_base(points: Fraction, in_orbit: bool) -> int:
    """Transport Fleets a base needs: none in the building planet's orbit, else one per 10 points."""
    if in_orbit or points <= 0:
        return 0
    return int(-(-Fraction(points) // POINTS_PER_TRANSPORT))


class Kind(Enum):
    """What is built, and whether it takes a dock space."""

    SHIP = ("ship", True)
    REPAIR = ("repair of a ship", True)
    REACTIVATION = ("reactivation from mothballs", True)
    FLIGHT = ("flight", False)
    BASE = ("base, DEFSAT or mine", False)
    BASE_REPAIR = ("repair of a base or fixed defence", False)
    GROUND = ("ground unit", False)

    @property
    def text(self) -> str:
        """Its name in words."""
        return str(self.value[0])

    @property
    def dock(self) -> bool:
        """It takes a dock space while built."""
        return bool(self.value[1])


@dataclass(frozen=True)
class Project:
    """One ordered project at a builder: its name, kind and the capacity it takes."""

    name: str
    kind: Kind
    cost: Fraction


@dataclass(frozen=True)
class Completion:
    """A builder's Construction Completion: what is done, what waits, and the lines for the log."""

    done: tuple[Project, ...]
    delayed: tuple[Project, ...]
    lines: tuple[str, ...]


def complete(projects: Sequence[Project], capacity: int, docks: int, census: int) -> Completion:
    """The projects done this turn at a builder, in the player's order, within ``capacity``,
    ``docks`` and (ground units) ``census``; the rest delayed."""
    left, docks_left, ground_left = Fraction(capacity), docks, census
    done: list[Project] = []
    delayed: list[Project] = []
    lines: list[str] = []
    for p in projects:
        if p.cost < 0:
            raise ValueError(f"{p.name}: a cost is not negative ({p.cost})")
        why = ""
        if p.cost > left:
            why = f"needs {p.cost} of capacity, {left} left"
        elif p.kind.dock and docks_left < 1:
            why = "no dock space left"
        elif p.kind is Kind.GROUND and ground_left < 1:
            why = f"the Census ({census}) limits ground units raised this turn"
        if why:
            delayed.append(p)
            lines.append(f"{p.name} ({p.kind.text}) delayed: {why}")
            continue
        left -= p.cost
        docks_left -= 1 if p.kind.dock else 0
        ground_left -= 1 if p.kind is Kind.GROUND else 0
        done.append(p)
        lines.append(f"{p.name} ({p.kind.text}) completed: {p.cost} of capacity")
    return Completion(tuple(done), tuple(delayed), tuple(lines))
