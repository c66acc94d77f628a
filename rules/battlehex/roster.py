"""Who is in the battle: every unit of the Battle Hex with its Team, its role and its
place on the tactical plane (V13.13, V13.14, V13.471)."""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from hexmap import Facing, Hex
from rules.model.campaign import Campaign, Fleet, Team
from rules.model.records import BattleHexRecord
from rules.model.turn_model import EncounterState
from rules.model.units import OrionStatus, Unit, UnitKind
from rules.strategic.lost import EvasionLoss
from rules.strategic.state import StrategicState


class Role(str, Enum):
    ATTACKER = "attacker"
    DEFENDER = "defender"
    ORION = "independent"
    MONSTER = "monster"


class Status(str, Enum):
    PRESENT = "present"
    WITHDRAWN = "withdrawn before combat"
    UNMANNED = "left behind, unmanned"
    DISENGAGED = "disengaged"
    RETREATED = "retreated"
    DISORGANIZED = "disorganized withdrawal"
    EVADED = "sub-light evasion"
    LEFT = "left the battle"
    DESTROYED = "destroyed"
    CAPTURED = "captured"
    OUT = "kept out of the battle (fleet composition)"



SMALL_CRAFT = {UnitKind.FIGHTER, UnitKind.SHUTTLE, UnitKind.PF}
BASES_FOR_APPROACH = {UnitKind.STARBASE, UnitKind.BASE_STATION, UnitKind.BATTLE_STATION, UnitKind.FRD,
                      UnitKind.MOBILE_BASE}


@dataclass
class BUnit:
    """One unit in the battle."""

    unit: Unit
    team: str
    role: Role
    fleet: str | None
    status: Status = Status.PRESENT
    approach: bool = False
    pos: Hex | None = None
    facing: Facing | None = None
    speed: int | None = None
    docked: bool = False
    poor: bool = False
    crippled: bool = False
    initial_facing: Facing | None = None
    exit_impulse: int | None = None
    exit_sides: frozenset[str] = frozenset()
    forced_direction: Facing | None = None
    under_fire: bool = False
    method: str = ""
    counter: object | None = None
    destination: str | None = None
    outcome: str = ""
    lost_turns: int = 0
    lost_by: EvasionLoss | None = None
    """A Lost sub-light evader: the rule that made it Lost (V13.953 / V13.963 in a nebula, whose
    empty-space step comes after the lost time; V13.91x otherwise)."""
    extra_damage: int = 0
    """Internal hits taken after the battle (sub-light evasion terrain, V13.954x-V13.967x; a
    Lost crippled Rear Guard unit, V13.753), written back to the campaign."""
    crew_lost: int = 0
    """Crew units lost after the battle (V13.753: 20% of the normal complement, rounded up)."""
    moved: tuple[int, int] = (0, 0)
    """(absolute impulse of its last move, hexes moved in that tactical turn): what a move
    preview weighs against the unit's speed and how far beyond the region a move may end."""

    @property
    def id(self) -> str:
        return self.unit.id

    @property
    def name(self) -> str:
        return self.unit.name

    @property
    def present(self) -> bool:
        return self.status is Status.PRESENT

    @property
    def at(self) -> Hex:
        """Where a placed unit stands (``pos`` for code that only sees placed units)."""
        assert self.pos is not None, f"{self.name} is not on the map"
        return self.pos

    @property
    def faces(self) -> Facing:
        """The facing of a placed unit (``facing`` for code that only sees placed units)."""
        assert self.facing is not None, f"{self.name} has no facing yet"
        return self.facing

    @property
    def left_at(self) -> int:
        """The impulse a unit that has left the map left it (``exit_impulse``, known by then)."""
        assert self.exit_impulse is not None, f"{self.name} has not left the map"
        return self.exit_impulse

    @property
    def is_crippled(self) -> bool:
        return self.crippled or self.unit.crippled

    @property
    def aboard(self) -> bool:
        """Fighters and PFs carried by their carrier or tender."""
        return self.unit.carrier_id is not None

    @property
    def sublight(self) -> bool:
        return self.unit.native_sublight or self.unit.warp_engines_dropped

    @property
    def incidental(self) -> bool:
        return self.unit.is_incidental

    @property
    def is_base(self) -> bool:
        return self.unit.kind.is_base

    @property
    def strategic_capable(self) -> bool:
        u = self.unit
        return u.strategic_movement_capable and not u.kind.is_base and not self.sublight

    @property
    def player_unit(self) -> bool:
        """Not an Auxiliary or Incidental unit (V13.23)."""
        return not (self.unit.is_auxiliary or self.unit.is_incidental)

    @property
    def crew_poor(self) -> bool:
        return self.poor or self.unit.crew_quality.value == "poor"

    @property
    def leased_orion(self) -> bool:
        return self.unit.orion_status is OrionStatus.LEASED


def role_of(team: Team, record: BattleHexRecord) -> Role:
    """A GM-controlled team is monsters/aliens whatever the record says (V13.471)."""
    if team.gm_controlled:
        return Role.MONSTER
    if team.id == record.attacker:
        return Role.ATTACKER
    if team.id == record.defender:
        return Role.DEFENDER
    return Role.ORION


def lane_fleets(campaign: Campaign, record: BattleHexRecord) -> list[Fleet]:
    """The fleets of a meeting between sectors (seed 004): stopped on the lane ``at``-``between``."""
    ends = {record.at, record.between}
    return [f for f in campaign.fleets if f.in_transit_to is not None and {f.sector, f.in_transit_to} == ends]


def parties(record: BattleHexRecord) -> tuple[str, ...]:
    """The Teams taking part in the battle of ``record``, each once: its attacker and defender, and
    in a Battle Hex V13.11 formed (``encounter`` v13) the further Teams present there (independent
    Orions, monsters: V13.11 "two (or more) different Teams", V13.450, V13.470).

    A meeting of seed 004's Encounters Phase is between two sides only: "Encounters occur when
    fleets from different powers are in the same system", each decided between an Attacker and a
    Defender (the seed's table of demands), and a third power in the sector has its own meeting
    with each Team it may fight (INTERPRETATIONS 21: "the remaining pairs meet"), fought as its own
    scenario ("Scenarios are resolved in the Space Combat Phase, which can happen multiple times in
    a system"). Powers fighting together on one side are one Team (the seed's "mixed-empire
    fleets ... allied together"). So a third Team in such a record (``others``, as a file written
    before the Encounters Phase cleared it holds) is no party to it: its losses are entered in its
    own meetings, never twice (issue 25 at 0703 of the default campaign)."""
    extra = record.others if record.encounter is EncounterState.V13 else []
    return tuple(dict.fromkeys([record.attacker, record.defender, *extra]))


def build_roster(campaign: Campaign, state: StrategicState, record: BattleHexRecord) -> dict[str, BUnit]:
    """Every active unit in the Battle Hex of a team taking part (V13.13, :func:`parties`); a Leased
    Orion unit is its lessee's (V13.451)."""
    teams = {t.id: t for t in campaign.teams}
    taking = set(parties(record))
    out: dict[str, BUnit] = {}
    keep = set(record.participants)
    sec = state.sectors.get(record.at) if record.between is None else None  # between sectors: no fixed units
    if sec is not None and sec.owner is not None:
        team = state.team_of(sec.owner)
        if team is not None and team.id in taking:
            for u in sec.garrison:
                if not u.destroyed:
                    out[u.id] = BUnit(u, team.id, role_of(team, record), None)
    for f in state.fleets_at(record.at) if record.between is None else lane_fleets(campaign, record):
        team = state.team_of(f.power)
        for u in f.units:
            # V13.451: a Leased Orion unit belongs to the Team that paid the Lease, whatever fleet holds it
            tid = u.lessee_team if u.orion_status is OrionStatus.LEASED and u.lessee_team else \
                team.id if team is not None else None
            if tid is not None and tid in taking and not u.destroyed:
                out[u.id] = BUnit(u, tid, role_of(teams[tid], record), f.id)
    if keep:  # a pursuit battle: only the units that meet (V13.748)
        out = {k: v for k, v in out.items() if k in keep or v.unit.carrier_id in keep}
    return out
