"""Seed 003 (Babylon 5 Fleet Action) unit data in the campaign format: what the ``b5`` battle
system needs of a ship or a fighter flight (rules/systems/b5/), validated with bounds.

A ship's *maneuvering data* is read as the fastest speed at which it can make each maneuver
("the number at the top of the last unmarked row indicates at what speed the ship can perform
the maneuver"); 0: never. Squadrons are named by ``squadron``; its command ship has
``command``; the group flagship has ``flagship`` (and commands its own squadron); an escort
of the flagship has ``escort`` (docs/b5.md says how the seed's gaps are read).
"""
from enum import Enum
from typing import Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr, model_validator

from rules.model.types import Strict

SPEED = 40
"""The fastest speed a ship's data may name (the pulse chart goes on past 20 by its pattern)."""
RANGE = 99
POINTS = 200
"""The most points a weapon's fixed damage rating may name (the largest structure)."""
DIE = Literal["d4", "d6", "d8", "d10", "d12", "d20", "2d6", "2d8", "2d10"]
"""A die a weapon, a fire control or a fighter rolls."""
ARMOR = Annotated[int, Field(strict=True, ge=0, le=20)]
"""An armor rating (a fighter flight's bounds)."""


class Category(str, Enum):
    """A ship's size category (the movement limits by category; the e-mine hit table)."""

    ENORMOUS = "enormous"
    CAPITAL = "capital"
    HEAVY = "heavy"
    MEDIUM = "medium"
    FIGHTER = "fighter"


class Race(str, Enum):
    """The races the seed's rules name (command radius option; Minbari jump-in; jammer)."""

    EARTH = "earth"
    NARN = "narn"
    CENTAURI = "centauri"
    MINBARI = "minbari"
    OTHER = "other"


class WeaponClass(str, Enum):
    """The seed's weapon classes and how each scores damage."""

    PARTICLE = "particle"
    LASER = "laser"
    MATTER = "matter"
    PLASMA = "plasma"
    PULSE = "pulse"
    FLASH = "flash"
    BALLISTIC = "ballistic"
    ENERGY_MINE = "energy_mine"
    EM = "electromagnetic"


class B5Weapon(Strict):
    """One weapon system of a ship: class, shots per turn, range bands, fire control, damage."""

    name: StrictStr = Field(min_length=1)
    cls: WeaponClass
    shots: StrictInt = Field(ge=1, le=3, description="Max Shots/Turn: under 3, one pulse between shots")
    ranges: list[StrictInt] = Field(min_length=1, max_length=4, description="the last hex of each band, short "
                                    "to extreme (a ballistic weapon: one number, its reach)")
    fire_control: list[DIE] = Field(min_length=3, max_length=3, description="against capital/heavy, medium, "
                                    "fighters")
    damage: list[DIE | StrictInt] = Field(min_length=1, max_length=4, description="a die; a matter weapon's "
                                          "fixed points; a plasma weapon's four, by range band")
    x: StrictInt = Field(1, ge=1, le=12, description="the 'x' factor into the target's arc (its best arc's)")
    arcs: list[StrictInt] = Field([], description="the hex diagram: the 'x' into each of the six arcs, front, "
                                  "front right, aft right, aft, aft left, front left (0: cannot fire there); "
                                  "empty: x all round")
    anti_fighter: StrictInt = Field(0, ge=0, le=12, description="the AF rating in the circle (0: none)")
    max_pulses: StrictInt = Field(5, ge=1, le=9, description="a pulse weapon's most pulses")
    accelerator: StrictBool = Field(False, description="a Plasma Accelerator (seed 003 Plasma Weapons): its damage "
                                    "falls two levels (range bands) when it fired in the previous pulse, one when "
                                    "two pulses ago")

    @model_validator(mode="after")
    def _bands(self) -> "B5Weapon":
        if any(r < 0 or r > RANGE for r in self.ranges) or self.ranges != sorted(set(self.ranges)):
            raise ValueError(f"{self.name}: range bands must rise, 0-{RANGE} hexes (short, medium, long, extreme)")
        if self.cls in (WeaponClass.BALLISTIC, WeaponClass.ENERGY_MINE) and len(self.ranges) != 1:
            raise ValueError(f"{self.name}: a ballistic weapon has one range, its reach")
        fixed = [d for d in self.damage if isinstance(d, int)]
        if any(not 1 <= d <= POINTS for d in fixed):
            raise ValueError(f"{self.name}: a damage rating is a die or 1-{POINTS} points, not {fixed}")
        if self.cls is WeaponClass.MATTER and (len(self.damage) != 1 or not fixed or fixed[0] < 1):
            raise ValueError(f"{self.name}: a matter weapon causes a fixed number of points (one number, 1 or more)")
        if self.cls is WeaponClass.PLASMA and len(self.damage) != 4:
            raise ValueError(f"{self.name}: a plasma weapon has four damage ratings, short to extreme range")
        if self.cls not in (WeaponClass.MATTER, WeaponClass.PLASMA) and len(self.damage) != 1:
            raise ValueError(f"{self.name}: one damage rating")
        if self.accelerator and self.cls is not WeaponClass.PLASMA:
            raise ValueError(f"{self.name}: accelerator: a Plasma Accelerator is a plasma weapon, not {self.cls.value}")
        if self.arcs and (len(self.arcs) != 6 or any(not 0 <= a <= 12 for a in self.arcs) or max(self.arcs) != self.x):
            raise ValueError(f"{self.name}: the arcs are six 'x' ratings 0-12 (front, front right, aft right, aft, "
                             f"aft left, front left), the best of them its x {self.x}; not {self.arcs}")
        return self


class B5Fighter(Strict):
    """A fighter flight's statistics (the Fighters rules)."""

    move: StrictInt = Field(ge=1, le=RANGE)
    defence: StrictInt = Field(ge=0, le=30)
    offence: DIE
    dogfight: DIE
    armor: StrictInt = Field(ge=0, le=20)
    damage: DIE
    burn: StrictInt = Field(0, ge=0, le=RANGE)
    fighters: StrictInt = Field(6, ge=1, le=12, description="fighters in the flight")
    anti_ship: StrictInt = Field(0, ge=0, le=5)
    interceptor: StrictInt = Field(0, ge=0, le=5)
    stealth: StrictBool = False


Ability = Literal["rapid net change", "improved command network", "command reorganization", "stubborn",
                  "ex-fighter ops commander", "elint priority support", "superior strategic planner", "clout",
                  "superior tactical planner"]
"""Special Command Orders (command.ABILITY_COST gives their points)."""
ADMIRAL = ("elint priority support", "superior strategic planner", "clout", "superior tactical planner")
"""Task Group and Fleet Admiral abilities: the flagship's commander only."""


class B5Data(Strict):
    """A seed 003 ship's (or fighter flight's) data and its place in its squadron."""

    category: Category
    race: Race = Race.OTHER
    speed: StrictInt = Field(0, ge=0, le=SPEED, description="the speed it moves at when the battle begins")
    accel: StrictInt = Field(0, ge=0, le=SPEED)
    decel: StrictInt = Field(0, ge=0, le=SPEED)
    turn: StrictInt = Field(0, ge=0, le=SPEED, description="the fastest speed it may turn at (0: never)")
    hard_turn: StrictInt = Field(0, ge=0, le=SPEED)
    come_about: StrictInt = Field(0, ge=0, le=SPEED)
    course_correct: StrictInt = Field(0, ge=0, le=SPEED)
    defence: StrictInt = Field(0, ge=0, le=30)
    armor: list[ARMOR] = Field([0], min_length=1, max_length=3, description="capital: front/side/aft; heavy: "
                                   "front/aft; medium and smaller: one")
    sensor: StrictInt = Field(0, ge=0, le=20)
    structure: StrictInt = Field(0, ge=0, le=200)
    grey_boxes: StrictInt = Field(0, ge=0, le=200, description="structure boxes that count for morale")
    command_rating: StrictInt = Field(0, ge=0, le=60)
    elint: StrictInt = Field(0, ge=0, le=8)
    elint_boxes: list[StrictInt] = Field([], description="the sensor track's boxes (1 to sensor) with an 'S': each "
                                         "one marked loses an ELINT level (Damage to the ELINT Systems); empty: "
                                         "one a level, spread evenly along the track like the grey boxes")
    jump_engine: StrictBool = False
    guardian: StrictInt = Field(0, ge=0, le=12, description="Guardian Array levels (Centauri): each raises the Def "
                                "of one ship of its squadron by one against the fire being resolved, not a laser's")
    guardian_boxes: list[StrictInt] = Field([], description="the structure track's boxes (1 to structure) with a 'G': "
                                            "each one marked loses a Guardian level; empty: one a level, spread "
                                            "evenly along the track like the grey boxes")
    tractor: StrictBool = Field(False, description="a Minbari tractor beam (Specialized Minbari Equipment)")
    weapons: list[B5Weapon] = []
    fighter_flights: StrictInt = Field(0, ge=0, le=40, description="flights it carries")
    flight: B5Fighter | None = Field(None, description="a fighter flight's statistics (category fighter)")
    squadron: StrictStr = Field("", description="its squadron's name (empty: a flagship escort or a flight)")
    command: StrictBool = Field(False, description="its squadron's command ship")
    flagship: StrictBool = Field(False, description="the group flagship")
    escort: StrictBool = Field(False, description="an escort of the flagship")
    abilities: list[Ability] = Field([], description="a command ship's commander's special abilities bought "
                                     "(Special Command Orders; one entry a purchase: stubborn twice, two re-rolls)")
    style: Literal["", "defensive", "standard", "offensive"] = Field("", description="its squadron commander's "
                                                                       "command style (the optional rule; a command "
                                                                       "ship; empty: rolled when settings.b5 "
                                                                       "command_styles is on)")

    @model_validator(mode="after")
    def _whole(self) -> "B5Data":
        armors = {Category.CAPITAL: 3, Category.ENORMOUS: 3, Category.HEAVY: 2}.get(self.category, 1)
        if len(self.armor) != armors:
            raise ValueError(f"a {self.category.value} ship has {armors} armor rating{'s' if armors > 1 else ''}, "
                             f"not {len(self.armor)}")
        if (self.category is Category.FIGHTER) != (self.flight is not None):
            raise ValueError("a fighter flight (category fighter) has its flight statistics, and only it")
        if self.grey_boxes > self.structure:
            raise ValueError(f"{self.grey_boxes} grey boxes on a structure of {self.structure}")
        boxes = self.elint_boxes
        if boxes and (len(boxes) > self.elint or len(set(boxes)) != len(boxes)
                      or any(not 1 <= b <= self.sensor for b in boxes)):
            raise ValueError(f"the 'S' boxes are distinct boxes of the sensor track (1-{self.sensor}), at most one an "
                             f"ELINT level ({self.elint}); not {self.elint_boxes}")
        self._specials()
        if self.flagship and not self.command:
            raise ValueError("the flagship commands its own squadron (command true)")
        if self.escort and (self.command or self.flagship):
            raise ValueError("a flagship escort is neither a command ship nor the flagship")
        if self.command and not self.squadron:
            raise ValueError("a command ship names its squadron")
        if not self.squadron and not self.escort and self.category is not Category.FIGHTER:
            raise ValueError("a ship is in a squadron (squadron) or escorts the flagship (escort)")
        self._bought()
        return self

    def _specials(self) -> None:
        """The Guardian Array's 'G' boxes and the tractor beam: a ship's, checked with the field's name."""
        g = self.guardian_boxes
        if g and (len(g) != self.guardian or len(set(g)) != len(g) or any(not 1 <= b <= self.structure for b in g)):
            raise ValueError(f"guardian_boxes: the 'G' boxes are {self.guardian} distinct boxes of the structure "
                             f"track (1-{self.structure}), one a Guardian level; not {g}")
        if self.category is Category.FIGHTER and (self.guardian or self.tractor):
            raise ValueError(f"{'guardian' if self.guardian else 'tractor'}: a fighter flight carries no "
                             f"{'Guardian Array' if self.guardian else 'tractor beam'}")

    def _bought(self) -> None:
        """Special Command Orders: a commander's abilities, at most 25% of its ship's command rating
        (round down, at least 1); the admiral's only on the flagship; rapid net change and an
        improved command network once, rapid net change never on the flagship."""
        if (self.abilities or self.style) and not self.command:
            raise ValueError("abilities and a command style belong to a command ship's commander (command true)")
        most = max(1, self.command_rating * 25 // 100)
        if len(self.abilities) > most:
            raise ValueError(f"a commander buys at most {most} abilit{'y' if most == 1 else 'ies'} (25% of command "
                             f"rating {self.command_rating}, at least 1), not {len(self.abilities)}")
        admiral = [a for a in self.abilities if a in ADMIRAL]
        if admiral and not self.flagship:
            raise ValueError(f"{admiral[0]} is the fleet admiral's: only on the flagship")
        for once in ("rapid net change", "improved command network"):
            if self.abilities.count(once) > 1:
                raise ValueError(f"{once} may be bought once")
        if self.flagship and "rapid net change" in self.abilities:
            raise ValueError("rapid net change may not be bought for the fleet flagship")


class B5Settings(Strict):
    """How a campaign reads the seed's two disagreements and its optional command rule (docs/b5.md)."""

    dogfight: Literal["text", "pattern"] = Field("text", description="the dogfight chart past 6 kills: text (\"7 or "
                                                 "higher: 6\") or pattern (one more kill per two points past 8)")
    dogfight_rating: Literal["face", "roll"] = Field("face", description="a dogfight's target number, the "
                                                     "target's dogfight rating (a die): face, its largest face (d6: "
                                                     "6), or roll, that die rolled for the target each pulse")
    morale_rounding: Literal["down", "up"] = Field("down", description="the top morale circle: half the starting "
                                                   "level rounded down (the text) or up (the control sheet)")
    command_by_race: StrictBool = Field(False, description="the optional rule: command radius 4 (Earth, Narn), 5 "
                                        "(Centauri, others), 6 (Minbari) instead of 5")
    command_styles: StrictBool = Field(False, description="the optional rule: each squadron commander's style "
                                       "rolled on a d10 at the start (1-2 defensive: Def +1, sensor -1; 9-10 "
                                       "offensive: sensor +1, Def -1), unless its command ship names one")
    declared_fire: StrictBool | None = Field(None, description="Combat Procedures: a squadron's fire declared as a "
                                             "whole, all its dice rolled, then its damage resolved (true), or each "
                                             "shot resolved as it is named (false); absent: the seed's rule, true, "
                                             "for a battle begun now, and false for one saved before it (its record "
                                             "of era 0: rules/systems/b5/compat.py)")
