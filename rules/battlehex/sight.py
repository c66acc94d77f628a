"""What a viewer may read of a battle, in every battle system (issue 20): the one seam every
output of a battle goes through - ``main.py battle --viewer``, the battle window's log dock,
its report and its panels.

A battle's events carry who may see them (:attr:`rules.battlehex.log.Event.visible_to`: a secret
answer, V13.03's incidental units before the attacker has placed). Beside that, their words are
judged by :func:`rules.model.visibility.readable`: a line naming another Team's hidden unit
(cloaked, incidental: :func:`rules.model.units.unit_secret`) or a fleet made only of them is left
out, unless the battle has shown the viewer that unit:

* V13: the units the procedure shows the viewer (:meth:`BattleState.visible_units`: cloaked
  units are placed on the open map; incidental units once the attacker's placement is complete),
  to the Teams with units in the battle;
* the quick systems (SIDCORS, AF/EF) and the table: the other side's units in the battle once its
  first round begins, or once it is resolved (the table: when the GM enters what happened), to
  the attacker and the defender only (a Team whose units the system leaves out of the fight
  learns nothing of it, nor the sides of them). Before that, the sides know that they fight,
  not what the other brought that the rules hide.

The GM reads everything; a Team not in the battle learns nothing of its hidden units. A fleet
made only of hidden units keeps its name from the other Teams (they see the ships, not the
fleet).
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from rules.battlehex.log import GM, Event, EventLog, renumbered
from rules.battlehex.roster import BUnit, Status
from rules.battlehex.state import BattleState
from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord
from rules.model.visibility import Secrets, readable


class Seen(Protocol):
    """What the sight reads of a battle run (every :class:`rules.systems.BattleRun` has it)."""

    campaign: Campaign
    record: BattleHexRecord

    @property
    def log(self) -> EventLog: ...

    @property
    def state(self) -> BattleState: ...


@dataclass(frozen=True, slots=True)
class Sight:
    """One viewer's sight of one battle as it stands.

    Attributes:
        viewer: a Team id, ``"gm"``, or any other string for the shared screen (no Team).
        secrets: the campaign's hidden names.
        learned: the other Teams' hidden names the battle has shown the viewer.
    """

    viewer: str
    secrets: Secrets
    learned: frozenset[str]

    @property
    def key(self) -> tuple[str, frozenset[str]]:
        """Changes when what the viewer may read changes (a log drawn for it is drawn again)."""
        return self.viewer, self.learned

    def reads(self, text: str) -> bool:
        """Whether the viewer may read ``text``."""
        return self.viewer == GM or readable(self.secrets, text, self.viewer, self.learned)

    def sees(self, e: Event) -> bool:
        """Whether the viewer may see event ``e``: its ``visible_to`` and its words (text and data)."""
        if not e.seen_by(self.viewer):
            return False
        if self.viewer == GM:
            return True
        return self.reads(e.text) and (not e.data or self.reads(json.dumps(e.data, sort_keys=True, default=str)))

    def events(self, events: Iterable[Event]) -> list[Event]:
        """The events of ``events`` (the whole log) the viewer may see, in order, numbered in its own view
        (:func:`rules.battlehex.log.renumbered`: the events meant for it counted 1, 2, 3..., no gap where an
        event is kept from it)."""
        out, n = [], 0
        for e in events:
            if e.seen_by(self.viewer):
                n += 1
                if self.sees(e):
                    out.append(renumbered(e, n))
        return out

    def index(self, events: Iterable[Event], number: int) -> int | None:
        """The index in ``events`` (the whole log) of the viewer's event ``number`` (its own numbering, as
        :meth:`events` gives it: a replay link a viewer shares); None when it has no such event."""
        n = 0
        for i, e in enumerate(events):
            if e.seen_by(self.viewer):
                n += 1
                if n == number:
                    return i
        return None

    def knows(self, unit_id: str, name: str) -> bool:
        """Whether the viewer may know of the unit ``unit_id`` named ``name`` (a panel's counter)."""
        return self.reads(unit_id) and self.reads(name)

    def shown(self, data: dict[str, Any]) -> bool:
        """Whether the viewer may read a whole JSON-able value (a question as printed)."""
        return self.reads(json.dumps(data, sort_keys=True, default=str))


KEPT = "resolved (how names units the rules keep from this viewer)"
"""A resolution as a viewer who may not read its words sees it."""

_cache: list[tuple[tuple[object, ...], Secrets]] = []


def secrets_of(c: Campaign) -> Secrets:
    """The hidden names of ``c``, made from its fleets, map and Teams: kept while the campaign
    asked about holds those very objects (a battle asks again at every event, and each answer
    stores a copy of the campaign with only its battle records new: 0.35 ms a time otherwise)."""
    key = (c.fleets, c.map, c.teams, c.powers)
    if _cache and all(a is b for a, b in zip(_cache[0][0], key)):
        return _cache[0][1]
    s = Secrets(c)
    _cache[:] = [(key, s)]
    return s


def learned(run: Seen, viewer: str) -> frozenset[str]:
    """The other Teams' hidden names (ids and names) the battle ``run`` has shown ``viewer``."""
    st = run.state
    if viewer == GM:
        return frozenset()
    units: Iterable[BUnit]
    if hasattr(run, "engine"):  # a quick system or the table (rules.battlehex.run.ReplayRun)
        if not (getattr(run, "round", 0) >= 1 or st.resolved):
            return frozenset()
        sides = {run.record.attacker, run.record.defender}
        units = [u for u in st.units.values() if u.team in sides and u.status is not Status.OUT]
    else:  # V13: what its procedure shows the viewer on the map and in its lines
        sides = {u.team for u in st.units.values() if u.status is not Status.OUT}
        units = [u for u in st.visible_units(viewer) if u.team in sides and u.status is not Status.OUT]
    if viewer not in sides:
        return frozenset()
    unseen = run.unseen(viewer) if hasattr(run, "unseen") else frozenset()  # a system's own sight (STCS: cloaks)
    return frozenset(x for u in units if u.team != viewer and u.id not in unseen for x in (u.id, u.name))


def sight(run: Seen, viewer: str) -> Sight:
    """``viewer``'s sight of the battle ``run`` as it stands now."""
    return Sight(viewer, secrets_of(run.campaign), learned(run, viewer))


def events_for(run: Seen, viewer: str) -> list[Event]:
    """The battle's log as ``viewer`` may read it."""
    return sight(run, viewer).events(run.log.events)


__all__ = ["KEPT", "Sight", "events_for", "learned", "secrets_of", "sight"]
