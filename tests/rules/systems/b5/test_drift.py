"""b5 dogfights at a turn's end (seed 003 Dogfights): called off only when both sides agree (the
defender's side asked first, the attacker's then), else drifting; a flight on the drift's way joins
by its owner's choice, or (its enemy having more fighters in the dogfight) when that enemy states
it; a dogfight called off is fought again when an enemy flight enters its hex. Undo after every
answer gives a full replay's bytes.

The scene (tests/rules/systems/b5/test_flights.py's drift): B-FL and R-FL2 dogfight at 4528 from
pulse 2; at turn 1's end B-FL has 3 fighters, R-FL2 2; the drift d6 4 (direction D), d4 2 takes it
to 4530, past R-FL waiting at 4529 on an attack mission (not superiority)."""
from __future__ import annotations

import pytest

import json

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import ARRAY, b5
from tests.rules.systems.b5.test_flights import PULSE1, SET_UP, battle, fl, play, texts
from tests.rules.systems.v13.helpers import AT, duel

DICE = [2, 1, 1, 1, 4, 2]
ORDERS = ["b-fl attack r-flag", "FFF FF FFF", "r-fl attack b-flag; r-fl2 superiority 4528"]
TO_THE_END = [*ORDERS, *PULSE1, "b-fl 4528 burn", "r-fl 4529", "none"]
"""Turn 1 to its end: the dogfight at 4528 with both sides left."""


def at_the_end(orders=ORDERS):
    run = battle(DICE)
    play(run, *orders, *PULSE1, "b-fl 4528 burn", "r-fl 4529", "none")
    return run


def keys(run) -> list[str]:
    return [e.data["key"] for e in run.log.events if e.kind == "question"]


def test_both_sides_agree_and_the_dogfight_is_called_off():
    run = at_the_end()
    q = run.pending
    assert q.key == "b5/1/dogfight/4528/off/blue" and q.to == "blue" and q.default is False
    assert q.text == ("Blue: call off the dogfight at 4528 (B-FL (3 fighters) against R-FL2 (2 fighters))? It ends "
                      "only if both sides agree; else it drifts")
    run.answer(True)
    assert run.pending.key == "b5/1/dogfight/4528/off/red"
    run.answer(True)
    t = texts(run)
    assert "Blue: yes" in t and "Red: yes" in t
    assert "the dogfight at 4528 is called off by mutual agreement: B-FL (3 fighters), R-FL2 (2 fighters) go on " \
           "with their missions" in t
    assert not any("4528 drifts" in x for x in t) and run.pending.key == "b5/1/morale"
    e = run.engine
    assert {k: str(v) for k, v in e.air.at.items()} == {"b-fl": "4528", "r-fl": "4529", "r-fl2": "4528"}
    run.answer([])
    run.answer("plot and move")
    run.answer("FF F FF")
    while run.pending.key != "b5/2/fly/red":
        q = run.pending
        run.answer("FFF FF FFF" if "/plot/" in q.key else "none")
    run.answer("r-fl2 4628")  # no longer held: it flies away (turn 2: Red first)
    assert str(e.air.at["r-fl2"]) == "4628"


def test_one_side_declining_and_the_dogfight_drifts():
    """Blue agrees, Red does not (just outside the agreement): it drifts; Blue declining, Red is not asked."""
    run = at_the_end()
    run.answer(True)
    run.answer(False)
    assert "the dogfight at 4528 drifts d6 4 (direction D), d4 2: to 4530" in texts(run)
    run = at_the_end()
    run.answer(False)
    assert "b5/1/dogfight/4528/off/red" not in keys(run) and any("drifts" in x for x in texts(run))


def test_a_flight_on_the_way_joins_by_its_owners_choice():
    run = at_the_end()
    run.answer(False)
    q = run.pending
    assert q.key == "b5/1/dogfight/4528/join/r-fl" and q.to == "red"
    assert q.text == "Red: the dogfight drifting to 4530 passes it at 4529: does R-FL join it?"
    run.answer(True)
    assert "R-FL (Red wishes it) joins it" in texts(run)
    assert str(run.engine.air.at["r-fl"]) == "4530" and run.pending.key == "b5/1/morale"


def test_forced_by_the_enemy_with_more_fighters_in_it():
    """R-FL declines; Blue, with more fighters in the dogfight (3 to 2), states it takes part."""
    run = at_the_end()
    run.answer(False)
    run.answer(False)
    q = run.pending
    assert q.key == "b5/1/dogfight/4528/force/r-fl" and q.to == "blue"
    run.answer(True)
    assert "R-FL (Blue states it, having more fighters in the dogfight) joins it" in texts(run)
    assert str(run.engine.air.at["r-fl"]) == "4530"


def test_not_forced_when_the_enemy_has_no_more_fighters():
    """Blue's B-FL on the way of a dogfight Blue has more fighters in: only Blue asked, Red may not force it."""
    run = at_the_end()
    run.answer(False)
    run.answer(False)
    run.answer(False)  # Blue does not force R-FL
    assert str(run.engine.air.at["r-fl"]) == "4529" and run.pending.key == "b5/1/morale"
    assert "R-FL" not in " ".join(x for x in texts(run) if x.endswith("joins it"))


def test_a_superiority_flight_joins_as_before_without_a_question():
    run = at_the_end(["b-fl attack r-flag", "FFF FF FFF", "r-fl superiority 4529; r-fl2 superiority 4528"])
    run.answer(False)
    assert "R-FL (superiority, its enemy more fighters in the dogfight) joins it" in texts(run)
    assert not any("/join/" in k for k in keys(run))


def test_an_answer_not_yes_or_no_is_refused():
    run = at_the_end()
    with pytest.raises(IllegalAnswer, match="B5 Dogfights"):
        run.answer("maybe")


def test_a_dogfight_called_off_is_fought_again_when_an_enemy_flight_enters():
    run = at_the_end()
    run.answer(True)
    run.answer(True)
    e = run.engine
    run.answer([])
    run.answer("plot and move")
    run.answer("FF F FF")
    while run.pending.key != "b5/2/fly/red":
        q = run.pending
        run.answer("FFF FF FFF" if "/plot/" in q.key else "none")
    run.answer("r-fl 4528")  # R-FL flies in: a dogfight there again
    assert "dogfight at 4528: R-FL against B-FL" in texts(run)
    assert not e.air.off


def test_undo_after_every_answer_at_the_turns_end_gives_a_full_replays_bytes(monkeypatch):
    from tests.rules.systems.b5.test_marking import undo_everywhere

    c = start(battle(campaign_only=True), AT).saved()
    first = start(c, AT)  # the record's seeded dice: where does the dogfight drift?
    for a in [*SET_UP, *TO_THE_END, False]:
        first.answer(a)
    way = first.engine.air.drifts["4528"][1]
    run = start(c, AT)
    for a in [*SET_UP, *TO_THE_END[:-1], f"r-fl {way[0]}"]:  # R-FL waits on its way in pulse 3
        run.answer(a)
    while run.pending.key != "b5/1/morale":  # Blue would call it off, Red not; a flight on its way joins
        run.answer(run.pending.key.endswith(("/off/blue", "/join/r-fl")))
    run.answer([])
    assert {"b5/1/dogfight/4528/off/red", "b5/1/dogfight/4528/join/r-fl"} <= set(keys(run)), keys(run)
    undo_everywhere(c, list(run.answers), monkeypatch)


THREE = ["b-fl attack r-flag", "FFF FF FFF", "r-fl attack b-flag; r-fl2 superiority 4528; r-fl3 attack b-flag",
         "launch b-fl 1230", "launch r-fl; r-fl2 4528; r-fl3 4530", "b-fl 4528 burn", "r-fl 4529; r-fl3 4530", "none"]
"""The scene with a third Red flight, R-FL3 (attack B-FLAG), waiting at 4530, where the drift ends."""


def three_flights(faces=DICE):
    run = battle(faces, red_flights=2)
    play(run, *THREE)
    return run


def events_after(run, n: int):
    return [(e.kind, e.rule, e.text, e.data) for e in run.log.events[n:]]


def test_the_drift_and_a_join_are_logged_as_rulings_with_their_hexes():
    """Each question of the end carries the dogfight's hex for rules/systems/b5/compat.py; the
    dice are the GM's, named; the drift and the join are rulings of B5 Dogfights naming the hex."""
    run = three_flights()
    assert run.pending.data == {"dogfight_end": "4528"} and run.pending.rule == "B5 Dogfights"
    n = len(run.log.events)
    run.answer(False)
    assert run.pending.key == "b5/1/dogfight/4528/join/r-fl" and run.pending.data == {"dogfight_end": "4528"}
    assert events_after(run, n + 1) == [
        ("roll", "B5 Dogfights", "dogfight drift direction (GM): 1d6 rolled 4",
         {"faces": [4], "total": 4, "purpose": "dogfight drift direction", "who": "gm"}),
        ("roll", "B5 Dogfights", "dogfight drift distance (GM): 1d4 rolled 2",
         {"faces": [2], "total": 2, "purpose": "dogfight drift distance", "who": "gm"}),
        ("ruling", "B5 Dogfights", "the dogfight at 4528 drifts d6 4 (direction D), d4 2: to 4530", {"at": "4530"}),
        ("question", "B5 Dogfights", "Red: the dogfight drifting to 4530 passes it at 4529: does R-FL join it?",
         {"key": "b5/1/dogfight/4528/join/r-fl", "to": "red"})]
    n = len(run.log.events)
    run.answer(True)
    assert events_after(run, n)[1] == ("ruling", "B5 Dogfights", "R-FL (Red wishes it) joins it",
                                       {"unit": "r-fl", "at": "4530"})


def test_a_dogfight_called_off_is_logged_as_a_ruling_at_its_hex():
    run = at_the_end()
    run.answer(True)
    n = len(run.log.events)
    run.answer(True)
    assert ("ruling", "B5 Dogfights", "the dogfight at 4528 is called off by mutual agreement: B-FL (3 fighters), "
            "R-FL2 (2 fighters) go on with their missions", {"at": "4528"}) in events_after(run, n)


def test_a_flight_of_one_fighter_is_named_so():
    """Pulse 2: B-FL d6 4 + 5 = 9, 4 kills (R-FL2 2 left); R-FL2 d6 1, 2 kills (B-FL 4). Pulse 3:
    B-FL d6 1 + 3, 1 kill (R-FL2 1 left); R-FL2 d6 1 + 1, none."""
    run = battle([4, 1, 1, 1, 4, 2])
    play(run, *TO_THE_END)
    assert run.pending.text.startswith("Blue: call off the dogfight at 4528 (B-FL (4 fighters) against R-FL2 "
                                       "(1 fighter))?")


def test_the_enemy_with_more_fighters_forces_a_flight_the_declining_ones_not_counted():
    """R-FL declines and Blue does not force it; R-FL3, waiting where the drift ends, declines too:
    Red has only R-FL2's 2 fighters in the dogfight (neither a flight that declined nor one not yet
    asked counts), Blue 3, so Blue is asked to force it, in Blue's words."""
    run = three_flights()
    run.answer(False)
    run.answer(False)
    assert run.pending.key == "b5/1/dogfight/4528/force/r-fl"
    run.answer(False)
    q = run.pending
    assert q.key == "b5/1/dogfight/4528/join/r-fl3"
    assert q.text == "Red: the dogfight drifting to 4530 passes it at 4530: does R-FL3 join it?"
    run.answer(False)
    q = run.pending
    assert (q.key, q.to, q.data) == ("b5/1/dogfight/4528/force/r-fl3", "blue", {"dogfight_end": "4528"})
    assert q.text == ("Blue: the dogfight drifting to 4530 passes it at 4530, and you have more fighters in it: is "
                      "R-FL3 forced to participate?")
    run.answer(True)
    assert "R-FL3 (Blue states it, having more fighters in the dogfight) joins it" in texts(run)


def test_a_flight_that_joined_counts_and_joins_once():
    """R-FL joins (Red 2 + 6 in the dogfight against Blue's 3): R-FL3 is asked next, and declining it
    is not forced (Blue has fewer); R-FL's join is logged once though it now waits at 4530 too."""
    run = three_flights()
    run.answer(False)
    run.answer(True)
    assert run.pending.key == "b5/1/dogfight/4528/join/r-fl3"
    run.answer(False)
    assert run.pending.key == "b5/1/morale"
    t = texts(run)
    assert t.count("R-FL (Red wishes it) joins it") == 1 and not any("R-FL3 (" in x and "joins" in x for x in t)


def test_no_more_fighters_at_equal_numbers_so_no_forcing():
    """Pulse 2: both d6 2 + 5 = 7, beat by 1: 3 kills each (3 left); pulse 3: both d6 1 + 2, 1 kill
    each: 2 against 2. R-FL declines; Blue, not having more fighters, is not asked to force it."""
    run = battle([2, 2, 1, 1, 4, 2])
    play(run, *TO_THE_END)
    assert "B-FL (2 fighters) against R-FL2 (2 fighters)" in run.pending.text
    run.answer(False)
    assert run.pending.key == "b5/1/dogfight/4528/join/r-fl"
    run.answer(False)
    assert run.pending.key == "b5/1/morale"


def test_a_flight_off_the_drifts_way_is_not_asked():
    """R-FL3 stays at 5429, far from the drift from 4528 to 4530: only R-FL (at 4529) is asked."""
    run = battle(DICE, red_flights=2)
    play(run, *TO_THE_END)
    run.answer(False)
    assert run.pending.key == "b5/1/dogfight/4528/join/r-fl"
    run.answer(False)
    run.answer(False)  # Blue does not force R-FL
    assert run.pending.key == "b5/1/morale"
    assert str(run.engine.air.at["r-fl3"]) == "5429"
    assert not any(x.startswith("R-FL3 (") and x.endswith("joins it") for x in texts(run))


def two_blue_flights(faces):
    """The scene with a second Blue flight, B-FL2 (no carrier: it begins at 1131)."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[ARRAY], fighter_flights=1),
            b5("b-f2", "bflag"), fl("b-fl", move=99, burn=3), fl("b-fl2", move=99)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, fighter_flights=1), b5("r-f2", "rflag"),
           fl("r-fl", move=30), fl("r-fl2", move=30)]
    data = json.loads(io.dumps(duel(blue, red)))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(duel(blue, red)).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT,
                   dice=lambda _seed: ScriptedDice(list(faces) + [1] * 100))
    return play(run, *SET_UP)


def test_a_defending_superiority_flight_joins_when_the_attacker_has_more_fighters():
    """Pulse 2: B-FL d6 1 + 5 = 6, 2 kills (R-FL2 4 left); R-FL2 d6 4 + 5 = 9, 4 kills (B-FL 2).
    Pulse 3: B-FL d6 1 + 1, none; R-FL2 d6 1 + 3, 1 kill (B-FL 1). Blue's B-FL2 (superiority over
    4529, waiting there) is on the drift's way: its enemy, Red, has more fighters in it (4 to 1),
    so it joins unasked."""
    run = two_blue_flights([1, 4, 1, 1, 4, 2])
    play(run, "b-fl attack r-flag; b-fl2 superiority 4529", "FFF FF FFF", "r-fl attack b-flag; r-fl2 superiority 4528",
         "launch b-fl 1230; b-fl2 4329", "launch r-fl; r-fl2 4528", "b-fl 4528 burn; b-fl2 4529", "none", "none",
         "none")
    assert "(B-FL (1 fighter) against R-FL2 (4 fighters))" in run.pending.text
    run.answer(False)
    assert "B-FL2 (superiority, its enemy more fighters in the dogfight) joins it" in texts(run)
    assert run.pending.key == "b5/1/morale" and str(run.engine.air.at["b-fl2"]) == "4530"


def test_no_dogfight_ends_in_a_jump_ins_first_turn():
    """Seed 003 Jump-In: "No weapons fire may occur during this turn": no dogfight is fought in a
    jump-in's first turn, so none is called off or drifts at its end; from the second turn on, and
    in a meeting engagement's first, the end asks."""
    from rules.systems.b5 import drift

    run = at_the_end()
    e = run.engine
    for scenario, rnd, asks in (("jump-in", 1, False), ("jump-in", 2, True), ("meeting engagement", 1, True)):
        e.scenario, e.round, e.air.ending_turn, e.air.said = scenario, rnd, 0, {}
        q = next(drift.turn_end(e), None)
        assert (q is not None) is asks, (scenario, rnd)
        assert q is None or q.key == f"b5/{rnd}/dogfight/4528/off/blue"


def test_a_drift_stops_at_the_boards_edge():
    """The drift d6 4 (direction D, down the board), d4 2 from 4559, one hex above the edge of the
    90 x 60 board: it stops at 4560, the hexes past the edge not entered."""
    from hexmap import Label
    from rules.systems.b5 import drift

    run = at_the_end()
    e = run.engine
    drift._drift(e, Label(45, 59), ["b-fl", "r-fl2"])
    assert e.air.drifts["4559"] == (Label(45, 60), (Label(45, 60),), ("b-fl", "r-fl2"))
    assert str(e.air.at["b-fl"]) == "4560" and str(e.air.at["r-fl2"]) == "4560"
    assert texts(run)[-1] == "the dogfight at 4559 drifts d6 4 (direction D), d4 2: to 4560"


def test_two_dogfights_end_in_board_order_each_drifting():
    """B-FL intercepts R-FL2 at 4528 and B-FL2 meets R-FL at 5128 in pulse 2 (every die 1: both
    sides keep 3 fighters in each). At the turn's end each is asked in board order and drifts d6 1
    (direction A), d4 1; the second's flights on the way are looked for after the first's."""
    run = two_blue_flights([1] * 200)
    play(run, "b-fl attack r-flag; b-fl2 attack r-flag", "FFF FF FFF", "r-fl attack b-flag; r-fl2 superiority 4528",
         "launch b-fl 1230; b-fl2 4329", "launch r-fl; r-fl2 4528", "b-fl 4528 burn; b-fl2 5128")
    assert run.pending.key == "b5/1/dogfight/4528/off/blue"
    run.answer(False)
    assert run.pending.key == "b5/1/dogfight/5128/off/blue"
    run.answer(False)
    t = texts(run)
    assert "the dogfight at 4528 drifts d6 1 (direction A), d4 1: to 4527" in t
    assert "the dogfight at 5128 drifts d6 1 (direction A), d4 1: to 5127" in t
    assert run.pending.key == "b5/1/morale"
    assert {k: str(v) for k, v in run.engine.air.at.items()} == {"b-fl": "4527", "r-fl2": "4527", "b-fl2": "5127",
                                                                  "r-fl": "5127"}
