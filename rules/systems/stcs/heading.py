"""Emergency Heading Changes (seed 002, Moving The Starship, Emergency Heading Changes, which replaces the base
game's Emergency and Tactical Heading Changes; Rules For Combat, Stress From Emergency Heading Changes).

"After all movement is finished, in order of Tactical Advantage, ships may elect to execute an Emergency Heading
Change. This results in the ship changing its facing one hex side. The ship will automatically receive one point of
damage to each warp engine and one point of damage to its superstructure. If the ship has no functional warp
engines, then one point of damage will be applied to its impulse engine. The ship may also take additional damage
based to the Turning Stress Chart." Not for "a ship which is not capable of movement", nor outposts, nor a ship
moving in reverse ("While moving in reverse a ship may not use the Emergency Heading Change rule").

Readings: the act "X makes an Emergency Heading Change" is offered once a segment to every ship on the map not
dead in space and not an outpost (a cloaked ship's is one of its fixed acts and made in secret: its change bars no ship
of the other side, docs/stcs.md); the first one taken in the open ends the segment's Movement Phase (no ship moves
after it: "after all movement is finished"); "in order of Tactical Advantage" is kept as: a ship before one that
already changed its heading this segment (in the turn's order, :mod:`.advantage`) has passed, and is refused. "Not
capable of movement": no crew aboard, no power allocated to movement, held by Repair Shuttles ("a prohibition on
rotating in place"), and, from the record's era 2, no power box left in its engines; each refused to the GM naming
the rule (the act stays listed: the allocation and the crew aboard are secrets). A functional warp engine is one
with power boxes left; the impulse engine's point is kept (:mod:`.impulse`; a battle begun before era 2 logs it for
the table). The Turning Stress Chart is the base game's, not in the seed: the GM enters what it gives with the
damage acts. A ship that did not move this segment rotates in its hex, so a mine there attacks it as a rotating ship
(shield 1 or 3)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap.hexes import Facing
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import Question
from rules.battlehex.words import plural, possessive
from rules.systems.stcs import actkeys, advantage, casualties, damage, impulse, minehits, movement, tractors

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

EHC = "STCS Emergency Heading Changes"
STRESS = "STCS Stress From Emergency Heading Changes"
VERB = "heading"
Procedure = Generator[Question, Any, None]


def acts(e: STCSEngine, x: str) -> dict[str, str]:
    """``x``'s Emergency Heading Change act, once a segment (not dead in space or an outpost); a cloaked ship's is one
    of its fixed acts (:data:`.cloaked.FIXED`: listed whatever its state, made in secret)."""
    if damage.dead_in_space(e, x) or e.data(x).outpost or e.turned.get(x) == e.round:
        return {}
    return {f"{VERB}:{x}": f"{e.ship(x)} makes an Emergency Heading Change (one hex side; a point of damage on "
                           "each warp engine and on its superstructure)"}


def public(e: STCSEngine) -> list[str]:
    """The ships on the map whose Emergency Heading Change this segment was made in the open (a cloaked ship's, made
    in secret, bars no other ship: the refusal would tell it)."""
    return [y for y in e.turned if e.turned[y] == e.round and e.secret_turns.get(y) != e.round and y in e.at]


def mine(e: STCSEngine, x: str) -> list[str]:
    """The cloaked ships of ``x``'s side that made their Emergency Heading Change in secret this segment: its side
    knows them, and a refusal they cause is the GM's alone (nothing logged)."""
    return [y for y, r in e.secret_turns.items() if r == e.round and y in e.at and e.units[y].team == e.units[x].team]


def why_not(e: STCSEngine, x: str) -> str:
    """Why ``x`` may not make an Emergency Heading Change now ("" when it may)."""
    a, d = e.power.of.get(x), e.data(x)
    if e.reversing.get(x) == e.round:
        return f"{e.ship(x)} moved in reverse: while moving in reverse a ship may not use the Emergency Heading Change"
    powerless = impulse.kept(e) and not sum(d.warp_now) + d.impulse_power
    if casualties.no_crew(e, x) or a is not None and not a.movement or movement.shuttled(e, x) or powerless:
        why = ("no crew aboard" if casualties.no_crew(e, x) else "no power allocated to movement"
               if a is not None and not a.movement else "no power box left in its engines" if powerless
               else "Repair Shuttles: it may not rotate this turn")
        return f"{e.ship(x)} is not capable of movement ({why})"
    done = public(e) + mine(e, x)
    order = advantage.in_order(e, sorted({x, *done}))
    later = [y for y in done if order.index(y) > order.index(x)]
    if later:
        return (f"{e.ship(x)} has passed: {e.ship(later[0])}, after it in the order of Tactical Advantage, made its "
                "Emergency Heading Change this segment")
    return ""


def refuse(e: STCSEngine, act: str) -> str:
    """``act``, or refused with the rule: an Emergency Heading Change ``x`` may not make, a move after the segment's
    first Emergency Heading Change (movement is finished)."""
    verb, x, _ = actkeys.split(act, e.units)
    why = why_not(e, x) if verb == VERB and x in e.units else ""
    if verb == "move" and x in e.units and (public(e) or mine(e, x)):
        why = "the Movement Phase is over: Emergency Heading Changes come after all movement is finished"
    if why:
        raise IllegalAnswer(EHC, why)
    return act


def change(e: STCSEngine, x: str) -> Procedure:
    """``x`` turns one hex side, the GM choosing which way, and takes the turn's damage (a cloaked ship's act is
    hidden, :data:`.cloaked.HIDDEN_ACTS`: its question, lines and any mine's are its side's and the GM's)."""
    now = e.facing[x]
    words = {now.rotate(1).name: f"one hex side right: heading {now.rotate(1).name}",
             now.rotate(-1).name: f"one hex side left: heading {now.rotate(-1).name}"}
    face = yield e._choose(f"stcs/{e.round}/{VERB}/{x}", EHC, f"Game Master: which way does {e.ship(x)} turn in its "
                           "Emergency Heading Change?", words)
    e.facing[x], e.turned[x] = Facing[str(face)], e.round
    if e.cloaked.get(x):
        e.secret_turns[x] = e.round
    e.log.add("ruling", EHC, f"{e.ship(x)} makes an Emergency Heading Change: heading {now.name} to {face}",
              {"unit": x})
    stress(e, x, 1, "an Emergency Heading Change")
    e.log.add("ruling", STRESS, f"{e.ship(x)} may take more damage by the Turning Stress Chart (the base game's): "
              "the Game Master enters it from the table")
    tractors.check(e)  # a shield turned onto the line breaks a beam
    if not (x in e.moves and e.moves[x][0] == e.round):  # it rotated in its hex: a mine there attacks shield 1 or 3
        yield from minehits.went_over(e, x, e.at[x], True, 0)


def stress(e: STCSEngine, x: str, n: int, why: str) -> None:
    """``n`` points of an Emergency Heading Change's damage (``why``) on ``x``: on each functional warp engine (one
    with power boxes left), else on its impulse engine (at the table), and on its superstructure."""
    engines = [i for i, left in enumerate(e.data(x).warp_now) if (x, i) not in e.ripped and left > 0]
    for i in engines:
        damage._engine(e, x, i, n)
    if not engines and impulse.kept(e):
        impulse.point(e, x, n)
    elif not engines:  # a battle begun before the impulse engine kept its damage (compat.IMPULSE_ERA): as fought
        e.log.add("ruling", EHC, f"{possessive(e.ship(x))} impulse engine takes {plural(n, 'point')} of damage (no "
                  "functional warp engine; at the table)", {"unit": x})
    damage.superstructure(e, x, n, f" ({why})")
