"""Units: every field the V13 rules read (RULES_MATRIX §3.1).

Only data lives here; the rules that read it live in their own modules. Fields of the other
seeds' tactical systems (STCS, B5, AF/EF blocks) are added when those systems are built.
"""
from __future__ import annotations

from enum import Enum

from pydantic import Field

from rules.model.types import FacingField, LabelField, Strict


class UnitKind(str, Enum):
    """What a unit is (V13.27/31/38/452/471, SIDCORS non-mobile units)."""

    SHIP = "ship"
    STARBASE = "starbase"
    BASE_STATION = "base_station"
    BATTLE_STATION = "battle_station"
    MOBILE_BASE = "mobile_base"
    FRD = "frd"
    GROUND_BASE = "ground_base"
    PLANET_DEFENSE = "planet_defense"
    DEFSAT = "defsat"
    FIGHTER = "fighter"
    PF = "pf"
    SHUTTLE = "shuttle"
    FREIGHTER = "freighter"
    CONVOY_SHIP = "convoy_ship"
    TUG = "tug"
    SUPPLY_SHIP = "supply_ship"
    MONSTER = "monster"
    ALIEN_SHIP = "alien_ship"
    OUTPOST = "outpost"

    @property
    def is_base(self) -> bool:
        return self in _BASES


_BASES = {UnitKind.STARBASE, UnitKind.BASE_STATION, UnitKind.BATTLE_STATION, UnitKind.MOBILE_BASE,
          UnitKind.GROUND_BASE, UnitKind.PLANET_DEFENSE, UnitKind.DEFSAT, UnitKind.OUTPOST}


class CrewQuality(str, Enum):
    """V13.414 / V13.28 crew quality."""

    POOR = "poor"
    NORMAL = "normal"
    OUTSTANDING = "outstanding"


class OrionStatus(str, Enum):
    """V13.16 / V13.451-455: how an Orion unit operates."""

    NONE = "none"
    INDEPENDENT = "independent"
    LEASED = "leased"
    TEAM = "team"


class UnitFate(str, Enum):
    """Where a unit stands after sub-light evasion and other V13.90 outcomes."""

    ACTIVE = "active"
    LOST = "lost"
    LOCATABLE = "locatable"
    AWAITING_RENDEZVOUS = "awaiting_rendezvous"
    MAROONED_ASTEROID = "marooned_asteroid"
    MAROONED_PLANETOID = "marooned_planetoid"
    CRASHED = "crashed"
    DESTROYED = "destroyed"
    CAPTURED = "captured"
    SCUTTLED = "scuttled"
    ABANDONED = "abandoned"


class Officers(Strict):
    """Officers' Ratings (may be zero or negative; a missing officer is Rating 0)."""

    captain: int = 0
    navigator: int = 0
    helmsman: int = 0
    chief_engineer: int = 0


class FEFactors(Strict):
    """F&E combat factors (SIDCORS): normal and crippled sides."""

    attack: int = 0
    defense: int | None = None
    fighters: int = 0
    c_attack: int = 0
    c_defense: int = 0
    c_fighters: int = 0
    has_crippled_side: bool = True


class TacticalState(Strict):
    """A unit's place in a battle scenario: position label, facing and speed."""

    position: LabelField
    facing: FacingField
    speed: int = Field(0, ge=0, le=32)


class Unit(Strict):
    """One counter: a ship, base, fighter group, monster ..."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    kind: UnitKind = UnitKind.SHIP
    class_designation: str = ""
    hull_type: str = ""
    size_class: int = Field(3, ge=1, le=7)
    race_flags: list[str] = []
    crew_quality: CrewQuality = CrewQuality.NORMAL
    officers: Officers = Officers()
    crew_units_normal: int = Field(0, ge=0)
    crew_units_current: int = Field(0, ge=0)
    boxes_total: int = Field(0, ge=0)
    internal_hits: int = Field(0, ge=0)
    strategic_movement_capable: bool = True
    native_sublight: bool = False
    warp_engines_dropped: bool = False
    slow: bool = False
    has_special_sensors: bool = False
    sensors_damaged: bool = False
    cloak_capable: bool = False
    is_cloaked: bool = False
    stealth: bool = False
    is_scout: bool = False
    is_carrier: bool = False
    is_pf_tender: bool = False
    carrier_id: str | None = None
    is_tug: bool = False
    tow_capacity: int = Field(0, ge=0)
    towing: list[str] = []
    is_civilian: bool = False
    supply_depot: bool = Field(False, description="seed 004 trait: acts like a colony in good order for supply")
    is_auxiliary: bool = False
    is_incidental: bool = False
    orion_status: OrionStatus = OrionStatus.NONE
    lessee_team: str | None = None
    wants_fight: bool = False
    economic_bpv: int = Field(0, ge=0)
    combat_bpv: int = Field(0, ge=0)
    fe_command_rating: int = Field(0, ge=0)
    fe: FEFactors = FEFactors()
    crippled: bool = False
    destroyed: bool = False
    captured: bool = False
    fate: UnitFate = UnitFate.ACTIVE
    lost_turns_remaining: int = Field(0, ge=0)
    forced_strategic_direction: FacingField | None = None
    tactical: TacticalState | None = None
