"""The sector beyond a tactical facing and what it means for a Team (A-46, A-47, A-49).

For a battle in sector S and a facing X, the neighbouring sector in direction X; from a
Team's point of view it is *friendly* (owned by that Team), *hostile* (owned by a Team it may
fight: A-47 for third parties), or *neutral* (owned by no Team, or by one it may not fight).
Whether a hostile force is there (monsters, aliens, enemy units, deployed Orions) is reported
separately; V13.514/614 and V13.82x read both.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from hexmap import Facing, Label
from rules.strategic.battle_hex import is_independent_orion, table_units, units_by_team
from rules.strategic.state import StrategicState


class Stance(str, Enum):
    FRIENDLY = "friendly"
    NEUTRAL = "neutral"
    HOSTILE = "hostile"
    OFF_MAP = "off map"


@dataclass(frozen=True, slots=True)
class NeighbourSector:
    """The sector beyond a facing as one Team sees it."""

    facing: Facing
    at: Label | None
    stance: Stance
    owner: str | None
    hostile_units: tuple[str, ...]
    lane_open: bool

    @property
    def hostile_force(self) -> bool:
        return bool(self.hostile_units)

    def describe(self) -> str:
        if self.at is None:
            return f"{self.facing.name}: off the map"
        force = f", hostile force present ({len(self.hostile_units)} units)" if self.hostile_units else ""
        lane = "" if self.lane_open else ", lane closed"
        return f"{self.facing.name}: {self.at} {self.stance.value}{force}{lane}"


def sector_toward(state: StrategicState, at: Label, facing: Facing, team_id: str,
                  table: bool = False) -> NeighbourSector:
    """The sector in direction ``facing`` from ``at`` and its classification for ``team_id``;
    with ``table``, as the shared screen may say it: units the rules keep secret from the other
    teams (V13.03 incidental, V13.29 cloaked) are not counted in a hostile force."""
    teams = {t.id: t for t in state.campaign.teams}
    me = teams[team_id]
    nb = state.graph.toward(at, facing)
    if nb is None:
        return NeighbourSector(facing, None, Stance.OFF_MAP, None, (), False)
    owner = state.owner(nb)
    owner_team = state.team_of(owner)
    if owner_team is None:
        stance = Stance.NEUTRAL
    elif owner_team.id == team_id:
        stance = Stance.FRIENDLY
    elif state.dip.teams_may_fight(me, owner_team):
        stance = Stance.HOSTILE
    else:
        stance = Stance.NEUTRAL
    hostile: list[str] = []
    for tid, units in units_by_team(state, nb).items():
        if table:
            units = table_units(units)
        if tid != team_id and state.dip.teams_may_fight(me, teams[tid]):
            hostile.extend(u.id for u in units)
        elif tid != team_id and teams[tid].is_orion_pirates:
            hostile.extend(u.id for u in units if is_independent_orion(u))
    return NeighbourSector(facing, nb, stance, owner, tuple(hostile), state.graph.has_lane(at, nb))


def neighbourhood(state: StrategicState, at: Label, team_id: str, table: bool = False) -> list[NeighbourSector]:
    """All six directions from ``at`` for ``team_id``, A to F (``table``: the shared screen's view)."""
    return [sector_toward(state, at, f, team_id, table) for f in Facing]
