"""A b5 jump-in (seed 003 Jump-In Scenarios): the attacker's secret vortex openers and flagship
jump-in hex, the defender at speed 4 or less with its patrols, the vortex scatter rolled on the
seeded dice (or a jump gate as the exact anchor), and the squadrons coming through."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap import Facing, Label
from rules.battlehex.log import GM, IllegalAnswer
from rules.battlehex.questions import Question, unit_list, yes_no
from rules.systems.b5 import deploy, jump
from rules.systems.b5.asking import choose_units, place, secret_number
from rules.systems.b5.deploy import Place

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]


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
    openers: list[str] = yield choose_units("b5/jump/openers", att, rule, f"{self.name(att)}: which ships open "
                                            "vortices (in secret)?", jumpers, openers_ok, secret=True)
    flag_opener = next(x for x in openers if x in force.squadrons[0].ships)
    aim, facing = yield place("b5/jump/aim", att, rule, f"{self.name(att)}: the flagship's jump-in hex and the "
                              "direction the vortices open (in secret)", self.board, lambda at: "",
                              {"secret": True, "unit": force.flagship, "role": "jump-in hex"})
    defence = self.forces[dfn]
    n = deploy.patrol_count(len(defence.squadrons))
    self.speed.update({x: 0 for x in self.side_units(dfn)})
    speed = yield secret_number(f"b5/speed/{dfn}", dfn, rule, f"{self.name(dfn)}: your fleet's speed (4 or less)",
                                0, deploy.DEFENDER_SPEED, "a fleet jumped upon moves at speed 4 or less")
    if n:
        yield from patrols(self, dfn, n)
    yield from self._deploy_squadrons(meeting=False, sides=(dfn,))
    for x in self.side_units(dfn):
        sq = defence.squadron_of(x)
        self.speed[x] = self.patrol_speed if sq and sq.name in self.patrols else speed
    self.log.add("ruling", rule, f"{self.name(dfn)}'s fleet moves at speed {speed}")
    if use_gate and gate is not None:
        facing = gate[1]
    yield from vortices(self, att, openers, flag_opener, aim, facing, exact=use_gate)
    yield from arrive(self, att, openers)


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
                                f"{'s go' if n > 1 else ' goes'} on patrol (by its commander)?", options, check)
    self.patrols = {s.name for s in force.squadrons if s.command in chosen}
    self.patrol_speed = yield secret_number(f"b5/speed/{team}/patrol", team, rule,
                                                 f"{self.name(team)}: your patrols' speed (10 or less)", 0,
                                                 deploy.PATROL_SPEED, "patrols move at up to 10")
    self.log.add("ruling", rule, f"on patrol, 20 or more hexes from the flagship: "
                 + ", ".join(sorted(self.patrols)))


def vortices(self: B5Engine, team: str, openers: list[str], flag_opener: str, aim: Label, facing: Facing,
             exact: bool = False) -> Procedure:
    """Where each vortex forms: scattered from the hexes chosen, or, anchored on a jump gate
    (``exact``), where they were chosen, in the gate's direction."""
    rule = jump.RULE
    race = self.data(self.forces[team].flagship).race
    self.log.add("ruling", rule, f"{self.name(team)} reveals: the flagship aimed at {aim}, vortices open facing "
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
    chosen: dict[str, Label] = {}
    for x in openers:
        if x == flag_opener:
            continue
        name = self.units[x].unit.name

        def why(at: Label, name: str = name) -> str:
            far = deploy.distance(flag_at, at)
            return "" if exact or jump.chosen_ok(flag_at, at) else \
                f"{name}'s vortex is chosen within {jump.CHOSEN_RADIUS} hexes of the flagship's ({flag_at}), not {far}"
        self.placing = (x, Place("any" if exact else "vortex", flag_at))
        where = "(anchored on the gate: exactly)" if exact else "(within 10 hexes of the flagship's)"
        chosen[x], _ = yield place(f"b5/vortex/{x}", team, rule, f"{self.name(team)}: choose where {name}'s vortex "
                                   f"opens {where}", self.board, why,
                                   {"unit": x, "role": "vortex"})
        self.placing = None
    for x, at in chosen.items():
        if exact:
            self.vortices[x] = self.vortex_from[x] = at
            self.log.add("ruling", rule, f"{self.units[x].unit.name}'s vortex forms at {at}, anchored on the gate",
                         {"at": str(at), "from": str(at)})
            continue
        far = jump.other_distance(race, self.dice.roll(jump.other_dice(race), purpose="vortex distance",
                                                       rule=rule, who=team).total)
        d = self.dice.roll("d6", purpose="vortex direction", rule=rule, who=team).total
        self.vortices[x] = jump.scatter(self.board, at, d, far)
        self.vortex_from[x] = at
        self.log.add("ruling", rule, f"{self.units[x].unit.name}'s vortex forms at {self.vortices[x]}: {far} hexes "
                                     f"in direction {d} from {at}", {"at": str(self.vortices[x]), "from": str(at)})
    self.jump_facing = facing


def arrive(self: B5Engine, team: str, openers: list[str]) -> Procedure:
    """Each squadron jumps in at its first vortex: the command ship at the vortex (its first
    point of movement), the others within 2 hexes of it, the ships that opened the squadron's
    vortices last (the vortex closes behind its opener)."""
    rule = jump.RULE
    force = self.forces[team]
    for s in force.squadrons:
        entry = next(self.vortices[x] for x in openers if x in s.ships)
        order = [x for x in s.ships if x not in openers] + [x for x in s.ships if x in openers]
        for uid in order:
            name = self.units[uid].unit.name
            p = Place("command", None) if uid == s.command else Place("jumped", entry)

            def why(at: Label, name: str = name, p: Place = p, entry: Label = entry) -> str:
                if p.anchor is None:
                    return "" if at == entry else f"{name} commands its squadron: it enters at its vortex, {entry}"
                far = deploy.distance(entry, at)
                return "" if far <= 2 else (f"after jumping in, {name} is within 2 hexes of its command ship at "
                                            f"the vortex {entry}, not {far}")
            self.placing = (uid, p if p.anchor is not None else Place("entry", entry))
            at, facing = yield place(f"b5/arrive/{uid}", team, rule, f"{self.name(team)}: {name} jumps in "
                                     f"(squadron {s.name}), facing {self.jump_facing.name} as the vortices open",
                                     self.board, why, {"unit": uid, "role": p.role}, facing=self.jump_facing)
            self.placing = None
            self.at[uid], self.facing[uid], self.speed[uid] = at, facing, self.data(uid).speed
            self.log.add("ruling", rule, f"{name} jumps in at {at}", {"unit": uid, "at": str(at)})
        if s.command == force.flagship:
            for e in force.escorts:
                yield from self._place(team, e, Place("escort", self.at[force.flagship]), rule,
                                       "escort of the flagship")
                self.speed[e] = self.data(e).speed
    self.log.add("info", "B5 Turn Sequence", f"turn 1: {self.name(self.defender)} responds as the vortices form: no "
                                    "weapons fire this turn")
