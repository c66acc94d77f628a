"""Where a SIDCORS force that retreats goes (issue 12): it leaves by the V13 ending
(V13.514 / V13.614 read for SIDCORS): its owner chooses a direction out of the Battle Hex
toward a neighbouring sector joined by a lane, and the force's next Strategic Movement Point
must take it out of the hex that way (written back as the units' forced strategic direction).

The choice shows each way as the shared screen may tell it (friendly, neutral or hostile, a
hostile force there, units the rules keep secret not counted). With no lane out, the force
still retreats and the GM moves it (logged).
"""
from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any, Protocol

from hexmap import Facing
from rules.battlehex.log import EventLog, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Status
from rules.strategic.neighbours import NeighbourSector
from rules.systems.sidcors import force as fz
from rules.systems.sidcors.force import SUnit

R_RETREAT = "SIDCORS Combat in Rounds (retreat: V13.614)"


class Retreating(Protocol):
    """What :func:`retreat` reads of the SIDCORS engine."""

    round: int
    log: EventLog
    units: dict[str, list[SUnit]]
    neighbours: dict[str, list[NeighbourSector]]

    def name(self, team: str) -> str:
        """``team``'s name."""
        ...


def ways_out(neighbours: Sequence[NeighbourSector]) -> list[NeighbourSector]:
    """The directions a force may retreat by: a sector on the map, joined by a lane."""
    return [n for n in neighbours if n.at is not None and n.lane_open]


def retreat(e: Retreating, team: str) -> Generator[Question, Any, None]:
    """Ask ``team`` its direction (when it has a way out), then retreat every unit of it that can."""
    ways = ways_out(e.neighbours.get(team, []))
    direction: Facing | None = None
    if ways:
        direction = Facing[(yield _question(e, team, ways))]
    for u in fz.alive(e.units[team]):
        if u.can_retreat:
            u.b.status, u.b.forced_direction = Status.RETREATED, direction
    way = next((w for w in ways if w.facing is direction), None)
    e.log.add("ruling", R_RETREAT, f"{e.name(team)} retreats " + (
        f"toward {way.at} (direction {way.facing.name}): its next Strategic Movement Point must take it out of the "
        "hex that way" if way else "with no lane out of the hex: the GM moves it"), {"team": team})


def _question(e: Retreating, team: str, ways: list[NeighbourSector]) -> Question:
    names = [w.facing.name for w in ways]

    def check(a: Any) -> str:
        if not isinstance(a, str) or a not in names:
            raise IllegalAnswer(R_RETREAT, f"{e.name(team)} retreats toward a sector joined by a lane: direction "
                                           f"{', '.join(names)}, not {shown(a)}")
        return a
    return Question(f"sidcors/{e.round}/direction/{team}", QKind.CHOOSE, team, R_RETREAT,
                    f"{e.name(team)}: your force retreats; by which direction does it leave the hex? (its next "
                    "Strategic Movement Point must take it that way)", tuple(names),
                    data={"option_words": {w.facing.name: w.describe() for w in ways}}, check=check)
