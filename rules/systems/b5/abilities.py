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
  squadron whose command ship is within 15 hexes of the flagship (rules/systems/b5/elint.py).

The others are played at the table (named in the log): Improved Command Network, Command
Reorganization, Ex-Fighter Ops Commander (fighters), Clout (a purchase), Superior Tactical Planner.

Command styles (the optional rule, settings.b5 ``command_styles``): each squadron commander's style
is rolled on a d10 at the start (1-2 defensive, 3-8 standard, 9-10 offensive) unless its command
ship's data names one: defensive, the squadron's ships Def +1 and sensor -1; offensive, sensor +1
and Def -1 (in fire: the to-hit roll's sensor, the target's Def).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules.battlehex.log import GM
from rules.battlehex.words import possessive
from rules.systems.b5 import command

if TYPE_CHECKING:
    from rules.systems.b5.engine import B5Engine

RULE = "B5 Special Command Orders"
STYLE_RULE = "B5 Squadron Commander Styles"
BUILT = ("stubborn", "rapid net change", "superior strategic planner", "elint priority support")
"""The abilities the engine applies; the rest are played at the table."""
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


def planner(self: B5Engine, team: str) -> bool:
    """``team``'s admiral is a Superior Strategic Planner: its reinforcements never fail to appear."""
    force = self.forces.get(team)
    return force is not None and "superior strategic planner" in bought(self, force.flagship)

