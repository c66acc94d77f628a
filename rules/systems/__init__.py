"""Battle systems: the ways a Battle Hex may be fought (issue 10 part 5).

A battle system is an engine procedure that asks questions as data and takes checked
answers (:class:`BattleRun`), plus, in ``app/``, the panel that renders its questions. The
battle window, the hand-over screens, the log, undo, saving and the write-back to the
campaign are shared and know no system's rules. A campaign picks its system in
``settings.battle_system``; one Battle Hex may override it in its record's ``system``.

Systems today: ``v13`` (the Tactical Combat Interface, :mod:`rules.battle`) and ``table``
(the battle is fought at the table with any game and the GM enters the results,
:mod:`rules.systems.table`, the minimal example of the seam).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol, cast, get_args

from hexmap import Label, LaneGraph
from rules.battle.change import BattleChange
from rules.battle.log import EventLog
from rules.battle.questions import Question
from rules.errors import NoBattleHex
from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord
from rules.model.types import SystemKey


@dataclass(frozen=True, slots=True)
class RunStatus:
    """What the shared window says about a battle: who fights whom, where it stands."""

    heading: str
    stage: str
    resolved: bool
    resolution: str = ""


class BattleRun(Protocol):
    """One Battle Hex being fought by some system: the part the shared window relies on."""

    campaign: Campaign
    record: BattleHexRecord
    pending: Question | None
    answers: list[Any]

    @property
    def log(self) -> EventLog: ...

    def answer(self, raw: Any) -> BattleChange:
        """Give the pending question ``raw``; an illegal answer raises ``IllegalAnswer``."""
        ...

    def undo(self, n: int = 1) -> BattleChange:
        """Take back the last ``n`` answers."""
        ...

    def summary(self, raw: Any) -> str:
        """The undo-stack text for answering the pending question with ``raw``."""
        ...

    def saved(self) -> Campaign:
        """The campaign with this battle stored (and, once resolved, its results written)."""
        ...

    def adopt(self, campaign: Campaign) -> None:
        """Go on from ``campaign``, the result of :meth:`saved` while the battle is open."""
        ...

    def status(self) -> RunStatus:
        """Heading, stage and resolution for the window."""
        ...


Start = Callable[[Campaign, Label, "LaneGraph | None"], BattleRun]


@dataclass(frozen=True, slots=True)
class BattleSystem:
    """A way to fight a Battle Hex."""

    key: str
    title: str
    blurb: str
    start: Start


def _v13(campaign: Campaign, at: Label, graph: LaneGraph | None) -> BattleRun:
    from rules.battle.procedure import BattleProcedure  # the whole V13 engine loads only when used
    return cast("BattleRun", BattleProcedure(campaign, at, graph=graph))  # TODO(issue 10): drop once it conforms


def _table(campaign: Campaign, at: Label, graph: LaneGraph | None) -> BattleRun:
    from rules.systems.table import TableBattle
    return TableBattle(campaign, at, graph)


SYSTEMS: dict[str, BattleSystem] = {
    "v13": BattleSystem("v13", "Tactical Combat Interface (V13)",
                        "withdrawal, approach, weapon status, opening range and placement on the floating tactical "
                        "map, then the battle with every exit classified", _v13),
    "table": BattleSystem("table", "Fought at the table",
                          "the battle is fought with any game off the computer; the GM enters which units were "
                          "destroyed, captured or crippled", _table),
}
assert set(SYSTEMS) == set(get_args(SystemKey)), "rules/model/types.py SystemKey and SYSTEMS must list the same keys"


def open_record(campaign: Campaign, at: Label) -> BattleHexRecord:
    """The open Battle Hex record at ``at``, or ``NoBattleHex``."""
    for b in campaign.battle_hexes:
        if b.at == at and not b.resolved:
            return b
    raise NoBattleHex("V13.11", f"there is no open Battle Hex at {at}: execute movement first (Turn > End Movement)")


def system_for(campaign: Campaign, at: Label) -> BattleSystem:
    """The system that fights the open Battle Hex at ``at``: its record's, else the campaign's."""
    return SYSTEMS[open_record(campaign, at).system or campaign.settings.battle_system]


def start(campaign: Campaign, at: Label, graph: LaneGraph | None = None) -> BattleRun:
    """Start (or resume, replaying its answers) the battle at ``at`` with its system."""
    return system_for(campaign, at).start(campaign, at, graph)
