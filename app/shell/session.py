"""The open campaign as the app holds it: the campaign, its lane graph and strategic state,
undo/redo, and an autosave after each change.

Every strategic change goes through :meth:`CampaignSession.apply`, which takes a function from
the old campaign to a new one (the engine's :mod:`rules.strategic.turn`). If the function
raises, the campaign is untouched; if it returns, the new campaign is pushed on the strategic
undo stack, the state is recomputed and the campaign autosaved.

A battle's answers are not strategic changes: each Battle Hex has its own undo stack (its
:class:`app.battle.controller.BattleController`, kept here so a reopened window goes on where
it was), and :meth:`store_battle` puts the battle's record in the campaign without touching
the strategic stack or recomputing the strategic state. Undoing a strategic change keeps the
answers of the battles still open in the campaign it goes back to.

The autosave is debounced (one write after a burst of changes) and written on a worker thread;
:meth:`flush` writes it at once (quitting, or reading :attr:`last_autosave`). It is keyed by the
file's full path (:func:`app.shell.paths.autosave_file`). While an older autosave waits for the user's
choice (recover or discard, at start or when the file is opened), :meth:`hold_autosave` keeps
every write back, so nothing overwrites it; :meth:`release_autosave` writes what was held.
The autosave is the owner's alone (0600 in a 0700 folder: it may hold sealed secrets); a failed
write keeps the previous autosave and is reported at the edge (:mod:`app.shell.errors`), not lost with
its thread.
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.shell import errors
from app.shell.errors import report, words_of
from app.shell.paths import autosave_file
from hexmap import Label, LaneGraph
from rules.model import Campaign, save_campaign
from rules.model import visibility
from rules.model.seals import LOG_RULE, Keyring
from rules.opening import derived
from rules.strategic import StrategicState, build_graph
from rules.strategic.meetings import bring_first, sides
from rules.strategic.turn import MovementReport, PhaseError, gm_resolve, set_orders, standing
from rules.turn.sequence import fightable

if TYPE_CHECKING:
    from app.battle.controller import BattleController

HIDDEN_STEP = "A step about units kept from the table"
"""The undo text of a step whose own words name a cloaked or incidental unit (V13.03, V13.29)."""
AUTOSAVE_DELAY_MS = 300
AUTOSAVE_MODE = 0o600
"""The autosave may hold sealed secrets: only its owner reads it (its folder is 0700)."""

AUTOSAVE_KEPT = ("Your changes are kept in the open campaign, and the last autosave that could be written stays as "
                 "it was (it does not hold the latest changes). Save the campaign (File > Save) to keep them.")

_Derived = tuple[Campaign, LaneGraph, StrategicState]


class _Change(QUndoCommand):
    def __init__(self, session: CampaignSession, text: str, before: Campaign, after: Campaign,
                 ready: _Derived | None = None) -> None:
        super().__init__(text)
        self.session, self.before, self.after = session, before, after
        self._ready = ready  # the graph and state of ``after``, computed before the push

    def redo(self) -> None:
        target = _carry_battles(self.after, self.session.campaign)
        ready, self._ready = self._ready, None
        self.session._set(target, ready if ready is not None and ready[0] is target else None)

    def undo(self) -> None:
        self.session._set(_carry_battles(self.before, self.session.campaign))


def _carry_battles(target: Campaign, current: Campaign) -> Campaign:
    """``target`` with the answers of the Battle Hexes open in both kept from ``current``: a
    strategic undo or redo does not take back a battle's answers (they have their own stack).
    A battle whose system differs between the two is not carried (its answers were given to
    another system)."""
    now = {(b.at, b.turn, b.kind, b.attacker, b.defender): b for b in current.battle_hexes if not b.resolved}
    carried = []
    for b in target.battle_hexes:
        cur = now.get((b.at, b.turn, b.kind, b.attacker, b.defender)) if not b.resolved else None
        if cur is not None and cur.system == b.system and (cur.answers, cur.seed) != (b.answers, b.seed):
            b = b.model_copy(update={"answers": cur.answers, "seed": cur.seed, "secret_answers": cur.secret_answers})
        carried.append(b)
    if all(x is y for x, y in zip(carried, target.battle_hexes, strict=True)):
        return target
    return target.model_copy(update={"battle_hexes": carried})


class CampaignSession(QObject):
    """One open campaign with its derived strategic state; emits ``changed`` after every change."""

    changed = Signal()
    """The campaign changed strategically (or was replaced): views redraw what they show."""
    battle_stored = Signal(object)
    """A battle's answers changed (the Battle Hex's label): only that battle's views care."""
    autosave_failed = Signal(str)
    _autosave_error = Signal(str)  # from the worker thread, delivered on the GUI thread

    def __init__(self, campaign: Campaign, path: Path, parent: QObject | None = None,
                 keyring: Keyring | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.keyring = keyring or Keyring()
        """The seal keys opened this session (the file's sealed secrets, the GM view)."""
        self.undo_stack = QUndoStack(self)
        ready = derived(campaign)  # the opening check's, of this very campaign: not built again
        self.graph: LaneGraph = ready[0] if ready is not None else build_graph(campaign)
        self.campaign = campaign
        self.state = ready[1] if ready is not None else StrategicState.compute(campaign, self.graph)
        self._last_autosave: Path | None = None
        self.battles: dict[Label, BattleController] = {}
        self._autosave_timer = QTimer(self)
        self._autosave_timer.setSingleShot(True)
        self._autosave_timer.setInterval(AUTOSAVE_DELAY_MS)
        self._autosave_timer.timeout.connect(self._write_autosave)
        self._writer: threading.Thread | None = None
        self._held = False  # an older autosave waits for the user's choice: write nothing
        self._held_changes = False
        self._told: set[str] = set()  # autosave failures shown once in a dialog (each is logged)
        self._autosave_error.connect(self.autosave_failed)
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.flush)

    # -- changes ---------------------------------------------------------------------------------
    def _derive(self, campaign: Campaign) -> _Derived:
        """``campaign`` with its lane graph and strategic state (raises if they cannot be made)."""
        graph = self.graph
        if campaign.map is not self.campaign.map and campaign.map != self.campaign.map:
            graph = build_graph(campaign)
        return campaign, graph, StrategicState.compute(campaign, graph)

    def _set(self, campaign: Campaign, ready: _Derived | None = None) -> None:
        """Hold ``campaign``: all of it (graph, state) or, if deriving it fails, none of it."""
        _, graph, state = ready if ready is not None else self._derive(campaign)
        self.campaign, self.graph, self.state = campaign, graph, state
        self._autosave()
        self.changed.emit()

    def store_battle(self, at: Label, campaign: Campaign) -> None:
        """Keep ``campaign``, which differs from the current one only in the open Battle Hex
        record at ``at`` (a battle answer or its undo): no strategic recompute, no strategic
        undo step; the campaign is marked unsaved and autosaved."""
        self.campaign = campaign
        self.undo_stack.resetClean()
        self._autosave()
        self.battle_stored.emit(at)

    def battle(self, at: Label) -> BattleController:
        """The controller of the Battle Hex at ``at`` (made on first use, kept while the
        session lives, so its undo history and replayed state survive the window)."""
        ctl = self.battles.get(at)
        if ctl is None:
            from app.battle.controller import BattleController  # the battle engine loads when first used
            ctl = self.battles[at] = BattleController(self, at)
        else:
            ctl.reload()  # a resolved battle's hex may hold the next battle (a pursuit, a rear guard)
        return ctl

    def apply(self, text: str, change: Callable[[Campaign], Campaign], copy_ok: bool = False) -> Campaign:
        """Apply ``change`` as one undoable step; exceptions leave everything as it was (the new
        campaign's state is computed before the step is pushed, so a failure there pushes nothing).
        ``copy_ok``: a change a Team copy may make too (its fleets' movement orders, issue 23)."""
        before = self.campaign
        if before.team_copy is not None and not copy_ok:  # read-only: the GM's file holds the campaign (issue 23)
            raise PhaseError(f"{LOG_RULE} (Team copy)", "a Team copy changes nothing (it is never saved): its "
                                                            "Team exports its Turn Orders (File > Export My Orders...) "
                                                            "and the GM gives the rest on the campaign's own file")
        after = change(before)
        if after is before:  # nothing changed: no empty step on the undo stack
            return after
        after = visibility.mark(before, after)  # the log lines naming hidden units are their Team's
        # the Edit menu is the table's: a step naming a hidden unit is not named (the engine judges)
        text = visibility.words_for(visibility.Secrets(before, after), text, visibility.TABLE, HIDDEN_STEP)
        ready = self._derive(after)
        self.undo_stack.push(_Change(self, text, before, after, ready))
        return after

    def set_orders(self, fleet_id: str, path: list[Label]) -> Campaign:
        name = next((f.name for f in self.campaign.fleets if f.id == fleet_id), fleet_id)
        what = f"Orders for {name}: {' -> '.join(map(str, path))}" if path else f"Clear orders of {name}"
        if self.campaign.team_copy is not None:  # its own fleets only, exported sealed (issue 23)
            from rules.turn.sealed_orders import plot
            return self.apply(what, lambda c: plot(c, self.graph, fleet_id, path), copy_ok=True)
        return self.apply(what, lambda c: set_orders(c, self.state, fleet_id, path))

    def end_movement(self, decisions=None) -> MovementReport:
        """Execute movement; if questions come back, nothing changes and they are returned."""
        from rules.turn import combat_phase  # the Combat Phase (and the battle engine's questions) load when used

        report = combat_phase.end_movement(self.campaign, self.graph, decisions)
        if report.campaign is not None:
            done = report.campaign
            self.apply(f"End movement of turn {self.campaign.turn}", lambda _c: done)
        return report

    def gm_resolve(self, at: Label, reason: str, index: int | None = None) -> Campaign:
        """The GM's ruling on one meeting: ``battle_hexes[index]``, else the first open at ``at``."""
        return self.apply(f"GM ruling on Battle Hex {at}", lambda c: gm_resolve(c, at, reason, index))

    def fightable(self) -> list[int]:
        """The Battle Hex records that may be fought now, as the engine says: not one whose own
        sides no longer both stand there (V13.12; End Phase or the next battle settles it)."""
        return standing(self.state, fightable(self.campaign))

    def fight_next(self, index: int) -> Campaign:
        """Record ``index`` is the one its sector's battle window fights (one undoable step when
        another meeting of the sector came first)."""
        rec = self.campaign.battle_hexes[index]
        return self.apply(f"Battle Hex {rec.at}: {sides(self.campaign, rec)} fought next",
                          lambda c: bring_first(c, index))

    def end_phase(self, note: str = "") -> Campaign:
        """End Phase: the Combat Phase's next sub-phase, or the next turn (seed 004's Sequence of
        Play; a v13 campaign: the next turn once its Battle Hexes are resolved)."""
        from rules.turn import combat_phase

        return self.apply(f"End {self.campaign.phase.title} (turn {self.campaign.turn})",
                          lambda c: combat_phase.advance(c, self.graph, note))

    def combat_pending(self):
        """The turn's open question ``(index, Question)``, or ``None`` (the engine says): an empire
        phase's or Turn Orders' without importing the Combat Phase (issue 21: start-up)."""
        from rules.turn.sequence import outside_combat, pending_outside_combat

        if outside_combat(self.campaign):
            return pending_outside_combat(self.campaign)
        from rules.turn import combat_phase

        return combat_phase.pending(self.campaign, self.graph, self.state)

    def combat_stuck(self):
        """The Combat Phase step the engine cannot ask (its pending question fails), or ``None``
        (:mod:`rules.turn.unblock`)."""
        from rules.turn import unblock

        return unblock.stuck(self.campaign, self.graph, self.state)

    def rule_stuck(self, note: str) -> Campaign:
        """Settle the stuck step by the GM's ruling, logged with ``note``, as one undoable step."""
        from rules.turn import unblock

        s = self.combat_stuck()
        return self.apply(f"GM ruling: settle {s.where if s else 'the Combat Phase'}",
                          lambda c: unblock.settle(c, self.graph, note, self.state))

    def rule_end_phase(self, note: str, error: str) -> Campaign:
        """Go on past an End Phase that failed with ``error`` by the GM's ruling (one undoable step)."""
        from rules.turn import unblock

        return self.apply(f"GM ruling: end {self.campaign.phase.title}",
                          lambda c: unblock.end_phase(c, note, error))

    def answer_turn(self, raw, secret: bool = False) -> Campaign:
        """Answer the Combat Phase's open question as one undoable step (refusals raise); a
        ``secret`` answer is not named on the undo stack, which every player sees."""
        open_q = self.combat_pending()
        from rules.turn import combat_phase
        from rules.turn.words import answer_words

        names = {t.id: t.name for t in self.campaign.teams} | dict(open_q[1].data.get("names", {}) if open_q else {})
        what = answer_words(open_q[1], raw, names) if open_q else "answer"  # people's words, not the key
        if secret and open_q is not None:
            what = f"{names.get(open_q[1].to, open_q[1].to)} answers in secret"

        return self.apply(f"{self.campaign.phase.title}: {what}", lambda c: combat_phase.answer(c, self.graph, raw, self.state))

    # -- autosave --------------------------------------------------------------------------------
    def autosave_path(self) -> Path:
        """This file's autosave (its name and a hash of its full path)."""
        return autosave_file(self.path)

    @property
    def autosave_held(self) -> bool:
        return self._held

    def hold_autosave(self) -> None:
        """Write no autosave until :meth:`release_autosave` (an older one awaits recovery)."""
        self._held = True

    def release_autosave(self) -> None:
        """The user chose: autosave again, at once if changes were held back."""
        self._held = False
        if self._held_changes:
            self._held_changes = False
            self._autosave()

    @property
    def last_autosave(self) -> Path | None:
        """The autosave file, once written (a pending autosave is written first)."""
        self.flush()
        return self._last_autosave

    def _autosave(self) -> None:
        """Schedule the autosave: one write after a burst of changes, off the GUI thread."""
        if self.campaign.team_copy is not None:  # a Team copy is never saved (its signature would not hold)
            return
        if self._held:
            self._held_changes = True
            return
        self._autosave_timer.start()

    def flush(self) -> None:
        """Write a scheduled autosave now and wait for the writer (on quit, before reading it)."""
        if self._autosave_timer.isActive():
            self._autosave_timer.stop()
            self._write_autosave()
        if self._writer is not None:
            self._writer.join()
            self._writer = None

    def _write_autosave(self) -> None:
        if self._writer is not None:
            self._writer.join()  # one write at a time, in order
        campaign, target = self.campaign, self.autosave_path()  # campaigns are values: safe to read in a thread

        def write() -> None:
            try:
                _private(target)
                save_campaign(campaign, target, compact=True)  # the fast form; a failure keeps the old file
                os.chmod(target, AUTOSAVE_MODE)
                self._last_autosave = target
            except Exception as e:  # any failure is told (the thread would die with a line on stderr)
                text = f"Autosave to {target} failed: {words_of(e)}"
                self._autosave_error.emit(text)
                report("Autosave", e, show=text not in self._told, kept=AUTOSAVE_KEPT)
                self._told.add(text)
        errors.ensure_edge()  # on the GUI thread, where the writer's failure is shown
        self._writer = threading.Thread(target=write, name="autosave", daemon=True)
        self._writer.start()


def _private(target: Path) -> None:
    """Make the autosave's folder 0700 and an existing autosave 0600 before writing it (the
    atomic write keeps the file's mode; a new file is made 0600 right after, in the private folder)."""
    folder = target.parent
    folder.mkdir(parents=True, exist_ok=True, mode=0o700)
    if folder.stat().st_mode & 0o077:
        os.chmod(folder, 0o700)
    try:
        if target.stat().st_mode & 0o077:
            os.chmod(target, AUTOSAVE_MODE)
    except FileNotFoundError:
        pass
