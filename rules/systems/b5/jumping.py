"""A b5 jump-in (seed 003 Jump-In Scenarios): the attacker's secret vortex openers and flagship
jump-in hex, the defender at speed 4 or less with its patrols, the vortex scatter rolled on the
seeded dice (or a jump gate as the exact anchor), and the squadrons coming through; maybe a
secondary jump point, chosen in secret, forming at the start of the turn chosen for it."""
from __future__ import annotations

import re
from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Label
from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question, choose, unit_list, yes_no
from rules.battlehex.words import plural, possessive
from rules.systems.b5 import deploy, jump
from rules.systems.b5.arriving import arrive
from rules.systems.b5.asking import choose_units, place, secret_number
from rules.systems.b5.deploy import Place

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
LAST_TURN = 30
"""The last turn the GM may plot or fight (the engine's ROUND_LIMIT): the latest a secondary jump
point may be scheduled for."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The attacker's secret choices and the defender's speed, kept for the rest of the set-up
    (a checkpoint resumes from any later question)."""

    openers: tuple[str, ...]
    flag_opener: str
    aim: Label
    facing: Facing
    """The direction the vortices open (the gate's when anchored on it)."""
    exact: bool
    """Anchored on a jump gate: no scatter."""
    speed: int
    """The defender's fleet speed."""
    second: tuple[str, ...] = ()
    """The command ships of the squadrons that jump in at a secondary jump point (none: no such point)."""
    second_aim: Label | None = None
    second_facing: Facing = Facing.A
    second_turn: int = 0
    """The turn the secondary jump point forms, at its start."""


def held(self: B5Engine) -> set[str]:
    """The ships of reinforcing fleets held off the board (rules/systems/b5/reinforcing.py, which
    imports this module): they jump in, or come on at an edge, when they arrive."""
    return {x for g in self.groups.values() if g.status != "arrived" for x in g.ships}


def group(self: B5Engine, plan: Plan, second: bool) -> list[str]:
    """The openers of the secondary jump point's squadrons (``second``) or of the others."""
    force = self.forces[self.attacker]
    return [x for x in plan.openers if any(x in s.ships for s in force.squadrons if s.command in plan.second) is second]


def grounded(self: B5Engine) -> list[str]:
    """The attacker's squadrons none of whose ships has a jump engine: they cannot come through a
    vortex ("squadron X enters only through a vortex opened by one of its own ships"), so the
    attacker cannot jump in (a station, a sub-light monitor, ground bases)."""
    force = self.forces[self.attacker]
    return [s.name for s in force.squadrons if not any(self.data(x).jump_engine for x in s.ships)]


def scenario(self: B5Engine, rule: str, meeting: str, jump: str) -> Question:
    """The GM's scenario question: a meeting engagement, or the attacker jumping in; a jump-in is refused
    up front, naming the squadrons, when one of them has no ship with a jump engine (before, the secret
    openers' question then had no legal answer and the battle stood still)."""
    q = choose("b5/scenario", GM, rule, f"Game Master: is this a meeting engagement, or does "
               f"{self.name(self.attacker)} jump in?", [meeting, jump])
    stuck = grounded(self)

    def check(a: Any) -> str:
        chosen: str = q.check(a)
        if chosen == jump and stuck:
            raise IllegalAnswer(deploy.JUMP_RULE, f"{self.name(self.attacker)} cannot jump in: no ship of squadron "
                                                  f"{' or '.join(stuck)} has a jump engine to open its vortex; "
                                                  "fight a meeting engagement")
        return chosen
    return Question(q.key, q.kind, q.to, q.rule, q.text, q.options, check=check, default=q.default)


STEPS = ("b5/jump/gate", "b5/jump/use_gate", "b5/jump/openers", "b5/jump/aim", "b5/jump/secondary", "b5/speed/")
"""The jump-in's first questions, in order (the defender's speed: ``b5/speed/{defender}``); :func:`jump_in` resumes at
any of them, and at the patrols' two."""


def jump_in(self: B5Engine, at: str = "") -> Procedure:
    """The attacker's secret choices, the defender's speed and patrols, then the rest (:func:`rest`); ``at``: resumed
    at that question (asked again), the answers before it kept in ``self.set_up``."""
    rule = deploy.JUMP_RULE
    att, dfn = self.attacker, self.defender
    force = self.forces[att]
    off = held(self)  # reinforcements held off the board: they jump in when they arrive
    jumpers = [x for x in self.side_units(att) if self.data(x).jump_engine and force.squadron_of(x) and x not in off]

    def openers_ok(a: Any) -> list[str]:
        chosen = unit_list(a, jumpers, rule, lambda x: self.units[x].unit.name, "choose ships with jump engines")
        for s in force.squadrons:
            if s.command not in off and not any(x in s.ships for x in chosen):
                raise IllegalAnswer(rule, f"squadron {s.name} enters only through a vortex opened by one of its "
                                          "own ships: choose one of them")
        return chosen
    given = self.set_up
    start = next((i for i, k in enumerate(STEPS) if at.startswith(k)), 0)
    if at.startswith(("b5/jump/patrols", f"b5/speed/{dfn}/")):
        start = len(STEPS)
    if start > 0:
        gate = self.gate
    else:
        gate = yield place("b5/jump/gate", GM, rule, "Game Master: is there a jump gate in the system? Place it "
                           "with its direction, or answer none", self.board, lambda at: "", {"role": "jump gate"},
                           optional=True)
        self.gate = gate
        if gate is not None:
            self.log.add("ruling", rule, f"a jump gate stands at {gate[0]}, facing {gate[1].name}")
    use_gate = given.get("use_gate", False)
    if gate is not None and start <= 1:
        q = yes_no("b5/jump/use_gate", att, rule, f"{self.name(att)}: jump in on the gate at {gate[0]} as the anchor "
                   "(no scatter; the vortices open in the gate's direction)? (in secret)")
        use_gate = given["use_gate"] = yield Question(q.key, q.kind, q.to, q.rule, q.text, data={"secret": True},
                                                      check=q.check)
    one_each = [next(x for x in s.ships if x in jumpers) for s in force.squadrons if any(x in jumpers for x in s.ships)]
    if start <= 2:
        given["openers"] = yield choose_units("b5/jump/openers", att, rule, f"{self.name(att)}: which ships open "
                                              "vortices (in secret)?", jumpers, openers_ok, secret=True,
                                              default=one_each)  # the usual case: one vortex a squadron
    openers: list[str] = given["openers"]
    flag_opener = next(x for x in openers if x in force.squadrons[0].ships)
    if start <= 3:
        given["aim"] = yield place("b5/jump/aim", att, rule, f"{self.name(att)}: the flagship's jump-in hex and the "
                                   "direction the vortices open (in secret)", self.board, lambda at: "",
                                   {"secret": True, "unit": force.flagship, "role": "jump-in hex"})
    aim, facing = given["aim"]
    if start <= 4:
        given["second"] = yield from secondary_choice(self)
    second, second_aim, second_facing, second_turn = given["second"]
    defence = self.forces[dfn]
    n = deploy.patrol_count(len([s for s in defence.squadrons if s.command not in held(self)]))
    if start >= len(STEPS):  # at the patrols: the plan is made
        yield from patrols(self, dfn, n, at)
        yield from rest(self)
        return
    self.speed.update({x: 0 for x in self.side_units(dfn)})
    speed = yield secret_number(f"b5/speed/{dfn}", dfn, rule, f"{self.name(dfn)}: your fleet's speed (4 or less)",
                                0, deploy.DEFENDER_SPEED, "a fleet jumped upon moves at speed 4 or less")
    if use_gate and gate is not None:
        facing = gate[1]
    if use_gate and gate is not None and second:
        second_facing = gate[1]
    self.jump_plan = Plan(tuple(openers), flag_opener, aim, facing, use_gate, speed, second, second_aim,
                          second_facing, second_turn)
    if n:
        yield from patrols(self, dfn, n)
    yield from rest(self)


def rest(self: B5Engine, key: str = "") -> Procedure:
    """The jump-in from the defender's placements on; ``key``: resumed at that question (a
    defender's placement, a vortex or an arrival, asked again)."""
    plan = self.jump_plan
    assert plan is not None
    att, dfn, rule = self.attacker, self.defender, deploy.JUMP_RULE
    parts = key.split("/")
    step, uid = (parts[1], parts[2]) if len(parts) == 3 else ("", "")
    if step == "place" and self.units[uid].team == att:
        step = "arrive"  # the flagship's escorts come through after it
    if step in ("", "place"):
        yield from self._deploy_squadrons(meeting=False, sides=(dfn,), at=uid)
        defence = self.forces[dfn]
        for x in self.side_units(dfn):
            sq = defence.squadron_of(x)
            self.speed[x] = self.patrol_speed if sq and sq.name in self.patrols else plan.speed
        self.log.add("ruling", rule, f"{possessive(self.name(dfn))} fleet moves at speed {plan.speed}")
    first = group(self, plan, second=False)
    if step != "arrive":
        yield from vortices(self, att, first, plan.flag_opener, plan.aim, plan.facing, plan.exact,
                            at=uid if step == "vortex" else "")
    yield from arrive(self, att, first, at=uid if step == "arrive" else "")
    self.log.add("info", "B5 Turn Sequence", f"turn 1: {self.name(self.defender)} responds as the vortices form: no "
                                             "weapons fire this turn")


def secondary_choice(self: B5Engine) -> Generator[Question, Any, tuple[tuple[str, ...], Label | None, Facing, int]]:
    """The attacker's secret choice of squadrons for a secondary jump point (not the flagship's),
    its hex and direction, and the turn it forms ("they may also choose to arrive on a future turn
    ... will arrive when scheduled"): one typed answer, so that the other side cannot tell from
    the questions asked whether there is one."""
    att = self.attacker
    if len(self.forces[att].squadrons) < 2:
        return (), None, Facing.A, 0

    def check(a: Any) -> tuple[tuple[str, ...], Label | None, Facing, int]:
        return read_secondary(self, a)
    q = Question("b5/jump/secondary", QKind.LABEL, att, deploy.JUMP_RULE,
                 f"{self.name(att)}: squadrons jumping in at a secondary jump point, its hex, the direction its "
                 "vortices open and the turn it forms (1: with the others), in secret: \"SQUADRON, SQUADRON at "
                 "HEX FACING turn N\", or none", data={"secret": True, "secondary": att}, check=check,
                 default="none")
    chosen: tuple[tuple[str, ...], Label | None, Facing, int] = yield q
    return chosen


SECONDARY_FORM = re.compile(r"^(?P<names>.*?\S)\s+at\s+(?P<hex>\S+)\s+(?P<facing>[a-fA-F])\s+turn\s+(?P<turn>\d+)$",
                            re.IGNORECASE)
"""The names end on a non-blank: ``.+?`` and ``\\s+`` both took blanks, and an answer of two words
8,000 spaces apart took 0.9 s to refuse (tests/test_linear_patterns.py)."""


def read_secondary(self: B5Engine, a: Any) -> tuple[tuple[str, ...], Label | None, Facing, int]:
    """A secondary jump point answer: ``none``, or ``SQUADRON, SQUADRON at HEX FACING turn N`` (the
    command ships of the squadrons named, not the flagship's; the hex on the board; turn 1 to
    :data:`LAST_TURN`)."""
    rule = deploy.JUMP_RULE
    force = self.forces[self.attacker]
    text = a.strip() if isinstance(a, str) else ""
    if text.lower() in ("", "none"):  # (empty: none, as for the other orders typed in the bar)
        return (), None, Facing.A, 0
    m = SECONDARY_FORM.match(text)
    if m is None:
        raise IllegalAnswer(rule, f"a secondary jump point such as \"{force.squadrons[-1].name} at 4050 A turn 3\", "
                                  f"or none; not {shown(a)}")
    names = [n.strip().lower() for n in m["names"].split(",")]
    chosen = [s for s in force.squadrons if s.name.lower() in names]
    if len(chosen) != len(names) or len(set(names)) != len(names):
        raise IllegalAnswer(rule, f"name squadrons of {self.name(self.attacker)} once each: "
                                  + ", ".join(s.name for s in force.squadrons[1:]) + f"; not {shown(m['names'])}")
    if any(s.command in held(self) for s in chosen):
        raise IllegalAnswer(rule, "a squadron of the reinforcing fleet arrives with the reinforcements, not at a "
                                  "secondary jump point")
    if force.squadrons[0] in chosen:
        raise IllegalAnswer(rule, f"the flagship's squadron {force.squadrons[0].name} comes through the flagship's "
                                  "vortex, not a secondary jump point")
    try:
        at, facing = Label.parse(m["hex"]), Facing.parse(m["facing"].upper())
    except ValueError as e:
        raise IllegalAnswer(rule, str(e)) from None
    if not self.board.on(at):
        raise IllegalAnswer(rule, f"{at} is off the board (0101 to {Label(self.board.cols, self.board.rows)})")
    turn = int(m["turn"])
    if not 1 <= turn <= LAST_TURN:
        raise IllegalAnswer(rule, f"the secondary jump point forms on a turn of the battle, 1 to {LAST_TURN}, not "
                                  f"{turn}")
    return tuple(s.command for s in force.squadrons if s in chosen), at, facing, turn


def secondary(self: B5Engine, step: str = "") -> Procedure:
    """The secondary jump point at the start of its turn: revealed, its first opener's vortex
    scattered as the flagship's (the "secondary primary jump point"), the others chosen within 10
    hexes of it and scattered, the squadrons through (``step``: resumed at the pending ``vortex`` or
    ``arrive`` question, :attr:`B5Engine.placing`'s ship)."""
    plan = self.jump_plan
    if plan is None or not plan.second or self.round != plan.second_turn or plan.second_aim is None:
        return
    att = self.attacker
    openers = group(self, plan, second=True)
    uid = self.placing[0] if step and self.placing else ""
    prefix = f"b5/{self.round}"
    if step != "arrive":
        if not step:
            self.log.add("ruling", jump.RULE, f"{self.name(att)} jumps in at a secondary jump point this turn: "
                         + ", ".join(f"squadron {s.name}" for s in self.forces[att].squadrons
                                     if s.command in plan.second))
        yield from vortices(self, att, openers, openers[0], plan.second_aim, plan.second_facing, plan.exact,
                            at=uid if step == "vortex" else "", key=f"{prefix}/vortex",
                            what="the secondary jump point")
    yield from arrive(self, att, openers, at=uid if step == "arrive" else "", key=f"{prefix}/arrive")


def patrols(self: B5Engine, team: str, n: int, at: str = "") -> Procedure:
    """Which ``n`` squadrons patrol, and their speed (``at``: resumed at the speed, the squadrons chosen)."""
    rule = deploy.JUMP_RULE
    force = self.forces[team]
    off = held(self)
    options = [s.command for s in force.squadrons[1:] if s.command not in off]

    def check(a: Any) -> list[str]:
        chosen = unit_list(a, options, rule, lambda x: self.units[x].unit.name, "choose squadron commanders")
        if len(chosen) != n:
            raise IllegalAnswer(rule, f"25% of {len(options) + 1} squadrons: {n} on patrol, not {len(chosen)}")
        return chosen
    if not at.startswith("b5/speed/"):
        chosen = yield choose_units("b5/jump/patrols", team, rule, f"{self.name(team)}: which {n} squadron"
                                    f"{'s go' if n > 1 else ' goes'} on patrol (by its commander)?", options, check,
                                    default=options[:n])  # opens at a legal choice: the first n
        self.patrols = {s.name for s in force.squadrons if s.command in chosen}
    self.patrol_speed = yield secret_number(f"b5/speed/{team}/patrol", team, rule,
                                                 f"{self.name(team)}: your patrols' speed (10 or less)", 0,
                                                 deploy.PATROL_SPEED, "patrols move at up to 10")
    self.log.add("ruling", rule, f"on patrol, 20 or more hexes from the flagship: "
                 + ", ".join(sorted(self.patrols)))


def vortices(self: B5Engine, team: str, openers: list[str], flag_opener: str, aim: Label, facing: Facing,
             exact: bool = False, at: str = "", key: str = "b5/vortex", what: str = "the flagship") -> Procedure:
    """Where each vortex forms: scattered from the hexes chosen, or, anchored on a jump gate
    (``exact``), where they were chosen, in the gate's direction (``at``: resumed at the choice
    of that opener's vortex; ``key``: the questions' keys, ``what``: whose vortex the others are
    chosen about)."""
    rule = jump.RULE
    race = self.data(self.forces[team].flagship).race
    if not at:
        self.vortex_chosen = {}
        _flag_vortex(self, team, openers, flag_opener, aim, facing, exact, what)
    flag_at = self.vortices[flag_opener]
    chosen = self.vortex_chosen
    later = [x for x in openers if x != flag_opener]
    for x in later[later.index(at) if at else 0:]:
        name = self.units[x].unit.name

        def why(to: Label, name: str = name) -> str:
            far = deploy.distance(flag_at, to)
            return "" if exact or jump.chosen_ok(flag_at, to) else \
                (f"{possessive(name)} vortex is chosen within {jump.CHOSEN_RADIUS} hexes of {possessive(what)} "
                 f"({flag_at}), not {far}")
        self.placing = (x, Place("any" if exact else "vortex", flag_at))
        where = "(anchored on the gate: exactly)" if exact else f"(within 10 hexes of {possessive(what)})"
        chosen[x], _ = yield place(f"{key}/{x}", team, rule,
                                   f"{self.name(team)}: choose where {possessive(name)} vortex "
                                   f"opens {where}", self.board, why,
                                   {"unit": x, "role": "vortex"})
        self.placing = None
    for x, to in chosen.items():
        if exact:
            self.vortices[x] = self.vortex_from[x] = to
            self.log.add("ruling", rule, f"{possessive(self.units[x].unit.name)} vortex forms at {to}, anchored "
                                         f"on the gate",
                         {"at": str(to), "from": str(to)})
            continue
        far = jump.other_distance(race, self.dice.roll(jump.other_dice(race), purpose="vortex distance",
                                                       rule=rule, who=team).total)
        d = self.dice.roll("d6", purpose="vortex direction", rule=rule, who=team).total
        self.vortices[x] = jump.scatter(self.board, to, d, far)
        self.vortex_from[x] = to
        self.log.add("ruling", rule, f"{possessive(self.units[x].unit.name)} vortex forms at "
                                     f"{self.vortices[x]}: {plural(far, 'hex', 'hexes')} "
                                     f"in direction {d} from {to}", {"at": str(self.vortices[x]), "from": str(to)})
    self.jump_facing = facing


def _flag_vortex(self: B5Engine, team: str, openers: list[str], flag_opener: str, aim: Label, facing: Facing,
                 exact: bool, what: str = "the flagship") -> None:
    """The attacker's choices revealed and the flagship's vortex formed (scattered, or exactly
    on the gate's anchor)."""
    rule = jump.RULE
    race = self.data(self.forces[team].flagship).race
    self.log.add("ruling", jump.RULE, f"{self.name(team)} reveals: {what} aimed at {aim}, vortices open facing "
                                 f"{facing.name}; opened by " + ", ".join(self.units[x].unit.name for x in openers))
    if exact:
        flag_at = aim
        self.log.add("ruling", rule, f"anchored on the jump gate: {possessive(what)} vortex forms at {aim}, no scatter",
                     {"at": str(aim), "from": str(aim)})
    else:
        whose = "flagship" if what == "the flagship" else "secondary jump point"
        d = self.dice.roll("d6", purpose=f"{whose} vortex direction", rule=rule, who=team).total
        far = self.dice.roll(jump.flagship_dice(race), purpose=f"{whose} vortex distance", rule=rule, who=team).total
        flag_at = jump.scatter(self.board, aim, d, far)
        self.log.add("ruling", rule, f"{possessive(what)} vortex forms at {flag_at}: {plural(far, 'hex', 'hexes')} in direction {d} "
                                     f"({jump.direction(d).name}) from {aim}", {"at": str(flag_at), "from": str(aim)})
    self.vortices[flag_opener] = flag_at
    self.vortex_from[flag_opener] = aim
