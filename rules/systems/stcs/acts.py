"""The acts of Shield Control, damage on a shield, shut-down engines, sensor shadows, mines as targets and
the Striking Table, listed beside the engine's own (:meth:`.engine.STCSEngine.actions`) and run by verb (:data:`VERBS`)."""
from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import QKind, Question, unit_list
from rules.battlehex.roster import BUnit, Status
from rules.battlehex.words import possessive
from rules.errors import RuleError
from rules.model.visibility import listed
from rules.systems.stcs import (bodies, cloaklock, damage, engines, firing, heading, mines, selfdestruct, shieldcontrol,
                                shields, warping)

if TYPE_CHECKING:
    from rules.systems.stcs.engine import STCSEngine

Procedure = Generator[Question, Any, None]
VERBS: dict[str, Callable[[STCSEngine, str], Procedure]] = {
    "shutdown": engines.shut_down, "restart": engines.restart, "shadow": engines.shadow,
    "unshadow": engines.unshadow, "minelock": mines.lock, "minefire": mines.fire_at, "warppath": warping.path,
    "struck": shields.struck, "selfdestruct": selfdestruct.self_destruct, "shields": shieldcontrol.control,
    heading.VERB: heading.change}

ENDING = {"next": "end this segment", "resolve": "resolve the battle (the ships destroyed at the table)"}
"""The acts listed last, every segment."""


def acts(e: STCSEngine, x: str, sees: bool) -> dict[str, str]:
    """``x``'s acts of this module (``sees``: its sensors work and it may use them)."""
    out = bodies.drop_shadow(e, x, engines.acts(e, x)) | cloaklock.acts(e, x) | heading.acts(e, x)
    if shieldcontrol.may(e, x):
        out[f"shields:{x}"] = f"{possessive(e.ship(x))} Shield Control (its side lowers or raises shields, in secret)"
    if not damage.dead_in_space(e, x):  # else its shields are down: its damage is entered as a hit
        out[f"struck:{x}"] = f"{e.ship(x)} takes damage on a shield (a blast, a mine, a ram: from the table)"
    if selfdestruct.may(e, x):
        out[f"selfdestruct:{x}"] = f"{e.ship(x)} self-destructs (its crew 20% or less, 40% Klingon)"
    if sees and mines.lock_spots(e, x):
        out[f"minelock:{x}"] = f"{e.ship(x)} tries to lock on to a mine in a hex"
    if x in e.mine_locks and not e.cloaked[x] and not damage.dead_in_space(e, x) and any(
            w.reach >= e.at[x].distance(e.mine_locks[x][0]) and firing.armed(e, x, i)
            for i, w in enumerate(e.data(x).weapons)):
        h = e.mine_locks[x][0]
        out[f"minefire:{x}"] = f"{e.ship(x)} fires at the mine it is locked on to at {h.q},{h.r}"
    return out


def off_board(e: STCSEngine) -> dict[str, str]:
    """Acts not of a ship on the board: back from a sensor shadow, an object on a warp path."""
    return {**engines.off_board(e), **warping.path_acts(e)}


def unopposed(e: STCSEngine) -> str | None:
    """Why the battle has nothing to fight (no two opposing sides both have a ship in it), or None."""
    have = [t for t in (e.attacker, e.defender) if any(u.team == t and u.status is Status.PRESENT
                                                        for u in e.units.values())]
    if len(have) == 2:
        return None
    who = "neither side has a" if not have else f"{e.name(e.enemy(have[0]))} has no"
    return f"nothing to fight: {who} ship with STCS data in the battle"


TOLD = "; the Game Master enters their losses when the battle is resolved"
"""What the log says of the units left to the table (:func:`table_losses` asks)."""
AT_THE_TABLE = (("destroyed", "were destroyed"), ("captured", "were captured"), ("crippled", "were crippled"))
"""The table system's three questions (:mod:`rules.systems.table.battle`), asked of the units left to the table."""


def at_the_table(e: STCSEngine) -> list[str]:
    """The units in the Battle Hex not on the tactical map: without STCS data, or of neither side."""
    return [u.id for u in e.state.units.values() if u.status is not Status.OUT and u.id not in e.units]


def left_to_the_table(e: STCSEngine) -> None:
    """The log names the units not on the tactical map: those without STCS data, and those of neither side (a third
    party in the Battle Hex, as the independent Orions at 0703 of the default campaign: the engine fights two sides),
    and says the GM enters their losses at the end (:func:`table_losses`)."""
    out = [e.state.units[x] for x in at_the_table(e)]
    none = [u.name for u in out if u.unit.stcs is None]
    if none:
        e.log.add("ruling", "STCS", "no STCS data (left to the table, not on the tactical map): " + ", ".join(none)
                  + TOLD)
    for team in sorted({u.team for u in out if u.unit.stcs is not None}):
        e.log.add("ruling", "STCS", f"{e.name(team)}, neither side of this battle (left to the table, not on the "
                  "tactical map): " + ", ".join(u.name for u in out if u.team == team and u.unit.stcs is not None)
                  + TOLD)


def asked_next(e: STCSEngine) -> str:
    """What the GM's "which ships were destroyed?" adds when units were left to the table (:func:`table_losses`)."""
    return " (of the tactical map's ships: the units left to the table are asked next)" if at_the_table(e) else ""


def table_losses(e: STCSEngine) -> Generator[Question, Any, str]:
    """The units left to the table, after the STCS ships: the GM enters what happened to them with the table
    system's questions (destroyed, captured, crippled), written back as the table's are (issue 25: a third party
    at an STCS Battle Hex, the Orions at 0703, was "left to the table" with no way to enter its losses). Returns the
    resolution's words for them ("" when there are none)."""
    left = at_the_table(e)
    if not left:
        return ""
    said: dict[str, list[str]] = {}
    for status, verb in AT_THE_TABLE:
        chosen = yield unit_question(f"stcs/table/{status}", "Game Master: of the units left to the table (not on "
                                     f"the tactical map), which {verb} in the battle? (none: no unit ticked)",
                                     left, e.state.units)
        for x in chosen:
            u = e.state.units[x]
            if status == "crippled":
                u.crippled = True
            else:
                u.status = Status.DESTROYED if status == "destroyed" else Status.CAPTURED
        said[status] = [e.state.units[x].name for x in chosen]
        left = [x for x in left if x not in chosen]
    return "; left to the table (" + "; ".join(f"{s}: {listed(n)}" for s, n in said.items()) + ")"


def unseen_by(e: STCSEngine, viewer: str, ships: list[str]) -> list[str]:
    """The ships of ``ships`` the side ``viewer`` does not see (the map's sight check, app/systems/stcs/wrecks.py):
    the other side's cloaked ones it holds no lock on, and those with engines shut down beyond 40 hexes."""
    return [x for x in ships if e.units[x].team != viewer and (engines.shown(e, x, viewer) == "hidden" or (
        e.cloaked.get(x) and not any(y == x and e.units[s].team == viewer for s, y in e.locks.items())))]


def resolution(e: STCSEngine, table: str, hide: list[str] | None = None) -> str:
    """The battle's resolution, each side's ships destroyed and warped out named (``hide``: left out)."""
    def named(t: str, status: Status) -> str:
        return listed(u.name for u in e.units.values() if u.team == t and u.status is status and u.id not in
                      (hide or []))
    return "STCS: " + "; ".join(f"{e.name(t)} (destroyed: {named(t, Status.DESTROYED)}; warped out: "
                                f"{named(t, Status.LEFT)})" for t in (e.attacker, e.defender)) + table


def tell_resolved(e: STCSEngine, lost: list[str], table: str) -> None:
    """The log's resolution: a ship the GM entered destroyed that a side did not see (cloaked, no lock of its on
    it) is left out of that side's line (issue 25: "the scanning side must not learn what it could not see"; the
    Bird of Prey destroyed in secret was named to Blue); the GM and the sides that saw all read the whole."""
    at = e.state.record.at
    hide = {t: unseen_by(e, t, lost) for t in (e.attacker, e.defender)}
    seeing = tuple(t for t, h in hide.items() if not h)
    e.log.add("ruling", "STCS", f"Battle Hex {at} resolved: {e.state.resolution}",
              visible_to=None if len(seeing) == 2 else (*seeing, GM))
    for t, h in hide.items():
        if h:
            e.log.add("ruling", "STCS", f"Battle Hex {at} resolved: {resolution(e, table, h)}", visible_to=(t,))


def unit_question(key: str, text: str, options: list[str], units: dict[str, BUnit]) -> Question:
    """The GM's choice of units among ``options`` (none ticked: none)."""
    def check(a: Any) -> list[str]:
        return unit_list(a, options, "STCS", lambda x: units[x].name, "choose the units among")
    return Question(key, QKind.CHOOSE_UNITS, GM, "STCS", text, tuple(options), check=check)


def refuse_one_sided(e: STCSEngine) -> None:
    """A side with no ship with STCS data cannot fight on the tactical map: refused when the battle starts, naming
    the side, as B5 Fleet Command does (a generated campaign's ships have none; the default campaign's all have)."""
    for team in (e.attacker, e.defender):
        if not any(u.team == team for u in e.units.values()):
            raise RuleError("STCS", f"{e.name(team)} has no ship with STCS data in this battle (seed 002 ship data: "
                            "docs/stcs.md)")


def resolve_first(e: STCSEngine, acts: dict[str, str], barred: dict[str, str],
                  refused: dict[str, str]) -> tuple[dict[str, str], dict[str, str], dict[str, str]]:
    """The act list with resolving first (the question opens at it: Return resolves) when there is nothing to
    fight (issue 25: at 0907 of the default campaign the GM ended 30 segments before resolving was offered)."""
    if unopposed(e) is not None:  # (the log says why: :func:`tell_unopposed`; the list item reads whole)
        acts = {"resolve": "resolve the battle (nothing to fight)", **{k: v for k, v in acts.items() if k != "resolve"}}
    return acts, barred, refused


def tell_unopposed(e: STCSEngine) -> None:
    """The log says, once, that the battle has nothing to fight and the GM resolves it."""
    why = unopposed(e)
    if why is not None and not e.told_unopposed:
        e.told_unopposed = True
        e.log.add("ruling", "STCS", f"{why}: the Game Master resolves the battle")


def usual(e: STCSEngine, q: Question) -> Question:
    """The act question ``q`` opening at the turn's usual next act (issue 22: Return allocated one ship's
    power again and again): a ship's power allocation not yet made this turn, else past the allocations,
    the segment's end (seed 002's turn: the Power Allocation Phase first, then the segments; the GM picks
    the acts of a segment, Return moves on: at the segment's first act, 191 Returns at 0509 of the default
    campaign scanned with IKV Kumara again and again and never ended the battle)."""
    done = {f"power:{x}" for x in e.power.allocated}
    todo = [o for o in q.options if o.startswith("power:") and o not in done]
    if q.default == "resolve" or q.default in todo:
        return q  # (resolving leads when there is nothing to fight: :func:`resolve_first`)
    for o in [*todo, *(o for o in ("next", *q.options) if not o.startswith("power:"))]:
        try:
            q.check(o)
        except IllegalAnswer:
            continue
        return replace(q, default=o)
    return q
