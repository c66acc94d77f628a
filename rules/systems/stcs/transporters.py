"""Seed 002's Transporters (Rescues During Combat) and Boarding Operations: personnel beam between two
ships within transporter range (four hexes) when the shields along the line between them are down on
both; in a segment all of a ship's transports are to or from one other vessel. The sending ship treats
transferred crew as crew hits (its Percent Casualties Track); the receiving ship notes them as
passengers: from a ship of the exact same type they are its crew at once; from another class of the
same nation from the Repair Phase of the third turn after; from another nation never. A boarding party
(ship's crew, marines or military passengers: :mod:`.troops`; by personnel transporters) beams onto an enemy: if the boarded ship is operational (10%
of its crew or more) it is told it is being boarded, not how many; the melee begins the segment after
(:mod:`.melee`). The Transporter Power Table's power is the table's (Power Allocation Phase). Emergency
Transporters only abandon ship, by the ship the personnel leave (a ship dead in space too: on stored power),
no power the first turn they are used, then powered normally; abandoning keeps no one aboard.

Readings: persons are the ship's crew times its Percent Casualties Track; a transfer of N persons marks
N / crew x 100 percent (rounded up) on the sender's track and takes that much off an exact-same-type
receiver's (rounded down); "exact same type" is the same nation, Class and class designation; a ship
sending a boarding party keeps 10% of its original crew aboard (as for melee); a cloaked ship does not
transport here (its place would be shown).
"""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import plural, possessive
from rules.systems.stcs import casualties, damage, melee, parties, shieldcontrol, troops

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Transporters"
TABLE = "STCS Transporters (Transporter Power Table)"
BOARD = "STCS Boarding Operations"
EMERGENCY = "STCS Transporters (Emergency Transporters)"
REACH = 4
"""Transporter range in hexes."""
POWER = {"6-9 person (or smaller)": "1", "18-22 person": "2", "small cargo": "1", "large cargo": "2",
         "emergency": "0 the first turn used, then 1"}
"""The Transporter Power Table: power to allocate for each transporter used."""
CARRY = 6
"""Persons a 6-9 person transporter (1 power) beams in a use, read at the least its row names."""
LARGE_CARRY, LARGE_POWER = 18, 2
"""Persons an 18-22 person transporter (2 power; a record's ``large_transporters``) beams in a use, and its power."""
KEEP = 10
"""Percent of its original crew a ship sending personnel must keep aboard to operate."""
CREW_AFTER = 3
"""Turns after a transfer from another class before the personnel may be taken as crew."""
Procedure = Generator[Question, Any, None]
_KIND = {troops.MARINES: "marines", troops.PASSENGERS: "military passengers"}
"""The boarding parties not of the ship's crew (their option's verb -> words)."""


def persons(crew: int, left_pct: int) -> int:
    """Persons aboard of an original ``crew`` with ``left_pct`` percent left."""
    return crew * left_pct // 100


def pct_of(n: int, crew: int, up: bool) -> int:
    """``n`` persons as a percent of a ``crew`` (rounded up or down)."""
    return -(-n * 100 // crew) if up else n * 100 // crew


def same_type(e: STCSEngine, a: str, b: str) -> bool:
    da, db = e.data(a), e.data(b)
    return (da.nation, da.class_size, e.units[a].unit.class_designation) == (
        db.nation, db.class_size, e.units[b].unit.class_designation)


def partner(e: STCSEngine, x: str) -> str | None:
    """The vessel ``x`` transported to or from this segment (all its transports are with that one)."""
    return next((b for r, a, b in e.contact.transports if r == e.round and a == x), None)


def onboard(e: STCSEngine, x: str) -> int:
    """Persons of ``x``'s crew aboard it who may beam off: at their stations, or resting off them (a boarding party
    waiting in the transporter rooms, boarders back aboard: :func:`parties.resting`)."""
    return persons(e.data(x).crew, casualties.crew_left(e, x)) + parties.resting(e, x)


def spare(e: STCSEngine, x: str) -> int:
    """Persons ``x`` may send and keep 10% of its original crew aboard."""
    crew = e.data(x).crew
    return max(0, persons(crew, casualties.crew_left(e, x)) - -(-crew * KEEP // 100))


def options(e: STCSEngine, x: str) -> dict[str, str]:
    """``x``'s transports now: crew to a friendly ship, personnel taken off one, a boarding party onto an enemy,
    or abandoning ship to a friendly one by its Emergency Transporters (all a ship dead in space has)."""
    if e.cloaked[x] or x not in e.at or casualties.no_crew(e, x) or x in e.shutdown:
        return {}
    team, only, out, dead = e.units[x].team, partner(e, x), {}, damage.dead_in_space(e, x)
    for y in e.on_map():
        if y == x or e.cloaked[y] or e.range(x, y) > REACH or only not in (None, y):
            continue
        if e.units[y].team == team and onboard(e, x):
            out[f"abandon:{y}"] = (f"{e.ship(x)} abandons ship to {e.ship(y)} (Emergency Transporters: "
                                   f"{emergency_power(e, x)})")
        if dead:
            continue
        if e.units[y].team == team:  # listed whatever the crew kept aboard (refused: :func:`_refusing`)
            out[f"crew:{y}"] = f"{e.ship(x)} beams crew over to {e.ship(y)}"
            if onboard(e, y):
                out[f"rescue:{y}"] = f"{e.ship(x)} beams personnel off {e.ship(y)}"
        else:
            # listed whatever crew it keeps aboard (a secret party away), refused by :func:`_refusing`
            out[f"board:{y}"] = f"{e.ship(x)} beams a boarding party onto {e.ship(y)}"
            for kind in (troops.MARINES, troops.PASSENGERS):  # (in Stasis: none to fight; how many: the party's question)
                if troops.aboard(e, x, kind):
                    out[f"{kind}:{y}"] = f"{e.ship(x)} beams a boarding party of its {_KIND[kind]} onto {e.ship(y)}"
    return out


def beam(e: STCSEngine, x: str) -> Procedure:
    """``x`` uses its transporters (the Transport step, before the Repair / Repower Phase)."""
    team = e.units[x].team
    q = e._choose(f"stcs/{e.round}/beam/{x}", RULE, f"Game Master: what do {possessive(e.ship(x))} transporters do "
                  f"(within {REACH} hexes; power " + ", ".join(f"{k} {v}" for k, v in POWER.items()) + ")?",
                  options(e, x), to=GM)
    q = replace(q, check=troops.no_stasis(e, x, _refusing(e, x, q.check)))
    pick = str((yield replace(q, default=next((o for o in q.options if _takes(q, o)), None))))
    how, _, y = pick.partition(":")
    party = how in ("board", *_KIND)  # a boarding party: of its crew, marines or military passengers
    rule = BOARD if party else RULE
    e.contact.transports.append((e.round, x, y))
    seen = None if party else (team, GM)
    src, dst = (y, x) if how == "rescue" else (x, y)
    most = onboard(e, y) if how == "rescue" else onboard(e, x) if how == "abandon" else troops.aboard(e, x, how) \
        if how in _KIND else parties.waiting(e, x) \
        if how == "board" and x in e.power.of else spare(e, x)
    cap = None if how == "abandon" else capacity(e, x)
    if how == "abandon":  # its own transporters only ("never beams someone off of another ship")
        e.log.add("ruling", EMERGENCY, f"{e.ship(x)} abandons ship by its Emergency Transporters "
                  f"({emergency_power(e, x)})", visible_to=seen)
        e.contact.emergency.setdefault(x, e.turn_segment()[0])
    board = party  # a boarding party's size is its side's secret ("the number ... is not revealed")
    who = f"of its {_KIND[how]}" if how in _KIND else "persons"
    n = int((yield Question(f"stcs/{e.round}/beam/{x}/persons", QKind.NUMBER, team if board else GM, rule,
                            f"{f'{e.name(team)} (in secret)' if board else 'Game Master'}: how many {who} beam "
                            f"from {e.ship(src)} to {e.ship(dst)} ("
                            + (f"its powered transporters carry {cap} this segment" if cap is not None else
                               "the transporters' capacity is the table's") + ")?",
                            low=1, high=most if cap is None else max(1, min(most, cap)), default=1,
                            data={"secret": True} if board else {}, check=_persons(most, rule, cap))))
    if cap is not None:
        big, small = uses(e, x, n)
        e.contact.beamed.append((e.round, x, small))
        if big:
            e.contact.beamed_large.append((e.round, x, big))
    if how in _KIND:  # not crew: off no Percent Casualties Track ("Marines may not be used to man ships")
        troops.leave(e, x, how, n)
    elif how == "board":
        parties.send(e, x, n)
    else:
        _off(e, src, n)
    if party:
        melee.begin(e, x, y, n, troops.CREW if how == "board" else how)
        return
    _onto(e, src, dst, n, seen)


def blocked(e: STCSEngine, x: str, y: str) -> str:
    """Why ``x`` cannot transport with ``y`` now ("": it can): a shield up on the line between them. The shields'
    state is not announced (seed 002 Transporters): the refusal is the GM's, never a line of the public log."""
    if shieldcontrol.both_down(e, x, y):  # Shield Control: the engine's, no longer the GM's word
        return ""
    return f"{e.ship(x)} cannot transport with {e.ship(y)}: a shield is up on the line between them (Shield Control)"


def _refusing(e: STCSEngine, x: str, check: Any) -> Any:
    """``check`` refusing, with the rule, a transport through a shield that is up or a boarding party of crew not
    assigned in the Power Allocation Phase (the question is asked again of the GM; nothing is logged)."""
    def refuse(a: Any) -> Any:
        pick = check(a)
        how, _, y = str(pick).partition(":")
        why = blocked(e, x, y)
        if why:
            raise IllegalAnswer(BOARD if how in ("board", *_KIND) else RULE, why)
        alloc = e.power.of.get(x)
        # abandoning with no transporter power is on stored power: the act itself was refused otherwise (power.refuse)
        if alloc is not None and not alloc.transporters and how != "abandon":
            raise IllegalAnswer(TABLE, f"{e.ship(x)}: no power allocated to transporters")
        if how == "board" and x in e.power.of and not parties.waiting(e, x):
            raise IllegalAnswer(parties.RULE, f"{e.ship(x)} has no boarding party of its crew: they are assigned in "
                                "the Power Allocation Phase (its allocation's 'boarding N')")
        if how in ("crew", "board") and (how == "crew" or x not in e.power.of) and not spare(e, x):
            raise IllegalAnswer(BOARD if how == "board" else RULE, f"{e.ship(x)} has no crew to send: it keeps "
                                f"{KEEP}% of its original crew aboard to operate")
        return pick
    return refuse


def _takes(q: Question, option: str) -> bool:
    """Whether ``q`` takes ``option`` (its GM's dialog opens at the first it takes: no part of the question's data)."""
    try:
        q.check(option)
    except IllegalAnswer:
        return False
    return True


def refuse_act(e: STCSEngine, x: str) -> None:
    """The act "``x`` uses its transporters" refused (to the GM) when a shield is up toward every ship it could
    transport with."""
    near = sorted({o.partition(":")[2] for o in options(e, x)})
    if near and all(blocked(e, x, y) for y in near):
        raise IllegalAnswer(RULE, f"{e.ship(x)} cannot transport: a shield is up on the line between it and "
                            + ", ".join(e.ship(y) for y in near) + " (Shield Control)")
    check, why = troops.no_stasis(e, x, _refusing(e, x, lambda a: a)), None
    for o in options(e, x):  # every transport refused (no crew to send, no party...): the act too, with the first
        try:  # reason (the random pass's seed 4 met a question where the GM could take no answer: a dead end)
            check(o)
            return
        except IllegalAnswer as err:
            why = why or err
    if why is not None:
        raise why


def used(e: STCSEngine, x: str, large: bool = False) -> int:
    """The 6-9 (or 18-22) person transporters ``x`` used this segment (each once a phase)."""
    return sum(k for r, s, k in (e.contact.beamed_large if large else e.contact.beamed) if r == e.round and s == x)


def powered(e: STCSEngine, x: str) -> tuple[int, int]:
    """``x``'s powered 18-22 and 6-9 person transporters: its transporters' power goes to its 18-22 person ones
    first (2 each, as many as its record gives), the rest to 6-9 person ones (1 each)."""
    a = e.power.of.get(x)
    p = a.transporters if a is not None else 0
    big = min(e.data(x).large_transporters, p // LARGE_POWER)
    return big, p - big * LARGE_POWER


def left(e: STCSEngine, x: str) -> tuple[int, int]:
    """``x``'s powered 18-22 and 6-9 person transporters not yet used this segment."""
    big, small = powered(e, x)
    return max(0, big - used(e, x, True)), max(0, small - used(e, x))


def uses(e: STCSEngine, x: str, n: int) -> tuple[int, int]:
    """The 18-22 and 6-9 person transporters a transport of ``n`` persons uses: the 18-22 person ones for each full
    18, the 6-9 person ones for the rest, an 18-22 person one more for what they cannot carry."""
    big_left, small_left = left(e, x)
    big = min(big_left, n // LARGE_CARRY)
    small = min(small_left, -(-(n - big * LARGE_CARRY) // CARRY))
    rest = n - big * LARGE_CARRY - small * CARRY
    return big + max(0, -(-rest // LARGE_CARRY)), small


def capacity(e: STCSEngine, x: str) -> int | None:
    """The persons ``x``'s powered transporters not yet used this segment beam (None: never allocated, the
    table's)."""
    if e.power.of.get(x) is None:
        return None
    big, small = left(e, x)
    return big * LARGE_CARRY + small * CARRY


def refuse_used(e: STCSEngine, x: str, power: int) -> None:
    """Refused when each of ``x``'s transporters powered by ``power`` was used this segment."""
    if left(e, x) == (0, 0):
        n = sum(powered(e, x))
        raise IllegalAnswer(TABLE, f"{e.ship(x)}: its {plural(n, 'powered transporter')} ({power} power) "
                            f"{'was' if n == 1 else 'were'} used this segment: a transporter may be used only once "
                            "per phase")


def stored(e: STCSEngine, x: str) -> bool:
    """Whether ``x`` may abandon ship now with no power allocated to transporters: its Emergency Transporters on
    stored power the first turn they are used (a ship dead in space has no other transport)."""
    return (damage.dead_in_space(e, x) or any(o.startswith("abandon:") for o in options(e, x))) and \
        e.contact.emergency.get(x) in (None, e.turn_segment()[0])


def emergency_power(e: STCSEngine, x: str) -> str:
    """The power ``x``'s Emergency Transporters need now: none the first turn they are used, then 1 (the
    Transporter Power Table; allocated at the table)."""
    first = e.contact.emergency.get(x)
    return "stored power, the first turn used" if first in (None, e.turn_segment()[0]) else "1 power, powered normally"


def _off(e: STCSEngine, x: str, n: int) -> None:
    """``n`` persons leave ``x``: those at their stations first, crew hits on its Percent Casualties Track; the rest
    resting off their stations (already off its track: :func:`parties.leave`)."""
    s = min(n, persons(e.data(x).crew, casualties.crew_left(e, x)))
    e.casualties[x] = min(100, e.casualties.get(x, 0) + pct_of(s, e.data(x).crew, True))
    parties.leave(e, x, n - s)


def _onto(e: STCSEngine, src: str, dst: str, n: int, seen: tuple[str, str] | None) -> None:
    """``n`` persons from ``src`` arrive on ``dst``: crew at once, later or never; passengers meanwhile."""
    t, _ = e.turn_segment()
    if same_type(e, src, dst):
        e.casualties[dst] = max(0, e.casualties.get(dst, 0) - pct_of(n, e.data(dst).crew, False))
        how = "its own crew at once (a ship of the exact same type)"
    else:
        e.contact.passengers[dst] = e.contact.passengers.get(dst, 0) + n
        later = e.data(src).nation == e.data(dst).nation
        if later:
            e.contact.arriving.append((t + CREW_AFTER, dst, n))
        how = (f"passengers, its crew from turn {t + CREW_AFTER} (another class)" if later
               else "passengers, never its crew (another nation)")
    e.log.add("ruling", RULE, f"{n} persons beam from {e.ship(src)} to {e.ship(dst)}: {how}; {e.ship(src)} has "
              f"{casualties.crew_left(e, src)}% of its crew, {e.ship(dst)} {casualties.crew_left(e, dst)}%",
              visible_to=seen)


def _persons(most: int, rule: str, cap: int | None = None) -> Any:
    def check(a: Any) -> int:
        if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= most:
            raise IllegalAnswer(rule, f"a number of persons 1-{most}")
        if cap is not None and a > cap:
            raise IllegalAnswer(TABLE, f"the transporters powered and not yet used this segment beam at most {cap} "
                                f"persons ({CARRY} a 6-9 person transporter, 1 power each, {LARGE_CARRY} an 18-22 "
                                f"person one, 2 power each; once a phase), not {a}")
        return a
    return check


def take_on(e: STCSEngine) -> None:
    """Passengers of another class of the same nation become crew in the third turn after their transfer (read:
    from its first segment, the end of its Power Allocation Phase)."""
    t, _ = e.turn_segment()
    for due, dst, n in [a for a in e.contact.arriving if a[0] <= t]:
        e.contact.arriving.remove((due, dst, n))
        e.contact.passengers[dst] = max(0, e.contact.passengers.get(dst, 0) - n)
        e.casualties[dst] = max(0, e.casualties.get(dst, 0) - pct_of(n, e.data(dst).crew, False))
        e.log.add("ruling", RULE, f"{n} passengers on {e.ship(dst)} become its crew: {casualties.crew_left(e, dst)}% "
                  "of its crew", visible_to=(e.units[dst].team, GM))
