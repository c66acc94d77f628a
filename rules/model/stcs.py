"""Seed 002 (Starship Tactical Combat Simulator, MCA 7.1) ship data in the campaign format: what
the ``stcs`` battle system (rules/systems/stcs/) needs of a ship, validated with bounds and with
messages naming the field and the rule.

Power is in boxes: each warp engine's total and current boxes, the impulse engine's. Warp speeds
are warp factors (cruising and emergency). ``crew_efficiency`` is the value every Crew
Efficiency roll is made against ("Use the Crew Efficiency for all tests"); ``captain`` is the
commanding officer's rating (3D10+45, a replacement's never below 30). docs/stcs.md.
"""
from __future__ import annotations

from enum import Enum

from pydantic import Field, StrictBool, StrictInt, StrictStr, model_validator

from rules.model.types import Strict

POWER = 99
"""The most power boxes an engine may have."""
POINTS = 999
"""The most superstructure, shield or sensor points a record may give."""


class Nation(str, Enum):
    """The nations with crew generation tables (others use them with a modifier)."""

    FEDERATION = "federation"
    KLINGON = "klingon"
    ROMULAN = "romulan"
    GORN = "gorn"
    """Gorn personnel fight and hold in melee as Klingons do (the Melee Strength and Morale Modifiers'
    "Klingon or Gorn"); a Gorn crew is generated on the Federation's table, as other nations'."""
    OTHER = "other"


class Quality(str, Enum):
    """Crew Quality, from the crew generation tables."""

    GREEN = "green"
    POOR = "poor"
    AVERAGE = "average"
    GOOD = "good"
    CRACK = "crack"


class Carry(str, Enum):
    """How a ship carries its marines (Carrying Marines): all Active, or all in Stasis (revived only
    outside battle: they never join a battle's melee)."""

    ACTIVE = "active"
    STASIS = "stasis"


LEAST_MARINES = {Carry.ACTIVE: 10, Carry.STASIS: 20}
"""The Troop Carry Table's Minimum Number of Troops."""


MINE_SHARE = {True: 90, False: 25}
"""Carrying And Deploying Mines: the percent of its cargo a freighter (True) or any other ship may give to mines."""


def mine_room(cargo: int, freighter: bool) -> int:
    """The most mines (1 SCU each) a ship of ``cargo`` SCU carries: 90% of a freighter's, 25% of another's, "round
    fractions down"."""
    return cargo * MINE_SHARE[freighter] // 100


def mines_refused(mines: int, cargo: int | None, freighter: bool) -> str:
    """Why a ship of ``cargo`` SCU (None: not given) may not carry ``mines`` ("" when it may): each takes 1 SCU, in
    at most its share (:func:`mine_room`)."""
    if mines and (cargo is None or mines > mine_room(cargo, freighter)):
        many = "s need" if mines != 1 else " needs"
        return (f"stcs.mines: {mines} mine{many} {mines} SCU of cargo, and a {'freighter' if freighter else 'ship'} "
                f"carries mines in at most {MINE_SHARE[freighter]}% of its cargo (seed 002 Carrying And Deploying "
                "Mines): " + ("no cargo is given" if cargo is None else f"{mine_room(cargo, freighter)} of its {cargo} SCU"))
    return ""


class WeaponKind(str, Enum):
    """Beam or missile (missiles, plasma included, take -1 to hit: "Missile To-Hit Modifier")."""

    BEAM = "beam"
    MISSILE = "missile"


class STCSWeapon(Strict):
    """One weapon (or bank) of a ship: its name, kind, firing arc shields and reach in hexes."""

    name: StrictStr = Field(min_length=1)
    kind: WeaponKind
    reach: StrictInt = Field(ge=1, le=40, description="the longest range its Firing Chart gives, in hexes")


class STCSData(Strict):
    """A ship's STCS values (seed 002)."""

    nation: Nation
    class_size: StrictInt = Field(ge=1, le=20, description="its Class, I-XX")
    warp_engines: list[StrictInt] = Field(min_length=0, max_length=2, description="each warp engine's power boxes "
                                          "(none: a monitor's non-warp engines)")
    warp_current: list[StrictInt] | None = Field(None, description="each warp engine's boxes left (default: all)")
    impulse_power: StrictInt = Field(ge=0, le=POWER)
    cruising_warp: StrictInt = Field(0, ge=0, le=14)
    emergency_warp: StrictInt = Field(0, ge=0, le=14)
    superstructure: StrictInt = Field(ge=1, le=POINTS)
    shields: list[StrictInt] = Field(min_length=6, max_length=6, description="shields 1-6, points each")
    weapons: list[STCSWeapon] = []
    sensors: StrictInt = Field(ge=0, le=POINTS, description="sensor damage boxes' points (5 a box)")
    crew: StrictInt = Field(ge=0, le=100_000)
    crew_quality: Quality
    crew_efficiency: StrictInt = Field(ge=10, le=99, description="never below 10 while crew remain (MCA crew "
                                       "casualties)")
    captain: StrictInt = Field(ge=30, le=99, description="the captain's rating: 3D10+45, never below 30")
    cloak: StrictBool = False
    monitor: StrictBool = False
    outpost: StrictBool = Field(False, description="a fixed space facility (Outpost Movement: at most 3 movement "
                                "points a turn, none without impulse power)")
    name_of_engines: StrictStr = Field("", description="whose warp engines (what a ship beyond 36 hexes shows)")
    movement_ratio: list[StrictInt] | None = Field(None, description="the base game's Movement Point Ratio as "
                                                   "[power, points] (3/1: [3, 1]); none: the table's")
    shield_ratio: list[StrictInt] | None = Field(None, description="the base game's Shield Point Ratio as "
                                                 "[power, points] (1:2: [1, 2]); none: the table's")
    cloak_power: StrictInt | None = Field(None, ge=1, le=POWER, description="the power its cloaking device needs "
                                          "(the base game's); none: the table's")
    marines: StrictInt = Field(0, ge=0, le=100_000, description="marines permanently assigned to it (never its "
                               "crew: they do not man the ship)")
    marines_carry: Carry = Field(Carry.ACTIVE, description="its marines Active or in Stasis (all one way)")
    military_passengers: StrictInt = Field(0, ge=0, le=100_000, description="military personnel riding aboard, "
                                           "not its crew nor its marines (Poor Crew Quality in melee)")
    large_transporters: StrictInt = Field(0, ge=0, le=20, description="its 18-22 person transporters (the "
                                          "Transporter Power Table: 2 power each); the others are 6-9 person ones")
    stasis_revived: StrictBool = Field(False, description="its marines in Stasis revived before the battle (the "
                                       "scenario's set-up): active aboard, they fight and crowd the ship")
    temporary_troops: StrictInt = Field(0, ge=0, le=10_000, description="troops a ship that does not normally carry "
                                        "them carries for this battle: at most 10% of its crew; one box down the "
                                        "Casualty Modifier Track")
    cargo: StrictInt | None = Field(None, ge=0, le=100_000, description="its cargo capacity in Standard Cargo Units "
                                    "(SCU); none: the table's (the GM is asked whether it carries a mine)")
    freighter: StrictBool = Field(False, description="a freighter: up to 90% of its cargo carries mines (other "
                                  "ships 25%)")
    mines: StrictInt = Field(0, ge=0, le=100_000, description="the mines it carries as cargo (1 SCU each), counted "
                             "down as it deploys them; read only with its cargo")
    casualty_modifiers: list[StrictInt] | None = Field(None, max_length=10, description="the base game's Casualty "
                                                       "Modifier Track: the Crew Efficiency modifier of each box, "
                                                       "90-100% first, then 80-89% ... 0-9%; none: the table's")

    @model_validator(mode="after")
    def _consistent(self) -> STCSData:
        if any(not 1 <= p <= POWER for p in self.warp_engines):
            raise ValueError(f"stcs.warp_engines: each engine has 1-{POWER} power boxes")
        if self.warp_current is not None:
            if len(self.warp_current) != len(self.warp_engines):
                raise ValueError("stcs.warp_current: one value per warp engine")
            for i, (now, total) in enumerate(zip(self.warp_current, self.warp_engines)):
                if not 0 <= now <= total:
                    raise ValueError(f"stcs.warp_current: engine {i + 1} has {now} boxes of {total}")
        if self.monitor and self.warp_engines:
            raise ValueError("stcs.monitor: a monitor is powered by non-warp capable engines (no warp_engines)")
        if not self.monitor and not self.warp_engines:
            raise ValueError("stcs.warp_engines: a ship without warp engines is a monitor (set monitor)")
        if self.warp_engines and not 1 <= self.cruising_warp <= self.emergency_warp:
            raise ValueError(f"stcs.emergency_warp ({self.emergency_warp}) must be at least cruising_warp "
                             f"({self.cruising_warp}), which is at least 1")
        if any(not 0 <= s <= POINTS for s in self.shields):
            raise ValueError(f"stcs.shields: 0-{POINTS} points each")
        for name in ("movement_ratio", "shield_ratio"):
            ratio = getattr(self, name)
            if ratio is not None and (len(ratio) != 2 or any(not 1 <= n <= POWER for n in ratio)):
                raise ValueError(f"stcs.{name}: [power, points], each 1-{POWER}")
        if self.cloak_power is not None and not self.cloak:
            raise ValueError("stcs.cloak_power: a ship without a cloaking device (cloak) needs no cloak power")
        if self.marines and self.marines < LEAST_MARINES[self.marines_carry]:
            raise ValueError(f"stcs.marines: a ship carrying marines {self.marines_carry.value} carries at least "
                             f"{LEAST_MARINES[self.marines_carry]} (seed 002 Troop Carry Table), not {self.marines}")
        if self.marines_carry is Carry.STASIS and not self.marines:
            raise ValueError("stcs.marines_carry: stasis is how a ship carries its marines; it has none (marines 0)")
        if self.stasis_revived and self.marines_carry is not Carry.STASIS:
            raise ValueError("stcs.stasis_revived: only marines carried in Stasis are revived (marines_carry stasis)")
        if self.temporary_troops and (self.marines or self.temporary_troops > self.crew * 10 // 100):
            raise ValueError(f"stcs.temporary_troops: a ship that does not normally carry troops (marines 0) carries "
                             f"at most 10% of its crew ({self.crew * 10 // 100}) for a battle, not "
                             f"{self.temporary_troops}")
        if self.casualty_modifiers is not None and (not self.casualty_modifiers or any(
                not -99 <= m <= 99 for m in self.casualty_modifiers)):
            raise ValueError("stcs.casualty_modifiers: one to ten boxes' modifiers, each -99 to 99")
        if mines_refused(self.mines, self.cargo, self.freighter):
            raise ValueError(mines_refused(self.mines, self.cargo, self.freighter))
        return self

    @property
    def warp_now(self) -> list[int]:
        """Each warp engine's boxes left."""
        return list(self.warp_current) if self.warp_current is not None else list(self.warp_engines)
