"""Repairs in the procedure (seed 002, Systems Repair; Repairing Superstructure And Engine Damage;
Repair Assistance By Tenders During Battle), taken by the GM in the Repair / Repower Phase. Not with
no crew, nor while Bridge hits bar repairs. A 5-point-box system (sensors, a shield generator): the GM
enters the base game's repair number; the D10 (10 reads 0, and 0 always fails) repairs one box (or the
carried remainder) when the face plus the successive-attempt modifier (0, -1, -2, at most -3) is at most
that number. Superstructure or a warp engine: a D100 at or under the Crew Efficiency (never below 10;
100 fails) repairs one box. A tender's Repair Team (a friendly ship within 4 hexes the GM names as a
tender) rolls on its Crew Efficiency + 10, its Class / 3 assists a turn (at most 3, Class I-II one)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question
from rules.battlehex.words import possessive
from rules.systems.stcs import casualties, damage, shieldcontrol
from rules.systems.stcs.bridge import barred_now
from rules.systems.stcs.repair import REPAIR, TENDER, repair_modifier, tender_assists

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

TEAM_REACH = 4
"""A Repair Team beams within transporter range."""
TEAM_BONUS = 10


def box_repaired(face: int, attempt: int, number: int) -> bool:
    """A boxed system's repair: D10 ``face`` (10 reads 0: always a failure) plus the successive modifier
    at most ``number``."""
    return face % 10 != 0 and face + repair_modifier(attempt) <= number


def why_not(e: STCSEngine, x: str) -> str:
    """Why ``x`` cannot repair now ("" when it can)."""
    if casualties.crew_left(e, x) == 0:
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
    return out


def repair(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """One repair attempt on ``x``, by its crew or a tender's Repair Team."""
    what = str((yield e._choose(f"stcs/{e.round}/repair/{x}", REPAIR, f"Game Master: what does {e.ship(x)} repair?",
                                damaged(e, x))))
    label = damaged(e, x)[what].partition(" (")[0]
    t, _ = e.turn_segment()
    team = e.units[x].team
    helpers = {"crew": f"{possessive(e.ship(x))} crew (Crew Efficiency {e.data(x).crew_efficiency})"}
    for y in e.on_map(team):
        used = e.assists.get((y, t), 0)
        if y != x and e.range(x, y) <= TEAM_REACH and used < tender_assists(e.data(y).class_size) \
                and not e.cloaked[x] and not e.cloaked[y] and shieldcontrol.both_down(e, x, y):
            # a team beams over: no cloak (its place would tell), the shields along the line lowered
            helpers[f"team:{y}"] = (f"a Repair Team from the tender {e.ship(y)} (Crew Efficiency "
                                    f"{e.data(y).crew_efficiency} + 10; {used} of "
                                    f"{tender_assists(e.data(y).class_size)} assists used this turn)")
    by = str((yield e._choose(f"stcs/{e.round}/repair/{x}/by", TENDER, "Game Master: who makes the repair?",
                              helpers)))
    tender = by.partition(":")[2]
    if tender:
        e.assists[(tender, t)] = e.assists.get((tender, t), 0) + 1
    attempt = e.attempts[(x, what)] = e.attempts.get((x, what), 0) + 1
    if what.startswith(("sensors", "shield", "weapon")):
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
              + (f" (by {possessive(e.ship(tender))} Repair Team)" if tender else ""), {"unit": x})


def _mend(e: STCSEngine, x: str, what: str) -> None:
    if what == "superstructure":
        e.ss_lost[x] -= 1
    elif what.startswith("engine"):
        e.engine_hits[x][int(what.partition(":")[2])] -= 1
    else:
        m, c = e.boxes[(x, what)]
        e.boxes[(x, what)] = (m - 1, c) if m > 1 else (0, 0)  # repaired: "any carry value is eliminated"


def _number(a: Any) -> int:
    if isinstance(a, bool) or not isinstance(a, int) or not 1 <= a <= 10:
        raise IllegalAnswer(REPAIR, "a repair number is 1-10")
    return a
