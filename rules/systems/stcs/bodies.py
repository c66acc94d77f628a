"""The planets, moons and asteroids of the tactical map (seed 002; the campaign format's sector ``stcs_bodies``,
rules/model/stcs_map.py), read by the engine where the seed names them (issue 25: before, the map held none and
the GM's questions named them):

- Warping Out Of Battles: "When the ship warps out, it will move along a path to its immediate front. [...] If
  there is a planet, moon, or asteroid along this path, the ship must determine if it will strike the object"
  (the Striking Table: planet 90, moon 50, asteroid 25, D100 at or under). Read as the mines on the path are
  (:func:`.minehits.warp_path`): every hex straight ahead, however far, nearest first; a strike ends the path
  (the ship struck it: its damage at the table), a miss goes on to the next.
- Carrying And Deploying Mines: "A mine may not be deployed into a hex in which any ship, asteroid, moon, or
  planet is located."
- Sensors, Sensor Shadows: "A ship in a sensor shadow may be removed from the board if no enemy ship is able to
  sense it." The base game's shadow geometry is not in seed 002; read as: a ship is in a sensor shadow when it is
  in or next to a planet's, moon's or asteroid's hex.

A battle whose sector lists no body keeps the GM's questions (the warp path's object, the shadow at the table).
A battle begun before this code (its record's ``era`` below :data:`.compat.BODIES_ERA`) reads no body, so it replays
as fought."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Facing, Hex
from rules.battlehex.log import GM
from rules.battlehex.words import possessive
from rules.model.campaign import Campaign
from rules.model.records import BattleHexRecord
from rules.model.stcs_map import STCSBody
from rules.systems.stcs import compat, warp

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
    from rules.systems.stcs.engine import STCSEngine

STRIKING = "STCS Warping Out Of Battles (Striking Table)"
MOVE_INTO = "STCS Sub-Light Combat (a body's hex: the Game Master's ruling)"
SILENT = ("seed 002 rules a planet, moon or asteroid only on a warp out's path, the Striking Table, and says nothing "
          "of a ship moving into its hex")
SHADOW_REACH = 1
"""A ship in or next to a body's hex is in its sensor shadow (the reading above)."""


def of_battle(campaign: Campaign, record: BattleHexRecord) -> dict[Hex, STCSBody]:
    """The bodies on the tactical map of ``record``'s battle, by hex: those it kept when it began
    (:func:`.compat.kept`), its sector's for a battle begun before battles kept them, none before
    :data:`.compat.BODIES_ERA`."""
    s = campaign.sector_at(str(record.at))
    if record.era < compat.BODIES_ERA:
        return {}
    if record.stcs_bodies is not None:
        return {b.hex: b for b in record.stcs_bodies}
    return {b.hex: b for b in s.stcs_bodies} if s is not None else {}


def ahead(e: STCSEngine, here: Hex, f: Facing) -> list[tuple[Hex, STCSBody]]:
    """The bodies on the path to the immediate front of a ship at ``here`` facing ``f`` (straight ahead, any
    distance), nearest first."""
    return sorted(((h, b) for h, b in e.bodies.items() if h != here and here.neighbor(f, here.distance(h)) == h),
                  key=lambda hb: here.distance(hb[0]))


def strike(e: STCSEngine, x: str, speed: int, rule: str, here: Hex, f: Facing) -> Generator[Question, Any, None]:
    """``x`` warps out at ``speed`` from ``here`` facing ``f``: each body on its path rolled on the Striking Table,
    nearest first, until one is struck. A cloaked ship's (``rule`` not warp.OUT) warp out is announced, its path
    and rolls are its side's and the GM's, on its own stream (they would tell where it was and which way it faced)."""
    team, u = e.units[x].team, e.units[x]
    hidden = rule != warp.OUT
    path = ahead(e, here, f)
    seen = (team, GM) if hidden else None
    if hidden:
        e.log.add("ruling", warp.OUT, f"{e.ship(x)} warps out at Warp {speed}", {"unit": x})
    if not path:
        e.log.add("ruling", rule, f"{e.ship(x)} warps out at Warp {speed} (no planet, moon or asteroid on its "
                  "path: the Striking Table is not rolled)", {"unit": x}, visible_to=seen)
    for n, (h, b) in enumerate(path):
        chance = warp.STRIKE[b.kind.value]
        secret = f"stcs/{e.round}/cloakstrike/{team}/{x}/{n}" if hidden else ""
        struck = e.dice.roll("d100", purpose=f"Striking Table: {b.words} at {h.q},{h.r} (1-{chance})",
                             rule=rule if hidden else STRIKING, who=team, secret=secret).total <= chance
        e.log.add("ruling", rule if hidden else STRIKING, f"{e.ship(x)} warps out at Warp {speed} and "
                  f"{'strikes' if struck else 'misses'} {b.words} at {h.q},{h.r} on its path"
                  + (" (the damage at the table)" if struck else ""), {"unit": x}, visible_to=seen)
        if struck:
            if not hidden:
                u.outcome += f", struck {b.words} on its path"
            break
    yield from ()


def entered(e: STCSEngine, here: Hex, f: Facing, hexes: int) -> list[tuple[int, STCSBody]]:
    """The bodies whose hexes a ship at ``here`` enters moving ``hexes`` along ``f`` (astern when negative), each with
    the hexes moved to reach it, nearest first (its own hex, left or turned in, is not entered)."""
    step = 1 if hexes >= 0 else -1
    return [(k, e.bodies[here.neighbor(f, k)]) for k in range(step, hexes + step, step)
            if here.neighbor(f, k) in e.bodies]


def sublight(e: STCSEngine, x: str, here: Hex, f: Facing, hexes: int) -> Generator[Question, Any, int]:
    """``x`` moves ``hexes`` from ``here`` along ``f`` (astern when negative) into a body's hex: seed 002 is silent
    (its Striking Table rolls a warp out's path; "Sub-Light Combat: all existing rules apply", the base game's, not
    printed), so the GM rules each body entered, nearest first: it passes (the default) or strikes it, stopping in
    its hex (the damage at the table). Returns the hexes it moves. A cloaked ship's move is its side's secret: no
    question (a step more on the other side's screen would tell it), the GM rules at the table; the line is its
    side's and the GM's. A battle begun before (:data:`.compat.BODY_MOVE_ERA`) is not asked."""
    if e.state.record.era < compat.BODY_MOVE_ERA:
        return hexes
    team, hidden = e.units[x].team, e.cloaked[x]
    for k, b in entered(e, here, f, hexes):
        h = here.neighbor(f, k)
        where = f"{possessive(b.words)} hex at {h.q},{h.r}"
        if hidden:
            e.log.add("ruling", MOVE_INTO, f"{e.ship(x)} moves into {where} ({SILENT}; a cloaked ship moves in "
                      "secret, so the Game Master rules it at the table)", {"unit": x}, visible_to=(team, GM))
            continue
        ask = e._choose(f"stcs/{e.round}/move/{x}/body/{k}", MOVE_INTO, f"Game Master: {e.ship(x)} moves into "
                        f"{where} ({SILENT}). Your ruling: does it pass or strike it?",
                        {"pass": f"it passes {b.words} and moves on",
                         "strike": f"it strikes {b.words} and stops in its hex (the damage at the table)"})
        struck = str((yield replace(ask, default="pass"))) == "strike"
        e.log.add("ruling", MOVE_INTO, f"the Game Master rules that {e.ship(x)} "
                  f"{'strikes' if struck else 'passes'} {b.words} at {h.q},{h.r}"
                  + (" and stops in its hex (the damage at the table)" if struck else ""), {"unit": x})
        if struck:
            return k
    return hexes


def path_words(e: STCSEngine, here: Hex, f: Facing, hexes: int) -> str:
    """What a move's path option adds for the bodies' hexes it enters ("" for none)."""
    met = entered(e, here, f, hexes)
    return f" (into {possessive(' and '.join(b.words for _, b in met))} hex: the GM rules)" if met else ""


def lay_bar(e: STCSEngine, h: Hex) -> str:
    """Why no mine may be deployed into ``h`` for the body in it ("" when none is)."""
    b = e.bodies.get(h)
    return f"a mine may not be deployed into a hex in which {b.words} is located" if b else ""


def shadow_of(e: STCSEngine, x: str) -> STCSBody | None:
    """The body casting the sensor shadow ``x`` is in (in or next to its hex), or None."""
    here = e.at.get(x)
    near = [(here.distance(h), h.q, h.r, b) for h, b in e.bodies.items() if here is not None
            and here.distance(h) <= SHADOW_REACH]
    return min(near, key=lambda t: t[:3])[3] if near else None


def drop_shadow(e: STCSEngine, x: str, acts: dict[str, str]) -> dict[str, str]:
    """``acts`` without ``x`` leaving the board in a sensor shadow when the map has bodies and none is near it; with
    the body named when one is."""
    key = f"shadow:{x}"
    if not e.bodies or key not in acts or x not in e.at:
        return acts
    b = shadow_of(e, x)
    if b is None:
        return {k: v for k, v in acts.items() if k != key}
    return {**acts, key: f"{e.ship(x)} is in the sensor shadow of {b.words} and leaves the board (its side's option)"}
