"""Campaign records written by the strategic engine: the turn phase, Battle Hexes, ignored
units, the random terrain table and the campaign log (RULES_MATRIX §3.3-3.5)."""
from __future__ import annotations

from enum import Enum
from typing import Any, Literal

from pydantic import Field

from rules.model.types import LabelField, Strict, SystemKey, Terrain


class Phase(str, Enum):
    """Where the campaign turn stands (seed 004 Sequence of Play, as far as BattleHex runs it)."""

    ORDERS = "orders"
    """Turn Orders: fleets take movement orders; nothing has moved yet."""
    BATTLES = "battles"
    """Movement executed; the Battle Hexes it formed are open (V13.12)."""

    @property
    def title(self) -> str:  # type: ignore[override]  # the display title shadows str.title on purpose
        return {"orders": "Turn Orders", "battles": "Movement: Battle Hexes"}[self.value]


class TerrainEntry(Strict):
    """One row of a random terrain table: totals ``low``-``high`` give ``terrain``."""

    low: int
    high: int
    terrain: Terrain


class TerrainTable(Strict):
    """A scenario's Random Terrain Table (V13.17 cites V6.00, which the seeds do not print)."""

    dice: str = "1d6"
    entries: list[TerrainEntry] = Field(min_length=1)


class BattleHexRecord(Strict):
    """A Battle Hex formed at the end of a Movement Phase (V13.11-V13.17)."""

    at: LabelField
    turn: int = Field(ge=1)
    attacker: str
    defender: str
    others: list[str] = Field([], description="further teams present: independent Orions, monsters")
    moved_in: list[str] = Field([], description="teams whose movement formed the hex (V13.14)")
    attacker_reason: str = ""
    terrain: Terrain = Terrain.NONE
    terrain_source: str = Field("", description="how the terrain was found (V13.17 / A-51)")
    resolved: bool = False
    resolution: str = ""
    kind: str = Field("main", description="main; pursuit (after an interception, V13.748, A-39); base (the battle "
                                          "at the base after an Approach Battle, V13.37); rear_guard (V13.730)")
    participants: list[str] = Field([], description="for a pursuit battle: the units that meet (empty: all)")
    kept_ws: dict[str, int] = Field({}, description="Weapon Status kept from the first battle in the hex (A-11)")
    pursuit: dict[str, Any] = Field({}, description="for a rear-guard battle: the Pursuit Force, the pursued units "
                                                    "and the teams (V13.730)")
    system: SystemKey | Literal[""] = Field("", description="the battle system fighting this hex (rules/systems); empty: the "
                                       "campaign's settings.battle_system")
    seed: int | None = Field(None, description="the battle procedure's dice seed, once it has started")
    answers: list[Any] = Field([], description="the battle procedure's answers so far (replayed on load)")


class IgnoreRecord(Strict):
    """A team ignores an independent Orion (V13.16) or a sub-light unit (V13.18)."""

    team: str
    unit: str
    at: LabelField
    turn: int = Field(ge=1)
    rule: str


class LogEntry(Strict):
    """One line of the campaign log, with the rule it applies."""

    turn: int = Field(ge=1)
    rule: str = ""
    text: str
