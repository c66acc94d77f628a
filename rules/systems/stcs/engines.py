"""Shut-down engines and sensor shadows (seed 002, Activating Shut Down Engines; Sensors, Sensor
Shadows).

A ship that shuts its engines down takes no action (no power: it cannot repair, move, fire, raise
shields or lock on); it is not detectable beyond 40 hexes, and within 40 only its presence is (no name,
nothing more) unless the enemy locks on to it. The Engine Activation Phase is "immediately prior to the
end of a turn": in a turn's last segment the GM may announce its restart; its place is then revealed
and it rolls D100 at or under its Crew Efficiency - 50 (at least 10), 25 more on each later turn. On the
turn after a success it has half its power (rounded up), then all of it (the power is allocated at the
table).

A ship in a sensor shadow (the shadow's object is the table's: none lies on the tactical map) may be
removed from the board at its side's option if no enemy ship can sense it, read as: no enemy ship holds
a lock on it. Off the board it is neither drawn for the enemy nor targeted; it comes back where it left
when its side chooses. A cloaked ship goes and comes back in secret (its side's and the GM's, issue 25)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.words import possessive
from rules.systems.stcs import damage, impulse, sensors
from rules.systems.stcs.repair import SEGMENTS

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
    from rules.systems.stcs.engine import STCSEngine

SHUT = "STCS Activating Shut Down Engines"
SHADOW = "STCS Sensors, Sensor Shadows"
UNSEEN = 40
"""A ship with its engines shut down cannot be detected at more than 40 hexes."""
FIRST = 50
LEAST = 10
LATER = 25


def restart_target(e: STCSEngine, x: str) -> int:
    """The D100 target of ``x``'s restart: Crew Efficiency - 50 (at least 10), +25 each earlier turn's try."""
    return max(LEAST, e.data(x).crew_efficiency - FIRST) + LATER * e.shutdown.get(x, 0)


def shown(e: STCSEngine, x: str, viewer: str) -> str:
    """What ``viewer`` (a team, the GM or the table) may know of ``x`` on the map: "full", "presence" (a
    ship in a hex, nothing more) or "hidden"."""
    team = e.units[x].team
    if viewer == GM or viewer == team or x not in e.shutdown or x not in e.at:
        return "full"
    if any(e.units[s].team == viewer for s, y in e.locks.items() if y == x):
        return "full"
    return "presence" if any(e.range(x, y) <= UNSEEN for y in e.on_map(e.enemy(team))) else "hidden"


def acts(e: STCSEngine, x: str) -> dict[str, str]:
    """Shutting ``x``'s engines down, restarting them, leaving the board in a sensor shadow."""
    out: dict[str, str] = {}
    t, s = e.turn_segment()
    if x in e.shutdown and s == SEGMENTS and e.restarted.get(x) != -t:
        out[f"restart:{x}"] = f"{e.ship(x)} tries to activate its engines (Engine Activation Phase)"
    if not damage.dead_in_space(e, x) and not e.cloaked[x]:
        out[f"shutdown:{x}"] = f"{e.ship(x)} shuts down its engines"
    if not (damage.dead_in_space(e, x) and x not in e.shutdown) and not any(  # (a cloaked ship's lock: refused)
            y == x and not e.cloaked.get(s) for s, y in e.locks.items()):
        out[f"shadow:{x}"] = f"{e.ship(x)} is in a sensor shadow and leaves the board (its side's option)"
    return out


def off_board(e: STCSEngine) -> dict[str, str]:
    """The ships in a sensor shadow coming back to the board (a cloaked one's act is ``shadow`` again: its side's,
    listed whatever it did, :data:`.cloaked.FIXED`)."""
    return {f"unshadow:{x}": f"{e.ship(x)} comes back to the board from its sensor shadow" for x in e.shadowed
            if not e.cloaked[x]}


def shut_down(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` shuts its engines down: its lock and any announced warp out go."""
    e.shutdown[x] = 0
    e.locks.pop(x, None)
    sensors.lose_mine_lock(e, x, "it shuts its engines down", SHUT)
    e.warping.pop(x, None)
    e.log.add("ruling", SHUT, f"{e.ship(x)} shuts down its engines: it may take no action until they are "
              "activated", {"unit": x})
    yield from ()


def restart(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """The Engine Activation Phase: ``x``'s place is revealed and its restart rolled."""
    t, _ = e.turn_segment()
    target = restart_target(e, x)
    e.log.add("ruling", SHUT, f"{e.ship(x)} at {e.at[x].q},{e.at[x].r} tries to activate its engines "
              f"(D100 1-{target})", {"unit": x})
    die = e.dice.roll("d100", purpose=f"engine activation (1-{target})", rule=SHUT, who=e.units[x].team).total
    if die <= target:
        del e.shutdown[x]
        e.restarted[x] = t
        e.log.add("ruling", SHUT, f"{possessive(e.ship(x))} engines come on-line: half its power (rounded up) in "
                  f"turn {t + 1}, all of it from turn {t + 2}", {"unit": x})
    else:
        e.shutdown[x] += 1
        e.restarted[x] = -t  # one try a turn
        e.log.add("ruling", SHUT, f"{possessive(e.ship(x))} engines do not activate (next turn: D100 1-"
                  f"{restart_target(e, x)})", {"unit": x})
    yield from ()


def half_power(e: STCSEngine, x: str) -> bool:
    """Whether ``x`` has half its power this turn (the turn after its engines came on-line)."""
    return e.restarted.get(x, 0) > 0 and e.restarted[x] + 1 == e.turn_segment()[0]


def shadow(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` leaves the board in a sensor shadow (its side's option: no enemy ship senses it); a cloaked ship's
    act brings it back once it is off the board (its side's and the GM's, as the act: :func:`.cloaked.hidden`)."""
    if x in e.shadowed:
        yield from unshadow(e, x)
        return
    e.shadowed[x] = e.at.pop(x)
    e.locks.pop(x, None)
    sensors.lose_mine_lock(e, x, "it leaves the board", SHADOW)
    e.warping.pop(x, None)
    e.log.add("ruling", SHADOW, f"{e.ship(x)} is in a sensor shadow: its side removes it from the board", {"unit": x})
    e.log.add("ruling", SHADOW, f"{e.ship(x)} waits off the board at {e.shadowed[x].q},{e.shadowed[x].r}",
              visible_to=(e.units[x].team, GM))
    yield from ()


def unshadow(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` comes back to the board where it left."""
    e.at[x] = e.shadowed.pop(x)
    e.log.add("ruling", SHADOW, f"{e.ship(x)} comes back to the board at {e.at[x].q},{e.at[x].r}", {"unit": x})
    yield from ()


def power_words(e: STCSEngine, x: str) -> str:
    """The ships' sheet's words for ``x``'s engines' power boxes: the warp engines' left of their total, the impulse
    engine's (:func:`.impulse.words`)."""
    d = e.data(x)
    return f"warp {sum(d.warp_now)}/{sum(d.warp_engines)}, {impulse.words(e, x)}"
