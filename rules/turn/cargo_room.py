"""Cargo room: what a fleet may carry and what its losses take (seed 004 Movement Phase, Units:
Assault). The readings are :mod:`rules.turn.cargo`'s."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from rules.errors import RuleError
from rules.model.campaign import Fleet
from rules.model.turn_model import CARGO_SIZE, Cargo, CargoKind, FleetKind
from rules.model.units import Unit, UnitFate

MOVEMENT = "004 Movement Phase"
GROUND = (CargoKind.GROUND_UNIT, CargoKind.MARINES)


@dataclass(frozen=True)
class Rooms:
    """A fleet's cargo room in Supply rating: ``ground`` for ground units only (Assault units by
    their cost), ``shared`` for anything (a Transport Fleet, an Assault unit without a cost),
    ``other`` for anything but ground units."""

    ground: int
    shared: int
    other: int


def active(u: Unit) -> bool:
    """Not destroyed, captured, Lost or otherwise gone."""
    return not u.destroyed and not u.captured and u.fate is UnitFate.ACTIVE


def assault_room(u: Unit) -> int:
    """Seed 004 Assault: the ground units ``u`` carries, floor(cost), as Supply rating (10 each);
    0 without the trait or a cost."""
    return int(u.cost) * CARGO_SIZE[CargoKind.GROUND_UNIT] if u.assault and u.cost is not None else 0


def carrying(u: Unit) -> bool:
    """Whether ``u`` still carries cargo: it has a Supply rating or an Assault room and is not lost."""
    return (u.supply_rating > 0 or assault_room(u) > 0) and active(u)


def rooms(fleet: Fleet) -> Rooms:
    """The fleet's carrying units' rooms combined (seed 004: "Small ships can combine their supply ratings")."""
    ground = shared = other = 0
    for u in fleet.units:
        if not carrying(u):
            continue
        ground += assault_room(u)
        if fleet.kind is FleetKind.TRANSPORT or (u.assault and u.cost is None):
            shared += u.supply_rating
        else:
            other += u.supply_rating
    return Rooms(ground, shared, other)


def capacity(fleet: Fleet) -> int:
    """The fleet's cargo capacity: every room combined."""
    r = rooms(fleet)
    return r.ground + r.shared + r.other


def ground_capacity(fleet: Fleet) -> int:
    """The part of the capacity that may carry ground units and marines."""
    r = rooms(fleet)
    return r.ground + r.shared


def used(fleet: Fleet) -> int:
    """The Supply rating the fleet's cargo takes."""
    return sum(c.needs for c in fleet.cargo)


def fits(fleet: Fleet, extra: Iterable[Cargo] = ()) -> str | None:
    """Why the fleet's cargo plus ``extra`` does not fit, or ``None`` when it does."""
    load = [*fleet.cargo, *extra]
    total, ground = sum(c.needs for c in load), sum(c.needs for c in load if c.kind in GROUND)
    r = rooms(fleet)
    if ground > r.ground + r.shared:
        return (f"ground units need {ground} of a Transport Fleet's Supply rating or Assault units' room; "
                f"{fleet.name} has {r.ground + r.shared}")
    if total - ground > r.shared + r.other:
        return (f"the cargo other than ground units needs a Supply rating of {total - ground}; "
                f"{fleet.name} has {r.shared + r.other} for it")
    if total > r.ground + r.shared + r.other:
        return f"the cargo needs a Supply rating of {total}; {fleet.name} has {r.ground + r.shared + r.other}"
    return None


def after_losses(fleet: Fleet, lost_unit_ids: Iterable[str]) -> tuple[Fleet, list[Cargo]]:
    """The fleet with the cargo its losses took, and that lost cargo.

    Raises:
        RuleError: a lost unit is not in the fleet.
    """
    lost = set(lost_unit_ids)
    ids = {u.id for u in fleet.units}
    unknown = sorted(lost - ids)
    if unknown:
        raise RuleError(MOVEMENT, f"{', '.join(unknown)} not in fleet {fleet.name}")
    if not any(u.id in lost and (u.supply_rating > 0 or assault_room(u) > 0) for u in fleet.units):
        return fleet.model_copy(deep=True), []
    gone = [c.model_copy(deep=True) for c in fleet.cargo]
    return fleet.model_copy(deep=True, update={"cargo": []}), gone
