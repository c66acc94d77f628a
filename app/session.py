"""The open campaign as the app holds it: the campaign, its lane graph and strategic state,
undo/redo of every change, and an autosave after each one.

Every change goes through :meth:`CampaignSession.apply`, which takes a function from the old
campaign to a new one (the engine's :mod:`rules.strategic.turn`). If the function raises, the
campaign is untouched; if it returns, the new campaign is pushed on the undo stack, the state is
recomputed and the campaign autosaved.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.paths import autosave_dir
from hexmap import Label, LaneGraph
from rules.model import Campaign, save_campaign
from rules.strategic import StrategicState, build_graph
from rules.strategic.turn import MovementReport, end_movement, end_movement_phase, gm_resolve, set_orders


class _Change(QUndoCommand):
    def __init__(self, session: CampaignSession, text: str, before: Campaign, after: Campaign) -> None:
        super().__init__(text)
        self.session, self.before, self.after = session, before, after

    def redo(self) -> None:
        self.session._set(self.after)

    def undo(self) -> None:
        self.session._set(self.before)


class CampaignSession(QObject):
    """One open campaign with its derived strategic state; emits ``changed`` after every change."""

    changed = Signal()
    autosave_failed = Signal(str)

    def __init__(self, campaign: Campaign, path: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path = path
        self.undo_stack = QUndoStack(self)
        self.graph: LaneGraph = build_graph(campaign)
        self.campaign = campaign
        self.state = StrategicState.compute(campaign, self.graph)
        self.last_autosave: Path | None = None

    # -- changes ---------------------------------------------------------------------------------
    def _set(self, campaign: Campaign) -> None:
        if campaign.map is not self.campaign.map and campaign.map != self.campaign.map:
            self.graph = build_graph(campaign)
        self.campaign = campaign
        self.state = StrategicState.compute(campaign, self.graph)
        self._autosave()
        self.changed.emit()

    def apply(self, text: str, change: Callable[[Campaign], Campaign]) -> Campaign:
        """Apply ``change`` as one undoable step; exceptions leave everything as it was."""
        before = self.campaign
        after = change(before)
        self.undo_stack.push(_Change(self, text, before, after))
        return after

    def set_orders(self, fleet_id: str, path: list[Label]) -> Campaign:
        name = next((f.name for f in self.campaign.fleets if f.id == fleet_id), fleet_id)
        what = f"Orders for {name}: {' -> '.join(map(str, path))}" if path else f"Clear orders of {name}"
        return self.apply(what, lambda c: set_orders(c, self.state, fleet_id, path))

    def end_movement(self, decisions=None) -> MovementReport:
        """Execute movement; if questions come back, nothing changes and they are returned."""
        report = end_movement(self.campaign, self.graph, decisions)
        if report.campaign is not None:
            done = report.campaign
            self.apply(f"End movement of turn {self.campaign.turn}", lambda _c: done)
        return report

    def gm_resolve(self, at: Label, reason: str) -> Campaign:
        return self.apply(f"GM ruling on Battle Hex {at}", lambda c: gm_resolve(c, at, reason))

    def end_movement_phase(self) -> Campaign:
        return self.apply(f"End Movement Phase of turn {self.campaign.turn}",
                          lambda c: end_movement_phase(c, self.graph))

    # -- autosave --------------------------------------------------------------------------------
    def autosave_path(self) -> Path:
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", self.path.stem) or "campaign"
        return autosave_dir() / f"{stem}.autosave.json"

    def _autosave(self) -> None:
        target = self.autosave_path()
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            save_campaign(self.campaign, target, compact=True)  # after every change: the fast form
            self.last_autosave = target
        except OSError as e:
            self.autosave_failed.emit(f"Autosave to {target} failed: {e.strerror or e}")
