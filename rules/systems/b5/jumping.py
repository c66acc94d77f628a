"""A b5 jump-in (seed 003 Jump-In Scenarios): the attacker's secret vortex openers and flagship
jump-in hex, the defender at speed 4 or less with its patrols, the vortex scatter rolled on the
seeded dice (or a jump gate as the exact anchor), and the squadrons coming through."""
from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Label
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import Question, unit_list, yes_no
from rules.battlehex.words import possessive
from rules.systems.b5 import deploy, jump
from rules.systems.b5.asking import choose_units, place, secret_number
from rules.systems.b5.deploy import Place
from rules.systems.b5.force import Squadron

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]


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


def jump_in(self: B5Engine) -> Procedure:
    rule = deploy.JUMP_RULE
    att, dfn = self.attacker, self.defender
    force = self.forces[att]
    jumpers = [x for x in self.side_units(att) if self.data(x).jump_engine and force.squadron_of(x)]

    def openers_ok(a: Any) -> list[str]:
        chosen = unit_list(a, jumpers, rule, lambda x: self.units[x].unit.name, "choose ships with jump engines")
        for s in force.squadrons:
            if not any(x in s.ships for x in chosen):
                raise IllegalAnswer(rule, f"squadron {s.name} enters only through a vortex opened by one of its "
                                          "own ships: choose one of them")
        return chosen
    gate = yield place("b5/jump/gate", GM, rule, "Game Master: is there a jump gate in the system? Place it with "
                       "its direction, or answer none", self.board, lambda at: "", {"role": "jump gate"},
                       optional=True)
    self.gate = gate
    if gate is not None:
        self.log.add("ruling", rule, f"a jump gate stands at {gate[0]}, facing {gate[1].name}")
    use_gate = False
    if gate is not None:
        q = yes_no("b5/jump/use_gate", att, rule, f"{self.name(att)}: jump in on the gate at {gate[0]} as the anchor "
                   "(no scatter; the vortices open in the gate's direction)? (in secret)")
        use_gate = yield Question(q.key, q.kind, q.to, q.rule, q.text, data={"secret": True}, check=q.check)
    one_each = [next(x for x in s.ships if x in jumpers) for s in force.squadrons if any(x in jumpers for x in s.ships)]
    openers: list[str] = yield choose_units("b5/jump/openers", att, rule, f"{self.name(att)}: which ships open "
                                            "vortices (in secret)?", jumpers, openers_ok, secret=True,
                                            default=one_each)  # the usual case: one vortex a squadron
    flag_opener = next(x for x in openers if x in force.squadrons[0].ships)
    aim, facing = yield place("b5/jump/aim", att, rule, f"{self.name(att)}: the flagship's jump-in hex and the "
                              "direction the vortices open (in secret)", self.board, lambda at: "",
                              {"secret": True, "unit": force.flagship, "role": "jump-in hex"})
    defence = self.forces[dfn]
    n = deploy.patrol_count(len(defence.squadrons))
    self.speed.update({x: 0 for x in self.side_units(dfn)})
    speed = yield secret_number(f"b5/speed/{dfn}", dfn, rule, f"{self.name(dfn)}: your fleet's speed (4 or less)",
                                0, deploy.DEFENDER_SPEED, "a fleet jumped upon moves at speed 4 or less")
    if use_gate and gate is not None:
        facing = gate[1]
    self.jump_plan = Plan(tuple(openers), flag_opener, aim, facing, use_gate, speed)
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
    if step != "arrive":
        yield from vortices(self, att, list(plan.openers), plan.flag_opener, plan.aim, plan.facing, plan.exact,
                            at=uid if step == "vortex" else "")
    yield from arrive(self, att, list(plan.openers), at=uid if step == "arrive" else "")


def patrols(self: B5Engine, team: str, n: int) -> Procedure:
    rule = deploy.JUMP_RULE
    force = self.forces[team]
    options = [s.command for s in force.squadrons[1:]]

    def check(a: Any) -> list[str]:
        chosen = unit_list(a, options, rule, lambda x: self.units[x].unit.name, "choose squadron commanders")
        if len(chosen) != n:
            raise IllegalAnswer(rule, f"25% of {len(force.squadrons)} squadrons: {n} on patrol, not {len(chosen)}")
        return chosen
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
             exact: bool = False, at: str = "") -> Procedure:
    """Where each vortex forms: scattered from the hexes chosen, or, anchored on a jump gate
    (``exact``), where they were chosen, in the gate's direction (``at``: resumed at the choice
    of that opener's vortex)."""
    rule = jump.RULE
    race = self.data(self.forces[team].flagship).race
    if not at:
        self.vortex_chosen = {}
        _flag_vortex(self, team, openers, flag_opener, aim, facing, exact)
    flag_at = self.vortices[flag_opener]
    chosen = self.vortex_chosen
    later = [x for x in openers if x != flag_opener]
    for x in later[later.index(at) if at else 0:]:
        name = self.units[x].unit.name

        def why(to: Label, name: str = name) -> str:
            far = deploy.distance(flag_at, to)
            return "" if exact or jump.chosen_ok(flag_at, to) else \
                (f"{possessive(name)} vortex is chosen within {jump.CHOSEN_RADIUS} hexes of the flagship's "
                 f"({flag_at}), not {far}")
        self.placing = (x, Place("any" if exact else "vortex", flag_at))
        where = "(anchored on the gate: exactly)" if exact else "(within 10 hexes of the flagship's)"
        chosen[x], _ = yield place(f"b5/vortex/{x}", team, rule,
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
                                     f"{self.vortices[x]}: {far} hexes "
                                     f"in direction {d} from {to}", {"at": str(self.vortices[x]), "from": str(to)})
    self.jump_facing = facing


def _flag_vortex(self: B5Engine, team: str, openers: list[str], flag_opener: str, aim: Label, facing: Facing,
                 exact: bool) -> None:
    """The attacker's choices revealed and the flagship's vortex formed (scattered, or exactly
    on the gate's anchor)."""
    rule = jump.RULE
    race = self.data(self.forces[team].flagship).race
    self.log.add("ruling", jump.RULE, f"{self.name(team)} reveals: the flagship aimed at {aim}, vortices open facing "
                                 f"{facing.name}; opened by " + ", ".join(self.units[x].unit.name for x in openers))
    if exact:
        flag_at = aim
        self.log.add("ruling", rule, f"anchored on the jump gate: the flagship's vortex forms at {aim}, no scatter",
                     {"at": str(aim), "from": str(aim)})
    else:
        d = self.dice.roll("d6", purpose="flagship vortex direction", rule=rule, who=team).total
        far = self.dice.roll(jump.flagship_dice(race), purpose="flagship vortex distance", rule=rule, who=team).total
        flag_at = jump.scatter(self.board, aim, d, far)
        self.log.add("ruling", rule, f"the flagship's vortex forms at {flag_at}: {far} hexes in direction {d} "
                                     f"({jump.direction(d).name}) from {aim}", {"at": str(flag_at), "from": str(aim)})
    self.vortices[flag_opener] = flag_at
    self.vortex_from[flag_opener] = aim


def arrive(self: B5Engine, team: str, openers: list[str], at: str = "") -> Procedure:
    """Each squadron jumps in at its first vortex: the command ship at the vortex (its first
    point of movement), the others within 2 hexes of it, the ships that opened the squadron's
    vortices last (the vortex closes behind its opener); the flagship's escorts after its
    squadron (``at``: resumed at that ship's arrival)."""
    rule = jump.RULE
    force = self.forces[team]
    steps: list[tuple[Squadron, str]] = []
    for s in force.squadrons:
        order = [x for x in s.ships if x not in openers] + [x for x in s.ships if x in openers]
        steps += [(s, x) for x in order] + [(s, e) for e in (force.escorts if s.command == force.flagship else ())]
    first = next(i for i, (_s, x) in enumerate(steps) if x == at) if at else 0
    for s, uid in steps[first:]:
        if uid in force.escorts:
            yield from self._place(team, uid, Place("escort", self.at[force.flagship]), rule, "escort of the flagship")
            self.speed[uid] = self.data(uid).speed
            continue
        entry = next(self.vortices[x] for x in openers if x in s.ships)
        name = self.units[uid].unit.name
        p = Place("command", None) if uid == s.command else Place("jumped", entry)

        def why(to: Label, name: str = name, p: Place = p, entry: Label = entry) -> str:
            if p.anchor is None:
                return "" if to == entry else f"{name} commands its squadron: it enters at its vortex, {entry}"
            far = deploy.distance(entry, to)
            return "" if far <= 2 else (f"after jumping in, {name} is within 2 hexes of its command ship at "
                                        f"the vortex {entry}, not {far}")
        self.placing = (uid, p if p.anchor is not None else Place("entry", entry))
        where, facing = yield place(f"b5/arrive/{uid}", team, rule, f"{self.name(team)}: {name} jumps in "
                                    f"(squadron {s.name}), facing {self.jump_facing.name} as the vortices open",
                                    self.board, why, {"unit": uid, "role": p.role}, facing=self.jump_facing)
        self.placing = None
        self.at[uid], self.facing[uid], self.speed[uid] = where, facing, self.data(uid).speed
        self.log.add("ruling", rule, f"{name} jumps in at {where}", {"unit": uid, "at": str(where)})
    self.log.add("info", "B5 Turn Sequence", f"turn 1: {self.name(self.defender)} responds as the vortices form: no "
                                    "weapons fire this turn")
