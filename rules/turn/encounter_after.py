"""After a Deep Space scenario between sectors (seed 004 Encounters Phase): the winner, left
between sectors, chooses to continue to its original destination or to return.

Seed 004: "Deep Space Encounters occur between systems and involve fleets. ... After resolving
scenarios, fleets can choose to continue to their original destination or return to the last
system." and "Winner remains between sectors. Loser returns to the last sector."

Readings:

* The choice is the winning Team's, asked once the GM has named the winner
  (``encounter/{at}-{between}/continue/{team}``, yes: continue, no: return), in the Space Combat
  Phase that fought the battle; End Phase waits for it. It is asked only while the winner still
  has a fleet with a unit in play on the lane.
* Continue: the fleets stay between sectors with their orders, and arrive at the next
  Movement Phase. Return: they go back to their last sector, orders cleared, as a refusing
  side does. The answer is kept in ``Campaign.turn_asked`` (cleared at the next turn) and the
  log says what the fleets did.
"""
from __future__ import annotations

from typing import Any

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import Question, yes_no
from rules.battlehex.roster import lane_fleets
from rules.model.campaign import Campaign, Fleet
from rules.model.records import BattleHexRecord, LogEntry
from rules.model.turn_model import Scenario
from rules.model.units import UnitFate
from rules.strategic.state import StrategicState
from rules.turn.encounter_step import send_back
from rules.turn.encounters import RULE, Meeting

R_CONTINUE = f"{RULE} (continue or return)"


def _key(r: BattleHexRecord) -> str:
    return f"encounter/{r.at}-{r.between}/continue/{r.winner}"


def _in_play(f: Fleet) -> bool:
    return any(not u.destroyed and not u.captured and u.fate is UnitFate.ACTIVE for u in f.units)


def winner_fleets(c: Campaign, state: StrategicState, r: BattleHexRecord) -> list[Fleet]:
    """The winner's fleets still between sectors on the record's lane, with a unit in play."""
    out = []
    for f in lane_fleets(c, r):
        team = state.team_of(f.power)
        if team is not None and team.id == r.winner and _in_play(f):
            out.append(f)
    return out


def to_ask(c: Campaign, state: StrategicState) -> list[int]:
    """Records whose winner between sectors still has to choose: continue or return."""
    return [i for i, r in enumerate(c.battle_hexes)
            if r.between is not None and r.resolved and r.scenario is Scenario.DEEP_SPACE and r.winner
            and _key(r) not in c.turn_asked and winner_fleets(c, state, r)]


def question(c: Campaign, state: StrategicState, index: int) -> Question:
    """The winner's choice after the Deep Space scenario of ``battle_hexes[index]``."""
    r = c.battle_hexes[index]
    names = {t.id: t.name for t in c.teams}
    fleets = winner_fleets(c, state, r)
    going = ", ".join(f"{f.name} (to {f.in_transit_to})" for f in fleets)
    return yes_no(_key(r), str(r.winner), R_CONTINUE,
                  f"{names.get(str(r.winner), r.winner)}: you won the Deep Space encounter between {r.at} and "
                  f"{r.between}. Continue to the original destination (yes) or return to the last sector (no)? "
                  f"{going}")


def answer(c: Campaign, state: StrategicState, index: int, raw: Any) -> Campaign:
    """Apply the winner's choice: continue (stay between sectors) or return to the last sector.

    Raises:
        IllegalAnswer: nothing is asked of this record, or the answer is not yes or no.
    """
    if index not in to_ask(c, state):
        raise IllegalAnswer(R_CONTINUE, "no continue-or-return choice is open for this encounter")
    r = c.battle_hexes[index]
    go_on = question(c, state, index).check(raw)
    fleets = winner_fleets(c, state, r)
    new = c.model_copy(deep=True)
    new.turn_asked.append(_key(r))
    names = {t.id: t.name for t in c.teams}
    who = names.get(str(r.winner), str(r.winner))
    if go_on:
        new.log.append(LogEntry(turn=new.turn, rule=R_CONTINUE, text=f"{who} continues to its original destination: "
                                + ", ".join(f"{f.name} to {f.in_transit_to}" for f in fleets)))
        return new
    new.log.append(LogEntry(turn=new.turn, rule=R_CONTINUE, text=f"{who} returns to the last sector"))
    send_back(new, Meeting(r.at, r.between, str(r.winner), "", tuple(f.id for f in fleets), ()), (str(r.winner),))
    return new
