"""Exact AF/EF odds (seed 001, 4.1.b and 4.2.b-c; issue 12, "Exact odds"), computed from the
die's six faces, never simulated.

A normal die scores 2 hits on a 6 (direct hit), 1 on a 5 (near miss), none otherwise. A die
rolled by a unit whose AF was reduced to zero or less is stepped down (4.1.b): a 6 scores 1
hit, a 5 none. The hits of one pooled roll are the sum over its dice, so the distribution is
a convolution; with a target's hit marker and EF it gives the chance to damage it (hits >=
half EF) and to destroy it (hits >= EF).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

SIXTH = Fraction(1, 6)
NORMAL_DIE: dict[int, Fraction] = {0: 4 * SIXTH, 1: SIXTH, 2: SIXTH}
"""Hits of one die: 1-4 none, 5 a near miss (1), 6 a direct hit (2)."""
STEPPED_DIE: dict[int, Fraction] = {0: 5 * SIXTH, 1: SIXTH}
"""Hits of one stepped-down die (AF reduced to zero or less): 6 a near miss, 5 a miss."""


def face_hits(face: int, stepped: bool = False) -> int:
    """Hits a die face scores (4.2.b), stepped down one level when ``stepped`` (4.1.b)."""
    hits = 2 if face == 6 else 1 if face == 5 else 0
    return max(0, hits - 1) if stepped else hits


def _convolve(a: Mapping[int, Fraction], b: Mapping[int, Fraction]) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


@lru_cache(maxsize=4096)
def _distribution(dice: int, stepped: int) -> tuple[tuple[int, Fraction], ...]:
    if stepped:
        out = _convolve(dict(_distribution(dice, stepped - 1)), STEPPED_DIE)
    elif dice:
        out = _convolve(dict(_distribution(dice - 1, 0)), NORMAL_DIE)
    else:
        out = {0: Fraction(1)}
    return tuple(sorted(out.items()))


def hit_distribution(dice: int, stepped: int = 0) -> dict[int, Fraction]:
    """Hits -> exact probability for ``dice`` normal dice and ``stepped`` stepped-down dice."""
    if dice < 0 or stepped < 0:
        raise ValueError("a number of dice cannot be negative")
    for n in range(0, dice, 256):  # fill the cache from below: no deep recursion for a big pool
        _distribution(n, 0)
    return dict(_distribution(dice, stepped))


def is_damaged(hits: int, ef: int) -> bool:
    """Hits equal to or above half the EF (4.2.c; ``2 * hits >= ef``, no rounding)."""
    return 2 * hits >= ef


def is_destroyed(hits: int, ef: int) -> bool:
    """Hits equal to or above the EF (4.2.c)."""
    return hits >= ef


def interphase(hits: int, ef: int, damaged: bool) -> int:
    """The hits a unit keeps through an interphase (4.2.c): none, or for a damaged unit the
    hits up to half its EF (it removes only those that exceed half its EF)."""
    return min(hits, ef // 2) if damaged else 0


@dataclass(frozen=True, slots=True)
class TargetOdds:
    """What one roll does to a target, exactly.

    Attributes:
        damaged: the chance it ends the roll damaged and not destroyed, when it was not damaged.
        destroyed: the chance it is destroyed.
        expected: the expected hits of the roll.
        hits: hits of the roll -> probability.
    """

    damaged: Fraction
    destroyed: Fraction
    expected: Fraction
    hits: tuple[tuple[int, Fraction], ...]

    def to_dict(self) -> dict[str, Any]:
        """JSON form: probabilities as exact fractions in text (``"11/36"``)."""
        return {"damaged": str(self.damaged), "destroyed": str(self.destroyed), "expected": str(self.expected),
                "hits": {str(h): str(p) for h, p in self.hits}}


@lru_cache(maxsize=65536)
def target_odds(hits: int, ef: int, damaged: bool, dice: int, stepped: int = 0) -> TargetOdds:
    """The odds of a roll of ``dice`` (+ ``stepped``) dice on a target with ``hits`` on its
    marker, endurance ``ef`` and damaged status ``damaged``."""
    dist = hit_distribution(dice, stepped)
    dmg = destroy = expected = Fraction(0)
    for h, p in dist.items():
        expected += h * p
        total = hits + h
        if is_destroyed(total, ef):
            destroy += p
        elif not damaged and is_damaged(total, ef):
            dmg += p
    return TargetOdds(dmg, destroy, expected, tuple(dist.items()))


ODDS_MOST = 100
"""The largest pool whose whole hit distribution :func:`pool_odds` lists (a bigger one's table
would be hundreds of exact fractions of hundreds of digits, slow to compute and to send)."""


def pool_odds(hits: int, ef: int, damaged: bool, dice: int, stepped: int = 0) -> TargetOdds:
    """:func:`target_odds` for a pool of any size: beyond :data:`ODDS_MOST` dice the chances to
    damage and destroy and the expected hits are still exact, but ``hits`` lists no table (the
    distribution is counted only up to the hits that destroy the target)."""
    if dice + stepped <= ODDS_MOST:
        return target_odds(hits, ef, damaged, dice, stepped)
    need = max(0, ef - hits)  # hits that destroy it; more are counted in one bucket
    ways = [1] + [0] * need  # ways[h]: ways to score h hits (h < need), ways[need]: need or more
    for weights in [(4, 1, 1)] * dice + [(5, 1)] * stepped:  # faces per hit count, of 6
        new = [0] * (need + 1)
        for h, w in enumerate(ways):
            if w:
                for k, f in enumerate(weights):
                    new[min(need, h + k)] += w * f
        ways = new
    total = 6 ** (dice + stepped)
    destroy = Fraction(ways[need], total) if need else Fraction(1)
    half = max(0, -(-ef // 2) - hits)  # hits that damage it (2 * hits >= ef)
    dmg = Fraction(0) if damaged else Fraction(sum(ways[half:need]), total) if need else Fraction(0)
    return TargetOdds(dmg, destroy, Fraction(dice, 2) + Fraction(stepped, 6), ())


TABLE_MOST = 30
"""The largest pool a question's odds table lists; a panel asks :func:`target_odds` beyond it."""


def odds_table(hits: int, ef: int, damaged: bool, most: int) -> dict[str, Any]:
    """For a panel: the target's marker and, for each pooled AF 1..``most`` (at most
    :data:`TABLE_MOST`) and for one stepped-down die alone, :meth:`TargetOdds.to_dict`."""
    return {"hits": hits, "ef": ef, "damaged": damaged,
            "by_af": {str(n): target_odds(hits, ef, damaged, n).to_dict()
                      for n in range(1, min(most, TABLE_MOST) + 1)},
            "stepped": target_odds(hits, ef, damaged, 0, 1).to_dict()}
