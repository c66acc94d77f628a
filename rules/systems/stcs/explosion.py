"""Seed 002's ship explosions (Firing Weapons, Ship Explosions; Multiple Explosions; Damage From
Exploding Ships). A ship whose superstructure is gone (negative) that fails the explosion roll at the
table makes a Crew Efficiency check to eject its warp core (not without crew), then the warp core
roll (remaining / original warp power x 100 + 10; a natural 100 always fails the ship); either
saving it leaves it dead in space, never to explode. Several explode most negative superstructure
first, a ship set off by a blast joining the end. The blast: the ship's power boxes in its hex, each
hex out half the one before (dropping fractions) until 0; 3 points or more in a hex destroy its mines;
each ship caught takes its points through the one shield facing the blast."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.questions import QKind, Question, unit_list
from rules.battlehex.roster import Status
from rules.battlehex.words import plural
from rules.systems.stcs import casualties, damage, shields

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Ship Explosions"
ORDER = "STCS Multiple Explosions"
BLAST = "STCS Damage From Exploding Ships"
MINE_KILL = 3
"""Blast points in a hex that destroy every mine in it."""


def blast(power: int) -> list[int]:
    """The damage in the exploding ship's hex (index 0) and each hex out, halved dropping fractions,
    until it reaches 0."""
    if power < 0:
        raise ValueError("power boxes are 0 or more")
    out = []
    while power > 0:
        out.append(power)
        power //= 2
    return out


def order(negative: dict[str, int]) -> list[str]:
    """The ships exploding in one phase, the most negative superstructure (points lost beyond it)
    first; ties in the listed order."""
    return sorted(negative, key=lambda x: -negative[x])


def core_value(remaining: int, original: int) -> int:
    """The Warp Core Roll Value: remaining / original warp power x 100 + 10 (dropping fractions)."""
    if original <= 0 or not 0 <= remaining <= original:
        raise ValueError("remaining power is 0 to the original, the original above 0")
    return remaining * 100 // original + 10


def core_explodes(value: int, d100: int) -> bool:
    """Whether the warp core is intact and explodes: D100 at or under the value; 100 always fails."""
    return d100 == 100 or d100 <= value


def negative(e: STCSEngine, x: str) -> bool:
    """Whether ``x``'s superstructure is gone (negative) and it may still explode."""
    return e.ss_lost.get(x, 0) > e.data(x).superstructure and x not in e.dead


def explode(e: STCSEngine, x: str = "") -> Generator[Question, Any, None]:
    """The GM enters the ships not cloaked that failed their explosion roll this phase; each in order ejects
    its core, is saved by a damaged core, or explodes (its blast rings drawn on the map). A cloaked ship
    ``x`` by its own act, which its side and the GM read (:data:`.cloaked.HIDDEN_ACTS`) until it blows up
    (issue 25: the question named it to the other side, the act offered only when its superstructure was
    gone told its damage)."""
    if x:
        yield from _one(e, x)
        return
    can = [x for x in e.on_map() if negative(e, x) and not e.cloaked[x]]

    def check(a: Any) -> list[str]:
        return unit_list(a, can, RULE, e.ship, "choose the ships that failed their explosion roll among")
    chosen = yield Question(f"stcs/{e.round}/explode", QKind.CHOOSE_UNITS, GM, RULE,
                            "Game Master: which ships failed their explosion roll (from the table) this phase?",
                            tuple(can), check=check)
    queue = order({x: e.ss_lost[x] - e.data(x).superstructure for x in chosen})
    if len(queue) > 1:
        e.log.add("ruling", ORDER, "exploding, the most negative superstructure first: "
                  + ", ".join(e.ship(x) for x in queue))
    for x in queue:
        yield from _one(e, x)


def _one(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    d, who = e.data(x), e.units[x].team
    if not casualties.no_crew(e, x):  # "a ship which has no crew": none aboard (a party waiting is crew)
        ce = e.dice.roll("d100", purpose=f"eject the warp core (crew efficiency 1-{d.crew_efficiency})", rule=RULE,
                         who=who).total
        if ce <= d.crew_efficiency:
            _dead(e, x, "its crew ejects the warp core (a minor explosion outside the ship, no damage)")
            return
    s = e.units[x].unit.stcs
    assert s is not None
    value = core_value(sum(d.warp_now), sum(s.warp_engines)) if s.warp_engines else 10
    core = e.dice.roll("d100", purpose=f"warp core (1-{value} or 100: it explodes)", rule=RULE, who=who).total
    if not core_explodes(value, core):
        _dead(e, x, "its warp core is damaged and cannot explode")
        return
    yield from burst(e, x, "exploded")


def burst(e: STCSEngine, x: str, outcome: str) -> Generator[Question, Any, None]:
    """``x`` explodes (or self-destructs): its blast rings from its power boxes, the ships caught listed,
    the mines in a hex of 3 points or more destroyed; each ship caught not cloaked takes its ring's points on
    the one shield facing the blast (a D6 in the same hex, the GM on the line between two), what goes through
    entered as a hit (a cloaked one is left to the GM: the questions would name it to the other side)."""
    d = e.data(x)
    if e.cloaked[x]:  # a blast is seen by everyone: what follows is no longer its side's alone
        e.log.hidden_to = None
        e.dice.hide("")
    power = sum(d.warp_now) + d.impulse_power
    rings = blast(power)
    here = e.at[x]
    u = e.units[x]
    u.status, u.outcome = Status.DESTROYED, outcome
    del e.at[x]
    e.locks = {a: b for a, b in e.locks.items() if x not in (a, b)}
    e.blasts.append({"ship": x, "at": [here.q, here.r], "rings": rings})
    def caught(team: str | None) -> str:
        return "; ".join(f"{e.ship(y)} {rings[n]} ({n} hex{'es' if n != 1 else ''})" for y in e.on_map()
                         for n in [here.distance(e.at[y])] if n < len(rings)
                         and (e.units[y].team == team if team else not e.cloaked[y]) and (not team or e.cloaked[y]))
    e.log.add("ruling", BLAST, f"{e.ship(x)} explodes at {here.q},{here.r}: {power} power boxes, the blast "
              + ", ".join(f"{p} at {n}" for n, p in enumerate(rings)) + " hexes out; caught (on the shield "
              "facing the blast): " + (caught(None) or "none"), {"unit": x})
    for team in (e.attacker, e.defender):  # a cloaked ship caught: its side's and the GM's
        if caught(team):
            e.log.add("ruling", BLAST, f"your cloaked ships caught: {caught(team)}", visible_to=(team, GM))
    gone = [m for m in e.mines if here.distance(m.at) < len(rings) and rings[here.distance(m.at)] >= MINE_KILL]
    for m in gone:
        e.mines.remove(m)
    if gone:
        e.log.add("ruling", BLAST, f"the blast destroys {plural(len(gone), 'mine')}", visible_to=tuple(sorted(
            {m.team for m in gone})) + (GM,))
    for y in [y for y in e.on_map() if here.distance(e.at[y]) < len(rings) and not e.cloaked[y]]:
        what = f"the blast of {e.ship(x)}"
        i = yield from shields.which(e, y, here, what)
        through = shields.absorb(e, y, i, rings[here.distance(e.at[y])], what)
        if through:
            yield from damage.hit(e, y, through)


def _dead(e: STCSEngine, x: str, why: str) -> None:
    e.dead.add(x)
    e.log.add("ruling", RULE, f"{e.ship(x)} does not explode: {why}; it is dead in space and can never explode",
              {"unit": x})
