"""Campaign format version 2 (issue 13): what seed 004's Combat Phase needs beyond the
strategic map of version 1 -- civilian and logistic fleets, cargo, ground units on planets,
encounters and the campaign turn's phase procedure.

Readings of the seed (004 Movement Phase, Encounters Phase, Invasion Phase, Units):

* a *Trade Fleet* is 4 FT, a *Transport Fleet* 7 FT, a *Colony Fleet* 3 F-LS and 3 F-AL; the
  campaign stores each as one fleet of ``kind`` trade / transport / colony whose ``units`` are
  its individual freighters ("once battle is joined, these fleets are represented by their
  individual ships");
* a trade route is up to three adjacent systems (``trade_route``; empty sectors count);
* an escort is a military fleet with ``escort_of`` naming its civilian fleet: it follows that
  fleet's movement and takes part in every encounter involving it;
* cargo sizes: a ground unit 10, marines 5, census 10, anything else its own ``size``;
* ground units stand on planets (``Planet.ground_units``) with an attrition value, the number
  seed 004 compares when a conquered planet passes to a new owner.
"""
from enum import Enum

from pydantic import Field, StrictBool, StrictInt, StrictStr, model_validator

from rules.model.types import LabelField, Strict
from rules.model.units import Unit

SIZE = 1000
"""Largest cargo size or supply rating."""
ATTRITION = 1000
MAX_TURN = 10_000


class FleetKind(str, Enum):
    """What a fleet is (seed 004 Movement Phase; Encounters Phase civilian fleets)."""

    MILITARY = "military"
    TRADE = "trade"
    TRANSPORT = "transport"
    COLONY = "colony"

    @property
    def civilian(self) -> bool:
        return self is not FleetKind.MILITARY


class CargoKind(str, Enum):
    """What a cargo-carrying unit or fleet carries (seed 004 Movement Phase)."""

    GROUND_UNIT = "ground_unit"
    MARINES = "marines"
    CENSUS = "census"
    SUPPLY = "supply"
    OTHER = "other"


CARGO_SIZE = {CargoKind.GROUND_UNIT: 10, CargoKind.MARINES: 5, CargoKind.CENSUS: 10}
"""Seed 004: "the size of non-marine ground units is 10", marines 5, census 10."""


class GroundUnit(Strict):
    """A ground unit (seed 004 Invasion Phase): on a planet, or carried as cargo."""

    id: StrictStr = Field(min_length=1)
    name: StrictStr = Field(min_length=1)
    power: StrictStr = Field(min_length=1)
    attrition: StrictInt = Field(1, ge=1, le=ATTRITION, description="attrition value: a conquered planet passes to "
                                 "the power with the largest total")
    marines: StrictBool = Field(False, description="marines: size 5 as cargo instead of 10")
    supply_depot: StrictBool = Field(False, description="a supply depot: landed on a planet, makes it a supply point")


class Cargo(Strict):
    """One item a fleet carries (seed 004 Movement Phase, Invasion Phase)."""

    id: StrictStr = Field(min_length=1)
    kind: CargoKind
    size: StrictInt | None = Field(None, ge=1, le=SIZE, description="supply rating it needs; absent: by kind "
                                   "(ground unit 10, marines 5, census 10)")
    amount: StrictInt = Field(1, ge=1, le=SIZE, description="census points or supply carried")
    ground_unit: GroundUnit | None = Field(None, description="the ground unit carried (kind ground_unit or marines)")
    embarked_turn: StrictInt | None = Field(None, ge=1, le=MAX_TURN, description="the turn it was embarked: it may "
                                            "not be disembarked or deployed that turn")
    unit: Unit | None = Field(None, description="a unit carried as cargo (kind other: a DefSat, a mine, a flight); "
                              "without a size it takes its defense value divided by two, rounded up")
    settle_at: LabelField | None = Field(None, description="a Colony Fleet's Census: the system of the planet its "
                                         "power chose to settle (rules/turn/colonize.py)")
    settle_planet: StrictStr | None = Field(None, min_length=1, description="that planet, by name")

    @model_validator(mode="after")
    def _settle_both(self) -> "Cargo":
        if (self.settle_at is None) != (self.settle_planet is None) or (
                self.settle_at is not None and self.kind is not CargoKind.CENSUS):
            raise ValueError("settle_at and settle_planet are given together, on Census cargo only")
        return self

    @property
    def needs(self) -> int:
        """The supply rating this item takes: its ``size``; else a unit's ceil(defense / 2) (seed
        004: "Units without a specified size have a size equal to their defense value divided by
        two, rounded up"); else the kind's size (census per point)."""
        if self.size is not None:
            return self.size
        if self.unit is not None:
            return unit_size(self.unit)
        return CARGO_SIZE.get(self.kind, 1) * (self.amount if self.kind is CargoKind.CENSUS else 1)


def unit_size(u: Unit) -> int:
    """Seed 004 Movement Phase: a unit without a specified size takes its defense value divided by
    two, rounded up. Its defense value is its F&E Defense Factor, or its Attack Factor when that is
    missing (seed 004 SIDCORS, "Reading the ship factors")."""
    defense = u.fe.defense if u.fe.defense is not None else u.fe.attack
    return -(-defense // 2)


class EncounterState(str, Enum):
    """Where a Battle Hex stands in the Encounters Phase (seed 004)."""

    V13 = "v13"
    """Formed by V13.11 at the end of movement with no encounter step (settings.combat_phase v13)."""
    PENDING = "pending"
    """Waiting for the demands and refusals of the Encounters Phase."""
    SCENARIO = "scenario"
    """A scenario was generated: the Battle Hex is fought in the Space Combat Phase."""
    NONE = "none"
    """No scenario (refused, or diplomacy forbids one): resolved without a battle."""


class Scenario(str, Enum):
    """The scenarios seed 004's Encounters Phase generates."""

    DEEP_SPACE = "deep_space"
    DEFENSIVE = "defensive"
    PURSUIT = "pursuit"


class GroundCombat(Strict):
    """A planet whose ground combat the Troop Combat Phase settles this turn (seed 004)."""

    at: LabelField
    planet: StrictStr = Field(min_length=1)
    done: StrictBool = False
