"""Repairs in the procedure (seed 002, Systems Repair; Repairing Superstructure And Engine Damage;
Repair Assistance By Tenders During Battle), taken by the GM in the Repair / Repower Phase. Not with
no crew, nor while Bridge hits bar repairs. A 5-point-box system (sensors, a shield generator, a weapon, the Maneuver
Engineering Grid from :data:`.compat.GRID_ERA` on): the GM
enters the base game's repair number; the D10 (10 reads 0, and 0 always fails) repairs one box (or the
carried remainder) when the face plus the successive-attempt modifier (0, -1, -2, at most -3) is at most
that number. Superstructure, a warp engine or the impulse engine (:mod:`.impulse`): a D100 at or under the
Crew Efficiency (never below 10; 100 fails) repairs one box. A tender's Repair Team (a friendly ship within 4
hexes the GM names as a tender) rolls on its Crew Efficiency + 10, its Class / 3 assists a turn (at most 3,
Class I-II one), one a phase, none while a Bridge hit bars the tender; Repair Shuttles (a tender of Class III or
more in the same hex, neither ship moved this turn, a shield down on each) make two such rolls on superstructure or
an engine, once a turn, and neither ship may move again that turn. The shields between the ships for a Repair Team
and the shield down for Shuttles are read from Shield Control (:mod:`.shieldcontrol`)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import possessive
from rules.systems.stcs import casualties, damage, impulse, movement, shieldcontrol, shields
from rules.systems.stcs.bridge import barred_now
from rules.systems.stcs.repair import REPAIR, SEGMENTS, TENDER, repair_modifier, tender_assists

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

TEAM_REACH = 4
"""A Repair Team beams within transporter range."""
TEAM_BONUS = 10
SHUTTLE_ROLLS = 2
"""Repair Shuttles make two repair rolls."""
SHUTTLE_LEAST_CLASS = 2
"""Tenders of Class I and II are not equipped with Repair Shuttles."""


def box_repaired(face: int, attempt: int, number: int) -> bool:
    """A boxed system's repair: D10 ``face`` (10 reads 0: always a failure) plus the successive modifier
    at most ``number``."""
    return face % 10 != 0 and face + repair_modifier(attempt) <= number


def why_not(e: STCSEngine, x: str) -> str:
    """Why ``x`` cannot repair now ("" when it can)."""
    if casualties.no_crew(e, x):
        return "no crew onboard"
    if x in e.shutdown:
        return "its engines are shut down (it may take no action)"
    return "Bridge hits bar repairs this phase" if barred_now(e, x) else ""


def damaged(e: STCSEngine, x: str) -> dict[str, str]:
    """What of ``x`` may be repaired (option -> words)."""
    out = {k: damage.system_name(e, x, k) + f" ({m} box(es) marked, {c} carried)"
           for (y, k), (m, c) in sorted(e.boxes.items())
           if y == x and m + c and not (k.startswith("weapon") and m >= damage.OUT_BOX)}  # a crossed-off weapon is gone
    if e.ss_lost.get(x, 0) > 0:
        out["superstructure"] = f"superstructure ({e.ss_lost[x]} points lost)"
    for i, h in enumerate(e.engine_hits.get(x, [])):
        if h > 0 and (x, i) not in e.ripped:
            out[f"engine:{i}"] = f"warp engine {i + 1} ({h} damage)"
    return out | impulse.damaged(e, x)


def repair(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """A repair on ``x``: one roll by its crew or a tender's Repair Team, two by a tender's Repair Shuttles."""
    what = str((yield e._choose(f"stcs/{e.round}/repair/{x}", REPAIR, f"Game Master: what does {e.ship(x)} repair?",
                                damaged(e, x))))
    label = damaged(e, x)[what].partition(" (")[0]
    t, _ = e.turn_segment()
    team = e.units[x].team
    helpers = {"crew": f"{possessive(e.ship(x))} crew (Crew Efficiency {e.data(x).crew_efficiency})"}
    for y in tenders(e, x):
        used = e.assists.get((y, t), 0)
        words = (f"the tender {e.ship(y)} (Crew Efficiency {e.data(y).crew_efficiency} + 10; {used} of "
                 f"{tender_assists(e.data(y).class_size)} assists used this turn)")
        if e.range(x, y) <= TEAM_REACH and shieldcontrol.both_down(e, x, y):  # the shields along the line lowered
            helpers[f"team:{y}"] = f"a Repair Team from {words}"
        if not what.startswith(damage.BOXED) and shuttles_may(e, x, y):
            helpers[f"shuttles:{y}"] = (f"Repair Shuttles from {words}: two rolls; neither ship may move again "
                                        "this turn")
    by = str((yield e._choose(f"stcs/{e.round}/repair/{x}/by", TENDER, "Game Master: who makes the repair?",
                              helpers)))
    kind, _, tender = by.partition(":")
    if tender:
        e.assists[(tender, t)] = e.assists.get((tender, t), 0) + 1
        e.assisted.append((e.round, tender, x, kind))
    for _ in range(SHUTTLE_ROLLS if kind == "shuttles" else 1):
        if what in damaged(e, x):
            yield from _attempt(e, x, what, label, tender, kind)


def _attempt(e: STCSEngine, x: str, what: str, label: str, tender: str, kind: str) -> Generator[Question, Any, None]:
    """One repair roll on ``x``'s ``what`` (by ``tender``'s Repair Team or Shuttles when named)."""
    team = e.units[x].team
    attempt = e.attempts[(x, what)] = e.attempts.get((x, what), 0) + 1
    if what.startswith(damage.BOXED):
        number = int((yield Question(f"stcs/{e.round}/repair/{x}/number", QKind.NUMBER, GM, REPAIR,
                                     "Game Master: the repair number from the base game's table (1-10)?",
                                     low=1, high=10, default=5, check=_number)))
        face = e.dice.roll("d10", purpose=f"repair ({what}, attempt {attempt}: {repair_modifier(attempt)})",
                           rule=REPAIR, who=team).total
        done = box_repaired(face, attempt, number)
    else:
        ce = e.data(tender).crew_efficiency + TEAM_BONUS if tender else e.data(x).crew_efficiency
        die = e.dice.roll("d100", purpose=f"repair ({what}: 1-{max(casualties.FLOOR, ce)})", rule=REPAIR,
                          who=team).total
        done = casualties.passes(ce, die)
    if done:
        _mend(e, x, what)
    e.log.add("ruling", REPAIR, f"{e.ship(x)} {'repairs one box of' if done else 'fails to repair'} {label}"
              + (f" (by {possessive(e.ship(tender))} Repair {'Shuttles' if kind == 'shuttles' else 'Team'})"
                 if tender else ""), {"unit": x})


def tenders(e: STCSEngine, x: str) -> list[str]:
    """The friendly ships that may assist ``x`` now: assists left this turn, none given this phase ("no more
    than one repair assist ... per phase"), no Bridge hit in effect on the tender, neither ship cloaked (its
    place would tell)."""
    t, _ = e.turn_segment()
    return [y for y in e.on_map(e.units[x].team)
            if y != x and e.assists.get((y, t), 0) < tender_assists(e.data(y).class_size) and not barred_now(e, y)
            and not e.cloaked[x] and not e.cloaked[y] and not any(r == e.round and z == y for r, z, _, _ in e.assisted)]


def shuttles_may(e: STCSEngine, x: str, y: str) -> bool:
    """Whether tender ``y`` may send Repair Shuttles to ``x``: Class III or more, one Shuttle assist a turn, the
    same hex, neither ship moved this turn, a shield down on each."""
    t, _ = e.turn_segment()
    used = any((r - 1) // SEGMENTS + 1 == t and z == y and k == "shuttles" for r, z, _, k in e.assisted)
    return (e.data(y).class_size > SHUTTLE_LEAST_CLASS and not used and e.at[x] == e.at[y]
            and not movement.spent(e, x) and not movement.spent(e, y)
            and all(any(shieldcontrol.down(e, s, i) for i in range(1, shields.COUNT + 1)) for s in (x, y)))


def _mend(e: STCSEngine, x: str, what: str) -> None:
    if what == "superstructure":
        e.ss_lost[x] -= 1
    elif what.startswith("engine"):
        e.engine_hits[x][int(what.partition(":")[2])] -= 1
    elif what == impulse.KEY:
        impulse.mend(e, x)
    else:
        m, c = e.boxes[(x, what)]
        e.boxes[(x, what)] = (m - 1, c) if m > 1 else (0, 0)  # repaired: "any carry value is eliminated"


def _number(a: Any) -> int:
    if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 10:
        raise IllegalAnswer(REPAIR, "a repair number is 1-10")
    return a
