"""What seed 004's empire turn keeps between phases (issue 23): a power's economy record and the
exact point figures it holds. Every field has a default that is not written, so a file without
an economy (``settings.empire_turn`` ``by_hand``, every older file) stays byte-identical.

Readings (docs/economy.md):

* The Point Pool is exact: maintenance and intel upkeep may be fractional, so the pool is kept as
  a fraction written ``"25/2"`` (or ``"12"``, ``"-3/4"``).
* ``last_tdp`` is the Total Domestic Product of the latest Income Phase: the Tech Phase's
  requirement is half of it (the seed's "TDP in the 12th turn is 214" for the 12th turn's roll).
* ``maintenance`` is the source material's figure per unit class in service (a unit's
  ``class_designation``); a class not listed costs nothing (the GM keeps it by hand).
"""
from fractions import Fraction
from typing import Annotated, Any, Literal

from pydantic import Field, PlainSerializer, PlainValidator, StrictBool, StrictInt, StrictStr

from rules.model.types import LabelField, Strict

POINTS = 10**9
INTEL = 10**6
TECH_YEAR = 999


def _fraction(value: Any) -> Fraction:
    if isinstance(value, Fraction):
        return value
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ValueError(f"a point figure is an integer or a fraction string such as \"25/2\", not {value!r:.40}")
    try:
        f = Fraction(value.strip() if isinstance(value, str) else value)
    except (ValueError, ZeroDivisionError):
        raise ValueError(f"{value!r:.40} is not a point figure (an integer or a fraction such as \"25/2\")") from None
    if abs(f) > POINTS or f.denominator > 10**6:
        raise ValueError(f"{value!r:.40} lies outside +/-{POINTS} or has a denominator over 1000000")
    return f


def _written(f: Fraction) -> str:
    return str(f)


Points = Annotated[Fraction, PlainValidator(_fraction), PlainSerializer(_written, return_type=str)]
"""An exact point figure, written as ``"12"`` or ``"25/2"``."""


class MiscItem(Strict):
    """A miscellaneous income (positive) or expense (negative) for the next Income Phase (seed 004:
    "Income or costs that accumulate during the turn ... are applied in the next turn's Income Phase")."""

    text: StrictStr = Field(min_length=1)
    amount: Points


class Project(Strict):
    """A unit ordered and paid for, to be completed at a planet (seed 004 Construction Completion)."""

    id: StrictStr = Field(min_length=1)
    unit_class: StrictStr = Field(min_length=1, description="the class_designation of a unit_list entry")
    at: LabelField
    planet: StrictStr = Field(min_length=1)
    cost: Points
    turn: StrictInt = Field(ge=1, le=10_000, description="the turn it was ordered")
    repair_of: StrictStr | None = Field(None, description="a repair: the id of the crippled unit repaired there "
                                        "(unit_class is then that unit's class)")
    levels: StrictInt = Field(1, ge=1, le=4, description="a base's repair: the damage levels repaired, 25% of its "
                              "cost each (seed 004 Construction Completion)")
    ground: StrictBool = Field(False, description="a ground unit raised: unit_class names a ground_list entry")
    elsewhere: LabelField | None = Field(None, description="a base or DEFSAT built outside the planet's orbit: the "
                                         "sector it is built in (the planet's own: elsewhere in its system)")
    transports: list[StrictStr] = Field([], description="the Transport Fleets carrying its points there, one per "
                                        "10 EP (seed 004 Construction Completion)")


class IntelMission(Strict):
    """An Intel mission ordered this turn, waiting for the GM's ruling (seed 004 Intel Phase:
    "Intel missions require a target system, staging system, mission details, and the allocation of
    Intel points"; rules/turn/intel_missions.py)."""

    id: StrictStr = Field(min_length=1)
    mission: Literal["espionage", "sabotage", "insurgency"]
    staging: LabelField
    target: LabelField
    against: StrictStr = Field(min_length=1, description="the power whose system is the target")
    points: StrictInt = Field(ge=1, le=INTEL)
    details: StrictStr = ""
    turn: StrictInt = Field(ge=1, le=10_000)
    ruled: StrictStr = Field("", description="the GM's ruling once given (kept for the turn's Census cap)")


class TurnFigures(Strict):
    """One power's figures at one turn's Income Phase, kept for the Empire Sheet's charts.

    Attributes:
        turn: the campaign turn.
        tdp: the Total Domestic Product of that Income Phase.
        pool: the Point Pool after it.
        strength: the fleet strength then (rules.economy.sheet.fleet_strength).
    """

    turn: StrictInt = Field(ge=1, le=10_000)
    tdp: StrictInt = Field(ge=0, le=POINTS)
    pool: Points
    strength: Points


class PowerEconomy(Strict):
    """A power's economy between phases (seed 004 Income, Tech, Intel).

    Attributes:
        point_pool: the Point Pool, exact (below 0: in debt).
        last_tdp: the Total Domestic Product of the latest Income Phase.
        tech_pool: the tech investment pool.
        tech_year: the Tech Year (an advance adds 1).
        advances_this_year: the tech advances made this game year (0-2).
        intel_points: the Intel Points it holds.
        homeworld: the sector of its homeworld (the Morale Check Chart's cut-off and attack rows).
        maintenance: per unit class in service, its maintenance per unit.
        misc: miscellaneous items waiting for the next Income Phase.
        projects: the units ordered and paid for, not completed yet.
        productivity_orders: the planets whose Productivity point was bought this turn.
        founded: the colonies it founded lately ("0207/Name" -> the turn of their Update Asset).
        history: one line per Income Phase, oldest first (the Empire Sheet's charts).
        reserve: its units in Reserve; mothballed: its mothballed units.
        status_orders: the maintenance statuses ordered this turn (rules/turn/reserve.py).
        reserve_share: the share of maintenance a unit in Reserve pays.
    """

    point_pool: Points = Fraction(0)
    last_tdp: StrictInt = Field(0, ge=0, le=POINTS)
    tech_pool: StrictInt = Field(0, ge=0, le=POINTS)
    tech_year: StrictInt = Field(0, ge=0, le=TECH_YEAR)
    advances_this_year: StrictInt = Field(0, ge=0, le=2)
    intel_points: StrictInt = Field(0, ge=0, le=INTEL)
    homeworld: LabelField | None = None
    maintenance: dict[StrictStr, Points] = Field({}, description="maintenance per unit of a class in service "
                                                 "(class_designation -> points, fractions allowed)")
    misc: list[MiscItem] = []
    projects: list[Project] = Field([], description="units ordered and paid for, waiting for a Construction "
                                    "Completion that has room for them")
    productivity_orders: list[StrictStr] = Field([], description="planets (\"0207/Vanguard II\") whose next "
                                                 "Productivity point was bought this turn: added at Update Asset")
    history: list[TurnFigures] = Field([], description="one line per Income Phase (turn, TDP, Point Pool after it, "
                                       "fleet strength), oldest first: the Empire Sheet's charts")
    reserve: list[StrictStr] = Field([], description="ids of its units in Reserve (seed 004: reduced maintenance)")
    mothballed: list[StrictStr] = Field([], description="ids of its mothballed units (seed 004: no maintenance)")
    status_orders: dict[StrictStr, StrictStr] = Field({}, description="unit id -> reserve, mothball or active: the "
                                                      "status ordered this turn, assumed at Construction Completion")
    founded: dict[StrictStr, StrictInt] = Field({}, description="its colonies settled at the latest Update Asset "
                                                "(\"0207/Name\" -> that turn): they build nothing and act in no order "
                                                "the next turn (seed 004 colonization)")
    missions: list[IntelMission] = Field([], description="Intel missions ordered this turn, and the GM's "
                                         "ruling on each (the seed gives no table)")
    reserve_share: Points = Field(Fraction(1, 2), description="the share of its maintenance a unit in Reserve pays "
                                  "(the seed says 'reducing' without a figure)")
