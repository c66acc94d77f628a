"""One Battle Hex as the app holds it: its battle system's run, its own undo stack, and typed
signals that say what changed (issue 10 parts 2, 4 and 6).

The controller knows no system's rules. It gives answers to the run (the engine checks them),
keeps the campaign's copy of the battle up to date through :meth:`CampaignSession.store_battle`,
and emits :attr:`changed` with the engine's :class:`~rules.battlehex.change.BattleChange`, so the
window and the system's panel update only what the answer touched. Undo is the engine's
(``run.undo``), on a stack of this battle only: another Battle Hex and the strategic turn are
never touched. The answer that resolves the battle writes its results to the campaign, so it
is a strategic change and goes on the session's strategic stack.
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.errors import NoBattleHex, RuleError
from rules.model import Campaign
from rules.model.records import BattleHexRecord
from rules.strategic.turn import refresh_resolution
from rules.systems import BattleRun, BattleSystem, get, start, system_for

if TYPE_CHECKING:
    from app.shell.session import CampaignSession


class _Answer(QUndoCommand):
    """One answer of one battle: redo gives it, undo takes it back with the engine's undo."""

    def __init__(self, ctl: BattleController, text: str, raw: Any) -> None:
        super().__init__(text)
        self.ctl, self.raw, self.first = ctl, raw, True

    def redo(self) -> None:
        if self.first:  # pushed after the answer was given
            self.first = False
            return
        self.ctl._give(self.raw)

    def undo(self) -> None:
        self.ctl._take_back()


class BattleController(QObject):
    """The battle at ``at`` in ``session``'s campaign, fought by its battle system."""

    changed = Signal(object)
    """A :class:`BattleChange`: what the last answer or undo touched."""
    reset = Signal()
    """The run was rebuilt from the campaign (a strategic undo, a reload): redraw everything."""
    refused = Signal(str)
    """An answer was refused; the text names the rule."""

    def __init__(self, session: CampaignSession, at: Label) -> None:
        super().__init__(session)
        self.session, self.at = session, at
        self.undo_stack = QUndoStack(self)
        self.run: BattleRun | None = None
        self.system: BattleSystem = get(session.campaign.settings.battle_system)
        self.error = ""  # why there is no run (no open Battle Hex here, a saved answer refused)
        self.heading = ""  # the window's title with no run: no Battle Hex here, or its system cannot start it
        self.last: BattleRun | None = None  # the battle as it ended, once resolved
        self._stored: Campaign | None = None  # the campaign this run last stored
        self._held = False  # reload() loads no next battle (reload_held)
        session.changed.connect(self._campaign_changed)
        self._load()

    # -- the run ---------------------------------------------------------------------------------
    def _load(self) -> None:
        """(Re)build the run from the campaign: a replay of the record's answers."""
        c = self.session.campaign
        try:
            self.system = system_for(c, self.at)
            self.run = start(c, self.at, self.session.graph, self.session.state)  # the session holds its state
            keyed = getattr(self.run, "key_secret_dice", None)  # a battle begun now: the GM's secret dice key
            if keyed is not None:
                keyed()  # (the engine makes the key: app/ works out no dice)
            self.error = self.heading = ""
        except RuleError as e:
            self.run, self.error = None, str(e)
            if isinstance(e, IllegalAnswer) and any(r.at == self.at and not r.resolved and r.answers
                                                    for r in c.battle_hexes):  # its saved answers do not replay
                self.error = f"{self.session.path.name}: the answers saved for Battle Hex {self.at} do not replay: {e}"
            self.heading = ("no open Battle Hex here" if isinstance(e, NoBattleHex)
                            else f"{self.system.title} cannot start")
        self._stored = c

    def _campaign_changed(self) -> None:
        """A strategic change (or its undo): rebuild unless the campaign is the one we stored."""
        if self.session.campaign is self._stored:
            return
        rec = next((b for b in self.session.campaign.battle_hexes if b.at == self.at and not b.resolved), None)
        run = self.run
        last = self.last
        if run is None and last is not None:  # resolved: stay on it unless its resolution was taken back
            mine = last.record
            if not any(b.at == mine.at and b.turn == mine.turn and b.kind == mine.kind and not b.resolved
                       for b in self.session.campaign.battle_hexes):
                self._stored = self.session.campaign
                return
            self.last = None
        if run is not None and rec is not None and _same(rec, run.record) \
                and (run.answers or self._system_now() == self.system.key):
            run.adopt(self.session.campaign)  # the same battle: no replay
            self._stored = self.session.campaign
        else:
            self.undo_stack.clear()  # another battle, or other answers: its history no longer applies
            self._load()
        self.reset.emit()

    def _system_now(self) -> str:
        """The system the campaign names for this hex now (a battle not begun follows a change of
        Turn > Battle System; a begun one is pinned to its own by rules.systems)."""
        try:
            return system_for(self.session.campaign, self.at).key
        except RuleError:
            return self.system.key

    # -- answering -------------------------------------------------------------------------------
    def answer(self, raw: Any) -> str | None:
        """Give the pending question ``raw``; returns the refusal (with its rule) or ``None``."""
        run = self.run
        if run is None or run.pending is None:
            return "no question is open"
        text = run.summary(raw)
        before = self.session.campaign
        try:
            change = run.answer(raw)  # an illegal answer raises before it changes anything
        except IllegalAnswer as e:
            self.refused.emit(str(e))
            return str(e)
        if change.resolved:
            self._resolve(text, before, run)
        else:
            self._store(run)
            self.undo_stack.push(_Answer(self, text, raw))
        self.changed.emit(change)
        return None

    def _resolve(self, text: str, before: Campaign, run: BattleRun) -> None:
        """The last answer writes the results back: one strategic change (Ctrl+Z in the main
        window takes it back, and the battle goes on where it was)."""
        # a meeting of the hex whose side this battle removed is settled at once (V13.12, logged)
        after = refresh_resolution(run.saved(), self.session.graph)
        self.last, self.run = run, None
        self.undo_stack.clear()
        self._stored = after
        self.session.apply(text, lambda _c: after)

    def _store(self, run: BattleRun) -> None:
        """Put this battle's record in the session's campaign (the other battles' records, with
        their own answers, stay as the session has them)."""
        mine = next(r for r in run.saved().battle_hexes if r.at == self.at and not r.resolved)
        c = self.session.campaign
        first = next(i for i, r in enumerate(c.battle_hexes) if r.at == self.at and not r.resolved)
        # the first open record of the hex is this battle's; the hex's other meetings keep theirs
        stored = c.model_copy(update={"battle_hexes": [mine if i == first else r
                                                       for i, r in enumerate(c.battle_hexes)]})
        run.adopt(stored)
        self._stored = stored
        self.session.store_battle(self.at, stored)

    def reload(self) -> None:
        """After this battle resolved: go on with the next open battle in the hex, if one
        follows (a pursuit, a rear guard, the battle at the base); none while :meth:`reload_held`."""
        if self.run is not None or self._held:
            return
        self._load()
        if self.run is not None:
            self.last = None
            self.undo_stack.clear()
            self.reset.emit()

    @contextmanager
    def reload_held(self) -> Iterator[None]:
        """While the block runs, :meth:`reload` loads no next battle: a replay from the file shows the
        resolved battle whose hex holds the next meeting, not begun (app/battle/replay_main.py); the next
        session.battle() after the block loads it again."""
        self._held = True
        try:
            yield
        finally:
            self._held = False

    def _give(self, raw: Any) -> None:
        run = self.run
        if run is None:
            return
        change = run.answer(raw)
        self._store(run)
        self.changed.emit(change)

    def _take_back(self) -> None:
        run = self.run
        if run is None or not run.answers:
            return
        change = run.undo(1)
        self._store(run)
        self.changed.emit(change)

    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a step to take back (the window's Undo is enabled only then)."""
        if self.run is None:
            stack = self.session.undo_stack
            return self.last is not None and stack.canUndo() and stack.undoText().startswith(f"Battle {self.at}")
        return self.undo_stack.canUndo() or bool(self.run.answers)

    def undo(self) -> str | None:
        """Take back this battle's last answer; returns why not, when it cannot."""
        if self.run is None:
            stack = self.session.undo_stack
            if self.last is not None and stack.canUndo() and stack.undoText().startswith(f"Battle {self.at}"):
                self.last = None
                stack.undo()  # the resolution is the campaign's last change: take it back
                return None
            return "the battle is resolved and other changes came after it: undo them in the main window first"
        if not self.undo_stack.canUndo():
            if self.run.answers:  # answers given before this session (a reopened file): the engine takes them back
                self._take_back()
                return None
            return "nothing to take back"
        self.undo_stack.undo()
        return None


def _same(a: BattleHexRecord, b: BattleHexRecord) -> bool:
    """The same battle with the same answers (a strategic change elsewhere in the campaign)."""
    return (a.turn, a.kind, a.attacker, a.defender, a.system, a.seed, a.answers) == (
        b.turn, b.kind, b.attacker, b.defender, b.system, b.seed, b.answers)
