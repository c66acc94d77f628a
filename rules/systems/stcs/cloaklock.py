"""A cloaked ship's sensor lock, tried in secret (seed 002, Romulan Cloaking Devices, Cloak Detection Table, Sensor
Locks - Range; issue 25: the tables' Lock columns were never reached, a cloaked ship being offered no lock act).

The seed bars a cloaked ship only from firing ("Ships may not fire weapons while cloaked"); its Cloak Detection Tables
read, under "Movement Of Cloaked Vessel", whether the cloaked vessel holds a lock ("Lock" / "No Lock"): a cloaked ship
may lock on, and is then found on more faces of either table (:func:`.cloaked.scan` reads ``e.locks``). Its attempt
is an ordinary lock roll, the Chance Of A Lock by range (1-10 at 0-7 hexes ... 1-6 at 29-36, none beyond; -2 on a
ship in its arrival segment): the hidden table chosen by the cloaked side's D10 is the *enemy scan's* ("Prior to
determining the scan results for each enemy ship, the cloaked side secretly rolls a D10 ... used for the following
sensor lock attempt", one "for each enemy ship which is scanning for cloaked ships"), not this roll's.

The GM's act (``cloaklock:X``, one of :data:`.cloaked.FIXED`: listed always while X is cloaked, refused when its state
bars it) only names the ship; its side answers in secret whether it tries, and on which enemy ship (each with its
range and exact odds), or not at all, so the act tells nothing. The die is on a secret stream of the dice, its line
(the target, the odds, the die, the finding) its side's and the GM's. A lock held is lost as any is (damage through
its shields, its sensors out, beyond 36 hexes: each line its side's and the GM's while it is cloaked); what it gives
the cloaked ship is what a lock gives (the target's shields as a lock reads them, :func:`.shieldcontrol.words`) but no
fire while cloaked; dropping the cloak, the ship keeps it, and the lock is told to all then (it may fire with it)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.questions import Question
from rules.battlehex.words import possessive
from rules.systems.stcs import damage, sensors

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Sensor Locks (cloaked, in secret)"
"""The rule of a cloaked ship's lock: its question, its die and its line are its side's and the GM's."""
VERB = "cloaklock"
NONE = "none"
BANDS = ((0, 7), (8, 14), (15, 21), (22, 28), (29, 36))
"""The seed's Chance Of A Lock rows (hexes)."""


def may(e: STCSEngine, x: str) -> bool:
    """Whether cloaked ``x`` may try a lock now: on the map, not dead in space, sensors working, not in its arrival
    segment (Warping Into Battles: "Ships arriving may not perform sensor locks in the turn segment in which they
    arrive")."""
    return bool(e.cloaked.get(x)) and x in e.at and x not in e.shadowed and not damage.dead_in_space(e, x) \
        and e.data(x).sensors > 0 and not damage.sensors_out(e, x) and e.arrived.get(x) != e.round


def acts(e: STCSEngine, x: str) -> dict[str, str]:
    """``x``'s secret lock act, when it may try one (the act list shows it whatever: :data:`.cloaked.FIXED`)."""
    return {f"{VERB}:{x}": words(e, x)} if may(e, x) else {}


def words(e: STCSEngine, x: str) -> str:
    return f"{possessive(e.ship(x))} side tries a sensor lock on an enemy ship, or none, in secret (cloaked)"


def top(e: STCSEngine, x: str, y: str) -> int:
    """The highest D10 that locks ``x`` on ``y`` (0: none): by range, -2 on a ship in its arrival segment."""
    return sensors.lock_top(e.range(x, y), -2 if e.arrived.get(y) == e.round else 0)


def targets(e: STCSEngine, x: str) -> list[str]:
    """The enemy ships ``x`` may try to lock on: on the map, not cloaked, within 36 hexes, not the one it holds."""
    return [y for y in e.on_map(e.enemy(e.units[x].team)) if not e.cloaked[y] and top(e, x, y) > 0
            and e.locks.get(x) != y]


def odds() -> str:
    """The act's odds, the same whatever the ship's place (the act list is read by all): the seed's table."""
    rows = "; ".join(f"{a}-{b} hexes D10 1-{sensors.lock_top(b)} ({sensors.lock_top(b) * 10}%)" for a, b in BANDS)
    return (f"by the range to the ship its side picks: {rows}; none beyond {sensors.MAX_LOCK} (-2 on a ship arriving "
            "this segment); each ship's odds in its side's question")


def lock(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """Cloaked ``x``'s side chooses in secret an enemy ship to try a lock on, or none; the die on a secret stream."""
    team = e.units[x].team
    e.hidden += 1
    held = f"keeps its lock on {e.ship(e.locks[x])}" if x in e.locks else "keeps its sensors quiet"
    options = {NONE: f"no lock attempt ({e.ship(x)} {held})"}  # (the text is in every log: nothing of its state)
    for y in targets(e, x):
        t = top(e, x, y)
        options[y] = f"lock on {e.ship(y)} at {e.range(x, y)} hexes: D10 1-{t} ({t * 10}%)" + (
            f" (replacing its lock on {e.ship(e.locks[x])} if it locks)" if x in e.locks else "")
    q = e._choose(f"stcs/{e.round}/cloaklock/{e.hidden}", RULE, f"{e.name(team)} (in secret): does cloaked "
                  f"{e.ship(x)} try a sensor lock, and on which enemy ship?", options, to=team,
                  data={"secret": True})  # (each ship's odds in its words: a dialog names an odds key as it is)
    y = str((yield q))
    if y == NONE:
        return
    t = top(e, x, y)
    die = e.dice.roll("d10", purpose=f"sensor lock on {e.ship(y)} (1-{t})", rule=RULE, who=team,
                      secret=f"{q.key}/lock").total
    if die <= t:
        e.locks[x] = y
    e.log.add("ruling", RULE, f"{e.ship(x)} (cloaked) {'locks on' if die <= t else 'fails to lock on'} {e.ship(y)} "
              f"at {e.range(x, y)} hexes: D10 {die % 10}, 1-{t} locks", visible_to=(team, GM))


def told(e: STCSEngine, x: str) -> str:
    """What dropping its cloak tells of ``x``'s lock (kept: the seed loses a lock on damage, range, fire without it)."""
    return f", holding its sensor lock on {e.ship(e.locks[x])}" if x in e.locks else ""


def refusals(e: STCSEngine, acts: dict[str, str]) -> dict[str, str]:
    """The acts of ``acts`` a cloaked ship's lock bars, refused to the GM (option -> why) and listed as if it held none
    (issue 25: the list is read by all): a ship an enemy senses may not leave the board in a sensor shadow (seed 002,
    Sensor Shadows: "if no enemy ship is able to sense it")."""
    return {f"shadow:{y}": f"{e.ship(y)}: an enemy ship holds a lock on it (it can sense it)"
            for s, y in e.locks.items() if e.cloaked.get(s) and f"shadow:{y}" in acts and y not in e.shadowed}
