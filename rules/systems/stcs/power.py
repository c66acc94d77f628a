"""The Power Allocation Phase (seed 002, with the base game's Master Control Panel): each turn's first step,
each side allocates, in secret, each ship's available power among movement, the six shields, weapons, the
cloaking device, warp movement (out or in), transporters and tractor beams.

Available power: the warp engines' boxes left plus the impulse power; none for a ship whose engines are shut
down ("it has no power to allocate") or whose power boarders shut down, until its crew restores it (D10 1-5
each segment once the boarders are gone); half,
rounded up, the turn after its engines came on-line again; a ship dead in space has none to allocate (its
Emergency Transporters run on stored power, :mod:`.transporters`).

The checks: the total within the power available; warp movement at least Warp 2 and its power by the seed's
formula (speed / cruising warp x total warp power, rounded up: :func:`.warp.warp_power`) and within the warp
engines' boxes left, none in warp-speed combat or on a monitor (by the formula Emergency Warp needs more than
the warp engines' power, so "entering at Emergency Warp leaves no power for any other use" never arises, as
docs/stcs.md reads it); a cloak needs its power;
at most one power a tractor beam (1 each, the seed). What the power buys: the base game's Movement Point Ratio
and Shield Point Ratio and the cloak's power are the ship's control panel, not in the seed: a record that
gives them (``movement_ratio``, ``shield_ratio``, ``cloak_power``) has its movement points, shield points
and cloak checked by the engine; without them the amounts are the table's and the engine reads only whether
a part has power (no power to movement: no move; to a shield: it is down; to weapons: none fires; to the
cloak: it cannot be raised, and a cloaked ship uncloaks). An allocation stands from turn to turn until its side
allocates again; a ship never allocated is at the table as before (every part powered as its record gives).
A Bridge hit bars changing the cloak status except by withdrawing all power from it here.
"""
from __future__ import annotations

import math
import re
from collections.abc import Generator
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import plural, possessive
from rules.systems.stcs import actkeys, damage, engines, parties, shields, tractors, transporters, warp
from rules.systems.stcs.bridge import barred_now

if TYPE_CHECKING:
    from rules.model.stcs import STCSData
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Power Allocation Phase"
CLOAK = "STCS Romulan Cloaking Devices"
PARTS = ("movement", "shields", "weapons", "cloak", "warp", "transporters", "tractors", "boarding")
"""The parts an allocation names, in the order written (``boarding``: crew in boarding parties, no power)."""
SHIELDS = 6
SHUT = "STCS Shipboard Melee Combat (power shut down)"
RESTORE = 5
"""A D10 at or under this restores a ship's power once the boarders who shut it down are gone."""


@dataclass
class Power:
    """What the engine keeps of power: each ship's standing allocation, whether the phase is open (the turn's
    first step, until another act), the ships whose power boarders shut down."""

    of: dict[str, Allocation] = field(default_factory=dict)
    open: bool = False
    off: set[str] = field(default_factory=set)
    allocated: set[str] = field(default_factory=set)
    """The ships whose side allocated their power this turn (the act question opens past them)."""


@dataclass(frozen=True, slots=True)
class Allocation:
    """One ship's power for a turn: each part's power, ``warp`` the warp speed set (0: none)."""

    movement: int = 0
    shields: tuple[int, ...] = (0,) * SHIELDS
    weapons: int = 0
    cloak: int = 0
    warp: int = 0
    transporters: int = 0
    tractors: int = 0
    boarding: int = 0

    def text(self) -> str:
        """The allocation as its side writes it (the parts with power, the shields always)."""
        parts = {"movement": self.movement, "shields": "/".join(str(s) for s in self.shields),
                 "weapons": self.weapons, "cloak": self.cloak, "warp": self.warp, "transporters": self.transporters,
                 "tractors": self.tractors, "boarding": self.boarding}
        return ", ".join(f"{k} {v}" for k, v in parts.items() if v or k == "shields")


def read(a: Any) -> Allocation:
    """An answer (the written form, or a JSON object of the parts) as an :class:`Allocation`; refused if
    malformed."""
    if isinstance(a, dict):
        parts = dict(a)
    elif isinstance(a, str):
        parts = {}
        for item in (i.strip() for i in re.split(r"[,;]", a) if i.strip()):
            name, _, value = item.partition(" ")
            if not value.strip():
                raise IllegalAnswer(RULE, f"write each part as its name and power, e.g. 'movement 6' ({item!r})")
            parts[name.lower()] = re.split(r"[/ ]+", value.strip()) if name.lower() == "shields" else value.strip()
    else:
        raise IllegalAnswer(RULE, "write the allocation, e.g. 'movement 6, shields 2/2/2/2/2/2, weapons 4'")
    unknown = sorted(str(k) for k in parts if k not in PARTS)
    if unknown:
        raise IllegalAnswer(RULE, f"no part {', '.join(unknown)}: the parts are {', '.join(PARTS)}")
    sh = parts.get("shields", [0] * SHIELDS)
    if not isinstance(sh, list) or len(sh) != SHIELDS:
        raise IllegalAnswer(RULE, "shields: six numbers, shields 1 to 6 (e.g. 2/2/2/2/2/2)")
    values = {k: _count(k, v) for k, v in parts.items() if k != "shields"}
    return Allocation(shields=tuple(_count("shields", v) for v in sh), **values)


def _count(part: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, (int, str)) or isinstance(v, str) and not (v.isascii() and v.isdigit()):
        raise IllegalAnswer(RULE, f"{part}: a whole number of power, 0 or more (not {shown(v)})")
    if isinstance(v, int) and v < 0:
        raise IllegalAnswer(RULE, f"{part}: a whole number of power, 0 or more (not {v})")
    if len(v.lstrip("0")) > 3 if isinstance(v, str) else v > 999:  # (a long text is not made a number)
        raise IllegalAnswer(RULE, f"{part}: {shown(v)} is more power than any ship has")
    return int(v)


def available(e: STCSEngine, x: str) -> int:
    """The power ``x`` has to allocate this turn."""
    if x in e.shutdown or damage.dead_in_space(e, x) or x in e.power.off:
        return 0
    d = e.data(x)
    full = sum(d.warp_now) + d.impulse_power
    return math.ceil(full / 2) if engines.half_power(e, x) else full


def shield_power(d: STCSData, i: int) -> int | None:
    """The power that raises shield ``i`` (1-6) to its full points (None: the table's ratio)."""
    if d.shield_ratio is None:
        return None
    pw, pts = d.shield_ratio
    return math.ceil(d.shields[i - 1] * pw / pts)


def cost(d: STCSData, a: Allocation) -> int:
    """The power ``a`` takes: its parts, warp movement by the seed's formula."""
    w = warp.warp_power(a.warp, d) if a.warp and d.cruising_warp else 0
    return a.movement + sum(a.shields) + a.weapons + a.cloak + w + a.transporters + a.tractors


def check(e: STCSEngine, x: str, a: Allocation) -> Allocation:
    """``a`` if legal for ``x`` now, else refused naming the rule."""
    d, have = e.data(x), available(e, x)
    if a.warp:
        if e.mode is warp.Mode.WARP:
            raise IllegalAnswer(warp.OUT, "the battle is fought at warp speeds: no power to warp movement")
        if d.monitor:
            raise IllegalAnswer(warp.OUT, "a monitor's engines are not warp capable")
        if a.warp < warp.MIN_WARP:
            raise IllegalAnswer(warp.OUT, f"warp movement is at least Warp {warp.MIN_WARP} (not Warp {a.warp})")
        if a.warp > d.emergency_warp:
            raise IllegalAnswer(warp.OUT, f"Warp {a.warp} is over {possessive(e.ship(x))} Emergency Warp "
                                f"{d.emergency_warp}")
        if warp.warp_power(a.warp, d) > sum(d.warp_now):
            raise IllegalAnswer(warp.OUT, f"Warp {a.warp} needs {warp.warp_power(a.warp, d)} power; the warp "
                                f"engines have {sum(d.warp_now)}")
    if a.cloak and not d.cloak:
        raise IllegalAnswer(CLOAK, f"{e.ship(x)} has no cloaking device")
    if a.cloak and d.cloak_power is not None and a.cloak < d.cloak_power:
        raise IllegalAnswer(CLOAK, f"{possessive(e.ship(x))} cloaking device needs {d.cloak_power} power "
                            f"(or none), not {a.cloak}")
    for i in range(1, SHIELDS + 1):
        top = shield_power(d, i)
        if top is not None and a.shields[i - 1] > top:
            raise IllegalAnswer(RULE, f"shield {i} takes at most {top} power ({d.shields[i - 1]} points at "
                                f"{d.shield_ratio[0]}:{d.shield_ratio[1]})" if d.shield_ratio else "")
    beams = tractors.beams(d.class_size, e.units[x].unit.is_tug)
    if a.tractors > beams:
        raise IllegalAnswer("STCS Tractor Beams", f"{e.ship(x)} has {plural(beams, 'tractor beam')}, 1 power each")
    if a.boarding:
        parties.check(e, x, a.boarding)
    total = cost(d, a)
    if total > have:
        raise IllegalAnswer(RULE, f"{e.ship(x)} has {have} power to allocate ({why(e, x)}); this takes {total}"
                            + (f" (Warp {a.warp}: {warp.warp_power(a.warp, d)})" if a.warp else ""))
    return a


def why(e: STCSEngine, x: str) -> str:
    """Where ``x``'s available power comes from, in words."""
    d = e.data(x)
    if available(e, x) == 0:
        return "its engines are shut down" if x in e.shutdown else "its power is shut down by boarders" \
            if x in e.power.off else "dead in space"
    half = ", half the turn after its engines came on-line" if engines.half_power(e, x) else ""
    return f"warp {sum(d.warp_now)} + impulse {d.impulse_power}{half}"


def proposal(e: STCSEngine, x: str) -> Allocation:
    """What the question opens at (not a rule, the usual case): its standing allocation if still legal, else (an
    arrival by warp: Warp 2's power first; a cloaked ship: its cloak's power first, so Return keeps it cloaked) up
    to half its power spread over the shields a point of power at a time (to each one's full points at its ratio,
    1 each at the table's), the rest split between movement and weapons."""
    d = e.data(x)
    if x in e.power.of:
        try:
            return check(e, x, replace(e.power.of[x], boarding=parties.waiting(e, x)))
        except IllegalAnswer:
            pass
    have, speeds = available(e, x), warp_speeds(e, x)
    speed = min(speeds) if x in e.offmap and speeds else 0  # an arrival by warp: its warp movement first
    have -= speeds.get(speed, 0)
    cloak = (d.cloak_power or 1) if e.cloaked.get(x) and have >= (d.cloak_power or 1) else 0
    have -= cloak
    want = [(shield_power(d, i) or 0 if d.shield_ratio else 1) if d.shields[i - 1] else 0
            for i in range(1, SHIELDS + 1)]
    sh, budget = [0] * SHIELDS, have // 2
    while budget and any(s < w for s, w in zip(sh, want)):
        for i in range(SHIELDS):
            if budget and sh[i] < want[i]:
                sh[i], budget = sh[i] + 1, budget - 1
    rest = have - sum(sh)
    return Allocation(movement=rest - rest // 2, shields=tuple(sh), weapons=rest // 2, cloak=cloak, warp=speed)


def phase(e: STCSEngine) -> None:
    """The Power Allocation Phase opens (each turn's first segment): the shields' points are restored; a standing
    allocation the ship's power no longer covers (no power, half power, engines damaged) stands no more: none
    until its side allocates again."""
    shields.power_allocation(e)
    parties.phase(e)  # boarding parties back at their stations
    e.power.open, e.power.allocated = True, set()
    for x, a in sorted(e.power.of.items()):
        if x not in e.units or x not in e.at and x not in e.offmap:
            continue
        try:
            check(e, x, replace(a, boarding=parties.waiting(e, x)))  # (the party waiting now, not as written)
        except IllegalAnswer as why:
            e.power.of[x] = Allocation()
            e.log.add("ruling", RULE, f"{possessive(e.ship(x))} allocation no longer stands ({why.message}): no "
                      "power anywhere until its side allocates again", {"unit": x},
                      visible_to=(e.units[x].team, GM))


def restore(e: STCSEngine) -> None:
    """Each segment's end (the phase closed if still open): a ship whose power boarders shut down, the boarders
    gone (eliminated, surrendered, withdrawn), rolls a D10: 1-5 restores it for the next Power Allocation Phase."""
    e.power.open = False
    for x in sorted(e.power.off):
        if x in e.contact.melees or x in e.contact.captured or x not in e.units:
            continue
        face = e.dice.roll("d10", purpose="the ship's power restored (1-5)", rule=SHUT, who=e.units[x].team).total
        if face <= RESTORE:
            e.power.off.discard(x)
        how = "restored (used in the next Power Allocation Phase)" if face <= RESTORE else "not restored"
        e.log.add("ruling", SHUT, f"{possessive(e.ship(x))} power is {how}", {"unit": x})


def may(e: STCSEngine, x: str) -> bool:
    """Whether ``x``'s allocation act is listed now: the turn's first step, with power to allocate; a cloaked
    ship's always (refused without power: the list never tells that it is dead in space)."""
    return e.power.open and (x in e.offmap or x in e.at or x in e.shadowed) and (available(e, x) > 0 or bool(
        e.cloaked.get(x)))


def acts(e: STCSEngine) -> dict[str, str]:
    """The allocation acts of the Power Allocation Phase (every ship with power, cloaked or not: the act
    tells nothing of the numbers)."""
    board = [x for t in (e.attacker, e.defender) for x, u in e.units.items() if u.team == t and x not in e.offmap]
    return {f"power:{x}": f"{possessive(e.ship(x))} power allocation (its side, in secret)"
            for x in [*board, *e.offmap] if may(e, x)}  # (not the map's order: a cloaked ship's secret shadow moved it)


def allocate(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x``'s side allocates its power, in secret; a cloaked ship given too little for its cloak uncloaks."""
    team, d = e.units[x].team, e.data(x)
    have = available(e, x)
    ratios = "; ".join(f"{k} {r[0]}:{r[1]}" for k, r in (("movement ratio", d.movement_ratio),
                                                         ("shield ratio", d.shield_ratio)) if r)
    speeds = ", ".join(f"{w}: {p}" for w, p in warp_speeds(e, x).items())
    text = (f"{e.name(team)} (in secret): {possessive(e.ship(x))} power: {have} ({why(e, x)}) among movement, "
            f"shields (six), weapons, cloak{f' ({d.cloak_power})' if d.cloak_power else ''}, warp (a speed"
            + (f", Warp {speeds}" if speeds else ": none") + "), transporters (1 a 6-9 person transporter"
            + (f", 2 each of its {d.large_transporters} 18-22 person ones, powered first" if d.large_transporters else "")
            + "), tractors, "
            "boarding (its crew in boarding parties, no power)"
            + (f"; {ratios}" if ratios else "") + "?")

    def ok(a: Any) -> Allocation:
        return check(e, x, read(a))
    e.log.hidden_to = (team, GM)  # the question's words (its power) are its side's and the GM's
    a: Allocation = (yield Question(f"stcs/{e.round}/power/{x}", QKind.TEXT, team, RULE, text,
                                    data={"secret": True, "available": have}, check=ok,
                                    default=proposal(e, x).text()))
    e.log.hidden_to = None
    e.power.of[x] = a
    e.power.allocated.add(x)
    parties.assign(e, x, a.boarding)
    e.log.add("ruling", RULE, f"{possessive(e.ship(x))} power: {cost(d, a)} of {have} allocated: {a.text()}",
              {"unit": x}, visible_to=(team, GM))
    if e.cloaked.get(x) and not cloak_powered(e, x):
        e.cloaked[x] = False
        e.log.add("ruling", CLOAK, f"{e.ship(x)} uncloaks")  # seen by all; why is its side's (its line above)


def warp_speeds(e: STCSEngine, x: str) -> dict[int, int]:
    """The warp speeds ``x`` may set, with their power (the seed's formula)."""
    d = e.data(x)
    if d.monitor or e.mode is warp.Mode.WARP or not d.cruising_warp:
        return {}
    return {w: warp.warp_power(w, d) for w in range(warp.MIN_WARP, d.emergency_warp + 1)
            if warp.warp_power(w, d) <= available(e, x)}


def cloak_powered(e: STCSEngine, x: str) -> bool:
    """Whether ``x``'s cloaking device has its power (always, for a ship never allocated)."""
    a = e.power.of.get(x)
    return a is None or a.cloak >= (e.data(x).cloak_power or 1)


def movement_points(e: STCSEngine, x: str) -> int | None:
    """The movement points ``x``'s power to movement buys (None: not allocated, or the ratio is the table's:
    the existing caps stand)."""
    a, d = e.power.of.get(x), e.data(x)
    if a is None:
        return None
    if a.movement == 0:
        return 0
    if d.movement_ratio is None:
        return None
    pw, pts = d.movement_ratio
    return a.movement * pts // pw


def speeds(e: STCSEngine, x: str) -> dict[int, int]:
    """The warp speeds ``x``'s engines can give now, with their power: the one its allocation set (all, never
    allocated)."""
    d, a = e.data(x), e.power.of.get(x)
    return {w: warp.warp_power(w, d) for w in range(warp.MIN_WARP, d.emergency_warp + 1)
            if warp.warp_power(w, d) <= sum(d.warp_now) and (a is None or w == a.warp)}


NEEDS: dict[str, tuple[str, str]] = {
    "move": ("movement", "no power allocated to movement"), "fire": ("weapons", "no power allocated to weapons"),
    "minefire": ("weapons", "no power allocated to weapons"),
    "warpout": ("warp", "no power allocated to warp movement this turn"),
    "warpin": ("warp", "no power allocated to warp movement this turn"),
    "tractor": ("tractors", "no power allocated to tractor beams"),
    "beam": ("transporters", "no power allocated to transporters")}
"""Per act verb, the part of an allocation it needs and why it is refused without."""


def refuse(e: STCSEngine, act: str) -> str:
    """``act`` if the power allows it, else refused (the acts stay offered whatever the allocation, so the act
    list, on every screen, tells nothing of it; the refusal is the GM's): a part with no power, the cloak
    acts while a Bridge hit bars changing the cloak status, raising the cloak without its power."""
    verb, x, _ = actkeys.split(act, e.units)
    if x not in e.units:
        return act
    a = e.power.of.get(x)
    if verb == "power" and not available(e, x):
        raise IllegalAnswer(RULE, f"{e.ship(x)} has no power to allocate ({why(e, x)})")
    if verb in ("cloak", "uncloak") and barred_now(e, x):
        raise IllegalAnswer(CLOAK, f"a Bridge hit bars {e.ship(x)} changing its cloak status (only by withdrawing "
                            "all power from the cloak in the Power Allocation Phase)")
    if verb == "cloak" and not cloak_powered(e, x):
        raise IllegalAnswer(CLOAK, f"{e.ship(x)} has no power allocated to its cloaking device")
    if a is not None and verb in ("warpout", "warpin") and a.warp and not e.speeds(x):
        raise IllegalAnswer(warp.OUT, f"{possessive(e.ship(x))} engines no longer give its set Warp {a.warp}")
    if a is not None and verb == "beam" and a.transporters:
        transporters.refuse_used(e, x, a.transporters)
    if a is not None and verb == "tractor" and 0 < a.tractors <= len(e.contact.tractors.get(x, [])):
        raise IllegalAnswer(RULE, f"{e.ship(x)}: its tractor power ({a.tractors}, 1 a beam) is in use")
    if a is not None and verb in NEEDS and not getattr(a, NEEDS[verb][0]) and not (
            verb == "beam" and transporters.stored(e, x)):  # abandoning ship on stored power
        raise IllegalAnswer(RULE, f"{e.ship(x)}: {NEEDS[verb][1]}")
    if verb == "beam":
        transporters.refuse_act(e, x)
    if verb == "tractor":
        tractors.refuse_act(e, x)
    return act


def points_check(e: STCSEngine, x: str, n: int) -> int:
    """``n`` movement points if ``x``'s power to movement buys them, else refused."""
    top = movement_points(e, x)
    if top is not None and n > top:
        d = e.data(x)
        ratio = f" at {d.movement_ratio[0]}:{d.movement_ratio[1]}" if d.movement_ratio else ""
        raise IllegalAnswer(RULE, f"{possessive(e.ship(x))} power to movement buys {top} point"
                            f"{'' if top == 1 else 's'}{ratio}, not {n}")
    return n


def words(e: STCSEngine, x: str, viewer: str) -> str:
    """What the sheet adds of ``x``'s power allocation: its side's and the GM's only ("" for the others)."""
    a = e.power.of.get(x)
    if a is None or viewer not in (GM, e.units[x].team):
        return ""
    return f"; power {cost(e.data(x), a)} of {available(e, x)}: {replace(a, boarding=parties.waiting(e, x)).text()}"
