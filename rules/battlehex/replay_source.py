"""The campaign as a resolved battle began, rebuilt from its Battle Hex record (issue 22): a
battle resolved in an earlier session stays replayable after its file is closed and reopened.

The write-back (:func:`rules.battlehex.results.write_back`) keeps in the record what replaying
needs that it and the turns after it change (:class:`rules.model.records.BattleStart`). The
rebuilt campaign is the file's with that put back: the record open again first at its sector
(with its seed and answers), the sector's fleets and fixed units and owner as they were, the
turn and that turn's ignore records there, a B5 battle's readings as it was fought. Its run,
given the record's answers, is the battle as it was fought: the same frames
(:class:`rules.battlehex.replay_steps.Steps`) as in the session it was fought.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.errors import RuleError
from rules.systems import BattleRun, begin, get

if TYPE_CHECKING:
    from hexmap import LaneGraph
    from rules.model.campaign import Campaign


def replayable(c: Campaign) -> list[int]:
    """The indexes of ``c``'s Battle Hex records that can be replayed from the file: resolved,
    with answers and the inputs they began with."""
    return [i for i, r in enumerate(c.battle_hexes) if r.resolved and r.began is not None and r.answers]


def as_began(c: Campaign, index: int) -> Campaign:
    """``c`` as its Battle Hex record ``index`` began (pure: ``c`` is not changed).

    Raises:
        RuleError: the record is not resolved or keeps no inputs (resolved before they were kept).
    """
    rec = c.battle_hexes[index]
    b = rec.began
    if b is None or not rec.resolved:
        raise RuleError("V13.01", f"the battle at {rec.at} (turn {rec.turn}) cannot be replayed from the file: "
                                  "it is not resolved, or it was resolved before its inputs were kept")
    at, ends = rec.at, {rec.at, rec.between}
    kept = {f.id for f in b.fleets}
    ids = {u.id for f in b.fleets for u in f.units} | {u.id for u in b.garrison}

    def elsewhere(f_sector: object, transit: object) -> bool:
        if rec.between is None:
            return not (f_sector == at and transit is None)
        return not (transit is not None and {f_sector, transit} == ends)

    fleets = list(b.fleets)
    for f in c.fleets:  # the file's other fleets, less any unit the battle's fleets hold
        if f.id in kept or not elsewhere(f.sector, f.in_transit_to):
            continue
        units = [u for u in f.units if u.id not in ids]
        if units:
            fleets.append(f if len(units) == len(f.units) else f.model_copy(update={"units": units}))
    sectors = []
    for s in c.map.sectors:
        if s.at == at:
            sectors.append(s.model_copy(update={"owner": b.owner, "garrison": list(b.garrison)}))
        elif any(u.id in ids for u in s.garrison):
            sectors.append(s.model_copy(update={"garrison": [u for u in s.garrison if u.id not in ids]}))
        else:
            sectors.append(s)
    bare = rec.model_copy(update={"resolved": False, "resolution": "", "began": None,
                                  "system": b.system})
    ignores = [i for i in c.ignores if i.at != at or i.turn != b.turn] + list(b.ignores)
    settings = c.settings if b.b5 is None else c.settings.model_copy(update={"b5": b.b5})
    return c.model_copy(update={"turn": b.turn, "fleets": fleets, "battle_hexes": [bare, *(
        r for r in c.battle_hexes if r is not rec)], "ignores": ignores, "settings": settings,
        "map": c.map.model_copy(update={"sectors": sectors})})


def replay_run(c: Campaign, index: int, graph: LaneGraph | None = None) -> BattleRun:
    """The run of ``c``'s resolved Battle Hex record ``index``, fought again from the campaign
    as it began with the record's seed and answers (its system's engine, as the record names
    it); a run whose answers no longer lead where they did is refused."""
    rec = c.battle_hexes[index]
    began = as_began(c, index)
    b = rec.began
    assert b is not None
    run = begin(get(b.system, f"battle_hexes[{index}].began.system"), began, rec.at, graph)
    if list(run.answers) != list(rec.answers) or not run.status().resolved:
        raise RuleError("V13.01", f"the battle at {rec.at} (turn {rec.turn}) does not replay to its end from the "
                                  "inputs its record keeps")
    return run


__all__ = ["as_began", "replay_run", "replayable"]
