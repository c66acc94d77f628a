"""What a cloaked ship's side does in secret (seed 002, Romulan Cloaking Devices, Warping Out): the
area scan, which any ship may make, and a cloaked ship's warp out, chosen by its side in secret at
the segment's end; only a success is announced (issue 25: nothing tells the other side a cloaked
ship is near, or that one tried and failed)."""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.roster import Status
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import possessive
from rules.systems.stcs import actkeys, cloaklock, explosion, movement, ramming, selfdestruct, sensors, warp, warping

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

CLOAKED_OUT = "STCS Warping Out Of Battles (cloaked)"
"""The rule of a cloaked ship's secret warp out: its questions and its activation die are seen by its
side and the GM only."""
Procedure = Generator[Question, Any, None]
BANDS = (10, 20, 30)
HIDDEN_ACTS = ("hit", "struck", "bridge", "crew", "explode", "repair", "selfdestruct", "shadow", "heading")
"""The GM's acts entering damage from the table, and what follows from its hidden state, seen by the ship's side
and the GM when it is cloaked (a blast it makes is seen by all: :func:`.explosion.burst`); its sensor shadow; its
Emergency Heading Change (its facing and the change's damage, as its secret move: :mod:`.heading`)."""


def hidden(e: STCSEngine, act: str) -> bool:
    """Whether the GM's ``act`` is its cloaked ship's side's and the GM's (:data:`HIDDEN_ACTS`): it changes nothing
    the other side reads, the act list included (issue 25: it closed the turn's power allocation step)."""
    verb, x, _ = actkeys.split(act, e.units)
    return verb in HIDDEN_ACTS and bool(e.cloaked.get(x))


def scan_odds() -> str:
    """A scan's exact odds per cloaked ship over both hidden tables, by range band (the scanner does
    not know where any is, or whether one is there)."""
    def pct(r: int, moving: bool, held: bool) -> str:
        return f"{sensors.detect_chance(r, moving, held):.0%}"
    bands = "; ".join(f"{r - 9}-{r} hexes {pct(r, True, False)}/{pct(r, False, False)} "
                      f"({pct(r, True, True)}/{pct(r, False, True)})" for r in BANDS)
    return ("each cloaked ship, over both hidden tables, moving/still (one holding a lock): " + bands
            + "; none beyond 30 hexes; several detected: a secret die picks the one locked on (each alike), each "
            f"other reported found, not where, on D10 1-{REPORT_TOP} ({REPORT_TOP * 10}%)")


REPORT_TOP = 5
"""Seed 002 Detecting Cloaked Ships: a cloaked ship detected but not locked on to is reported on D10 1-5."""


def several(e: STCSEngine, key: str, hider: str, found: list[str]) -> tuple[str | None, int, str]:
    """Of the cloaked ships ``found`` by one scan (seed 002 Detecting Cloaked Ships), the one locked on to, how many
    others the scanner is told it located (not where), and the cloaked side's words of the dice: with several, a
    secret die of as many faces picks the one, then a secret D10 for each other (1-5: reported)."""
    if len(found) < 2:
        return (found[0] if found else None), 0, ""
    which = e.dice.roll(f"d{len(found)}", purpose="which cloaked ship the scan locks on", rule=sensors.CLOAK,
                        who=hider, secret=f"{key}/which").total
    locked, told, words = found[which - 1], 0, []
    for y in found:
        if y != locked:
            die = e.dice.roll("d10", purpose=f"cloaked ship found, not locked on (1-{REPORT_TOP}: reported)",
                              rule=sensors.CLOAK, who=hider, secret=f"{key}/{y}/report").total
            told += die <= REPORT_TOP
            words.append(f"{e.ship(y)} D10 {die % 10}: {'reported' if die <= REPORT_TOP else 'not reported'}")
    return locked, told, (f"; {len(found)} detected: the lock by a d{len(found)}: {which} ({e.ship(locked)}); "
                          + "; ".join(words))


def scan(e: STCSEngine, x: str) -> Procedure:
    """``x`` scans the area: the enemy side is always asked in secret its D10 (the table), whether or not
    any cloaked ship is near; each cloaked enemy within 30 hexes gets a scan die, moving or stationary as
    its recorded moves say (its speed: :func:`.movement.speed`), on a secret stream of the dice (the
    public rolls after it are the same however many there were); the cloaked side and the GM read one
    line of it, the scanner only what it found."""
    hider = e.enemy(e.units[x].team)
    e.hidden += 1
    q = Question(f"stcs/{e.round}/hidden/{e.hidden}", QKind.NUMBER, hider, sensors.CLOAK,
                 f"{e.name(hider)} (in secret): roll a D10 for {possessive(e.ship(x))} area scan (1-5 or 6-0 "
                 f"picks the Cloak "
                 "Detection Table for any cloaked ship of yours; 10 reads 0)", low=1, high=10, default=1,
                 data={"secret": True}, check=_d10)
    hidden = int((yield q))
    sensors.lose_mine_lock(e, x, "its Sensors Phase scans for cloaked ships")
    table, lines = sensors.table_of(hidden), []
    found: list[str] = []
    for y in e.on_map(hider):
        r = e.range(x, y)
        if not e.cloaked[y] or r > 30:
            continue
        moving, locked = movement.speed(e, y) > 0, y in e.locks
        die = e.dice.roll("d10", purpose="cloak scan", rule=sensors.CLOAK, who=hider, secret=f"{q.key}/{y}").total
        faces = sensors.detect_faces(table, r, moving, locked)
        reach = f"detects on {faces[0]}-{faces[1] % 10}" if faces else "none"
        lines.append(f"{e.ship(y)} ({'moving' if moving else 'stationary'}{', holding a lock' if locked else ''}): "
                     f"scan die {die % 10}; {reach}")
        if sensors.detects(table, r, moving, locked, die):
            found.append(y)
    lock, told, dice = several(e, q.key, hider, found)
    e.log.add("ruling", sensors.CLOAK, f"{possessive(e.ship(x))} area scan: hidden D10 {hidden % 10}: Cloak Detection "
              f"Table ({table}); " + ("; ".join(lines) or "no cloaked ship of yours within 30 hexes") + dice,
              visible_to=(hider, GM))  # one line, however many ships were rolled for
    if lock is not None:
        e.locks[x] = lock
        more = f"; it located {told} more cloaked ship{'' if told == 1 else 's'}, not locked on (not where)"
        e.log.add("ruling", sensors.CLOAK, f"{possessive(e.ship(x))} scan locks on a cloaked ship: {e.ship(lock)} at "
                  f"{e.at[lock].q},{e.at[lock].r}" + (more if told else ""))
    else:
        e.log.add("ruling", sensors.CLOAK, f"{possessive(e.ship(x))} scan finds nothing")


def segment_end(e: STCSEngine) -> Procedure:
    """Each side with cloaked ships on the map says in secret whether one warps out now; its speed and
    activation roll are secret too; a success is announced, a failure seen by its side and the GM."""
    assert e.mode is not None
    for team in (e.attacker, e.defender):
        ships = hiding(e, team)  # (one in a sensor shadow: the question asked all the same)
        if not ships:
            continue
        words = {"none": "no cloaked ship warps out"}
        for x in [x for x in ships if x in e.at]:
            d = e.data(x)
            if not warp.warp_out_bars(d, e.condition(x), e.mode):
                target = warp.activation_target(d)
                for w, power in e.speeds(x).items():
                    words[f"warpout:{x}:{w}"] = f"{e.ship(x)} warps out at Warp {w} ({power} power; D100 1-{target})"
        t, s = e.turn_segment()  # one question, always asked: what it asks tells nothing
        q = e._choose(f"stcs/{e.round}/cloakout/{team}", CLOAKED_OUT, f"{e.name(team)} (in secret): turn {t}, "
                      f"segment {s} ends: does a cloaked ship of yours warp out?", words, to=team, data={"secret": True})
        pick = yield dataclasses.replace(q, default="none")  # the usual case: it stays hidden (a warp out is chosen)
        if pick == "none":
            continue
        _, x, speed = actkeys.split(str(pick), e.units)
        yield from warping.activate(e, x, int(speed), CLOAKED_OUT)


def _d10(a: Any) -> int:
    if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 10:
        raise IllegalAnswer(sensors.CLOAK, "a D10 face is 1-10 (10 reads 0)")
    return a



FIXED = {
    "move": ("{own} side moves it or holds it still, in secret (cloaked)",
             "it may not move now (dead in space, or held by Repair Shuttles)"),
    "heading": ("{name} makes an Emergency Heading Change (cloaked: in secret)",
                "it may not make an Emergency Heading Change now (dead in space, an outpost, or it made one this "
                "segment)"),
    "cloaklock": ("{own} side tries a sensor lock on an enemy ship, or none, in secret (cloaked)",
                  "it may not lock now (its sensors out, dead in space, or arriving this segment)"),
    "shields": ("{own} Shield Control (its side lowers or raises shields, in secret)", "it is dead in space"),
    "struck": ("{name} takes damage on a shield (a blast, a mine, a ram: from the table)",
               "it is dead in space: its shields are down, its damage is entered as a hit"),
    "hit": ("{name} took damage through its shields (entered from the table)", ""),
    "bridge": ("{name} took Bridge hits (entered from the table)", ""),
    "crew": ("{name} took crew casualties from a hit (entered from the table)", ""),
    "repair": ("{name} repairs (Repair / Repower Phase)", "nothing of it to repair, or its repairs are barred"),
    "selfdestruct": ("{name} self-destructs (its crew 20% or less, 40% Klingon)",
                     "it may not self-destruct (its crew above 20%, 40% Klingon, no power, or dead in space)"),
    "explode": ("{name} failed its explosion roll (entered from the table; its superstructure gone)",
                "its superstructure is not gone (negative), or it can no longer explode"),
    "uncloak": ("{name} drops its cloak", "it is dead in space"),
    "shadow": ("{own} side takes it into a sensor shadow off the board, or back (in secret)",
               "an enemy ship holds a lock on it (it can sense it), or it is dead in space"),
}
"""A cloaked ship's acts in the GM's act list, always the same while it is cloaked (words, order, count), each
with why it is refused when its hidden state bars it (issue 25: the list told its damage, so a blast that
caught it told where it was)."""


OFF = "it waits off the board in a sensor shadow (its side brings it back first)"


def hiding(e: STCSEngine, team: str | None = None) -> list[str]:
    """The cloaked ships (of ``team``) on the map or off it in a sensor shadow, in the roster's order: their acts are
    listed, and their side asked, the same wherever they are (issue 25)."""
    return [x for x, u in e.units.items() if e.cloaked.get(x) and (x in e.at or x in e.shadowed)
            and u.status is Status.PRESENT and (team is None or u.team == team)]


TAIL = ("explode", "warppath", "unshadow", "warpin", "next", "resolve")
"""The acts listed after every ship's own (the cloaked ships' last of those)."""


def fixed_list(e: STCSEngine, acts: dict[str, str], barred: dict[str, str]) -> tuple[dict[str, str], dict[str, str],
                                                                                     dict[str, str]]:
    """The act list with each cloaked ship's acts (``acts``: the legal ones, ``barred``: why others are barred) as
    :func:`fixed_acts` lists them, after the ships not cloaked (not in their tactical advantage place, which its
    side alone reads), in the roster's order; with the refused ones (option -> why)."""
    crew = crew_refusals(e, acts) | cloaklock.refusals(e, acts)
    hidden: dict[str, dict[str, str]] = {x: {} for x in hiding(e)}
    if not hidden:
        return acts, barred, crew
    kept: dict[str, str] = {}
    refused: dict[str, str] = {}
    for k, v in acts.items():
        x = actkeys.split(k, e.units)[1]
        (hidden[x] if x in hidden else kept)[k] = v
    tail = {k: kept.pop(k) for k in [k for k in kept if k.partition(":")[0] in TAIL]}  # they stay last
    gone = {f"{e.ship(x)} {what}" for x in hidden for what in ("repair", "warp out")}
    for x, mine in hidden.items():
        if x in e.shadowed:  # off the board: it may come back
            mine[f"shadow:{x}"] = ""
        elif explosion.negative(e, x):
            mine[f"explode:{x}"] = ""
        fixed, why = fixed_acts(e, x, mine)
        kept.update(fixed)
        refused.update(why)
    return {**kept, **tail}, {k: v for k, v in barred.items() if k not in gone}, {**refused, **crew}


CREW_BARS = {"declare": ramming.crew_bar, "selfdestruct": selfdestruct.crew_bar}
"""The acts a ship's crew left bars (seed 002: 20% or less, 40% Klingon), by verb: its side's and the GM's, the
crew track counting the crew away in secret boarding parties (issue 25: whether they were listed told a party)."""
RULES = {"declare": ramming.RULE, "selfdestruct": selfdestruct.RULE}
"""The rule a refused act cites, by verb (else the act question's)."""


def crew_refusals(e: STCSEngine, acts: dict[str, str]) -> dict[str, str]:
    """The acts of ``acts`` listed whatever the crew left, that it bars now (option -> why: the GM is told)."""
    out = {}
    for k in acts:
        verb, x, _ = actkeys.split(k, e.units)
        why = CREW_BARS[verb](e, x) if verb in CREW_BARS else ""
        if why:
            out[k] = why
    return out


def refusing(q: Question, refused: dict[str, str], then: Callable[[str], str]) -> Question:
    """The act question ``q`` refusing a cloaked ship's act its hidden state bars (the GM is told why, nothing is
    logged), its answer passed on to ``then`` once checked."""
    def check(a: Any) -> str:
        if isinstance(a, str) and a in refused:
            raise IllegalAnswer(RULES.get(a.partition(":")[0], q.rule), refused[a])
        return then(q.check(a))
    return dataclasses.replace(q, check=check, default=next((o for o in q.options if _passes(check, o)), None))


def _passes(check: Callable[[str], str], option: str) -> bool:
    """Whether ``check`` takes ``option``: the act question opens at the first act the GM may do (the GM's
    dialog only: a default is no part of the question's data, which the other side reads)."""
    try:
        check(option)
    except IllegalAnswer:
        return False
    return True


def fixed_acts(e: STCSEngine, x: str, legal: dict[str, str]) -> tuple[dict[str, str], dict[str, str]]:
    """Cloaked ``x``'s acts in the act list (option -> words) from its ``legal`` ones now, and the refused
    ones (option -> why: the GM is told, nothing is logged). Acts of ``legal`` outside :data:`FIXED` follow."""
    acts, refused = {}, {}
    for verb, (words, why) in FIXED.items():
        opt = f"{verb}:{x}"
        if verb == "move" and x in e.moves and e.moves[x][0] == e.round:
            continue  # its move act this segment was answered in the open
        acts[opt] = words.format(own=possessive(e.ship(x)), name=e.ship(x))
        if opt not in legal:
            refused[opt] = f"{e.ship(x)}: {OFF if x in e.shadowed else why or 'not now'}"
    acts.update((k, v) for k, v in legal.items() if k not in acts)
    return acts, refused
