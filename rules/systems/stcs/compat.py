"""STCS battles saved by older code: the record's ``era`` (BattleHexRecord.era, written when a battle begins)
settles the rules that changed without a new question, so a battle replays under the rules it began with
(as rules/systems/b5/compat.py does for B5). A record saved with answers and no era (0) was begun before
STCS kept one.

- Era 1: the tactical map holds the sector's planets, moons and asteroids (:mod:`.bodies`).
- Era 2: the impulse engine takes damage (:mod:`.impulse`): an Emergency Heading Change or an Evasive Maneuver
  with no functional warp engine puts its point on it (before, the point was logged for the table and power was
  untouched), and a ship whose engines have no power box left is not capable of movement (no Emergency Heading
  Change).
- Era 3: a ship moving into a planet's, moon's or asteroid's hex is ruled by the GM (:func:`.bodies.sublight`: a
  question per body entered); before, nothing was asked.
- Era 4: the Maneuver Engineering Grid takes damage in 5-point boxes (:mod:`.damage`: a hit's points asked, inoperable
  at its fifth box, repaired box by box); before, a hit on it made it inoperable at once, for good.

A battle begun now also keeps its sector's planets, moons and asteroids in its record (``stcs_bodies``, :func:`kept`):
reopened or replayed it reads those, whatever the sector lists later; one begun before (none kept) reads the sector's.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.model.records import BattleHexRecord
from rules.model.stcs_map import STCSBody

if TYPE_CHECKING:
    from rules.battlehex.run import ReplayRun

BODIES_ERA, IMPULSE_ERA, BODY_MOVE_ERA, GRID_ERA = 1, 2, 3, 4
ERA = GRID_ERA
"""The era a battle begun now is recorded in (the newest)."""


def era(record: BattleHexRecord) -> int:
    """The era ``record``'s battle is fought in: its own once it has answers, :data:`ERA` for one not begun."""
    return record.era if record.answers else max(record.era, ERA)


def impulse_damage(record: BattleHexRecord) -> bool:
    """Whether a battle of ``record``'s era puts damage on the impulse engine (:data:`IMPULSE_ERA`)."""
    return record.era >= IMPULSE_ERA


def grid_boxes(record: BattleHexRecord) -> bool:
    """Whether a battle of ``record``'s era keeps the Maneuver Engineering Grid in 5-point boxes (:data:`GRID_ERA`)."""
    return record.era >= GRID_ERA


def begin(run: ReplayRun[Any]) -> None:
    """A battle begun now is recorded in this era (saved with it), as B5's battle.py does, and keeps its sector's
    planets, moons and asteroids as they are (:func:`kept`)."""
    r = run.record
    update: dict[str, Any] = {"era": era(r)} if era(r) != r.era else {}
    if not r.answers and r.stcs_bodies != kept(run):
        update["stcs_bodies"] = kept(run)
    if update:
        run.record = r.model_copy(update=update)
        run.campaign = run.campaign.model_copy(update={"battle_hexes": [run.record if b is r else b
                                                                        for b in run.campaign.battle_hexes]})


def kept(run: ReplayRun[Any]) -> list[STCSBody]:
    """The bodies a battle not yet begun keeps from its sector (copies): fought, reopened and replayed with these,
    whatever the sector lists later (issue 25: a resolved battle's replay read the sector's bodies at replay time)."""
    s = run.campaign.sector_at(str(run.record.at))
    return [b.model_copy() for b in s.stcs_bodies] if s is not None else []
