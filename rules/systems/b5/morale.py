"""b5 morale at each turn's end (seed 003 Morale): the grey boxes the engine's fire marked off
(rules/systems/b5/firing.py), then the GM names the squadrons that lost grey structure boxes at
the table (fighters, energy mines, a turn fought at the table) and how many; each morale level reached is rolled once on the seeded d12 with
the battle situation's modifier, and a squadron that rolls the level's number or more begins
withdrawal operations (the GM enters what became of it with the results)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.questions import Question, choose, number, unit_list
from rules.systems.b5 import abilities, command
from rules.systems.b5.asking import choose_units

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = command.MORALE_RULE
SITUATION_WORDS = {"skirmish": "a skirmish, or a meeting engagement in a neutral system (+1 each side)",
                   "strategic": "the defender holds a major strategic location (defender -1)",
                   "major": "attacking or defending a major system (defender -3, attacker -1)"}


def situation(self: B5Engine) -> Procedure:
    """The GM names the battle's situation (the morale modifiers)."""
    q = choose("b5/situation", GM, RULE, "Game Master: what is at stake (the morale modifiers)?",
               list(command.SITUATION))
    self.situation = yield Question(q.key, q.kind, q.to, q.rule, q.text, q.options,
                                    data={"option_words": SITUATION_WORDS}, check=q.check)


def grey(self: B5Engine, name: str) -> int:
    """Squadron ``name``'s starting morale level: its ships' grey boxes (a detached squadron's: its
    squadron's, as its ships' data name it)."""
    name = name.removesuffix(" (detached)")
    for team in self.forces:
        if any(s.name == name for s in self.forces[team].squadrons):  # its ships lost too: the level is fixed
            return sum(self.data(x).grey_boxes for x in self.side_units(team) if self.data(x).squadron == name)
    return 0


def morale_step(self: B5Engine, resumed: bool = False) -> Procedure:
    """The turn's morale: which squadrons lost grey boxes, how many, and their checks
    (``resumed``: at the pending count of :attr:`B5Engine.morale_hit`)."""
    if not resumed:
        for name in self.grey_due:  # the grey boxes fire marked off (rules/systems/b5/firing.py)
            team = next(t for t in self.forces if any(s.name == name for s in self.forces[t].squadrons))
            if name not in self.withdrawing:
                _checks(self, name, team, grey(self, name))
        self.grey_due = []
        live = {s.command: s for t in (self.defender, self.attacker) for s in self.live_squadrons(t)
                if s.name not in self.withdrawing and grey(self, s.name) > self.marked.get(s.name, 0)}
        options = list(live)

        def check(a: Any) -> list[str]:
            return unit_list(a, options, RULE, lambda x: f"squadron {live[x].name}", "choose squadrons by commander")
        hit = yield choose_units(f"b5/{self.round}/morale", GM, RULE, f"Game Master: turn {self.round}'s morale: "
                                 "which squadrons had grey structure boxes marked off at the table (fighters, energy "
                                 "mines; the engine's fire marks its own)? (by command ship; none: no unit ticked)", options, check)
        self.morale_hit = list(hit)
    while self.morale_hit:
        cmd = self.morale_hit[0]
        s = self.forces[self.units[cmd].team].squadron_of(cmd)
        assert s is not None
        total, before = grey(self, s.name), self.marked.get(s.name, 0)
        n = yield number(f"b5/{self.round}/morale/{cmd}", GM, RULE, f"Game Master: grey boxes squadron {s.name} "
                         f"lost this turn ({before} of {total} before)", 1, total - before)
        self.morale_hit.pop(0)
        self.marked[s.name] = before + n
        _checks(self, s.name, self.units[cmd].team, total)


def _checks(self: B5Engine, name: str, team: str, total: int) -> None:
    needs = command.morale_checks(total, self.marked[name], self.rolled.get(name, 0), self.settings.morale_rounding)
    mod = command.SITUATION[self.situation][team == self.attacker]
    for need in needs:
        self.rolled[name] = self.rolled.get(name, 0) + 1
        d = self.dice.roll("d12", purpose=f"morale of squadron {name}", rule=RULE, who=team).total
        gone = d + mod >= need
        again = ""
        cmd = next((s.command for s in self.forces[team].squadrons if s.name == name), "")
        if gone and cmd and abilities.use(self, cmd, "stubborn"):  # the second result stands
            first = d
            d = self.dice.roll("d12", purpose=f"morale of squadron {name}: Stubborn", rule=RULE, who=team).total
            gone = d + mod >= need
            again = f"d12 {first} {mod:+d} = {first + mod}, failed; Stubborn: rolled again, "
        self.log.add("ruling", RULE, f"squadron {name}: morale {total - self.marked[name]} of {total}, level "
                                     f"{self.rolled[name]} needs {need}+: {again}d12 {d} {mod:+d} = {d + mod}: "
                                     + ("begins withdrawal operations" if gone else "holds"))
        if gone:
            self.withdrawing.add(name)
            return
