"""The Ex-Fighter Ops Commander (seed 003 Squadron Commander Abilities; rules/systems/b5/flights.py,
abilities.py): "This commander may change the orders of fighters from his squadron every turn
instead of every other turn. This ability may not be purchased by the Task Group Admiral for use on
a group scale. A group commander may only use this ability for fighters from his squadron." Red:
the flag squadron (R-FLAG carries R-FL, and R-F2) and squadron r2 (R-C2 carries R-FL3); both
flights are given missions in turn 1, so turn 2 (even) changes them only through the ability."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import abilities, flights
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import ARRAY, b5, flight
from tests.rules.systems.v13.helpers import AT, duel

FOPS = "ex-fighter ops commander"
SET_UP = ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "C"}, "1031",
          {"at": "5530", "facing": "F"}, "5531", {"at": "5533", "facing": "F"}, "plot and move"]


def battle(flag: tuple[str, ...] = (), c2: tuple[str, ...] = (), rating: int = 3, flag_rating: int = 3,
           elint: str = "") -> B5Battle:
    """The battle at turn 2's Red fighter orders (or the first question after them: none asked);
    ``elint``: R-F2 (flag squadron) is an ELINT ship given these orders in turn 2."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[ARRAY]), b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, fighter_flights=1, abilities=list(flag),
              command_rating=flag_rating),
           b5("r-f2", "rflag", elint=1 if elint else 0),
           b5("r-c2", "r2", command=True, fighter_flights=1, abilities=list(c2), command_rating=rating),
           flight("r-fl"), flight("r-fl3")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice([1] * 300))
    for a in SET_UP:
        run.answer(a)
    to(run, "b5/1/orders/red")
    run.answer("r-fl superiority 5030; r-fl3 superiority 5035")
    if elint:
        to(run, "b5/2/elint/r-f2")
        run.answer(elint)
    to(run, "b5/2/orders/red", "b5/2/fly/")
    return run


def to(run: B5Battle, *keys: str) -> None:
    """Answer on (plots, no moves, no fire, no morale) until a question whose key begins one of ``keys``."""
    while not run.pending.key.startswith(keys):
        q = run.pending
        run.answer("plot and move" if q.key.endswith("/turn") else "FF F FF" if q.key.endswith("/plot/b-flag")
                   else "FFF FF FFF" if "/plot/" in q.key else "done" if "/fire/" in q.key else
                   [] if q.key.endswith("/morale") else q.default if q.default is not None else "none")


def texts(run: B5Battle) -> list[str]:
    return [e.text for e in run.log.events]


def test_without_the_ability_no_orders_are_asked_on_an_even_turn():
    run = battle()
    assert run.pending.key == "b5/2/fly/red"  # both flights have missions: Red is not asked in turn 2
    assert "b5/2/orders/red" not in [e.data["key"] for e in run.log.events if e.kind == "question"]


def test_a_squadron_commander_changes_his_own_squadrons_fighter_orders_on_an_even_turn():
    run = battle(c2=(FOPS,))
    q = run.pending
    assert q.key == "b5/2/orders/red" and "R-FL3 (aboard; superiority over 5035" in q.text and "R-FL (" not in q.text
    with pytest.raises(IllegalAnswer, match=r"orders may only be altered on odd-numbered turns \(R-FL flies "
                                            r"superiority over 5030 \(within 5\)\)$"):
        run.answer("r-fl superiority 5031")  # the flag squadron's flight: another squadron
    run.answer("r-fl3 attack b-flag")
    assert run.engine.air.mission["r-fl3"] == flights.Mission(flights.ATTACK, "b-flag")
    assert run.engine.used["r-c2"] == [(2, FOPS)]  # his one ability this turn
    assert ("Ex-Fighter Ops Commander: R-C2's commander changes his squadron's fighter orders on turn 2, an even "
            "turn (his one ability this turn)") in texts(run)
    assert not abilities.use(run.engine, "r-c2", "stubborn")  # none other this turn


def test_the_ability_is_no_longer_named_as_played_at_the_table():
    run = battle(c2=(FOPS,))
    assert "squadron r2's commander (R-C2): ex-fighter ops commander (300 points)" in texts(run)


def test_a_group_commander_uses_it_for_his_own_squadrons_fighters_only():
    run = battle(flag=(FOPS,))
    q = run.pending
    assert q.key == "b5/2/orders/red" and "R-FL (aboard; superiority over 5030" in q.text and "R-FL3" not in q.text
    with pytest.raises(IllegalAnswer, match=r"R-FLAG's Ex-Fighter Ops Commander is no Task Group Admiral's ability on "
                                            r"a group scale: \"A group commander may only use this ability for "
                                            r"fighters from his squadron\""):
        run.answer("r-fl3 attack b-flag")
    run.answer("r-fl escort r-flag")
    assert run.engine.air.mission["r-fl"] == flights.Mission(flights.ESCORT, "r-flag")
    assert run.engine.air.mission["r-fl3"].kind == flights.SUPERIORITY


def test_not_when_the_commander_has_used_another_ability_this_turn():
    """One ability a commander a turn: R-C2's commander (rating 8: two abilities) has used Stubborn in
    turn 2 (set here as the engine records a use): R-FL3 may not be given new orders; in turn 1's
    record only, it may."""
    run = battle(c2=("stubborn", FOPS), rating=8)
    run.engine.used["r-c2"] = [(1, "stubborn")]
    assert "r-fl3" in flights.may_order(run.engine, "red")
    run.engine.used["r-c2"] = [(2, "stubborn")]
    assert "r-fl3" not in flights.may_order(run.engine, "red")
    with pytest.raises(IllegalAnswer, match=r"R-C2's commander, an Ex-Fighter Ops Commander, has used another "
                                            r"ability this turn \(no commander may ever use more than one ability "
                                            r"per turn\)"):
        run.answer("r-fl3 attack b-flag")


def test_not_when_the_admiral_has_ordered_elint_priority_support_this_turn():
    """The flagship's commander (rating 8) has both: R-F2's ELINT orders 'offensive for r2' (his ELINT
    Priority Support, with the plots) leave no change of R-FL's orders in turn 2; without them, R-FL
    may be given new orders."""
    both = (FOPS, "elint priority support")
    run = battle(flag=both, flag_rating=8, elint="offensive for r2")
    assert run.pending.key == "b5/2/fly/red"  # R-FL may not be ordered: Red is not asked
    assert not any(a == FOPS for _, a in run.engine.used.get("r-flag", []))
    assert any("ELINT Priority Support" in e.text for e in run.log.events if e.kind == "ruling")
    run = battle(flag=both, flag_rating=8, elint="none")
    assert run.pending.key == "b5/2/orders/red" and "R-FL (" in run.pending.text
