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

from rules.battlehex.log import IllegalAnswer
from rules.systems import start
from tests.rules.systems.b5.test_flights import PULSE1, SET_UP, battle, play, texts
from tests.rules.systems.v13.helpers import AT

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
