"""Warping out and in (seed 002, Warping Out Of / Into Battles) as the engine's acts: a warp out
announced with its speed at the turn's start (the Tactical Advantage Phase) and rolled in the Engine
Activation Phase at the end of each segment of that turn until the engines activate; a warp in at the
start of a turn (its first segment), at the target hex its side chooses, with its speed, crew-efficiency
roll, bearing and the Warp Dispersion Table."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Facing, Hex
from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.systems.stcs import bodies, minehits, warp
from rules.systems.stcs.geometry import GAP, landing
from rules.systems.stcs.repair import SEGMENTS

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

STRIKING = "STCS Warping Out Of Battles (Striking Table)"


def path_acts(e: STCSEngine) -> dict[str, str]:
    """For each announced warp out, the GM may enter an object on its path when the tactical map holds no planet,
    moon or asteroid (a battle whose sector lists none, or begun before they were read); else the engine reads the
    path (:func:`.bodies.strike`)."""
    return {} if e.bodies else {f"warppath:{x}": f"an object lies on {possessive(e.ship(x))} warp path (Striking "
                                                 "Table)" for x in e.warping if x in e.at}


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


OPENING = ("announced only in the Tactical Advantage Phase, at a turn's start (its first segment, with the power "
           "allocations, before the segment's other acts)")
"""Why no warp out is offered after the turn's opening (seed 002: "In the Tactical Advantage Phase of a turn, any
ship intending to warp out must announce this")."""


def out_acts(e: STCSEngine, x: str, acts: dict[str, str], barred: dict[str, str]) -> None:
    """``x``'s warp out (a ship not cloaked: a cloaked ship's side chooses in secret at each segment's end): announced
    in the turn's opening (its Power Allocation and Tactical Advantage Phases, ``e.power.open``), once a turn."""
    assert e.mode is not None
    if x in e.warping:
        return
    bars = warp.warp_out_bars(e.data(x), replace(e.condition(x), bridge_phases=0), e.mode)
    if bars:
        barred[f"{e.ship(x)} warp out"] = "; ".join(bars)
    elif not e.power.open:
        barred["warp out"] = OPENING
    else:  # (a Bridge hit bars the roll in the segments it is in effect, not the announcement)
        t = warp.activation_target(e.data(x))
        acts[f"warpout:{x}"] = (f"{e.ship(x)} announces a warp out this turn (activation rolled at each segment's "
                                f"end until it succeeds: D100 1-{t})")


def warp_out(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` announces its warp out in the Tactical Advantage Phase, with the speed its power sets."""
    speed = int((yield speed_question(e, x, f"stcs/{e.round}/warpout/speed", warp.OUT, "warp out")))
    e.warping[x] = speed
    t, _ = e.turn_segment()
    e.log.add("ruling", warp.OUT, f"{e.ship(x)} announces a warp out at Warp {speed} in turn {t} (Tactical Advantage "
              "Phase): the activation roll at the end of each segment of the turn until its engines activate",
              {"unit": x})


def engine_activation(e: STCSEngine) -> Generator[Question, Any, None]:
    """The Engine Activation Phase at each segment's end: each ship announced this turn rolls, unless barred in this
    segment (a Bridge hit in effect, 70% superstructure lost, its set speed out of reach...); at the turn's last
    segment the announcements not carried out lapse ("The ship may change this decision during the next turn")."""
    assert e.mode is not None
    for x, speed in sorted(e.warping.items(), key=lambda kv: list(e.units).index(kv[0])):
        if x not in e.at or e.units[x].status is not Status.PRESENT or e.cloaked[x]:
            continue  # gone, or cloaked since (its side chooses in secret: :func:`.cloaked.segment_end`)
        bars = warp.warp_out_bars(e.data(x), e.condition(x), e.mode, speed)
        if bars:
            e.log.add("ruling", warp.OUT, f"{e.ship(x)} cannot attempt the warp out in this segment: "
                      + "; ".join(bars), {"unit": x})
        else:
            yield from activate(e, x, speed, warp.OUT)
    t, s = e.turn_segment()
    if s == SEGMENTS:
        for x in [x for x in e.warping if x in e.at and e.units[x].status is Status.PRESENT]:
            e.log.add("ruling", warp.OUT, f"{possessive(e.ship(x))} warp out announced for turn {t} lapses with the "
                      "turn (announced again in a Tactical Advantage Phase, it is rolled again)", {"unit": x})
        e.warping = {}


def activate(e: STCSEngine, x: str, speed: int, rule: str) -> Generator[Question, Any, None]:
    """The activation roll of ``x``'s warp out at ``speed``: a success is announced, each mine on its path
    tried (:func:`.minehits.warp_path`); a failure is seen by all under ``rule`` warp.OUT, by its side and the
    GM under the cloaked rule."""
    d, team = e.data(x), e.units[x].team
    target = warp.activation_target(d)
    t, s = e.turn_segment()
    e.log.add("ruling", rule, f"{possessive(e.ship(x))} warp engine activation roll, turn {t} segment {s}, for Warp "
              f"{speed}: D100 1-{target} ({warp.d100_chance(target):.0%})", {"unit": x},
              visible_to=None if rule == warp.OUT else (team, GM))
    secret = f"stcs/{e.round}/cloakout/{team}/{x}" if rule != warp.OUT else ""  # its own stream: a failure tells
    die = e.dice.roll("d100", purpose=f"warp engine activation (1-{target})", rule=rule, who=team, secret=secret).total
    if die <= target:
        e.warping.pop(x, None)
        yield from minehits.warp_path(e, x)
        u = e.units[x]
        u.status, u.outcome = Status.LEFT, f"warped out at Warp {speed}"
        here, facing = e.at.pop(x), e.facing[x]
        e.locks = {a: b for a, b in e.locks.items() if x not in (a, b)}
        if e.bodies:
            yield from bodies.strike(e, x, speed, rule, here, facing)
            return
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


MAP_REACH = 60
"""The tactical map a target hex is chosen on: within this many hexes of the centre between the two lines (the ships
start 24 apart; no lock reaches beyond 36)."""
START = "ships warping into a battle do so at the start of a turn (its first segment)"


def in_acts(e: STCSEngine, acts: dict[str, str], barred: dict[str, str]) -> None:
    """The ships off the map arriving by warp: offered in a turn's first segment only (seed 002: "Ships warping into a
    battle will do so at the start of a turn")."""
    for x in e.offmap:
        if e.turn_segment()[1] == 1:
            acts[f"warpin:{x}"] = f"{e.ship(x)} warps in (its side chooses the target hex)"
        else:
            barred[f"{e.ship(x)} warp in"] = START


def suggestion(e: STCSEngine, x: str) -> tuple[Hex, str]:
    """Where the target question opens: 8 hexes behind the first enemy ship not cloaked (a cloaked ship's place is
    never told), else the centre between the lines; with its words."""
    team = e.units[x].team
    seen = [y for y in e.on_map() if not e.cloaked[y]]
    foes = [y for y in seen if e.units[y].team != team] or seen
    if not foes:
        return Hex(GAP // 2, 0), "the centre between the lines"
    back = (Facing.C if team == e.attacker else Facing.F).opposite
    return e.at[foes[0]].neighbor(back, 8), f"8 hexes behind {e.ship(foes[0])}"


def read_hex(a: Any) -> Hex:
    """A target hex answer, "q,r" (the hexes as the STCS questions and the map name them), on the tactical map."""
    text = a.strip() if isinstance(a, str) else ""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 2 or not all(p.lstrip("-").isdigit() and p.isascii() and len(p) < 6 for p in parts):
        raise IllegalAnswer(warp.IN, f"the target hex as q,r (e.g. 8,0), not {shown(a)}")
    h = Hex(int(parts[0]), int(parts[1]))
    centre = Hex(GAP // 2, 0)
    if h.distance(centre) > MAP_REACH:
        raise IllegalAnswer(warp.IN, f"hex {h.q},{h.r} is off the tactical map: {h.distance(centre)} hexes from its "
                            f"centre {centre.q},{centre.r} (at most {MAP_REACH})")
    return h


def target_question(e: STCSEngine, x: str) -> Question:
    """The owning side chooses the target hex, in secret (the captain's choice, at the beginning of the Tactical
    Advantage Phase): any hex of the tactical map, a cloaked ship's too (refusing it would tell where it is)."""
    team = e.units[x].team
    h, why = suggestion(e, x)
    return Question(f"stcs/{e.round}/warpin/target", QKind.TEXT, team, warp.IN,
                    f"{e.name(team)} (in secret): the target hex {e.ship(x)} warps in at, as q,r: any hex of the "
                    f"tactical map, within {MAP_REACH} hexes of its centre {GAP // 2},0 (e.g. {h.q},{h.r}: {why}); "
                    "it arrives off it by the Warp Dispersion Table", data={"secret": True},
                    check=lambda a: f"{read_hex(a).q},{read_hex(a).r}", default=f"{h.q},{h.r}")


def warp_in(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    travel = Facing.C if e.units[x].team == e.attacker else Facing.F
    aim = yield target_question(e, x)
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
