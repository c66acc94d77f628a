"""The campaign: settings, powers and teams, diplomacy, the strategic map and its fleets.

RULES_MATRIX §3.2-3.5 and INTERPRETATIONS 16-18. Sectors are hexes in the tactical
orientation, named by their ``CCRR`` label on the strategic map.
"""
from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator

from rules.model.records import BattleHexRecord, IgnoreRecord, LogEntry, Phase, TerrainTable
from rules.model.types import DiplomaticState, LabelField, Strict, SystemKey, Terrain
from rules.model.units import Unit

FORMAT = "battlehex-campaign"
CURRENT_VERSION = 1

_COLOR = r"^#[0-9a-fA-F]{6}$"


class Settings(Strict):
    """Interpretation settings (INTERPRETATIONS 2, 3, 7, 8; RULES_MATRIX §3.5)."""

    map_cols: int = Field(42, ge=5, le=200, description="tactical map width in hexes")
    map_rows: int = Field(30, ge=5, le=200, description="tactical map height in hexes")
    defender_edge_distance: int = Field(5, ge=0, le=20, description="V13.432 'near one map edge'")
    standard_range: int = Field(50, ge=1, description="V13.422 opening range without agreement")
    attacker_spread: int = Field(8, ge=1, description="V13.445 max distance from the first attacker")
    ws_once_per_battle_hex: bool = Field(True, description="V13.416: Weapon Status rolled once")
    approach_followup_reroll: bool = Field(False, description="V13.37-V13.39 re-roll at the base")
    battle_system: SystemKey = Field("v13", description="how Battle Hexes are fought unless a Battle Hex says otherwise: "
                                                 "v13 (the Tactical Combat Interface) or table (fought at the table, "
                                                 "results entered by the GM); rules/systems")


class Power(Strict):
    """An empire or race (Federation, Klingon, Orion cartel, ...)."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    color: str = Field("#808080", pattern=_COLOR)
    race_flags: list[str] = []


class Team(Strict):
    """A side of the campaign: one or more powers under one Team-Commander (V13.11)."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    color: str = Field("#808080", pattern=_COLOR)
    powers: list[str] = Field(min_length=1)
    commander: str = ""
    players: list[str] = []
    strategic_initiative: bool = False
    is_orion_pirates: bool = False
    gm_controlled: bool = False
    economic_points: int = 0


class Relation(Strict):
    """The diplomatic state between two powers (symmetric)."""

    powers: tuple[str, str]
    state: DiplomaticState


class Planet(Strict):
    name: str = Field(min_length=1)
    owner: str | None = None
    census: int = Field(0, ge=0)
    productivity: int = Field(0, ge=0)
    raw: int = Field(0, ge=0)
    morale: int = 0


class StarSystem(Strict):
    name: str = Field(min_length=1)
    planets: list[Planet] = []
    has_command_post: bool = False


class Sector(Strict):
    """One strategic hex: ownership, terrain, star system and the units fixed there."""

    at: LabelField
    name: str = ""
    owner: str | None = None
    original_owner: str | None = None
    province: str | None = None
    neutral_zone: bool = False
    terrain: Terrain = Terrain.NONE
    star_system: StarSystem | None = None
    supply_point: bool = False
    garrison: list[Unit] = Field([], description="bases and fixed units; they belong to the owner")


class Lane(Strict):
    """A jump lane between two sectors (a major lane, or a minor lane to close)."""

    ends: tuple[LabelField, LabelField]


class StrategicMap(Strict):
    cols: int = Field(ge=1, le=500)
    rows: int = Field(ge=1, le=500)
    sectors: list[Sector] = Field(min_length=1)
    major_lanes: list[Lane] = []
    closed_lanes: list[Lane] = []
    random_terrain: TerrainTable | None = Field(None, description="V13.17 table for sectors without terrain")


class Fleet(Strict):
    """A stack of one power's units in a sector, with its movement orders (a path of sectors)."""

    id: str = Field(min_length=1)
    name: str = Field(min_length=1)
    power: str
    sector: LabelField
    units: list[Unit] = Field(min_length=1)
    orders: list[LabelField] = Field([], description="this turn's movement: the sectors to enter, in order")
    in_transit_to: LabelField | None = Field(None, description="between sectors: on the lane from sector to here")
    deny_withdrawal: bool = Field(False, description="V13.29: written denial of Withdrawal Before Combat, "
                                                     "given with the movement orders (hidden from the enemy)")
    reactionary: bool = Field(False, description="moved by Reactionary Movement [V8.60] this phase (V13.414 +4)")


class Campaign(Strict):
    """A whole campaign file (format ``battlehex-campaign``)."""

    format: Literal["battlehex-campaign"]
    version: int
    name: str = Field(min_length=1)
    description: str = ""
    turn: int = Field(1, ge=1)
    settings: Settings = Settings()
    powers: list[Power] = Field(min_length=1)
    teams: list[Team] = Field(min_length=1)
    diplomacy: list[Relation] = []
    map: StrategicMap
    fleets: list[Fleet] = []
    phase: Phase = Phase.ORDERS
    dice_seed: int = Field(1, description="seed of the campaign's dice (terrain rolls ...)")
    battle_hexes: list[BattleHexRecord] = []
    ignores: list[IgnoreRecord] = []
    log: list[LogEntry] = []

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
