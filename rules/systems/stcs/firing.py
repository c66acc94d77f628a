"""Fire resolved by the engine on the seeded dice (seed 002, To-Hit Modifier For Speed, Missile
To-Hit Modifier, Firing Without A Sensor Lock, Extended To-Hit Values): the GM reads the Firing
Chart's To-Hit number for the weapon at the range (the chart is the base game's); the target's speed
is read from its latest move (:mod:`.movement`), the modified To-Hit and its exact chance logged with the die.
A hit: the GM enters its damage points (the chart's); the target's shield facing the firer absorbs what
it can (:mod:`.shields`), the rest goes through and the GM enters what it struck (:mod:`.damage`). A
weapon with a 5-point box marked cannot fire. A ship whose crew may be in the Casualty Modifier Track's Not
Firing box (its chart is not in the seed) fires only if the GM rules it is not (:func:`.casualty_track.may_fire`)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import agrees, possessive
from rules.model.stcs import WeaponKind
from rules.systems.stcs import casualty_track, damage, fire, movement, ramming, sensors, shields

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

FIRE = "STCS Firing Weapons"
Procedure = Generator[Question, Any, None]


def armed(e: STCSEngine, x: str, i: int) -> bool:
    """Whether weapon ``i`` of ``x`` may fire now: no box marked, and it did not fire in this segment or the
    one before (Weapons Recharge Time: never in two immediately sequential firing phases)."""
    return damage.weapon_ready(e, x, i) and e.fired.get((x, i), -2) < e.round - 1


def can_fire(e: STCSEngine, x: str, y: str) -> bool:
    """Whether ``x`` may fire at ``y``: uncloaked, not dead in space, ``y`` seen (not cloaked, or locked on), in
    a weapon's reach; in a warp arrival's segment only with a lock on it, and not by it (it cannot lock)."""
    if e.cloaked[x] or e.cloaked[y] and e.locks.get(x) != y or damage.dead_in_space(e, x):
        return False
    if e.arrived.get(x) == e.round or e.arrived.get(y) == e.round and e.locks.get(x) != y:
        return False  # Warping Into Battles: an arrival is fired on only with a lock, fires only with one
    r = e.range(x, y)
    return any(w.reach >= r for i, w in enumerate(e.data(x).weapons) if armed(e, x, i)) and (
        e.locks.get(x) == y or e.data(x).sensors > 0 and not damage.sensors_out(e, x))


def shoot(e: STCSEngine, x: str, y: str) -> Procedure:
    """``x`` fires one weapon at ``y`` (unless the GM rules its crew in the Not Firing box: :mod:`.casualty_track`)."""
    if not (yield from casualty_track.may_fire(e, x, e.ship(y))):
        return
    r, locked = e.range(x, y), e.locks.get(x) == y
    arms = {str(i): f"{w.name} ({w.kind.value}, reach {w.reach})" for i, w in enumerate(e.data(x).weapons)
            if w.reach >= r and armed(e, x, i)}
    pick = yield e._choose(f"stcs/{e.round}/fire/{x}/weapon", FIRE, f"Game Master: which weapon does {e.ship(x)} "
                           f"fire at {e.ship(y)} ({r} hexes)?", arms)
    w = e.data(x).weapons[int(pick)]
    e.fired[(x, int(pick))] = e.round
    missile, s = w.kind is WeaponKind.MISSILE, movement.speed(e, y)  # the target's speed: its latest move
    ram = ramming.fire_modifier(e, x, y)  # a ram declared by or on the firer
    odds = {str(c): fire.words(fire.to_hit(c, s, missile, locked) + ram) for c in range(11)}
    mods = f"speed {s} {fire.speed_modifier(s):+d}{'' if locked else ', no lock -6'}{', missile -1' if missile else ''}" \
        + (f", ramming {ram:+d}" if ram else "")
    base = int((yield Question(f"stcs/{e.round}/fire/{x}/chart", QKind.NUMBER, GM, FIRE,
                               f"Game Master: the Firing Chart's To-Hit number for {w.name} at {r} hexes? "
                               f"(then {mods}: chart 5 is {odds['5']})", low=0, high=10, default=5,
                               data={"odds": odds}, check=chart)))
    value = fire.to_hit(base, s, missile, locked) + ram
    if not locked and x in e.locks:
        del e.locks[x]
        e.log.add("ruling", fire.TO_HIT, f"{e.ship(x)} fires without a lock on {e.ship(y)}: its sensor lock is lost")
    if not locked:
        sensors.lose_mine_lock(e, x, f"it fired without a lock on {e.ship(y)}", fire.TO_HIT)
    top, who = fire.extended(value), e.units[x].team
    if top is not None:
        hit_ = e.dice.roll("d100", purpose=f"to hit (1-{top})", rule=fire.TO_HIT, who=who).total <= top
    elif value > 0:
        hit_ = e.dice.roll("d10", purpose=f"to hit (1-{value})", rule=fire.TO_HIT, who=who).total <= value
    else:
        hit_ = False
    verb = agrees(w.name, "hits" if hit_ else "misses")  # "KD-4 disruptors miss"
    e.log.add("ruling", FIRE, f"{possessive(e.ship(x))} {w.name} {verb} {e.ship(y)} "
                              f"at speed {s} ({fire.words(value)})")
    if not hit_:
        return
    pts = int((yield Question(f"stcs/{e.round}/fire/{x}/damage", QKind.NUMBER, GM, FIRE,
                              f"Game Master: how many damage points does the hit of {possessive(e.ship(x))} "
                              f"{w.name} do (the Firing Chart's, from the table)?", low=1, high=damage.MOST,
                              default=1, check=damage.points)))
    i = yield from shields.which(e, y, e.at[x], e.ship(x))
    through = shields.absorb(e, y, i, pts, e.ship(x))
    if through:
        yield from damage.hit(e, y, through)


def chart(a: Any) -> int:
    """A Firing Chart To-Hit number, checked."""
    if isinstance(a, bool) or not isinstance(a, int) or not 0 <= a <= 10:
        raise IllegalAnswer(FIRE, "a Firing Chart To-Hit number is 0-10")
    return a


def lock(e: STCSEngine, x: str, y: str) -> None:
    """``x`` tries a sensor lock on ``y`` (-2 on a ship in its arrival segment)."""
    mod = -2 if e.arrived.get(y) == e.round else 0
    top = sensors.lock_top(e.range(x, y), mod)
    die = e.dice.roll("d10", purpose=f"sensor lock on {e.ship(y)} (1-{top})", rule=sensors.LOCK,
                      who=e.units[x].team).total
    sensors.lose_mine_lock(e, x, "its Sensors Phase locks on a ship")  # the attempt is its Sensors Phase
    if die <= top:
        e.locks[x] = y
    e.log.add("ruling", sensors.LOCK, f"{e.ship(x)} {'locks on' if die <= top else 'fails to lock on'} {e.ship(y)}")
