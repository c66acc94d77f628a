"""Warping out and in (seed 002, Warping Out Of / Into Battles) as the engine's acts: a warp out
announced with its speed and rolled in the Engine Activation Phase at the segment's end; a warp in
with its target hex, speed, crew-efficiency roll, bearing and the Warp Dispersion Table."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Facing, Hex
from rules.battlehex.log import GM
from rules.battlehex.questions import Question
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.systems.stcs import minehits, warp
from rules.systems.stcs.geometry import GAP, landing

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

STRIKING = "STCS Warping Out Of Battles (Striking Table)"


def path_acts(e: STCSEngine) -> dict[str, str]:
    """For each announced warp out, the GM may enter an object on its path (the scenario's: no planet,
    moon or asteroid lies on the tactical map)."""
    return {f"warppath:{x}": f"an object lies on {possessive(e.ship(x))} warp path (Striking Table)"
            for x in e.warping if x in e.at}


def path(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """The GM enters the object on ``x``'s warp path, rolled on the Striking Table if it warps out."""
    words = {"nothing": "nothing", **{k: f"a {k} (strikes on D100 1-{v}: {v}%)" for k, v in warp.STRIKE.items()}}
    thing = str((yield e._choose(f"stcs/{e.round}/warppath/{x}", STRIKING, f"Game Master: what lies on the path "
                                 f"to {possessive(e.ship(x))} immediate front?", words)))
    e.warp_path[x] = "" if thing == "nothing" else thing
    e.log.add("ruling", STRIKING, f"on {possessive(e.ship(x))} warp path: {words[thing]}")



def speed_question(e: STCSEngine, x: str, key: str, rule: str, verb: str) -> Question:
    speeds = {str(w): f"Warp {w} ({p} power)" for w, p in e.speeds(x).items()}
    return e._choose(key, rule, f"Game Master: at what warp speed does {e.ship(x)} {verb}?", speeds)


def warp_out(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    speed = int((yield speed_question(e, x, f"stcs/{e.round}/warpout/speed", warp.OUT, "warp out")))
    e.warping[x] = speed
    e.log.add("ruling", warp.OUT, f"{e.ship(x)} will try to warp out at Warp {speed} (the activation roll "
                 "at the segment's end)")


def engine_activation(e: STCSEngine) -> Generator[Question, Any, None]:
    """The Engine Activation Phase at the segment's end: each announced ship rolls, unless now barred."""
    assert e.mode is not None
    for x, speed in sorted(e.warping.items(), key=lambda kv: list(e.units).index(kv[0])):
        bars = warp.warp_out_bars(e.data(x), e.condition(x), e.mode) if x in e.at else ["gone"]
        if bars:
            e.log.add("ruling", warp.OUT, f"{e.ship(x)} cannot attempt the warp out: " + "; ".join(bars))
        else:
            yield from activate(e, x, speed, warp.OUT)
    e.warping = {}


def activate(e: STCSEngine, x: str, speed: int, rule: str) -> Generator[Question, Any, None]:
    """The activation roll of ``x``'s warp out at ``speed``: a success is announced, each mine on its path
    tried (:func:`.minehits.warp_path`); a failure is seen by all under ``rule`` warp.OUT, by its side and the
    GM under the cloaked rule."""
    d, team = e.data(x), e.units[x].team
    target = warp.activation_target(d)
    secret = f"stcs/{e.round}/cloakout/{team}/{x}" if rule != warp.OUT else ""  # its own stream: a failure tells
    die = e.dice.roll("d100", purpose=f"warp engine activation (1-{target})", rule=rule, who=team, secret=secret).total
    if die <= target:
        yield from minehits.warp_path(e, x)
        u = e.units[x]
        u.status, u.outcome = Status.LEFT, f"warped out at Warp {speed}"
        del e.at[x]
        e.locks = {a: b for a, b in e.locks.items() if x not in (a, b)}
        thing = e.warp_path.pop(x, "")
        if not thing:
            e.log.add("ruling", warp.OUT, f"{e.ship(x)} warps out at Warp {speed} (nothing on its path: the "
                      "Striking Table is not rolled)", {"unit": x})
            return
        chance = warp.STRIKE[thing]
        struck = e.dice.roll("d100", purpose=f"Striking Table: the {thing} (1-{chance})", rule=STRIKING,
                             who=team).total <= chance
        u.outcome += f", struck the {thing} on its path" if struck else ""
        e.log.add("ruling", STRIKING, f"{e.ship(x)} warps out at Warp {speed} and "
                  f"{'strikes' if struck else 'misses'} the {thing} on its path"
                  + (" (the damage at the table)" if struck else ""), {"unit": x})
    else:
        e.log.add("ruling", rule, f"{possessive(e.ship(x))} warp engines do not activate",
                     visible_to=None if rule == warp.OUT else (team, GM))


def warp_in(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    team = e.units[x].team
    seen = [y for y in e.on_map() if not e.cloaked[y]]  # the hexes offered never tell where a cloaked ship is
    foes = [y for y in seen if e.units[y].team != team] or seen
    centre = e.at[foes[0]] if foes else Hex(GAP // 2, 0)
    travel = Facing.C if team == e.attacker else Facing.F
    back = travel.opposite
    spots = {f"{h.q},{h.r}": f"hex {h.q},{h.r} ({n} hexes from {e.ship(foes[0]) if foes else 'the centre'})"
             for n in (4, 8, 12) for h in [centre.neighbor(back, n)]}
    aim = yield e._choose(f"stcs/{e.round}/warpin/target", warp.IN,
                             f"Game Master: the hex {e.ship(x)} aims to arrive at?", spots)
    speed = int((yield speed_question(e, x, f"stcs/{e.round}/warpin/speed", warp.IN, "enter")))
    q, r = (int(v) for v in str(aim).split(","))
    d, who = e.data(x), e.units[x].team
    ce = e.dice.roll("d100", purpose=f"crew efficiency (1-{d.crew_efficiency}: minor error)", rule=warp.IN,
                        who=who).total
    major = ce > d.crew_efficiency
    while True:
        d4 = e.dice.roll("d4", purpose="bearing hundreds (D4-1)", rule=warp.IN, who=who).total
        tens = e.dice.roll("d10", purpose="bearing tens", rule=warp.IN, who=who).total
        ones = e.dice.roll("d10", purpose="bearing ones", rule=warp.IN, who=who).total
        b = warp.bearing(d4, tens, ones)
        if b is not None:
            break
    d10 = e.dice.roll("d10", purpose=f"Warp Dispersion ({'major' if major else 'minor'})", rule=warp.IN,
                         who=who).total
    n = warp.dispersion(major, d10, speed)
    goal = Hex(q, r)
    land = landing(goal, travel, b, n)
    e.at[x], e.facing[x] = land, travel
    e.offmap.remove(x)
    e.arrived[x] = e.round
    e.dispersions.append({"ship": x, "target": [q, r], "landed": [land.q, land.r], "bearing": b,
                             "distance": n, "major": major, "d10": d10, "warp": speed})
    e.log.add("ruling", warp.IN, f"{e.ship(x)} warps in at Warp {speed} aiming at {q},{r}: "
                 f"{'major' if major else 'minor'} error, bearing {b:03d}, dispersion {n} hexes: arrives at "
                 f"{land.q},{land.r}", {"unit": x})
