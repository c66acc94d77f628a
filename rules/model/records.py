"""Campaign records written by the strategic engine: the turn phase, Battle Hexes, ignored
units, the random terrain table and the campaign log (RULES_MATRIX §3.3-3.5)."""
from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING, Annotated, Literal

from pydantic import Field, StrictBool, StrictInt, StrictStr

from rules.model.b5 import B5Settings
from rules.model.json_value import JsonList, JsonValue
from rules.model.stcs_map import Bodies
from rules.model.turn_model import EncounterState, Scenario
from rules.model.types import LabelField, Strict, SystemKey, SystemKeyOrEmpty, Terrain
from rules.model.units import Unit

if TYPE_CHECKING:  # campaign.py imports this module; it resolves Fleet (model_rebuild at its end)
    from rules.model.campaign import Fleet


class Phase(str, Enum):
    """Where the campaign turn stands (seed 004 Sequence of Play, as far as BattleHex runs it)."""

    ORDERS = "orders"
    """Turn Orders: fleets take movement orders; nothing has moved yet."""
    SUPPLY = "supply"
    """Combat Phase, Supply Phase: movement executed; supply status and its effects (seed 004)."""
    ENCOUNTERS = "encounters"
    """Combat Phase, Encounters Phase: demands and refusals decide which meetings become scenarios."""
    BATTLES = "battles"
    """Combat Phase, Space Combat Phase: the Battle Hexes are open (V13.12); the only Combat Phase
    step of a campaign whose settings.combat_phase is v13 (every version-1 file)."""
    BOMBARDMENT = "bombardment"
    """Combat Phase, Orbital Bombardment Phase."""
    TROOPS = "troops"
    """Combat Phase, Troop Combat Phase: landings, ground combat, conquest."""
    INCOME = "income"
    """Income Phase (settings.empire_turn seed004): every power's ledger, the GM confirms."""
    TECH = "tech"
    """Tech Phase (settings.empire_turn seed004): investments, and the rolls on turns 6 and 12."""
    CONSTRUCTION = "construction"
    """Construction Completion Phase (settings.empire_turn seed004): the purchases, repairs, status
    changes and flights' landing shown, the GM confirms (rules/turn/construction_phase.py)."""
    UPDATE = "update"
    """Update Asset Phase (settings.empire_turn seed004): morale checks, census growth."""
    END = "end"
    """End of Turn Phase (settings.empire_turn seed004): the turn ends."""

    @property
    def title(self) -> str:  # type: ignore[override]  # the display title shadows str.title on purpose
        return _TITLES[self.value]


EMPIRE_PHASES = (Phase.INCOME, Phase.TECH, Phase.CONSTRUCTION, Phase.UPDATE, Phase.END)
"""The empire's phases rules/turn/empire.py runs (settings.empire_turn seed004), named here so the
window can ask without importing the economy at start-up."""


_TITLES = {"orders": "Turn Orders", "supply": "Combat: Supply", "encounters": "Combat: Encounters",
           "battles": "Combat: Space Combat (Battle Hexes)", "bombardment": "Combat: Orbital Bombardment",
           "troops": "Combat: Troop Combat", "income": "Income", "tech": "Tech",
           "construction": "Construction Completion", "update": "Update Asset",
           "end": "End of Turn"}


DICE_TOTAL = 10_000
"""Totals of a terrain table's dice (DiceExpr: at most 100 dice)."""
MAX_TURN = 10_000
MAX_SEED = 2**63 - 1
"""A battle's dice seed: any 64-bit integer."""


BattleKind = Literal["main", "pursuit", "base", "rear_guard"]


class TerrainEntry(Strict):
    """One row of a random terrain table: totals ``low``-``high`` give ``terrain``."""

    low: StrictInt = Field(ge=-DICE_TOTAL, le=DICE_TOTAL)
    high: StrictInt = Field(ge=-DICE_TOTAL, le=DICE_TOTAL)
    terrain: Terrain


class TerrainTable(Strict):
    """A scenario's Random Terrain Table (V13.17 cites V6.00, which the seeds do not print)."""

    dice: StrictStr = "1d6"
    entries: list[TerrainEntry] = Field(min_length=1)


MAX_BEGAN = 1_000
"""At most this many fleets, fixed units or ignore records in a battle's :class:`BattleStart`."""


class IgnoreRecord(Strict):
    """A team ignores an independent Orion (V13.16) or a sub-light unit (V13.18)."""

    team: StrictStr
    unit: StrictStr
    at: LabelField
    turn: StrictInt = Field(ge=1, le=MAX_TURN)
    rule: StrictStr


class BattleStart(Strict):
    """A resolved battle's inputs as they stood when it began, which its write-back (V13.01) and
    the turns after it change: what its replay is rebuilt from (rules/battlehex/replay_source.py)."""

    turn: StrictInt = Field(ge=1, le=MAX_TURN, description="the campaign turn it was fought in")
    system: SystemKey = Field(description="the battle system that fought it")
    owner: StrictStr | None = Field(None, description="the power owning the sector then (its fixed units' side)")
    fleets: list[Fleet] = Field([], max_length=MAX_BEGAN, description="the fleets in the sector (or on the lane, "
                                "between sectors) and those with a unit in the battle, their units as they were")
    garrison: list[Unit] = Field([], max_length=MAX_BEGAN, description="the sector's fixed units as they were")
    ignores: list[IgnoreRecord] = Field([], max_length=MAX_BEGAN, description="that turn's ignore records in the "
                                        "sector (V13.16, V13.18)")
    b5: B5Settings | None = Field(None, description="a B5 battle's readings (settings.b5) as it was fought: its "
                                  "replay reads them, whatever the campaign reads now (absent: the campaign's)")


class BattleHexRecord(Strict):
    """A Battle Hex formed at the end of a Movement Phase (V13.11-V13.17)."""

    at: LabelField
    turn: StrictInt = Field(ge=1, le=MAX_TURN)
    attacker: StrictStr
    defender: StrictStr
    others: list[StrictStr] = Field([], description="further teams present: independent Orions, monsters")
    moved_in: list[StrictStr] = Field([], description="teams whose movement formed the hex (V13.14)")
    attacker_reason: StrictStr = ""
    terrain: Terrain = Terrain.NONE
    terrain_source: StrictStr = Field("", description="how the terrain was found (V13.17 / A-51)")
    resolved: StrictBool = False
    resolution: StrictStr = ""
    kind: BattleKind = Field("main", description="main; pursuit (after an interception, V13.748, A-39); base (the battle "
                                          "at the base after an Approach Battle, V13.37); rear_guard (V13.730)")
    participants: list[StrictStr] = Field([], description="for a pursuit battle: the units that meet (empty: all)")
    kept_ws: dict[StrictStr, Annotated[StrictInt, Field(ge=0, le=3)]] = Field({}, description="Weapon Status kept from the first battle in the hex (A-11)")
    pursuit: dict[StrictStr, JsonValue] = Field({}, description="for a rear-guard battle: the Pursuit Force, the pursued units "
                                                    "and the teams (V13.730)")
    system: SystemKeyOrEmpty = Field("", description="the battle system fighting this hex (rules/systems); empty: the "
                                       "campaign's settings.battle_system")
    seed: StrictInt | None = Field(None, ge=-MAX_SEED, le=MAX_SEED, description="the battle procedure's dice seed, once it has started")
    answers: JsonList = Field([], description="the battle procedure's answers so far (replayed on load)")
    secret_answers: dict[StrictStr, StrictStr] = Field({}, description="answers given in secret (V13.723): the "
                                                       "answer's index and the Team it belongs to (sealed for it)")
    dice_key: StrictStr = Field("", pattern=r"^([0-9a-f]{64})?$", description="the GM's secret key of the battle's "
                                "secret dice streams (hex; sealed for the GM alone, rules/dice.py), made when the GM "
                                "begins a battle that rolls secret dice; empty: the plain seed alone")
    encounter: EncounterState = Field(EncounterState.V13, description="seed 004 Encounters Phase: v13 (formed by "
                                      "V13.11, no encounter step), pending, scenario (fought), none (no battle)")
    scenario: Scenario | None = Field(None, description="the scenario the encounter generated")
    between: LabelField | None = Field(None, description="a meeting between sectors: the lane from ``at`` to here")
    encounter_answers: JsonList = Field([], description="the Encounters Phase's answers for this meeting (replayed)")
    winner: StrictStr = Field("", description="a battle between sectors: the Team that won it and remains between "
                                              "sectors (its loser returns to its last sector, seed 004)")
    secret_of: list[StrictStr] = Field([], description="whose secret the record's words tell (Team ids, or [gm]: "
                                       "the GM's alone): its answers or results named units the rules hide (V13.03, "
                                       "V13.29) when they were given; sealed for them and the GM in saved files")
    began: BattleStart | None = Field(None, description="once resolved: the battle's inputs as they stood when it "
                                      "began, for its replay (absent: resolved before these were kept)")
    era: StrictInt = Field(0, ge=0, le=1000, description="the code era of its battle system the battle began in "
                           "(rules/systems/*/compat.py): it replays under the rules it began with; 0: begun "
                           "before its system kept one")
    stcs_bodies: Bodies | None = Field(None, description="an STCS battle's planets, moons and asteroids, its sector's "
                                       "as they were when it began (rules/model/stcs_map.py): it is fought, reopened and "
                                       "replayed with these; absent: begun before battles kept them (the sector's)")


class LogEntry(Strict):
    """One line of the campaign log, with the rule it applies and who may read it
    (rules/model/visibility.py)."""

    turn: StrictInt = Field(ge=1, le=MAX_TURN)
    rule: StrictStr = ""
    text: StrictStr
    secret_of: list[StrictStr] = Field([], description="whose secret the line tells (Team ids, or [gm]: the GM's "
                                       "alone): it names units the rules hide (V13.03, V13.29); sealed for them and "
                                       "the GM in saved files. Empty: everyone may read it")
    supersedes: StrictStr = Field("", description="a fuller version of a battle's result line, for the readers "
                                  "it names (rules/battlehex/results.py result_lines): the text of everyone's "
                                  "version, written just before it, which those readers are not shown as well "
                                  "(rules/model/visibility.py shown); sealed with the line")
