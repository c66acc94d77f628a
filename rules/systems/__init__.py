"""Battle systems: the ways a Battle Hex may be fought (issue 10 part 5).

A battle system is an engine procedure that asks questions as data and takes checked
answers (:class:`BattleRun`), plus, in ``app/``, the panel that renders its questions. The
battle window, the hand-over screens, the log, undo, saving and the write-back to the
campaign are shared and know no system's rules. A campaign picks its system in
``settings.battle_system``; one Battle Hex may override it in its record's ``system``.

Each system is one entry of the registry (:mod:`rules.systems.registry`, the
``battlehex.systems`` entry points): its key, title, engine and panel. The built-in ones are
``v13`` (the Tactical Combat Interface, :mod:`rules.systems.v13`), ``table`` (fought at the table,
the GM enters the results, :mod:`rules.systems.table.battle`), ``sidcors`` (seed 004's SIDCORS,
:mod:`rules.systems.sidcors`) and ``afef`` (seed 001's AF/EF combat, :mod:`rules.systems.afef`).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

from rules.errors import NoBattleHex, RuleError
from rules.systems.registry import BattleSystem, get, keys, load, systems

if TYPE_CHECKING:
    from hexmap import Label, LaneGraph
    from rules.battlehex.change import BattleChange, RunStatus
    from rules.battlehex.log import EventLog
    from rules.battlehex.questions import Question
    from rules.battlehex.state import BattleState
    from rules.model.campaign import Campaign
    from rules.model.records import BattleHexRecord
    from rules.strategic.state import StrategicState


class BattleRun(Protocol):
    """One Battle Hex being fought by some system: the part the shared window relies on."""

    campaign: Campaign
    record: BattleHexRecord
    pending: Question | None
    answers: list[Any]

    @property
    def log(self) -> EventLog: ...

    @property
    def state(self) -> BattleState:
        """The battle's units and where it stands (what rules/battlehex/sight.py reads)."""
        ...

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


Start = Callable[["Campaign", "Label", "LaneGraph | None"], BattleRun]
"""A registry entry's engine: starts (or resumes) the battle at a sector."""


def open_record(campaign: Campaign, at: Label) -> BattleHexRecord:
    """The open Battle Hex record at ``at``, or ``NoBattleHex``."""
    for b in campaign.battle_hexes:
        if b.at == at and not b.resolved:
            return b
    raise NoBattleHex("V13.11", f"there is no open Battle Hex at {at}: execute movement first (Turn > End Movement)")


def system_for(campaign: Campaign, at: Label) -> BattleSystem:
    """The system that fights the open Battle Hex at ``at``: its record's, else the campaign's."""
    rec = open_record(campaign, at)
    if rec.system:
        return get(rec.system, f"battle_hexes[{campaign.battle_hexes.index(rec)}].system")
    return get(campaign.settings.battle_system)


def start(campaign: Campaign, at: Label, graph: LaneGraph | None = None,
          state: StrategicState | None = None) -> BattleRun:
    """Start (or resume, replaying its answers) the battle at ``at`` with its system; refused
    (V13.12) when the record's own sides no longer both stand there (issue 19: a battle over
    before it begins -- End Phase settles it). ``state`` is ``campaign``'s strategic state when
    the caller holds it (the app's session does): else it is computed, which scans every unit."""
    from rules.strategic.meetings import sides
    from rules.strategic.turn import over

    rec = open_record(campaign, at)
    if state is None and rec.between is None:
        from rules.strategic.state import StrategicState as _State

        state = _State.compute(campaign, graph)
    why = over(state, rec) if state is not None and rec.between is None else None
    if why is not None:
        raise RuleError("V13.12", f"the battle at {at} ({sides(campaign, rec)}) is over before it begins: {why} "
                                  "(End Phase settles it)")
    return begin(system_for(campaign, at), campaign, at, graph)


def begin(system: BattleSystem, campaign: Campaign, at: Label, graph: LaneGraph | None = None) -> BattleRun:
    """Start (or resume, replaying its answers) the battle at ``at`` with ``system``'s engine
    (its registry entry's ``engine``, loaded now), whatever the record says."""
    run: BattleRun = load(system.engine)(campaign, at, graph=graph)
    return run


def choose_for_campaign(campaign: Campaign, key: str) -> Campaign:
    """The campaign fighting its Battle Hexes with system ``key`` from now on (those already
    begun keep theirs: a record that names no system and has answers is pinned to the old one)."""
    if key not in keys():
        raise RuleError("settings.battle_system", f"no battle system {key!r}: one of {', '.join(keys())}")
    old = campaign.settings.battle_system
    if key == old:
        return campaign
    pinned = [r.model_copy(update={"system": old}) if not r.resolved and not r.system and r.answers else r
              for r in campaign.battle_hexes]
    return campaign.model_copy(update={"settings": campaign.settings.model_copy(update={"battle_system": key}),
                                       "battle_hexes": pinned})


def choose_for_hex(campaign: Campaign, at: Label, key: str) -> Campaign:
    """The open Battle Hex at ``at`` fought with system ``key``; refused once it has begun."""
    rec = open_record(campaign, at)
    if key not in keys():
        raise RuleError("battle system", f"no battle system {key!r}: one of {', '.join(keys())}")
    if rec.answers:
        raise RuleError("V13.11", f"the battle in {at} has begun ({len(rec.answers)} answers): take them back in "
                                  "its window before fighting it another way")
    system = "" if key == campaign.settings.battle_system else key
    if system == rec.system:
        return campaign
    new = rec.model_copy(update={"system": system})
    return campaign.model_copy(update={"battle_hexes": [new if r is rec else r for r in campaign.battle_hexes]})


__all__ = ["BattleRun", "BattleSystem", "Start", "begin", "choose_for_campaign", "choose_for_hex", "get", "keys", "open_record",
           "start", "system_for", "systems"]
