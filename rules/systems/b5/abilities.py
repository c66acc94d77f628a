"""b5 special command abilities and command styles in the engine (seed 003 Special Command Orders,
Squadron Commander Styles).

The abilities a side bought are in its command ships' unit data (``B5Data.abilities``, checked in
the campaign format: 25% of the command rating, the admiral's on the flagship only). At the start
the engine names them (with their points) to their side. Applied by the engine, at most one ability
a commander a turn ("no commander may ever use more than one ability per turn"):

- **Stubborn**: a failed morale roll is rolled again, the second result standing; once a purchase
  (the engine re-rolls each failed roll while one is left: a failed roll is always worth it);
- **Rapid Net Change**: a squadron whose command ship is destroyed suffers no out-of-command
  penalties for it (no 50% fire the next turn); never the flagship's;
- **Superior Strategic Planner**: reinforcements arrive as scheduled, without the arrival roll;
- **ELINT Priority Support**: an ELINT ship of the flag squadron lends its support to another
  squadron whose command ship is within 15 hexes of the flagship (rules/systems/b5/elint.py);
- **Superior Tactical Planner**: after the deployment, before the first turn, the admiral's side
  may move squadrons on the board, each command ship to a hex, its ships keeping their formation
  (each moved as its command ship), 10 hexes in all (the 15-hex limit from the flagship does not
  apply);
- **Improved Command Network**: the command ship's rating 25% more, round up (:func:`capacity`);
  when it is destroyed, the ships its successor cannot command become a squadron of their own at
  75% firepower, not out of command (rules/systems/b5/losses.py);
- **Command Reorganization**: at a turn's end, ships out of command within the commander's radius
  join its squadron while it has an opening (:func:`reorganize`);
- **Ex-Fighter Ops Commander**: the fighters of the commander's squadron may be given new orders on
  even turns too (rules/systems/b5/flights.py); a group commander's (the flagship's) for his own
  squadron's fighters only, never the fleet's ("may not be purchased by the Task Group Admiral for
  use on a group scale").

Clout is a purchase rule (it changes what a fleet may buy, nothing in the battle): named in the log.

Command styles (the optional rule, settings.b5 ``command_styles``): each squadron commander's style
is rolled on a d10 at the start (1-2 defensive, 3-8 standard, 9-10 offensive) unless its command
ship's data names one: defensive, the squadron's ships Def +1 and sensor -1; offensive, sensor +1
and Def -1 (in fire: the to-hit roll's sensor, the target's Def).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from hexmap import Label
from hexmap.labels import axial_to_offset
from rules.battlehex.log import GM, IllegalAnswer, shown
from rules.battlehex.questions import QKind, Question
from rules.battlehex.roster import Status
from rules.battlehex.words import possessive
from rules.systems.b5 import command, deploy

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

RULE = "B5 Special Command Orders"
STYLE_RULE = "B5 Squadron Commander Styles"
FOPS = "ex-fighter ops commander"
BUILT = ("stubborn", "rapid net change", "superior strategic planner", "elint priority support",
         "superior tactical planner", "improved command network", "command reorganization", FOPS)
"""The abilities the engine applies; the rest are played at the table."""
PLANNER_STEP = "planner"
"""The Superior Tactical Planner's question (``b5/planner/{team}``): the procedure resumes from it."""
PLANNER_HEXES = 10
"""Superior Tactical Planner: the hexes the squadrons may be moved in all."""
STYLE = {"defensive": (1, -1), "standard": (0, 0), "offensive": (-1, 1)}
"""Command style: (Def, sensor) changes of the squadron's ships."""


def bought(self: B5Engine, uid: str) -> list[str]:
    """The abilities bought for the commander of command ship ``uid``."""
    base = self.units[uid].unit.b5
    return list(base.abilities) if base is not None else []


def start(self: B5Engine) -> None:
    """The start of the first turn: each side's abilities named to it, command styles rolled."""
    for team in (self.defender, self.attacker):
        for s in self.forces[team].squadrons:
            have = bought(self, s.command)
            if have:
                words = ", ".join(f"{a} ({command.ABILITY_COST[a]} points)"
                                  + ("" if a in BUILT else ": at the table") for a in have)
                self.log.add("info", RULE, f"{possessive('squadron ' + s.name)} commander "
                                           f"({self.units[s.command].unit.name}): {words}", {"unit": s.command},
                             visible_to=(team, GM))
    if not self.settings.command_styles:
        return
    for team in (self.defender, self.attacker):
        for s in self.forces[team].squadrons:
            base = self.units[s.command].unit.b5
            named = base.style if base is not None else ""
            if named:
                self.styles[s.name] = named
                how = "from its data"
            else:
                d = self.dice.roll("d10", purpose=f"command style of squadron {s.name}", rule=STYLE_RULE,
                                   who=team).total
                self.styles[s.name] = command.style(d)
                how = f"d10 {d}"
            self.log.add("ruling", STYLE_RULE, f"squadron {s.name} ({self.name(team)}): {how}: "
                                               f"{self.styles[s.name]}", {"unit": s.command})


def _style(self: B5Engine, uid: str) -> tuple[int, int]:
    s = self.forces[self.units[uid].team].squadron_of(uid)
    return STYLE[self.styles.get(s.name, "standard")] if s is not None else (0, 0)


def defence(self: B5Engine, uid: str) -> int:
    """The command style's change to ``uid``'s Def."""
    return _style(self, uid)[0]


def sensor(self: B5Engine, uid: str) -> int:
    """The command style's change to ``uid``'s sensor."""
    return _style(self, uid)[1]


def free(self: B5Engine, cmd: str, ability: str) -> bool:
    """Whether command ship ``cmd``'s commander may use ``ability`` this turn: bought, and no other
    ability used this turn ("no commander may ever use more than one ability per turn")."""
    return ability in bought(self, cmd) and all(a == ability for turn, a in self.used.get(cmd, []) if turn == self.round)


def use(self: B5Engine, cmd: str, ability: str) -> bool:
    """Command ship ``cmd``'s commander uses ``ability`` now if bought, not used up (one use a
    purchase for stubborn) and no ability used this turn; the use is recorded."""
    uses = self.used.setdefault(cmd, [])
    if ability not in bought(self, cmd) or any(turn == self.round for turn, _ in uses):
        return False
    if ability == "stubborn" and sum(1 for _, a in uses if a == ability) >= bought(self, cmd).count(ability):
        return False
    uses.append((self.round, ability))
    return True


def rapid_net(self: B5Engine, lost: str) -> bool:
    """Command ship ``lost`` was destroyed: Rapid Net Change spares its squadron the penalties."""
    if "rapid net change" not in bought(self, lost):
        return False
    self.log.add("ruling", RULE, f"Rapid Net Change: {possessive(self.units[lost].unit.name)} squadron suffers no "
                                 "out-of-command penalties for its loss", {"unit": lost})
    return True


def capacity(self: B5Engine, uid: str) -> int:
    """How many ships command ship ``uid`` commands besides itself: its command rating, 25% more
    (round up) with an Improved Command Network (**reading**: the rating counts the ships under it)."""
    rating = self.data(uid).command_rating
    return command.improved_network(rating) if "improved command network" in bought(self, uid) else rating


def reorganize(self: B5Engine) -> None:
    """Command Reorganization at a turn's end: each commander with it takes ships out of command
    (cut off after a succession, or beyond their own command ship's radius) within its command
    radius into its squadron while it has an opening (nearest first), one ability a turn."""
    for team in (self.defender, self.attacker):
        force = self.forces[team]
        for s in force.squadrons:
            cmd = s.command
            if "command reorganization" not in bought(self, cmd) or self.units[cmd].status is not Status.PRESENT \
                    or cmd not in self.at:
                continue
            members = [x for x in s.members if self.units[x].status is Status.PRESENT]
            opening = capacity(self, cmd) - len(members)
            near = sorted((deploy.distance(self.at[cmd], self.at[x]), i, x)
                          for i, x in enumerate(self.side_units(team))
                          if (x in self.cut_off or x in self.out_of_command) and x not in s.ships and x in self.at
                          and self.units[x].status is Status.PRESENT
                          and deploy.distance(self.at[cmd], self.at[x]) <= self.ring(cmd))
            taken = [x for _d, _i, x in near[:max(0, opening)]]
            if not taken or not use(self, cmd, "command reorganization"):
                continue
            squadrons = [dataclasses.replace(o, members=tuple(x for x in o.members if x not in taken))
                         for o in self.forces[team].squadrons]
            squadrons = [dataclasses.replace(o, members=o.members + tuple(taken)) if o.command == cmd else o
                         for o in squadrons]
            self.forces[team] = dataclasses.replace(self.forces[team], squadrons=tuple(squadrons))
            self.cut_off.difference_update(taken)
            self.log.add("ruling", RULE, f"Command Reorganization: {self.units[cmd].unit.name} takes "
                         + ", ".join(self.units[x].unit.name for x in taken)
                         + f" into {possessive('squadron ' + s.name)} command network (an opening of {opening})",
                         {"unit": cmd})


def planner(self: B5Engine, team: str) -> bool:
    """``team``'s admiral is a Superior Strategic Planner: its reinforcements never fail to appear."""
    force = self.forces.get(team)
    return force is not None and "superior strategic planner" in bought(self, force.flagship)



def tactical(self: B5Engine) -> Generator[Question, Any, None]:
    """Superior Tactical Planner: each side whose admiral has it may move squadrons before the
    game begins: ``SQUADRON HEX; SQUADRON HEX`` (the command ship's new hex), or none."""
    for team in (self.defender, self.attacker):
        flag = self.forces[team].flagship
        if "superior tactical planner" not in bought(self, flag) or any(a == "superior tactical planner"
                                                                       for _, a in self.used.get(flag, [])):
            continue
        def check(a: Any, team: str = team) -> list[tuple[str, Any]]:
            return _moves(self, team, a)
        moves = yield Question(f"b5/{PLANNER_STEP}/{team}", QKind.LABEL, team, RULE,
                               f"{self.name(team)}: Superior Tactical Planner: move squadrons before the game begins "
                               f"({PLANNER_HEXES} hexes in all; formations kept): SQUADRON HEX, separated by ';' "
                               "(none: no move)", data={"tactical": team},
                               check=check, default="none")
        self.used.setdefault(flag, []).append((0, "superior tactical planner"))
        for name, shift in moves:
            s = next(x for x in self.forces[team].squadrons if x.name == name)
            for uid in s.ships:
                if uid in self.at:
                    self.at[uid] = _moved(self.at[uid], shift)
            self.log.add("ruling", RULE, f"Superior Tactical Planner: squadron {name} moves to {self.at[s.command]}, "
                                         "its formation kept", {"unit": s.command, "at": str(self.at[s.command])})


def _moved(at: Label, shift: Any) -> Label:
    col, row = axial_to_offset(deploy.hex_of(at) + shift)
    return Label(col, row)


def _moves(self: B5Engine, team: str, a: Any) -> list[tuple[str, Any]]:
    """A Superior Tactical Planner answer: each squadron named once, on the board, its ships on
    the board after the move, 10 hexes in all."""
    if not isinstance(a, str):
        raise IllegalAnswer(RULE, f"squadrons and hexes such as \"Claw 1234; Fang 1240\", not {shown(a)}")
    out: list[tuple[str, Any]] = []
    hexes = 0
    for part in (p.strip() for p in a.split(";")):
        if part.lower() in ("", "none"):
            continue
        name, _, where = part.rpartition(" ")
        if not name.strip():
            raise IllegalAnswer(RULE, f"{shown(part)} names no hex: a squadron and its command ship's new hex, such as "
                                      "\"Claw 1234\"")
        s = next((x for x in self.forces[team].squadrons if x.name.lower() == name.strip().lower()
                  and x.command in self.at and self.units[x.command].status is Status.PRESENT), None)
        if s is None or any(n == s.name for n, _ in out):
            raise IllegalAnswer(RULE, f"{shown(name)} is no squadron of {self.name(team)} on the board (or named twice)")
        try:
            to = Label.parse(where)
        except ValueError as e:
            raise IllegalAnswer(RULE, str(e)) from None
        shift = deploy.hex_of(to) - deploy.hex_of(self.at[s.command])
        hexes += deploy.distance(self.at[s.command], to)
        off = [self.units[x].unit.name for x in s.ships if x in self.at and not self.board.on(_moved(self.at[x], shift))]
        if off:
            raise IllegalAnswer(RULE, f"{', '.join(off)} would leave the board")
        out.append((s.name, shift))
    if hexes > PLANNER_HEXES:
        raise IllegalAnswer(RULE, f"the squadrons may be moved {PLANNER_HEXES} hexes in all, not {hexes}")
    return out
