"""b5 fighter flights on the board (seed 003 Fighters, Launching and Landing Fighters): which
carrier holds each flight, the flights no carrier holds placed beside their flagship, and the
missions each side declares in secret with its plots (revealed with them; altered on odd turns
only). docs/b5.md "Fighters" records each reading where the cut text is silent."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from hexmap import Label
from hexmap.labels import axial_to_offset
from rules.battlehex.log import IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.model.b5 import Category
from rules.systems.b5 import abilities, deploy, fleet

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = "B5 Fighter Missions"
LAUNCH_RULE = "B5 Launching and Landing Fighters"
ATTACK, ESCORT, SUPERIORITY = "attack", "escort", "superiority"
MISSIONS = (ATTACK, ESCORT, SUPERIORITY)
PATROL = 5
"""Superiority's patrol zone: the hexes within 5 of the hex named (**reading**: the command radius)."""
ESCORT_RANGE = 4
"""A legal escort position: "within four hexes of a command ship or the same hex as a fighter"."""
FOPS = abilities.FOPS


@dataclass(frozen=True, slots=True)
class Mission:
    """A flight's mission: its kind, an attack's enemy ship or an escort's charge, a patrol zone."""

    kind: str
    target: str = ""
    zone: Label | None = None


@dataclass
class Air:
    """The flights' state in the engine (pickled with it for checkpoints)."""

    at: dict[str, Label] = field(default_factory=dict)
    """Flight -> its hex, once launched (a flight aboard or destroyed is not here)."""
    mission: dict[str, Mission] = field(default_factory=dict)
    """Flight -> its mission, revealed."""
    declared: dict[str, dict[str, Mission]] = field(default_factory=dict)
    """Team -> the missions it declared this turn (secret until the plots are revealed)."""
    ordered: dict[str, int] = field(default_factory=dict)
    """Team -> the turn it last gave its fighter orders."""
    flown: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Team -> the (turn, pulse) its flights last moved."""
    burned: dict[str, int] = field(default_factory=dict)
    """Flight -> the turn it used its afterburners (once a turn)."""
    af: dict[str, int] = field(default_factory=dict)
    """'turn/pulse/ship/weapon' -> attacking flights its AF fire at x1 has reached (below x1)."""
    placed: bool = False
    """The flights no carrier holds have been placed (at the first turn)."""
    landed: dict[str, str] = field(default_factory=dict)
    """Flight -> the carrier it last landed on (its carrier from then on: "a carrier that has space for it")."""
    off: dict[str, Label] = field(default_factory=dict)
    """Flight -> the hex of the dogfight called off by agreement it was in (out of it while it stays there)."""
    ending: list[Label] = field(default_factory=list)
    """The dogfights still to end this turn (called off or drifting: rules/systems/b5/drift.py)."""
    ending_turn: int = 0
    """The turn :attr:`ending` was listed in."""
    said: dict[str, bool] = field(default_factory=dict)
    """The turn's end questions' answers (question key -> yes/no), kept so the step resumes."""
    drifts: dict[str, tuple[Label, tuple[Label, ...], tuple[str, ...]]] = field(default_factory=dict)
    """Dogfight hex -> (where it drifted, the hexes on its way, its flights), once rolled this turn."""
    passed: list[str] = field(default_factory=list)
    """The flights on the way of the dogfight drifting now that have joined it or not."""
    jumped: dict[str, int] = field(default_factory=dict)
    """Squadron command ship -> the turn its squadron jumped in (its fighters launch through its vortices then)."""


def left(self: B5Engine, flight: str) -> int:
    """The fighters alive in ``flight``."""
    f = self.data(flight).flight
    return self.fighters.get(flight, f.fighters if f else 0)


def alive(self: B5Engine, uid: str) -> bool:
    """Whether flight ``uid`` still flies (present, fighters left)."""
    return self.units[uid].status is Status.PRESENT and left(self, uid) > 0


def flights_of(self: B5Engine, team: str) -> list[str]:
    """``team``'s flights alive, in the roster's order."""
    return [x for x in self.forces[team].flights if alive(self, x)]


def carriers(self: B5Engine) -> dict[str, str]:
    """Flight -> the ship carrying it (**reading**: a side's flights fill its carriers' places,
    ``fighter_flights``, in the roster's order; a flight left over has no carrier)."""
    out: dict[str, str] = {}
    for team in (self.defender, self.attacker):
        places = [c for c in self.side_units(team) for _ in range(self.data(c).fighter_flights)
                  if self.data(c).category is not Category.FIGHTER]
        for f, c in zip(self.forces[team].flights, places):
            out[f] = c
    return out


def carrier_of(self: B5Engine, flight: str) -> str:
    """The ship ``flight`` is aboard, or was launched from: the carrier it last landed on, else its own
    (:func:`carriers`); "" for a flight no carrier holds."""
    return self.air.landed.get(flight) or carriers(self).get(flight, "")


def aboard(self: B5Engine, uid: str) -> bool:
    """Whether flight ``uid`` is aboard a carrier (alive, carried, not launched)."""
    return alive(self, uid) and uid not in self.air.at and bool(carrier_of(self, uid))


def space(self: B5Engine, carrier: str) -> int:
    """The flights ``carrier`` may still take aboard: its places (``fighter_flights``) less the
    flights aboard it now (**reading**: a flight launched leaves its place free until one lands)."""
    team = self.units[carrier].team
    return self.data(carrier).fighter_flights - sum(1 for f in flights_of(self, team) if f not in self.air.at
                                                    and carrier_of(self, f) == carrier)


def ahead(self: B5Engine, ship: str) -> Label:
    """The hex ahead of ``ship`` (its facing's hexside), or its own hex at the board's edge."""
    h = deploy.hex_of(self.at[ship]).neighbor(self.facing[ship])
    col, row = axial_to_offset(h)
    out = Label(col, row)
    return out if self.board.on(out) else self.at[ship]


def place_free(self: B5Engine) -> None:
    """The flights no carrier holds begin launched, in the hex ahead of their flagship (Launching:
    "in one of the six hexes surrounding the ship"), on superiority over it (**reading**)."""
    if self.air.placed:
        return
    self.air.placed = True
    held = carriers(self)
    for team in (self.defender, self.attacker):
        flag = self.forces[team].flagship
        for f in flights_of(self, team):
            if f not in held and flag in self.at:
                self.air.at[f] = ahead(self, flag)
                self.air.mission[f] = Mission(SUPERIORITY, zone=self.air.at[f])
                self.log.add("ruling", LAUNCH_RULE, f"{self.units[f].unit.name} ({self.name(team)}; no carrier) "
                                                    f"begins launched at {self.air.at[f]}, on superiority over it",
                             {"unit": f, "at": str(self.air.at[f])})


def commander(self: B5Engine, flight: str) -> str:
    """The command ship of the squadron ``flight`` is from: its carrier's squadron's (a flagship
    escort's: the flag squadron's, **reading**, as they are targeted with it); "" for a flight no
    carrier holds (it is from no squadron)."""
    carrier = carrier_of(self, flight)
    if not carrier:
        return ""
    force = self.forces[self.units[carrier].team]
    s = force.squadron_of(force.flagship if carrier in force.escorts else carrier)
    return s.command if s is not None else ""


def vortex_launch(self: B5Engine, flight: str) -> dict[Label, str]:
    """The hexes ``flight`` may launch at through its squadron's vortices, each with its opener: "The fighters of
    a squadron may all use any vortex created by their squadron" (**reading**, docs/b5.md "Jump-in": in the turn
    the squadron jumps in, rules/systems/b5/arriving.py, a flight it carries launches at any of its vortices,
    whichever ship opened it, as well as beside its carrier; afterwards only beside it). None when its squadron
    did not jump in this turn."""
    cmd = commander(self, flight)
    s = self.forces[self.units[flight].team].squadron_of(cmd) if cmd else None
    if s is None or self.air.jumped.get(cmd) != self.round:
        return {}
    return {self.vortices[x]: x for x in s.ships if x in self.vortices}


def _fops(self: B5Engine, flight: str) -> str:
    """Ex-Fighter Ops Commander: the commander who may change ``flight``'s orders this turn too ("the
    orders of fighters from his squadron every turn instead of every other turn"): its squadron's
    commander, his ship on the board, with the ability and no other used this turn; "" for none."""
    cmd = commander(self, flight)
    if not cmd or self.units[cmd].status is not Status.PRESENT or not abilities.free(self, cmd, FOPS) \
            or _priority_ordered(self, cmd):
        return ""
    return cmd


def _priority_ordered(self: B5Engine, cmd: str) -> bool:
    """Whether ``cmd`` is its side's flagship and its admiral has ordered ELINT Priority Support this
    turn (with the plots, before the fighter orders; used when revealed): his one ability this turn."""
    team = self.units[cmd].team
    return cmd == self.forces[team].flagship and any(o.squadron for orders in self.elint.values() for o in orders
                                                     if self.units[o.ship].team == team)


def may_order(self: B5Engine, team: str) -> list[str]:
    """``team``'s flights that may be given orders this turn: none the turn after its flagship
    was lost ("no fighters may be given new orders"); on even turns only a flight never ordered
    ("may be assigned any mission when launched"), or one whose squadron's commander is an
    Ex-Fighter Ops Commander; every flight on odd turns."""
    if fleet.no_new_fighter_orders(self, team):
        return []
    return [f for f in flights_of(self, team)
            if self.round % 2 or f not in self.air.mission or _fops(self, f)]


def _even(self: B5Engine, team: str, flight: str) -> str:
    """Why ``flight`` may not be given new orders on this even turn, in the seed's words."""
    name = self.units[flight].unit.name
    why = f"orders may only be altered on odd-numbered turns ({name} flies {words_of(self, flight)})"
    cmd, flag = commander(self, flight), self.forces[team].flagship
    if cmd and FOPS in abilities.bought(self, cmd) and self.units[cmd].status is Status.PRESENT:
        return (f"{why}: {possessive(self.units[cmd].unit.name)} commander, an Ex-Fighter Ops Commander, has used "
                f"{'ELINT Priority Support' if _priority_ordered(self, cmd) else 'another ability'} this turn (no "
                "commander may ever use more than one ability per turn)")
    if cmd != flag and FOPS in abilities.bought(self, flag):
        return (f"{why}: {possessive(self.units[flag].unit.name)} Ex-Fighter Ops Commander is no Task Group Admiral's "
                "ability on a group scale: \"A group commander may only use this ability for fighters from his "
                "squadron\"")
    return why


def _find(self: B5Engine, words: str, among: list[str]) -> str:
    w = words.strip().lower()
    hit = [x for x in among if w in (x.lower(), self.units[x].unit.name.lower())]
    return hit[0] if hit else ""


def read(self: B5Engine, team: str, a: Any) -> dict[str, Mission]:
    """A side's fighter orders: ``FLIGHT attack SHIP; FLIGHT escort SHIP|FLIGHT; FLIGHT
    superiority HEX`` (none: no change), each checked."""
    if not isinstance(a, str):
        raise IllegalAnswer(RULE, f"orders such as \"R-FL1 attack B-FLAG; R-FL2 superiority 1010\", not {shown(a)}")
    out: dict[str, Mission] = {}
    mine, allowed = flights_of(self, team), may_order(self, team)
    enemy = self.enemy(team)
    for part in (p.strip() for p in a.split(";")):
        if part.lower() in ("", "none"):
            continue
        words = part.split()
        cut = next((i for i, w in enumerate(words) if w.lower() in MISSIONS), -1)
        if cut < 1 or cut == len(words) - 1:
            raise IllegalAnswer(RULE, f"an order is FLIGHT attack SHIP, FLIGHT escort SHIP or FLIGHT superiority "
                                      f"HEX, not {shown(part)}")
        flight, kind, rest = _find(self, " ".join(words[:cut]), mine), words[cut].lower(), " ".join(words[cut + 1:])
        if not flight:
            raise IllegalAnswer(RULE, f"{shown(' '.join(words[:cut]))} is no flight of {self.name(team)} still flying")
        name = self.units[flight].unit.name
        if flight in out:
            raise IllegalAnswer(RULE, f"{name} is given two orders")
        if flight not in allowed:
            raise IllegalAnswer(RULE, "no fighters may be given new orders the turn after the flagship is destroyed"
                                if fleet.no_new_fighter_orders(self, team) else _even(self, team, flight))
        out[flight] = _mission(self, flight, kind, rest, team, enemy)
    return out


def _mission(self: B5Engine, flight: str, kind: str, rest: str, team: str, enemy: str) -> Mission:
    name = self.units[flight].unit.name
    if kind == SUPERIORITY:
        try:
            zone = Label.parse(rest)
        except ValueError as e:
            raise IllegalAnswer(RULE, f"superiority names its patrol zone's hex: {e}") from None
        if not self.board.on(zone):
            raise IllegalAnswer(RULE, f"{zone} is off the board")
        return Mission(SUPERIORITY, zone=zone)
    ships = [x for x in self.at if self.units[x].status is Status.PRESENT]
    if kind == ATTACK:
        target = _find(self, rest, [x for x in ships if self.units[x].team == enemy])
        if not target:
            raise IllegalAnswer(RULE, f"{name} attacks an enemy ship on the board, not {shown(rest)}")
        return Mission(ATTACK, target)
    charge = _find(self, rest, [x for x in ships if self.units[x].team == team]
                   + [x for x in flights_of(self, team) if x != flight])
    if not charge:
        raise IllegalAnswer(RULE, f"{name} escorts a friendly ship on the board or another friendly flight, not "
                                  f"{shown(rest)}")
    return Mission(ESCORT, charge)


def calm(self: B5Engine, flight: str) -> bool:
    """``flight`` is still in the hex of a dogfight called off by agreement: it fights there no more
    until an enemy flight enters the hex (rules/systems/b5/drift.py)."""
    return flight in self.air.off and self.air.off[flight] == self.air.at.get(flight)


def escorts(self: B5Engine, flight: str) -> list[str]:
    """The flights escorting ``flight`` in its hex, still flying."""
    at = self.air.at.get(flight)
    return [x for x in flights_of(self, self.units[flight].team) if x != flight and self.air.at.get(x) == at
            and (m := self.air.mission.get(x)) is not None and m.kind == ESCORT and m.target == flight]


def shielded(self: B5Engine, flight: str) -> bool:
    """``flight`` has an escort in its hex: the escort dogfights instead ("the escort fighter will do
    the dogfighting while the charge continues on"; "the escorts will get involved instead of the
    escort's charge")."""
    return bool(escorts(self, flight))


def words_of(self: B5Engine, flight: str) -> str:
    """A flight's mission in words."""
    m = self.air.mission.get(flight)
    if m is None:
        return "no mission yet"
    if m.kind == SUPERIORITY:
        return f"superiority over {m.zone} (within {PATROL})"
    return f"{m.kind} {self.units[m.target].unit.name}"


def orders(self: B5Engine, team: str, secret: bool = True) -> Procedure:
    """``team``'s fighter orders for the turn, in secret with its plots (none asked when no
    flight of it may be ordered, or when given already: resumed)."""
    if self.air.ordered.get(team) == self.round:
        return
    place_free(self)
    allowed = may_order(self, team)
    if not allowed:
        return
    listed = ", ".join(f"{self.units[f].unit.name} ({'aboard' if aboard(self, f) else self.air.at.get(f, '')}; "
                       f"{words_of(self, f)})" for f in allowed)
    said = yield Question(f"b5/{self.round}/orders/{team}", QKind.LABEL, team, RULE,
                          f"{self.name(team)}: fighter orders for turn {self.round}"
                          f"{' (in secret)' if secret else ''}: FLIGHT attack SHIP, FLIGHT escort SHIP or FLIGHT, "
                          f"FLIGHT superiority HEX, separated by ';' (none: no change). May be ordered: {listed}",
                          data={"secret": secret, "fighter_orders": team}, check=lambda a: read(self, team, a),
                          default="none")
    self.air.declared[team] = said
    self.air.ordered[team] = self.round
    for cmd in _changed(self, said):  # its commander's one ability this turn
        abilities.use(self, cmd, FOPS)


def _changed(self: B5Engine, said: dict[str, Mission]) -> list[str]:
    """The commanders whose Ex-Fighter Ops Commander changes the orders ``said`` on an even turn (of
    flights given a mission before), in the order given."""
    if self.round % 2:
        return []
    out: list[str] = []
    for f in said:
        cmd = commander(self, f) if f in self.air.mission else ""
        if cmd and cmd not in out:
            out.append(cmd)
    return out


def reveal(self: B5Engine) -> None:
    """The orders declared this turn revealed with the plots, and logged."""
    for team in (self.defender, self.attacker):
        said = self.air.declared.pop(team, {})
        for cmd in _changed(self, said):
            self.log.add("ruling", abilities.RULE, f"Ex-Fighter Ops Commander: {possessive(self.units[cmd].unit.name)} "
                                                   f"commander changes his squadron's fighter orders on turn "
                                                   f"{self.round}, an even turn (his one ability this turn)",
                         {"unit": cmd})
        for f, m in said.items():
            self.air.mission[f] = m
            self.log.add("ruling", RULE, f"{self.units[f].unit.name} ({self.name(team)}) flies {words_of(self, f)}",
                         {"unit": f})
