"""Units: every field the V13 rules read (RULES_MATRIX §3.1).

Only data lives here; the rules that read it live in their own modules. Fields of the other
seeds' tactical systems (STCS, B5, AF/EF blocks) are added when those systems are built.
"""
from enum import Enum
from typing import Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from rules.model.b5 import B5Data
from rules.model.stcs import STCSData
from rules.model.economy_model import Points
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


RATING = 10
"""Officers' Ratings lie within +/- this (a Rating modifies die rolls such as V13.745's)."""
FACTOR = 999
"""F&E combat factors of one unit."""
CREW = 1000
BOXES = 10_000
TOW = 100
"""Tow capacity (units a tug or tender can tow)."""
BPV = 100_000
COMMAND = 99
CRAFT = 999
"""Fighters, PFs, DefSats or ground bases one counter stands for."""
FLAG_BRIDGE = 20
BATTLE_PODS = 10
DAMAGE_LEVELS = 4
"""A base's damage levels at most (seed 004 Construction Completion: 25% of its cost each, so repairing
all four costs what building it did; docs/combat_phase.md, "Base damage levels")."""

FcpRow = Literal["", "BB", "SB", "DN", "SHC", "BCH", "CC", "CCH", "BATS", "CA", "NCA", "CWH", "HCW", "CF", "MON",
                 "CW", "CWL", "CL", "CLC", "BS", "F-H", "DW", "DWL", "HDW", "MB", "F-OL", "DD", "DDL", "F-L", "SAM",
                 "FF", "FFL", "FH", "FLG", "CPL", "POL", "F-S", "PF", "INT", "BOMBER", "FIGHTER", "DEFSAT",
                 "GROUND_BASE", "LARGE_GROUND_BASE", "NONE"]
"""A row of seed 004's Flexible Command Point chart, named by one of its designations (SHC:
Super-Heavy Cruiser; NONE: a unit the chart does not price)."""
LOST_TURNS = 1000


class Officers(Strict):
    """Officers' Ratings (may be zero or negative; a missing officer is Rating 0)."""

    captain: StrictInt = Field(0, ge=-RATING, le=RATING)
    navigator: StrictInt = Field(0, ge=-RATING, le=RATING)
    helmsman: StrictInt = Field(0, ge=-RATING, le=RATING)
    chief_engineer: StrictInt = Field(0, ge=-RATING, le=RATING)


class FEFactors(Strict):
    """F&E combat factors (SIDCORS): normal and crippled sides."""

    attack: StrictInt = Field(0, ge=0, le=FACTOR)
    defense: StrictInt | None = Field(None, ge=0, le=FACTOR)
    fighters: StrictInt = Field(0, ge=0, le=FACTOR)
    c_attack: StrictInt = Field(0, ge=0, le=FACTOR)
    c_defense: StrictInt = Field(0, ge=0, le=FACTOR)
    c_fighters: StrictInt = Field(0, ge=0, le=FACTOR)
    has_crippled_side: StrictBool = True


class AFEFFactors(Strict):
    """Seed 001 (4.1.b) space-combat values: attack factor (d6 rolled) and endurance factor
    (hits that destroy; half of it damages), and the attack factor on the damaged side."""

    af: StrictInt = Field(ge=0, le=FACTOR)
    ef: StrictInt = Field(ge=1, le=FACTOR)
    damaged_af: StrictInt = Field(0, ge=0, le=FACTOR)


class TacticalState(Strict):
    """A unit's place in a battle scenario: position label, facing and speed."""

    position: LabelField
    facing: FacingField
    speed: StrictInt = Field(0, ge=0, le=32)


class Unit(Strict):
    """One counter: a ship, base, fighter group, monster ..."""

    id: StrictStr = Field(min_length=1)
    name: StrictStr = Field(min_length=1)
    kind: UnitKind = UnitKind.SHIP
    class_designation: StrictStr = ""
    hull_type: StrictStr = ""
    size_class: StrictInt = Field(3, ge=1, le=7)
    race_flags: list[StrictStr] = Field(default_factory=list)  # made, not deep-copied, per unit read (issue 21)
    crew_quality: CrewQuality = CrewQuality.NORMAL
    officers: Officers = Field(default_factory=Officers)  # made, not deep-copied, per unit read (issue 21)
    crew_units_normal: StrictInt = Field(0, ge=0, le=CREW)
    crew_units_current: StrictInt = Field(0, ge=0, le=CREW)
    boxes_total: StrictInt = Field(0, ge=0, le=BOXES)
    internal_hits: StrictInt = Field(0, ge=0, le=BOXES)
    strategic_movement_capable: StrictBool = True
    native_sublight: StrictBool = False
    warp_engines_dropped: StrictBool = False
    slow: StrictBool = False
    has_special_sensors: StrictBool = False
    sensors_damaged: StrictBool = False
    cloak_capable: StrictBool = False
    is_cloaked: StrictBool = False
    stealth: StrictBool = False
    is_scout: StrictBool = False
    is_carrier: StrictBool = False
    is_pf_tender: StrictBool = False
    carrier_id: StrictStr | None = None
    basing: StrictInt | None = Field(None, ge=0, le=CRAFT, description="seed 004 Carrier: its basing number, the "
                                     "LF fighters it carries (an MF fighter takes two); absent: not given, so it "
                                     "bases every flight the file puts on it (GM ruling)")
    medium_fighters: StrictBool = Field(False, description="seed 004 Carrier: a flight of MF fighters, each craft "
                                        "taking two spaces of a carrier's basing")
    no_planet_basing: StrictBool = Field(False, description="seed 004: a flight that cannot base on planets, only on "
                                         "other units")
    atmospheric: StrictBool = Field(False, description="seed 004: an atmospheric ship; a system bases as many "
                                    "squadrons of them as its Productivity")
    is_tug: StrictBool = False
    tow_capacity: StrictInt = Field(0, ge=0, le=TOW)
    towing: list[StrictStr] = Field(default_factory=list)
    is_civilian: StrictBool = False
    supply_depot: StrictBool = Field(False, description="seed 004 trait: acts like a colony in good order for supply")
    supply_rating: StrictInt = Field(0, ge=0, le=1000, description="seed 004 cargo capacity (a Transport Fleet has "
                                     "10); a military supply ship's field repairs: 1 Economic Point per point")
    assault: StrictBool = Field(False, description="seed 004 Assault: performs planetary assaults, carries ground units")
    cost: Points | None = Field(None, description="seed 004: the unit's cost in Economic Points as its unit list gives "
                                "it (may be a fraction, \"9/2\"); an Assault unit carries that many ground units, "
                                "rounded down")
    is_auxiliary: StrictBool = False
    is_incidental: StrictBool = False
    orion_status: OrionStatus = OrionStatus.NONE
    lessee_team: StrictStr | None = None
    wants_fight: StrictBool = False
    economic_bpv: StrictInt = Field(0, ge=0, le=BPV)
    combat_bpv: StrictInt = Field(0, ge=0, le=BPV)
    fe_command_rating: StrictInt = Field(0, ge=0, le=COMMAND)
    fe: FEFactors = FEFactors.model_construct()  # FEFactors() built its validator at import (issue 21: start-up)
    ew: StrictInt = Field(0, ge=0, le=6, description="SIDCORS scouts: the die-roll shift this unit gives while not "
                                                     "crippled (0: none; a scout with 0 gives 1)")
    is_mauler: StrictBool = Field(False, description="SIDCORS Maulers: carries a mauler cannon")
    afef: AFEFFactors | None = Field(None, description="seed 001 AF/EF values (the AF/EF battle system)")
    b5: B5Data | None = Field(None, description="seed 003 Babylon 5 Fleet Action data (the b5 battle system)")
    stcs: STCSData | None = Field(None, description="seed 002 Starship Tactical Combat Simulator data (the stcs system)")
    crippled: StrictBool = False
    damage_levels: StrictInt = Field(0, ge=0, le=DAMAGE_LEVELS, description="seed 004: a base's or fixed "
                                     "defence's damage levels, one a battle that crippled it (0: undamaged; a "
                                     "crippled base counts at least 1), each repaired for 25% of its cost")
    destroyed: StrictBool = False
    destroyed_turn: StrictInt | None = Field(None, ge=1, le=10_000, description="seed 004: the turn a destroyed "
                                             "flight kept as its loss record was lost in; the record goes when "
                                             "the turn two turns after it ends")
    captured: StrictBool = False
    fate: UnitFate = UnitFate.ACTIVE
    lost_turns_remaining: StrictInt = Field(0, ge=0, le=LOST_TURNS)
    lost_by: Literal["", "V13.753", "V13.91x", "V13.953", "V13.963"] = Field(
        "", description="the rule that made the unit Lost: V13.753 (a crippled Rear Guard unit), V13.91x (a "
                        "sub-light evader lost by an empty-space table), V13.953 / V13.963 (a sub-light evader "
                        "lost in a neutral or friendly terrain / hostile nebula: when its lost time is over it "
                        "is treated as if it had evaded in Empty Space, V13.958 / V13.968); empty when it is "
                        "not Lost")
    base_repair_hits: StrictInt = Field(
        0, ge=0, le=BOXES, description="of its internal hits, how many only a Base, a Star System or an FRD may "
                                       "repair (V13.753)")
    forced_strategic_direction: FacingField | None = None
    tactical: TacticalState | None = None
    flag_bridge: StrictInt = Field(0, ge=0, le=FLAG_BRIDGE, description="Flexible Command: flag bridge boxes, +1 "
                                   "FCR each (a Klingon ship: those of the nearest Federation equivalent)")
    legendary_captain: StrictBool = Field(False, description="Flexible Command: a Legendary Captain aboard (+3 FCR)")
    is_leader: StrictBool = Field(False, description="Flexible Command: a leader variant or leader refit, (L); it "
                                  "commands a squadron of two ships of its size")
    fcp_row: FcpRow = Field("", description="Flexible Command: the FCP chart row this unit is priced by; empty: "
                            "its hull_type, then its kind (fighter, pf, defsat, ground_base)")
    battle_pods: StrictInt = Field(0, ge=0, le=BATTLE_PODS, description="Flexible Command: battle pods carried "
                                   "(+2 FCP each)")
    craft: StrictInt = Field(0, ge=0, le=CRAFT, description="fighter, PF, DefSat or ground-base counters: how many "
                             "craft the counter stands for (0: one)")


def base_levels(u: Unit) -> int:
    """A base's damage levels to repair (seed 004): those recorded, at least one while it is crippled
    (a file written before the levels were, or a base crippled by hand); 0 for any other unit."""
    if not u.kind.is_base:
        return 0
    return max(u.damage_levels, 1 if u.crippled else 0)


def levels_words(n: int) -> str:
    """``1 damage level``, ``2 damage levels``."""
    return f"{n} damage level" + ("" if n == 1 else "s")


def unit_secret(u: Unit) -> str:
    """The rule that keeps ``u`` from every Team but its own (and the GM), "" when none does.

    Incidental units are revealed only to the Defending Team, and to the Attacking Team only
    after its placement (V13.03, V13.461): in the campaign a base's incidental units are the
    defender's secret. A cloaked unit's presence is its own Team's secret: an all-cloaked force
    tells the GameMaster, in writing, before it enters the hex (V13.29, V13.36).
    """
    if u.is_incidental:
        return "V13.03"
    if u.is_cloaked:
        return "V13.29"
    return ""
