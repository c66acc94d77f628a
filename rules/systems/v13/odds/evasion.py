"""Exact odds of a sub-light evader's fate (V13.90): the terrain tables (V13.952-V13.957,
V13.962-V13.967) and the empty-space tables (V13.9580 / V13.9680).

The tables are read from ``rules/systems/v13/sublight.py`` and ``rules/strategic/lost.py``, the
modules that roll them; the few steps between the tables there are rolled inline, so they are
mirrored here, and the tests check every distribution against those functions face by face.
"""
from __future__ import annotations

from typing import NamedTuple

from rules.systems.v13.sublight import _DAMAGE, _TERRAIN, HexClass, Outcome
from rules.model.types import Terrain
from rules.model.units import Unit
from rules.systems.v13.odds.dist import Dist
from rules.systems.v13.odds.text import percent
from rules.strategic.lost import _ROWS, EmptySpace, EvasionLoss, root


class FateOdds(NamedTuple):
    """One possible end of :func:`rules.systems.v13.sublight.evasion_fate` (its numbers, not its steps)."""

    outcome: Outcome
    lost_turns: int = 0
    extra_damage: int = 0
    supplies_turns: int = 0
    lost_by: EvasionLoss | None = None


def _adjusted(unit: Unit, officer: str) -> Dist[int]:
    """1d6 minus the square root (round down) of an officer's Rating."""
    return Dist.dice("1d6").shift(-root(getattr(unit.officers, officer)))


def empty_space_odds(unit: Unit, hostile: bool, orion: bool = False) -> Dist[tuple[EmptySpace, int]]:
    """V13.9580 / V13.9680: the row and the Strategic Turns lost (1d3 neutral, 1d6 hostile)."""
    def row(adj: int) -> EmptySpace:
        r = _ROWS[min(6, max(1, adj))]
        return EmptySpace.SELF_DESTRUCT if r is EmptySpace.CAPTURED and orion else r

    def turns(r: EmptySpace) -> Dist[tuple[EmptySpace, int]]:
        if r is not EmptySpace.LOST:
            return Dist.certain((r, 0))
        return Dist.dice("1d6" if hostile else "1d3").map(lambda t: (r, t))
    return _adjusted(unit, "captain").map(row).bind(turns)


def _empty_space(unit: Unit, hex_class: HexClass, orion: bool, extra: int) -> Dist[FateOdds]:
    if hex_class is HexClass.FRIENDLY_TERRAIN:
        return Dist.certain(FateOdds(Outcome.FRIENDLY_HEX, extra_damage=extra))
    return empty_space_odds(unit, hex_class is HexClass.HOSTILE, orion).map(
        lambda rt: FateOdds(Outcome[rt[0].name], rt[1], extra, 0, "V13.91x" if rt[1] else None))


def _damage_then(unit: Unit, hex_class: HexClass, orion: bool, mult: int, expr: str) -> Dist[FateOdds]:
    """``mult`` x ``expr`` extra damage (A-42: at least 0); destroyed when it reaches the boxes left."""
    mult = max(0, mult)
    hits = Dist.dice(expr).map(lambda x: mult * x) if mult else Dist.certain(0)
    left = unit.boxes_total - unit.internal_hits

    def after(h: int) -> Dist[FateOdds]:
        if unit.boxes_total and h >= left:
            return Dist.certain(FateOdds(Outcome.DESTROYED, extra_damage=h))
        return _empty_space(unit, hex_class, orion, h)
    return hits.bind(after)


def evasion_odds(unit: Unit, hex_class: HexClass, terrain: Terrain, orion: bool = False) -> Dist[FateOdds]:
    """Every end :func:`rules.systems.v13.sublight.evasion_fate` can give ``unit``, exactly."""
    if hex_class is HexClass.FRIENDLY:
        return Dist.certain(FateOdds(Outcome.FRIENDLY_HEX))
    hostile = hex_class is HexClass.HOSTILE
    if terrain in _TERRAIN:
        officer, table = _TERRAIN[terrain]
        lost_by: EvasionLoss = "V13.963" if hostile else "V13.953"

        def terrain_row(adj: int) -> Dist[FateOdds]:
            result = next(res for top, res in table["hostile" if hostile else "neutral"] if adj <= top)
            if result == "destroyed":
                return Dist.certain(FateOdds(Outcome.DESTROYED))
            if isinstance(result, tuple):
                return Dist.dice(result[1]).map(lambda t: FateOdds(Outcome.LOST, t, lost_by=lost_by))
            return _empty_space(unit, hex_class, orion, 0)
        return _adjusted(unit, officer).bind(terrain_row)
    if terrain in _DAMAGE:
        officer, multiplier, rows, stranded, _rules = _DAMAGE[terrain]

        def damage_row(adj: int) -> Dist[FateOdds]:
            if adj >= 6:
                return Dist.certain(FateOdds(Outcome.DESTROYED))
            if adj == 5:
                return Dist.dice("1d6").map(lambda t: FateOdds(stranded, supplies_turns=t))
            if adj in rows:
                return _damage_then(unit, hex_class, orion, multiplier(unit.size_class), rows[adj][hostile])
            return _empty_space(unit, hex_class, orion, 0)
        return _adjusted(unit, officer).bind(damage_row)
    return _empty_space(unit, hex_class, orion, 0)


def outcome_odds(unit: Unit, hex_class: HexClass, terrain: Terrain, orion: bool = False) -> Dist[Outcome]:
    """Only the outcomes of :func:`evasion_odds`, most likely first."""
    d = evasion_odds(unit, hex_class, terrain, orion).map(lambda f: f.outcome)
    return Dist(tuple(sorted(d.pairs, key=lambda op: -op[1])))


def evasion_text(unit: Unit, hex_class: HexClass, terrain: Terrain, orion: bool = False) -> str:
    """``"locatable 33%, lost 17%, destroyed with all hands 50%"`` (most likely first)."""
    return ", ".join(f"{o.value} {percent(p)}" for o, p in outcome_odds(unit, hex_class, terrain, orion))
