"""b5 long-range anti-fighter mode (seed 003 Anti-Fighter Fire): "Anti-fighter weapons can be
switched to long range mode. This can be done in any pulse and affects all weapon systems on the
ship. It cannot be done in the same pulse that standard AF fire is used. While in this mode, ships
can fire at enemy flights in the six hexes around it (1 hex radius). However, unlike normal AF mode
which can fire no matter where the fighter is, long range fire is limited by the arcs of the ship.
Compute the actual AF fire normally, but use half of the 'x' rating for the weapon system in the
appropriate arc as your base AF rating. ... ships in long range mode can only fire into one hex per
weapon system." Stealth flights "are immune to standard fire and to long-range anti-fighter fire".

In a pulse's fire the GM may answer ``long-range AF``, then name the ship (``b5/{turn}/lrship``),
its weapon (``lrweapon``) and the hex around it (``lrhex``, the odds shown); below x1 the firing
side chooses the flights (``lrpick``). Each question resumes (:data:`STEPS`).
"""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Label
from hexmap.labels import axial_to_offset
from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import Question, choose
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.model.b5 import B5Weapon
from rules.systems.b5 import antifighter, deploy, fire, flightfire

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = antifighter.RULE
LONG = "long-range AF"
"""The pulse fire question's option for long-range anti-fighter fire."""
STEPS = ("lrship", "lrweapon", "lrhex", "lrpick")


def _around(self: B5Engine, ship: str) -> list[Label]:
    """The six hexes around ``ship`` on the board, clockwise from direction A."""
    h = deploy.hex_of(self.at[ship])
    out = [Label(*axial_to_offset(h.neighbor(f))) for f in Facing]
    return [x for x in out if self.board.on(x)]


def targets(self: B5Engine, ship: str, at: Label) -> list[str]:
    """The enemy flights in ``at`` long-range fire may reach (**reading**: a stealth flight, immune
    to it, is neither fired at nor counted)."""
    out = []
    for x in antifighter.enemies_at(self, ship, at):
        f = self.data(x).flight
        if f is None or not f.stealth:
            out.append(x)
    return out


def arc_x(self: B5Engine, ship: str, w: B5Weapon, at: Label) -> int:
    """``w``'s 'x' in the arc of ``ship`` that holds hex ``at`` (0: out of arc)."""
    return fire.arc_x(w.arcs, w.x, fire.arcs_at(flightfire._bearing(self, ship, at)))


def hexes(self: B5Engine, ship: str, w: B5Weapon) -> list[Label]:
    """The hexes around ``ship`` ``w`` may fire into: an enemy flight there, in an arc with 'x'."""
    return [h for h in _around(self, ship) if targets(self, ship, h) and arc_x(self, ship, w, h)]


def _standard(self: B5Engine, ship: str) -> bool:
    """Whether ``ship`` used standard AF fire this pulse (not in long-range mode, a weapon fired AF)."""
    return not antifighter.long_now(self, ship) and any(antifighter.used(self, ship, w) for w in self.data(ship).weapons)


def weapons(self: B5Engine, ship: str) -> list[B5Weapon]:
    """``ship``'s weapons that may fire in long-range mode now: an AF rating, ready for AF mode
    (not fired in standard mode this pulse or the one before), not fired in AF mode this pulse
    ("one hex per weapon system"), with a hex to fire into; none after standard AF fire."""
    if ship not in self.at or _standard(self, ship):
        return []
    return [w for w in self.data(ship).weapons if w.anti_fighter and antifighter.ready(self, ship, w)
            and not antifighter.used(self, ship, w) and hexes(self, ship, w)]


def ships(self: B5Engine) -> list[str]:
    """The ships that may fire in long-range mode now (in this part of the pulse's fire)."""
    return [x for x in self.at if self.units[x].status is Status.PRESENT
            and (x in self.out_of_command) == self.late and weapons(self, x)]


def _why_ship(self: B5Engine, a: Any) -> str:
    if a in self.at and _standard(self, a):
        return (f"{self.units[a].unit.name} used standard AF fire this pulse: long range mode \"cannot be done in "
                "the same pulse that standard AF fire is used\"")
    return ""


def _why_hex(self: B5Engine, ship: str, w: B5Weapon, a: Any) -> str:
    """Why ``w`` of ``ship`` may not fire into hex ``a`` in long-range mode."""
    try:
        at = Label.parse(a) if isinstance(a, str) else None
    except ValueError:
        at = None
    if at is None:
        return f"answer a hex around {self.units[ship].unit.name} (CCRR), not {shown(a)}"
    hexes_off = deploy.distance(self.at[ship], at)
    name = self.units[ship].unit.name
    if hexes_off != 1:
        return (f"long range mode fires at enemy flights in the six hexes around the ship (1 hex radius): {at} is "
                f"{hexes_off} hexes from {name}" + (" (its own hex is standard AF mode's)" if not hexes_off else ""))
    if not arc_x(self, ship, w, at):
        where = " and ".join(fire.ARCS[i] for i in fire.arcs_at(flightfire._bearing(self, ship, at)))
        return f"long range fire is limited by the arcs of the ship: {at} is in {possessive(name)} {where} arc, " \
               f"where its {w.name} cannot fire"
    if antifighter.enemies_at(self, ship, at):
        return f"the flights in {at} have the stealth ability: immune to long-range anti-fighter fire"
    return f"no enemy flight is in {at}"


def _hex_question(self: B5Engine, ship: str, w: B5Weapon) -> Question:
    options = [str(h) for h in hexes(self, ship, w)]
    q = choose(f"b5/{self.round}/lrhex", GM, RULE, f"Game Master: {possessive(self.units[ship].unit.name)} {w.name} "
               "fires in long-range anti-fighter mode into which hex around it (one hex a weapon)?", options)
    words = {h: f"{h}: {', '.join(self.units[x].unit.name for x in targets(self, ship, Label.parse(h)))}"
             for h in options}

    def check(a: Any) -> Any:
        if a not in options:
            raise IllegalAnswer(RULE, _why_hex(self, ship, w, a))
        return a
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, data={"option_words": words, "unit": ship},
                    check=check, default=q.default)


def step(self: B5Engine, at: str = "") -> Procedure:
    """The GM's long-range AF fire: the ship, its weapon and the hex (``at``: resumed there)."""
    st = self.afire
    if at in ("", "lrship"):
        options = ships(self)
        q = choose(f"b5/{self.round}/lrship", GM, RULE, "Game Master: which ship fires its anti-fighter weapons in "
                   "long-range mode (at enemy flights in the six hexes around it, within its arcs)?", options)

        def check_ship(a: Any) -> Any:
            why = _why_ship(self, a) if a not in options else ""
            if why:
                raise IllegalAnswer(RULE, why)
            return q.check(a)
        ship = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options, check=check_ship, default=q.default,
                              data={"option_words": {x: self.units[x].unit.name for x in options}})
        st.aim = (ship, "", "")
    ship = st.aim[0]
    if at in ("", "lrship", "lrweapon"):
        name = yield choose(f"b5/{self.round}/lrweapon", GM, RULE, f"Game Master: which weapon of "
                            f"{self.units[ship].unit.name} fires in long-range anti-fighter mode?",
                            [w.name for w in weapons(self, ship)])
        st.aim = (ship, name, "")
    w = next(x for x in self.data(ship).weapons if x.name == st.aim[1])
    if at != "lrpick":
        st.aim = (ship, w.name, (yield _hex_question(self, ship, w)))
    yield from _resolve(self, ship, w, Label.parse(st.aim[2]))
    st.aim = ("", "", "")


def _resolve(self: B5Engine, ship: str, w: B5Weapon, at: Label) -> Procedure:
    """Half the arc's 'x' as the base AF rating over half the flights in ``at`` (round up); below x1,
    x1 at half of them, chosen by the firing side; then each volley (escorts absorbing as ever)."""
    st = self.afire
    aims = targets(self, ship, at)
    ax = arc_x(self, ship, w, at)
    x, n = fire.long_range_af(ax, len(aims))
    chosen = aims
    if n < len(aims):
        chosen = yield antifighter.pick(self, ship, w, aims, n, f"in long-range mode into {at} (half its x{ax} over "
                                                                 f"half of {len(aims)} flights)", step="lrpick")
    name = self.units[ship].unit.name
    if not antifighter.long_now(self, ship):
        st.long[ship] = (self.round, self.pulse)
        self.log.add("ruling", RULE, f"{name} switches to long-range anti-fighter mode this pulse (all its weapon "
                                     "systems: no standard AF fire)", {"unit": ship})
    self.log.add("ruling", RULE, f"{possessive(name)} {w.name} fires in long-range mode into {at}: half its x{ax} "
                                 f"there over half of {len(aims)} flight{'s' if len(aims) != 1 else ''}: x{x} at "
                                 f"{', '.join(self.units[f].unit.name for f in chosen)}", {"unit": ship})
    for f in chosen:
        if antifighter.enemies_at(self, ship, at).count(f):
            antifighter.volley(self, ship, w, x, f, how=", long range")
    antifighter.noted(self, ship, w)


def odds(self: B5Engine, q: Question) -> dict[str, str]:
    """The pending hex or choice of flights: each flight's exact chances, before the roll."""
    ship, weapon, where = self.afire.aim
    if not ship or not weapon or not q.key.endswith(("/lrhex", "/lrpick")):
        return {}
    w = next(x for x in self.data(ship).weapons if x.name == weapon)
    out = {}
    for h in ([Label.parse(where)] if q.key.endswith("/lrpick") else hexes(self, ship, w)):
        aims = targets(self, ship, h)
        x, n = fire.long_range_af(arc_x(self, ship, w, h), len(aims))
        for f in aims:
            out[f"{self.units[f].unit.name} ({h})"] = antifighter.odds_at(self, ship, w, f, x) + (
                f" (at {n} of the {len(aims)} flights there)" if n < len(aims) else "")
    return out
