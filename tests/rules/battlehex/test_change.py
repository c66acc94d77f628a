"""What an answer or an undo returns (issue 10): the units, log events, step and floating map it
touched, so a view redraws only those."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.state import Step
from rules.battlehex.change import BattleChange
from tests.rules.systems.v13.helpers import battle, duel, place, unit
from tests.rules.systems.v13.test_combat import fight


def test_a_move_names_exactly_the_unit_moved():
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2103", "2104"))
    before = len(b.log.events)
    ch = b.answer({"move": "b2", "to": "2106", "facing": "B"})  # on the sheet: no float
    assert ch == BattleChange(before, units=frozenset({"b2"}))
    assert b.log.events[ch.events_from].kind == "answer" and not ch.everything


def test_a_move_off_the_sheet_floats_the_map_too_v13_812():
    b = fight()
    ch = b.answer({"move": "r1", "to": "2143", "facing": "D"})
    assert ch.units == {"r1"} and ch.window and not ch.step


def test_a_clock_names_no_unit_unless_a_v13_632_counter_counts():
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2105", "2106"), red_at=("2140",))
    assert b.answer({"clock": 3}).units == frozenset()
    b.answer({"move": "r1", "to": "2102", "facing": "A"})
    assert b.answer({"declare": "b1"}).units == frozenset()  # the question to the other side comes first
    b.answer(True)
    assert b.answer("acceleration").units == {"b1"}  # the counter appears on b1
    b.answer({"move": "b1", "to": "2125"})
    ch = b.answer({"clock": 1})
    assert ch.units == {"b1"} and b.state.units["b1"].counter.count == 1
    assert not (ch.window or ch.step or ch.resolved)


def test_a_float_moves_the_window_and_no_unit():
    b = fight()
    ch = b.answer({"float": "D", "hexes": 3})
    assert ch.window and ch.units == frozenset() and not ch.step


def test_a_mark_names_its_unit():
    b = fight()
    assert b.answer({"mark": "r1", "status": "crippled"}).units == {"r1"}
    assert b.answer({"mark": "r1", "status": "crippled"}).units == frozenset()  # already crippled


def test_placement_names_the_placed_unit_and_the_step_it_ends():
    b = battle(duel([unit("b1")], [unit("r1")]), answers=(False, 30, 30), faces=[1, 1, 1, 1])
    assert b.state.step is Step.PLACE_DEFENDER
    ch = b.answer(place("b1", "2103", "D"))
    assert ch.units == {"b1"} and ch.step and not ch.window


def test_the_centre_answer_sets_the_step_and_the_window_v13_811():
    b = battle(duel([unit("b1")], [unit("r1")]), answers=(False, 30, 30, place("b1", "2103", "D"),
                                                           place("r1", "2140", "A")), faces=[1, 1, 1, 1])
    ch = b.answer("2122")
    assert ch.step and ch.window and ch.units == frozenset() and b.state.step is Step.COMBAT


def test_the_answer_that_resolves_the_battle_says_so():
    b = fight()
    ch = b.answer({"move": "r1", "to": "2145", "facing": "D"})  # disengages: the battle ends, pursuit asked
    assert ch.units == {"r1"} and ch.step and not ch.resolved
    ch = b.answer(False)
    assert ch.resolved and ch.everything and b.done


def test_an_illegal_answer_raises_and_changes_nothing():
    b = fight()
    events, answers = b.events_json(), list(b.answers)
    with pytest.raises(IllegalAnswer):
        b.answer({"clock": 0})
    assert b.events_json() == events and b.answers == answers
    assert b.answer({"clock": 1}).events_from == len(b.log.events) - 3  # answer, new impulse, next question


def test_undo_rewinds_to_the_log_it_keeps_and_names_the_units_put_back():
    b = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"), scripted=False)
    kept = len(b.log.events)
    b.answer({"move": "b1", "to": "2105", "facing": "A"})
    b.answer({"clock": 2})
    ch = b.undo(2)
    assert ch.rewound and ch.everything and ch.events_from == kept == len(b.log.events)
    assert ch.units == {"b1"} and not ch.window and not ch.step
    b.answer({"float": "A", "hexes": 2})
    assert b.undo().window
