"""Seed 002's Carrying And Deploying Mines, each condition checked (issue 25: only the hexes within 4 were): "A
ship may deploy one mine per Movement Phase. To deploy a mine, a ship must remain stationary in a hex for one
Movement Phase, have an operational tractor beam, and drop a shield for the full turn. A mine may be placed up to
four hexes from the deploying ship, provided the shield between the ship and the deployment hex is down. [...] A
mine may not be deployed into a hex in which any ship, asteroid, moon, or planet is located."

A segment is a round of sensors / movement / firing (its Movement Phase); a turn is three. The ship's act is
refused, with the rule, when it laid a mine this Movement Phase, moved in it (a move of any points: turning too),
has no tractor beam left or no shield down; once laid, it may not move in that Movement Phase, and the shield it
laid through stays down to the turn's end (Shield Control offers no raising it). The hex is refused when it is
more than 4 hexes away, a ship or a planet, moon or asteroid is in it (:mod:`.bodies`, a battle whose sector places
them), or the shield toward it is up. A ship whose data gives its cargo carries its ``mines`` (1 SCU each, 25% of a
ship's capacity, 90% of a freighter's: rules/model/stcs.py), counted down as it lays them; with none left it is
refused. What the data and the map do not hold (no cargo given; no body placed) the GM's question names."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Hex
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import Question
from rules.battlehex.words import plural, possessive
from rules.systems.stcs import actkeys, bodies, shieldcontrol, shields, tractors
from rules.systems.stcs.mines import LAY, REACH, Mine, lay_spots

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine


def laid_now(e: STCSEngine, x: str) -> bool:
    """Whether ``x`` deployed a mine in this segment's Movement Phase."""
    return x in e.laid and e.laid[x][0] == e.round


def bar(e: STCSEngine, x: str) -> str:
    """Why ``x`` may not deploy a mine now ("" when it may)."""
    m = e.moves.get(x)
    if laid_now(e, x):
        return f"{e.ship(x)} has deployed a mine in this Movement Phase (one mine a Movement Phase)"
    if m is not None and m[0] == e.round and m[1] > 0:
        return (f"{e.ship(x)} moved in this Movement Phase ({m[1]} points): a ship deploying a mine remains "
                "stationary in its hex for the Movement Phase")
    if carried(e, x) == 0:
        d = e.data(x)
        return (f"{e.ship(x)} carries no mine: mines are transported as cargo, 1 SCU each (it carried {d.mines} in "
                f"its {d.cargo} SCU and has deployed {e.mines_laid.get(x, 0)})")
    if tractors.idle(e, x)[0] < 1:
        return f"{e.ship(x)} has {tractors.idle(e, x)[1]} (a mine is deployed with an operational tractor beam)"
    if not any(shieldcontrol.down(e, x, i) for i in range(1, shields.COUNT + 1)):
        return (f"{e.ship(x)} has no shield down: a mine is deployed through a dropped shield (lower it first in "
                "Shield Control)")
    if not spots(e, x):
        return (f"{e.ship(x)} has no hex up to {REACH} hexes away, free of ships, planets, moons and asteroids, behind "
                "a shield that is down")
    return ""


def carried(e: STCSEngine, x: str) -> int | None:
    """The mines ``x`` carries as cargo now (its ship data's, less those it deployed), or None when its data gives
    no cargo (the GM's question then names it)."""
    d = e.data(x)
    return None if d.cargo is None else max(0, d.mines - e.mines_laid.get(x, 0))


def refuse(e: STCSEngine, act: str) -> str:
    """``act``, or refused with the rule: deploying a mine the ship may not, moving after deploying one."""
    verb, x, _ = actkeys.split(act, e.units)
    why = bar(e, x) if verb == "mine" and x in e.units else ""
    if verb == "move" and laid_now(e, x):
        why = f"{e.ship(x)} deployed a mine in this Movement Phase: it remains stationary in its hex"
    if why:
        raise IllegalAnswer(LAY, why)
    return act


def through(e: STCSEngine, x: str, h: Hex) -> int | None:
    """The shield of ``x`` between it and the hex ``h`` that is down (either of two on the line), or None."""
    return next((i for i in shields.shields_toward(e, x, h) if shieldcontrol.down(e, x, i)), None)


def spots(e: STCSEngine, x: str) -> list[Hex]:
    """The hexes offered to ``x``'s mine: :func:`.mines.lay_spots` behind a shield that is down (so the question
    opens at a legal hex; a cloaked ship's hex stays offered, choosing it is refused)."""
    return [h for h in lay_spots(e, x) if through(e, x, h) is not None]


def hex_bar(e: STCSEngine, x: str, h: Hex) -> str:
    """Why ``x`` may not deploy a mine into ``h`` ("" when it may)."""
    r = e.at[x].distance(h)
    if not 1 <= r <= REACH:
        return f"a mine is placed up to {REACH} hexes from the deploying ship ({h.q},{h.r} is {r})"
    if h in e.at.values():
        return "a mine may not be deployed into a hex in which a ship is located"
    if bodies.lay_bar(e, h):
        return bodies.lay_bar(e, h)
    if through(e, x, h) is None:
        up = " and ".join(str(i) for i in shields.shields_toward(e, x, h))
        return (f"the shield between {e.ship(x)} and {h.q},{h.r} (shield {up}) is up: a mine is placed through a "
                "dropped shield")
    return ""


def read(a: Any) -> Hex | None:
    """The hex an answer "q,r" names, or None (the question's own check refuses it)."""
    try:
        q, r = (int(v) for v in str(a).split(","))
    except ValueError:
        return None
    return Hex(q, r)


def lay(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` deploys a mine: the GM chooses its hex; the deployment is announced, the hex is its side's."""
    offered = {f"{h.q},{h.r}": f"hex {h.q},{h.r} ({e.at[x].distance(h)} hexes)" for h in spots(e, x)}
    table = [w for w, known in (("it carries one as cargo", carried(e, x) is not None),
                                ("no asteroid, moon or planet is in the hex", bool(e.bodies))) if not known]
    ask = e._choose(f"stcs/{e.round}/mine/{x}", LAY, f"Game Master: into which hex does {e.ship(x)} deploy a mine "
                    f"(up to {REACH} hexes, through a shield that is down" + ("; " if table else "")
                    + ", and ".join(table) + ")?", offered)

    def check(a: Any) -> str:
        h = read(a)
        why = hex_bar(e, x, h) if h is not None else ""
        if why:
            raise IllegalAnswer(LAY, why)
        return str(ask.check(a))
    aim = str((yield replace(ask, check=check)))
    q, r = (int(v) for v in aim.split(","))
    h, team = Hex(q, r), e.units[x].team
    e.mines.append(Mine(h, team))
    e.laid[x] = (e.round, through(e, x, h) or 0)
    e.log.add("ruling", LAY, f"{e.ship(x)} deploys a mine")
    e.log.add("ruling", LAY, f"{possessive(e.ship(x))} mine is at {q},{r}", visible_to=(team, GM))
    if carried(e, x) is not None:
        e.mines_laid[x] = e.mines_laid.get(x, 0) + 1
        e.log.add("ruling", LAY, f"{e.ship(x)} carries {plural(carried(e, x) or 0, 'mine')} left as cargo",
                  visible_to=(team, GM))
