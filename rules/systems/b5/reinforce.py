"""b5 reinforcements (seed 003 Reinforcements): the sides expecting them say in secret on which
turn they are scheduled (4 or later: the discount table), and the turn before, after all else,
a d6 on the seeded dice says whether they arrive, are delayed (checked again each turn end, on
a 4, then a 5 or less) or, a 6 then a 6 on the first check, never come. The ships themselves
are squadrons of the side held off the board, or, none named, brought on by the GM
(rules/systems/b5/reinforcing.py)."""
from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from rules.battlehex.log import GM
from rules.battlehex.questions import Question, choose
from rules.battlehex.words import possessive
from rules.systems.b5 import abilities, command, morale, reinforcing
from rules.systems.b5.asking import secret_number

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

Procedure = Generator[Question, Any, None]
RULE = command.REINFORCE_RULE
LAST = 30


def schedule(self: B5Engine, at: str = "") -> Procedure:
    """Which sides expect reinforcements, and each one's turn, in secret (``at``: resumed at a side's turn, the
    sides named kept in ``self.set_up``)."""
    names = {"none": [], "defender": [self.defender], "attacker": [self.attacker],
             "both": [self.defender, self.attacker]}
    if not at.startswith("b5/reinforcements/"):
        said = yield choose("b5/reinforcements", GM, RULE, "Game Master: does either side expect reinforcements?",
                            list(names))
        self.set_up["reinforced"] = names[said]
    sides: list[str] = self.set_up["reinforced"]
    for team in sides[sides.index(at.split("/")[2]) if at.startswith("b5/reinforcements/") else 0:]:
        turn = yield secret_number(f"b5/reinforcements/{team}", team, RULE,
                                   f"{self.name(team)}: the turn your reinforcements are scheduled to arrive (in "
                                   "secret; not before 4)", 4, LAST, "not before turn 4")
        self.reinforcements[team] = turn
        self.arrival_checks[team] = 0
        yield from reinforcing.choose_group(self, team)


def turn_end(self: B5Engine, at: str) -> Procedure:
    """A turn's end: morale (``at`` grey: resumed at a squadron's grey boxes), then the arrival
    checks (``at`` entry: resumed at an announcement, the morale and the rolls made)."""
    if at != "entry":
        yield from morale.morale_step(self, at == "grey")
    yield from check(self, at == "entry")


def check(self: B5Engine, announcing: bool = False) -> Procedure:
    """The end of a turn: each side whose reinforcements are due next turn (or delayed) rolls; those
    arriving are announced (``announcing``: resumed at that question, the rolls made)."""
    for team, turn in sorted(self.reinforcements.items()):
        if announcing or turn is None or self.round < turn - 1 or self.arrival_checks[team] < 0:
            continue
        if abilities.planner(self, team):  # Superior Strategic Planner: no roll needed
            self.arrival_checks[team] = -1
            self.log.add("ruling", abilities.RULE, f"{possessive(self.name(team))} reinforcements arrive on turn "
                                                   f"{self.round + 1} as scheduled (Superior Strategic Planner: no "
                                                   "roll): place jump markers or name the board edge now")
            continue
        n = self.arrival_checks[team] = self.arrival_checks[team] + 1
        roll = self.dice.roll("d6", purpose="reinforcement arrival", rule=RULE, who=team).total
        again = self.dice.roll("d6", purpose="reinforcements: a 6 again?", rule=RULE, who=team).total \
            if n == 1 and roll == 6 else None
        outcome = command.arrival(n, roll, again)
        lead = (f"{possessive(self.name(team))} reinforcements, scheduled for turn {turn} (a {command.discount(turn)}% "
                f"discount), check {n}: ")
        if outcome == "arrive":
            self.log.add("ruling", RULE, lead + f"they arrive on turn {self.round + 1}: place jump markers or name "
                                                "the board edge now")
        elif outcome == "never":
            self.log.add("ruling", RULE, lead + "a 6, then a 6 again: they never arrive")
            reinforcing.never(self, team)
        else:
            self.log.add("ruling", RULE, lead + "delayed; rolled again at the end of the next turn")
        if outcome != "delayed":
            self.arrival_checks[team] = -1  # settled
    for team in sorted(self.groups):
        if self.arrival_checks.get(team) == -1:
            yield from reinforcing.arriving(self, team)
