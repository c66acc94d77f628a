"""Ships acting on one another at close range (seed 002: Ramming, Tractor Beams, Towing, Transporters,
Boarding Operations, Shipboard Melee Combat): what the engine keeps of them (:class:`Contact`), their
acts listed beside the engine's own and run by verb (:data:`VERBS`)."""
from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.battlehex.words import possessive
from rules.systems.stcs import melee, ramming, tractors, transporters
from rules.systems.stcs.parties import Parties
from rules.systems.stcs.troops import Troops

if TYPE_CHECKING:
    from rules.battlehex.questions import Question
    from rules.systems.stcs.engine import STCSEngine

Procedure = Generator["Question", Any, None]


@dataclass
class Contact:
    """The engine's record of close acts."""

    tractors: dict[str, list[str]] = field(default_factory=dict)
    """Per towing ship, the ships its tractor beams hold, in the order taken."""
    drawn: list[tuple[int, str]] = field(default_factory=list)
    """(segment, towing ship): a towed ship drawn closer in that Movement Phase."""
    rammed: list[tuple[int, str]] = field(default_factory=list)
    """(segment, ramming ship): one ram a segment."""
    ramming: dict[str, str] = field(default_factory=dict)
    """Per ship that declared a ram, its target (until the ram is resolved)."""
    transports: list[tuple[int, str, str]] = field(default_factory=list)
    """(segment, ship, the other vessel): all of a ship's transports in a segment are with one vessel."""
    passengers: dict[str, int] = field(default_factory=dict)
    """Per ship, the persons aboard who are not (yet) its crew."""
    arriving: list[tuple[int, str, int]] = field(default_factory=list)
    """(turn, ship, persons): passengers of another class becoming its crew in that turn."""
    melees: dict[str, melee.Melee] = field(default_factory=dict)
    """Per boarded ship, its melee."""
    captured: dict[str, str] = field(default_factory=dict)
    """Per ship taken by boarders, the side that took it."""
    emergency: dict[str, int] = field(default_factory=dict)
    """Per ship abandoned by its Emergency Transporters, the first turn they were used (stored power)."""
    troops: dict[str, Troops] = field(default_factory=dict)
    """Per ship whose marines or military passengers left it (beamed over, lost), those left aboard."""
    parties: Parties = field(default_factory=Parties)
    """The crew in boarding parties (:mod:`.parties`)."""
    beamed: list[tuple[int, str, int]] = field(default_factory=list)
    """(segment, ship, transporters): the 6-9 person transporters each transport used (once a phase each)."""
    beamed_large: list[tuple[int, str, int]] = field(default_factory=list)
    """(segment, ship, transporters): the 18-22 person transporters each transport used."""


VERBS: dict[str, Callable[[STCSEngine, str], Procedure]] = {
    "declare": ramming.declare, "ram": ramming.ram, "tractor": tractors.tractor, "release": tractors.release, "draw": tractors.draw,
    "beam": transporters.beam, "melee": melee.fight}
"""Acts taking the engine and a ship id, by verb."""


def acts(e: STCSEngine, x: str) -> dict[str, str]:
    """``x``'s close acts now."""
    out: dict[str, str] = {}
    if ramming.targets(e, x):
        out[f"declare:{x}"] = f"{e.ship(x)} declares a ram"
    if ramming.may_resolve(e, x):
        out[f"ram:{x}"] = f"{e.ship(x)} rams {e.ship(e.contact.ramming[x])} (its declared ram, after the fire)"
    if tractors.targets(e, x):
        out[f"tractor:{x}"] = f"{e.ship(x)} fires a tractor beam at a ship to tow"
    if e.contact.tractors.get(x):
        out[f"release:{x}"] = f"{possessive(e.ship(x))} tractor beam lets go (released)"
    if tractors.may_draw(e, x):
        out[f"draw:{x}"] = f"{e.ship(x)} draws a towed ship one hex closer"
    if transporters.options(e, x):
        out[f"beam:{x}"] = f"{e.ship(x)} uses its transporters (crew, rescue, boarding party, abandoning ship)"
    if x in melee.due(e):
        out[f"melee:{x}"] = f"melee aboard {e.ship(x)}"
    return out


def settle(e: STCSEngine) -> None:
    """What changed since the last act, settled before the next is offered: tractor beams broken (a ship gone or
    cloaked, beyond reach, a beam lost to damage); a declared ram whose ship or target has left the map ends;
    passengers of another class become crew in the third turn after their transfer."""
    if e.contact.tractors:
        tractors.check(e)
    if e.contact.arriving:
        transporters.take_on(e)
    here = e.on_map()
    for x, y in sorted(e.contact.ramming.items()):
        if x not in here or y not in here:
            del e.contact.ramming[x]
            e.log.add("ruling", ramming.RULE, f"{possessive(e.ship(x))} ram on {e.ship(y)} ends: "
                      f"{e.ship(x if x not in here else y)} has left the map")


def words(e: STCSEngine, x: str) -> str:
    """What the sheet adds for ``x``'s close acts (each public: its tows, a declared ram, taken by boarders)."""
    out = [f", towing {e.ship(y)}" for y in e.contact.tractors.get(x, [])]
    if x in e.contact.ramming:
        out.append(f", ramming {e.ship(e.contact.ramming[x])}")
    if x in e.contact.captured:
        out.append(f", taken by {e.name(e.contact.captured[x])}")
    return "".join(out)
