"""The campaign: settings, powers and teams, diplomacy, the strategic map and its fleets.

RULES_MATRIX §3.2-3.5 and INTERPRETATIONS 16-18. Sectors are hexes in the tactical
orientation, named by their ``CCRR`` label on the strategic map.
"""
import sys
from typing import Annotated, Literal

from pydantic import AfterValidator, Field, StrictBool, StrictInt, StrictStr, field_validator

from rules.model.b5 import B5Settings
from rules.model.builds import BuildClass, GroundClass
from rules.model.economy_model import PowerEconomy
from rules.model.key_book import KeyBook
from rules.model.records import MAX_TURN, BattleHexRecord, BattleStart, IgnoreRecord, LogEntry, Phase, TerrainTable
from rules.model.seals import SealKey
from rules.model.stcs_map import STCSBody, placed
from rules.model.treaty_model import Proposal, TreatyPair
from rules.model.turn_model import Cargo, FleetKind, GroundCombat, GroundUnit
from rules.model.types import DiplomaticState, LabelField, Strict, SystemKey, Terrain
from rules.model.units import Unit

FORMAT = "battlehex-campaign"
CURRENT_VERSION = 2
"""Version 2 (issue 13) adds civilian fleets, cargo, ground units and encounters; a version-1 file
is migrated on load (rules/model/io.py)."""

_COLOR = r"^#[0-9a-fA-F]{6}$"
MAX_REACH = 600
"""No two hexes of the legal region of the largest tactical map (200 x 200) lie further apart;
checks.py holds a campaign's ranges to the reach of its own map."""
MAX_SEED = 2**32
"""The campaign's dice seed lies within +/- this (seeds derived from it stay within 64 bits)."""
POINTS = 10**9
"""Economic Points of a team, either way."""
PLANET_VALUE = 10_000
YEAR = 999
"""The campaign year (Y1-Y999)."""


class Settings(Strict):
    """Interpretation settings (INTERPRETATIONS 2, 3, 7, 8; RULES_MATRIX §3.5)."""

    map_cols: StrictInt = Field(42, ge=5, le=200, description="tactical map width in hexes")
    map_rows: StrictInt = Field(30, ge=5, le=200, description="tactical map height in hexes")
    defender_edge_distance: StrictInt = Field(5, ge=0, le=20, description="V13.432 'near one map edge'")
    standard_range: StrictInt = Field(50, ge=1, le=MAX_REACH, description="V13.422 opening range without agreement; "
                                       "at most the reach of the map (checks.py)")
    attacker_spread: StrictInt = Field(8, ge=1, le=MAX_REACH, description="V13.445 max distance from the first "
                                        "attacker; at most the reach of the map (checks.py)")
    ws_once_per_battle_hex: StrictBool = Field(True, description="V13.416: Weapon Status rolled once")
    approach_followup_reroll: StrictBool = Field(False, description="V13.37-V13.39 re-roll at the base")
    battle_system: SystemKey = Field("v13", description="how Battle Hexes are fought unless a Battle Hex says otherwise: "
                                                 "a registered battle system's key (rules/systems/registry.py; "
                                                 "built in: v13, table, sidcors, afef)")
    fleet_composition: Literal["bpv", "big_ships", "flexible", "none"] = Field(
        "bpv", description="seed 004 fleet composition (rules/composition; asked first when any battle is set up): bpv (BPV Capacity, the "
                           "seed's system for encounters), big_ships, flexible (Flexible Command), none (no limit); "
                           "rules/composition")
    combat_phase: Literal["v13", "seed004"] = Field("v13", description="the Combat Phase after movement: v13 (every "
                                                    "Battle Hex V13.11 forms is fought, the rest kept by hand) or seed004 "
                                                    "(Supply, Encounters, Space Combat, Orbital Bombardment, Troop "
                                                    "Combat; a meeting is fought only when a side demands a scenario)")
    empire_turn: Literal["by_hand", "seed004"] = Field("by_hand", description="the empire's turn outside combat: "
                                                       "by_hand (Income, Tech, Update Asset kept by the GM off the "
                                                       "tool) or seed004 (run by BattleHex: rules/turn/empire.py)")
    turn_orders: Literal["gm", "powers"] = Field("gm", description="who enters seed 004's Turn Orders (purchases, "
                                                 "repairs, productivity, intel points, cancels): gm (the GM, for every "
                                                 "power) or powers (each power's Team, in secret behind the hand-over, "
                                                 "before the movement orders; rules/turn/orders.py)")
    random_events: StrictBool = Field(False, description="seed 004's optional Random Events rule: at End of Turn the "
                                      "GM enters each event (the seed prints no table: rules/turn/random_events.py)")
    year: StrictInt | None = Field(None, ge=1, le=YEAR, description="the campaign's year (Y171 is 171): the era "
                                   "column of the BPV Capacity table; absent: the Y120-Y180 column")
    b5: B5Settings = Field(B5Settings.model_construct(),  # its defaults, no validator built at import (issue 21)
                           description="seed 003 readings for the b5 battle system (docs/b5.md)")


class Power(Strict):
    """An empire or race (Federation, Klingon, Orion cartel, ...)."""

    id: StrictStr = Field(min_length=1)
    name: StrictStr = Field(min_length=1)
    color: StrictStr = Field("#808080", pattern=_COLOR)
    race_flags: list[StrictStr] = []
    economy: PowerEconomy | None = Field(None, description="seed 004 economy record (settings.empire_turn seed004; "
                                         "absent: every figure at 0)")
    unit_list: list[BuildClass] = Field([], description="seed 004: the units it may build, each with its cost and "
                                        "in-service year")
    ground_list: list[GroundClass] = Field([], description="seed 004: the ground units it may raise, each with its "
                                           "cost and in-service year")


class Team(Strict):
    """A side of the campaign: one or more powers under one Team-Commander (V13.11)."""

    id: StrictStr = Field(min_length=1)
    name: StrictStr = Field(min_length=1)
    color: StrictStr = Field("#808080", pattern=_COLOR)
    powers: list[StrictStr] = Field(min_length=1)
    commander: StrictStr = ""
    players: list[StrictStr] = []
    strategic_initiative: StrictBool = False
    is_orion_pirates: StrictBool = False
    gm_controlled: StrictBool = False
    economic_points: StrictInt = Field(0, ge=-POINTS, le=POINTS)


class Relation(Strict):
    """The diplomatic state between two powers (symmetric)."""

    powers: tuple[StrictStr, StrictStr]
    state: DiplomaticState


class Planet(Strict):
    name: StrictStr = Field(min_length=1)
    owner: StrictStr | None = None
    census: StrictInt = Field(0, ge=0, le=PLANET_VALUE)
    productivity: StrictInt = Field(0, ge=0, le=PLANET_VALUE)
    raw: StrictInt = Field(0, ge=0, le=PLANET_VALUE)
    morale: StrictInt = Field(0, ge=-PLANET_VALUE, le=PLANET_VALUE)
    ground_units: list[GroundUnit] = Field([], description="ground units on the planet (seed 004 Invasion Phase), "
                                           "any power's")
    seized_turn: StrictInt | None = Field(None, ge=1, le=MAX_TURN, description="the turn a hostile force conquered it "
                                          "(Morale Check Chart: seized last turn)")
    raided_turn: StrictInt | None = Field(None, ge=1, le=MAX_TURN, description="the turn its system was raided (seed "
                                          "004: no income in the next Income Phase, a morale check as if seized)")
    carrying_capacity: StrictInt | None = Field(None, ge=0, le=PLANET_VALUE, description="the most Census it may "
                                                "hold (seed 004 census growth); absent: no limit")
    census_bonus: StrictInt = Field(0, ge=0, le=PLANET_VALUE, description="carried +1s of failed census growth rolls")


class StarSystem(Strict):
    name: StrictStr = Field(min_length=1)
    planets: list[Planet] = []
    has_command_post: StrictBool = False


class Sector(Strict):
    """One strategic hex: ownership, terrain, star system and the units fixed there."""

    at: LabelField
    name: StrictStr = ""
    owner: StrictStr | None = None
    original_owner: StrictStr | None = None
    province: StrictStr | None = None
    neutral_zone: StrictBool = False
    terrain: Terrain = Terrain.NONE
    star_system: StarSystem | None = None
    supply_point: StrictBool = False
    garrison: list[Unit] = Field([], description="bases and fixed units; they belong to the owner")
    stcs_bodies: Annotated[list[STCSBody], AfterValidator(placed)] = Field(
        [], max_length=200, description="seed 002: the planets, moons and asteroids on the hexes of an STCS battle "
        "fought here (rules/model/stcs_map.py)")


class Lane(Strict):
    """A jump lane between two sectors (a major lane, or a minor lane to close)."""

    ends: tuple[LabelField, LabelField]


class StrategicMap(Strict):
    cols: StrictInt = Field(ge=1, le=500)
    rows: StrictInt = Field(ge=1, le=500)
    sectors: list[Sector] = Field(min_length=1)
    major_lanes: list[Lane] = []
    closed_lanes: list[Lane] = []
    random_terrain: TerrainTable | None = Field(None, description="V13.17 table for sectors without terrain")


class Fleet(Strict):
    """A stack of one power's units in a sector, with its movement orders (a path of sectors)."""

    id: StrictStr = Field(min_length=1)
    name: StrictStr = Field(min_length=1)
    power: StrictStr
    sector: LabelField
    units: list[Unit] = Field(min_length=1)
    orders: list[LabelField] = Field([], description="this turn's movement: the sectors to enter, in order")
    in_transit_to: LabelField | None = Field(None, description="between sectors: on the lane from sector to here")
    deny_withdrawal: StrictBool = Field(False, description="V13.29: written denial of Withdrawal Before Combat, "
                                                     "given with the movement orders (hidden from the enemy)")
    reactionary: StrictBool = Field(False, description="moved by Reactionary Movement [V8.60] this phase (V13.414 +4)")
    kind: FleetKind = Field(FleetKind.MILITARY, description="military, or a civilian fleet of seed 004: trade (4 FT), "
                            "transport (7 FT), colony (3 F-LS, 3 F-AL); its units are its individual ships")
    trade_route: list[LabelField] = Field([], max_length=3, description="a trade fleet's route: up to three adjacent "
                                          "systems (empty sectors count)")
    escort_of: StrictStr | None = Field(None, description="an escort: the civilian fleet it follows and protects")
    cargo: list[Cargo] = Field([], description="what the fleet carries (ground units, marines, census, supply)")
    last_sector: LabelField | None = Field(None, description="the sector it left in its last move: where it returns "
                                           "when it refuses or loses an encounter (seed 004)")
    reserve: StrictBool = Field(False, description="in reserve: may not embark, disembark or deploy (seed 004)")
    visited: list[LabelField] = Field([], max_length=3, description="a trade fleet's systems its path touched in the "
                                      "Movement Phase of turn visited_turn (seed 004 Income: 'visited systems on "
                                      "their route in the previous Movement Phase'), set by End Movement")
    visited_turn: StrictInt | None = Field(None, ge=1, le=MAX_TURN, description="the turn of visited's Movement Phase")
    interned_by: StrictStr | None = Field(None, description="seed 004 Non-Aggression Treaty: the power holding it "
                                          "(interned) in its system; it does not move until released")


class TeamCopyMark(Strict):
    """A Team's own copy of the campaign for play by e-mail (rules/model/team_copy.py): for which
    Team and turn it was made, and the GM's signature over the rest of the file."""

    team: StrictStr = Field(min_length=1)
    turn: StrictInt = Field(ge=1, le=MAX_TURN)
    signature: StrictStr = ""


class Campaign(Strict):
    """A whole campaign file (format ``battlehex-campaign``)."""

    format: Literal["battlehex-campaign"]
    version: StrictInt
    name: StrictStr = Field(min_length=1)
    description: StrictStr = ""
    turn: StrictInt = Field(1, ge=1, le=MAX_TURN)
    settings: Settings = Settings.model_construct()  # Settings() built its validator when this module was imported
    powers: list[Power] = Field(min_length=1)
    teams: list[Team] = Field(min_length=1)
    diplomacy: list[Relation] = []
    treaties: list[TreatyPair] = Field([], description="seed 004: the treaties in force per pair and the Exhibit B "
                                                       "facts between them (rules/model/treaty_model.py)")
    proposals: list[Proposal] = Field([], description="seed 004: treaties proposed, waiting for their answer")
    map: StrategicMap
    fleets: list[Fleet] = []
    phase: Phase = Phase.ORDERS
    dice_seed: StrictInt = Field(1, ge=-MAX_SEED, le=MAX_SEED, description="seed of the campaign's dice (terrain rolls ...)")
    battle_hexes: list[BattleHexRecord] = []
    ignores: list[IgnoreRecord] = []
    log: list[LogEntry] = []
    ground_combats: list[GroundCombat] = Field([], description="the Troop Combat Phase's planets this turn (seed 004)")
    turn_asked: list[StrictStr] = Field([], description="keys of this turn's Combat Phase questions already answered "
                                                         "(field repairs)")
    keys: dict[StrictStr, SealKey] = Field({}, description="seal keys by holder (a Team id or 'gm'): what only a "
                                                        "holder may know is sealed for it (rules/model/secrets.py)")
    key_book: KeyBook | None = Field(None, description="the campaign's id and the GM's signature of its key records "
                                                       "(rules/model/key_book.py)")
    team_copy: TeamCopyMark | None = Field(None, description="set in a Team's own copy for play by e-mail, which "
                                                             "opens read-only (rules/model/team_copy.py)")

    @field_validator("version")
    @classmethod
    def _known_version(cls, v: int) -> int:
        if v < 1 or v > CURRENT_VERSION:
            raise ValueError(f"format version {v} is not one this BattleHex reads (1-{CURRENT_VERSION})")
        return v

    # -- look-ups used by the app and the rules -------------------------------------------
    def sector_at(self, label: str) -> Sector | None:
        """The sector named ``label`` (``"0304"``), or ``None``."""
        for s in self.map.sectors:
            if str(s.at) == label:
                return s
        return None

    def power(self, power_id: str) -> Power | None:
        return next((p for p in self.powers if p.id == power_id), None)

    def team_of_power(self, power_id: str | None) -> Team | None:
        """The team a power fights for, or ``None``."""
        if power_id is None:
            return None
        return next((t for t in self.teams if power_id in t.powers), None)

    def fleets_in(self, label: str) -> list[Fleet]:
        return [f for f in self.fleets if str(f.sector) == label]


# BattleStart's fleets are Fleets (records.py cannot import this module): its schema, built at
# its first use (Strict's defer_build), finds Fleet in its own module's names
vars(sys.modules[BattleStart.__module__])["Fleet"] = Fleet
