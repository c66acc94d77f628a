"""The odds shown before the rolls: the Weapon Status line logged before each roll (V13.414),
the Pursue? / Pursuit Force / Rear Guard / V13.831 questions' ``data["odds"]``, and the lines
logged before a crippled Rear Guard roll (V13.753) and a sub-light evader's fate (V13.90)."""
from __future__ import annotations

from typing import Any

from rules.systems.v13.procedure import BattleProcedure
from tests.rules.systems.v13.helpers import battle, duel, place, unit
from tests.rules.systems.v13.test_endings import _rear_guard
from tests.rules.systems.v13.test_endings import fight as fight_endings

WS = [1, 1, 1, 1]


def fight(blue: list[Any], red: list[Any], red_at: tuple[str, ...], faces: list[int]) -> BattleProcedure:
    answers: list[Any] = [False, 30, 30, place("b1", "2103", "D")]
    answers += [place(f"r{i + 1}", at, "A" if i == 0 else None) for i, at in enumerate(red_at)]
    answers.append("2115")
    return battle(duel(blue, red), answers=tuple(answers), faces=WS + faces)


def test_weapon_status_odds_are_logged_just_before_each_roll_v13_414() -> None:
    b = battle(duel([unit("b1")], [unit("r1", officers={"captain": 3})]), answers=(False,), faces=WS)
    events = list(b.log.events)
    for who, text in (("Blue", "2d6: Weapon Status 0 8%, I 50%, II 39%, III 3%"),
                      ("Red", "2d6 +3: Weapon Status I 17%, II 56%, III 28%")):
        roll = next(i for i, e in enumerate(events) if e.kind == "roll" and e.data["who"] == who)
        odds = events[roll - 1]
        assert odds.kind == "info" and odds.rule == "V13.414"
        assert odds.text == f"{who}: the odds of the Weapon Status roll: {text}"
    assert b.events_json() == battle(duel([unit("b1")], [unit("r1", officers={"captain": 3})]), answers=(False,),
                                     faces=WS).events_json()


def test_pursue_force_and_rear_guard_questions_carry_their_odds_v13_702_721_722() -> None:
    b = fight([unit("b1", officers={"captain": 1})], [unit("r1", officers={"navigator": 4}), unit("r2"), unit("r3")],
              ("2140", "2141", "2142"), [3, 3])
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)
    assert b.pending is not None and b.pending.key == "V13.702/blue"
    # one pursuer against three: no V13.742 modifier; Captain 1: 2d6 -1 <= 6 is 21/36
    pursue = ("if the eligible unit pursues and no Rear Guard stays: interception 58%, escape 42% (2d6 -1; 6 or "
              "less intercepts); each turn fought against a Rear Guard adds 1 (V13.744)")
    assert b.pending.data == {"odds": pursue}
    assert b.pending.to_dict()["data"] == {"odds": pursue}
    b.answer(True)
    assert b.pending.key == "V13.721/force" and b.pending.data["secret"]
    assert b.pending.data["odds"].startswith(pursue)
    b.answer(["b1"])
    assert b.pending.key == "V13.722/rear_guard"
    assert b.pending.data["odds"] == (
        "if crippled in the rear-guard battle (V13.753): R1 rejoins 83%; lost 17%: 1d6 Strategic Turns, 3d6 "
        "internal hits (avg 10.5), 0 crew units; R2 rejoins 50%; lost 50%: 1d6 Strategic Turns, 3d6 internal hits "
        "(avg 10.5), 0 crew units; R3 rejoins 50%; lost 50%: 1d6 Strategic Turns, 3d6 internal hits (avg 10.5), "
        "0 crew units")


def test_disorganized_pursuit_question_gives_the_v13_834_odds() -> None:
    b = fight_endings(blue=[unit("b1"), unit("b2")], red=[unit("r1")], blue_at=("2103", "2104"), faces=[4, 4])
    b.answer({"move": "b1", "to": "2101", "facing": "B"})
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "B"})
    b.answer({"clock": 70})
    b.answer({"move": "r1", "to": "(21,-15)", "facing": "B"})
    assert b.pending is not None and b.pending.key == "V13.831/b1"
    odds = b.pending.data["odds"]
    assert odds.startswith("R1 alone, ") and "impulses after it: interception 42%, escape 58% (2d6;" in odds


def test_crippled_rear_guard_odds_are_logged_before_its_roll_v13_753() -> None:
    nb = _rear_guard(4, [5, 4, 4])
    events = list(nb.log.events)
    roll = next(i for i, e in enumerate(events) if e.kind == "roll" and e.rule == "V13.753")
    assert events[roll - 1].rule == "V13.753" and events[roll - 1].text.startswith("R1: the odds: rejoins 83%")


def test_sublight_fate_odds_are_logged_before_its_roll_v13_90() -> None:
    answers: list[Any] = [False, 0, 0, 30, 30, place("b1", "2103", "D"), place("r1", "2140", "A"),
                          place("r2", "2141"), "2115"]  # as test_endings._evade, in a nebula
    c = duel([unit("b1")], [unit("r1"), unit("r2")], sectors={"0304": {"terrain": "nebula"}})
    b = battle(c, answers=tuple(answers), faces=WS + [1, 1])
    b.answer({"declare": "r1"})
    b.answer(True)
    b.answer("sub-light evasion")
    b.answer({"mark": "r2", "status": "destroyed"})
    events = list(b.log.events)
    odds = next(i for i, e in enumerate(events) if e.rule == "V13.90")
    roll = next(i for i, e in enumerate(events) if e.kind == "roll" and e.rule.startswith("V13.95"))
    assert odds < roll
    assert events[odds].text == (
        "R1: the odds of its fate (neutral hex, Nebula): destroyed with all hands 42%, lost 25%, locatable 8%, "
        "ship destroyed, crew on a small planetoid 8%, ship destroyed, crew stranded on a barely habitable world 8%, "
        "captured by an incidental force of the opposing Team 8%")
