"""How a SIDCORS battle that cannot end by itself ends (issue 19: no battle goes on forever).

SIDCORS "Combat in Rounds": "Combat continues until one or both sides retreat or are
destroyed." Two cases never reach either end on their own, and the engine stops both:

* **Nobody can hurt anybody** (:func:`stalemate`): neither force can take a Damage Point this
  round, whatever is answered or rolled (a Space Amoeba with no F&E factors against a fleet:
  the monster has no Defense Factor to damage and no Combat Potential). Nothing could ever
  change, so no round is fought: the GM is asked at once.
* **The engine's bound** (:data:`ROUND_LIMIT` rounds fought, neither side retreated nor was
  destroyed): the seed sets no limit, so the engine's is a GM ruling, asked once the last
  round allowed is over.

Either way the GM answers :func:`question`: a side that has a unit able to retreat retreats
(the seed's way out; its owner then chooses the direction, :mod:`.retreat`), or the battle
ends with both forces holding the hex (a GM ruling, when nobody can or should retreat).
"""
from __future__ import annotations

from collections.abc import Generator, Sequence
from fractions import Fraction
from typing import Any, Protocol

from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.systems.sidcors import force as fz
from rules.systems.sidcors.retreat import Retreating, retreat
from rules.systems.sidcors.tables import BIR_HIGH, R_ROUNDS, coefficient, damage_points

ROUND_LIMIT = 30
"""The most rounds a SIDCORS battle is fought (the engine's bound; the seed sets none): after
the last one, a battle neither side left nor lost is ended by the GM (:func:`question`)."""
R_STALEMATE = f"{R_ROUNDS} (nobody can hurt anybody: GM ruling)"
R_BOUND = f"{R_ROUNDS} (the engine's bound of {ROUND_LIMIT} rounds: GM ruling)"
HOLD = "hold"
"""The GM's answer that ends the battle with both forces in the hex."""


class Ending(Retreating, Protocol):
    """What this module reads of the SIDCORS engine."""

    sides: tuple[str, str]
    carry: dict[str, int]

    def enemy(self, team: str) -> str:
        """The other side."""
        ...

    def potential(self, team: str) -> Fraction:
        """``team``'s Combat Potential now."""
        ...


def best_score(potential: Fraction) -> int:
    """The most Damage Points a force with ``potential`` can score in a round: the highest Battle
    Intensity Rating and a 6 (die roll shifts only lower it, and a cloak's lasts one round, so
    this never calls a battle stalled that some round could change)."""
    return damage_points(potential, coefficient(BIR_HIGH, 6))


def can_be_hurt(e: Ending, team: str) -> bool:
    """Whether some answers and dice can make ``team``'s force resolve a Damage Point this round:
    it has something to damage (a Defense Factor or a fighter factor) and the enemy can score a
    point, or the points carried against it (Plus and Minus Points) are enough to damage a unit
    (fewer are carried again, unchanged, round after round)."""
    smallest = fz.smallest_df(e.units[team])
    if smallest is None:
        return False
    return best_score(e.potential(e.enemy(team))) > 0 or 2 * e.carry[team] >= smallest


def stalemate(e: Ending) -> bool:
    """Nobody can hurt anybody: no round could ever change either force."""
    return not any(can_be_hurt(e, t) for t in e.sides)


def why_end(e: Ending) -> str:
    """The rule that ends the battle by a GM ruling before another round, or ``""`` to fight on."""
    if stalemate(e):
        return R_STALEMATE
    if e.round >= ROUND_LIMIT:
        return R_BOUND
    return ""


def movers(e: Ending) -> list[str]:
    """The sides with a unit that can retreat, attacker first."""
    return [t for t in e.sides if any(u.can_retreat for u in fz.alive(e.units[t]))]


def question(e: Ending, rule: str) -> Question:
    """The GM's ruling that ends the battle: ``retreat/{team}`` (a side that can retreat does)
    or :data:`HOLD` (both forces stay in the hex)."""
    sides: Sequence[str] = movers(e)
    options = [*(f"retreat/{t}" for t in sides), HOLD]
    words = {f"retreat/{t}": f"{e.name(t)} retreats (the rules' way out: its owner chooses the direction)"
             for t in sides}
    words[HOLD] = "the battle ends: both forces hold the hex, neither retreats (GM ruling)"
    why = ("nobody can hurt anybody: no Damage Point can be scored against a force that has something to damage"
           if rule == R_STALEMATE else
           f"{e.round} rounds are fought, the most the engine allows ({ROUND_LIMIT}), and both forces are still "
           "in the battle")

    def check(a: Any) -> str:
        if not isinstance(a, str) or a not in options:
            raise IllegalAnswer(rule, f"the GM ends the battle: one of {', '.join(options)}, not {shown(a)}")
        return a
    return Question(f"sidcors/{e.round}/end", QKind.CHOOSE, GM, rule,
                    f"Game Master: {why}. SIDCORS fights on until a side retreats or is destroyed: rule how the "
                    "battle ends", tuple(options), data={"option_words": words, "why": why}, check=check)


def end(e: Ending, rule: str) -> Generator[Question, Any, str]:
    """Ask the GM (:func:`question`), log the ruling, retreat the side it names (its owner
    chooses the direction); returns the words of the resolution."""
    q = question(e, rule)
    pick = yield q
    e.log.add("ruling", rule, f"GM ruling: {q.data['option_words'][pick]}")
    if pick == HOLD:
        return f"GM ruling ({q.data['why']}): the battle ends, both forces hold"
    yield from retreat(e, pick.removeprefix("retreat/"))
    return f"GM ruling ({q.data['why']}): {e.name(pick.removeprefix('retreat/'))} retreats"
