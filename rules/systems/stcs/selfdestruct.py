"""Self-destructing a starship (seed 002, Firing Weapons, Self-Destructing A Starship). Only with crew
onboard, at least one point of power from its engines, and 20% or less of its crew left (40% or less
for Klingons); except Klingon and Romulan vessels, it must pass a Crew Efficiency roll on its original
Crew Efficiency or 50, whichever is greater (a morale check; 100 always fails). A ship whose core was
ejected or damaged can never self-destruct. Exploding ships are resolved first (the GM takes this act
after the explosion act); the blast is an explosion's (:func:`.explosion.burst`)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.words import possessive
from rules.model.stcs import Nation
from rules.systems.stcs import casualties, damage, explosion

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
    from rules.systems.stcs.engine import STCSEngine

RULE = "STCS Self-Destructing A Starship"
MOST_CREW = 20
KLINGON_CREW = 40
MORALE_FLOOR = 50
NO_CHECK = (Nation.KLINGON, Nation.ROMULAN)


def target(e: STCSEngine, x: str) -> int | None:
    """The D100 target of ``x``'s morale check (``None``: Klingon and Romulan vessels make none)."""
    d = e.data(x)
    return None if d.nation in NO_CHECK else max(d.crew_efficiency, MORALE_FLOOR)


def may(e: STCSEngine, x: str) -> bool:
    """Whether ``x`` may initiate a self-destruct now, its crew aside (:func:`crew_bar`)."""
    d = e.data(x)
    return sum(d.warp_now) + d.impulse_power > 0 and x not in e.dead and not damage.dead_in_space(e, x)


def crew_bar(e: STCSEngine, x: str) -> str:
    """Why ``x``'s crew bars a self-destruct ("": it does not). Its side's and the GM's: the crew track counts the
    crew away in secret boarding parties, so the act is listed all the same and the GM refused (issue 25)."""
    d, left = e.data(x), casualties.onboard(e, x)  # "remaining onboard": a party waiting aboard too
    most = KLINGON_CREW if d.nation is Nation.KLINGON else MOST_CREW
    if 0 < left <= most:
        return ""
    return (f"{e.ship(x)} may not self-destruct: " + ("no crew onboard" if left == 0 else
            f"more than {most}% of its crew remain onboard ({left}%)"))


def self_destruct(e: STCSEngine, x: str) -> Generator[Question, Any, None]:
    """``x`` initiates a self-destruct: the morale check, then the blast."""
    t = target(e, x)
    if t is not None:
        die = e.dice.roll("d100", purpose=f"self-destruct morale check (1-{t})", rule=RULE,
                          who=e.units[x].team).total
        if not casualties.passes(t, die):
            e.log.add("ruling", RULE, f"{possessive(e.ship(x))} crew does not initiate the self-destruct (D100 "
                      f"{die} over {t})", {"unit": x})
            return
    e.log.add("ruling", RULE, f"{e.ship(x)} self-destructs", {"unit": x})
    yield from explosion.burst(e, x, "self-destructed")

