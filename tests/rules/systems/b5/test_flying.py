"""b5 flights landing on a carrier that is not their own (seed 003 Launching and Landing Fighters:
"a fighter simply needs to end its movement in the hex of a carrier that has space for it"): any
friendly carrier on the board, in the command net, with a place free; refused just outside (no
place free, no carrier, an enemy ship), accepted just inside; undo after every answer gives a
full replay's bytes."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from rules.systems.b5 import flights
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_flights import PULSE1, SET_UP, TURN1, fl, texts
from tests.rules.systems.v13.helpers import AT, duel


def campaign(second_carrier: int = 1):
    """Blue: B-FLAG (carries B-FL, Move 99) and B-F2 (``second_carrier`` places, empty). Red: R-FLAG
    (carries R-FL) and R-F2; R-FL2 no carrier's (begins ahead of R-FLAG, at 5429); Move 30."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, fighter_flights=1),
            b5("b-f2", "bflag", fighter_flights=second_carrier), fl("b-fl", move=99, burn=3)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, fighter_flights=1), b5("r-f2", "rflag"),
           fl("r-fl", move=30), fl("r-fl2", move=30)]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    c = end_movement(c, build_graph(c)).campaign
    return start(c, AT).saved()  # the record's seed drawn once, kept


def played(c, *answers):
    run = start(c, AT)
    for a in [*SET_UP, *answers]:
        run.answer(a)
    return run


def pulse2(c, *more):
    """Turn 1 to pulse 2's flights: B-FL launched at 1230 in pulse 1, R-FL ahead of R-FLAG, R-FL2 to 4528."""
    return played(c, *TURN1, *PULSE1, *more)


def test_a_flight_lands_on_a_friendly_carrier_with_a_place_free():
    c = campaign()
    run = pulse2(c)
    e = run.engine
    assert run.pending.key == "b5/1/fly/blue"
    run.answer("b-fl land b-f2")
    assert "B-FL lands on B-F2" in texts(run)
    assert flights.aboard(e, "b-fl") and flights.carrier_of(e, "b-fl") == "b-f2"
    assert flights.space(e, "b-f2") == 0 and flights.space(e, "b-flag") == 1


def test_no_place_free_is_refused_and_a_place_freed_by_a_launch_is_taken():
    """R-FL2 (no carrier) at R-FLAG while R-FL is aboard: refused (1 of 1 aboard); once R-FL is
    launched, R-FL2 lands there, and R-FL then finds its own carrier full."""
    run = played(campaign(), *TURN1, "launch b-fl 1230")
    e = run.engine
    assert run.pending.key == "b5/1/fly/red"
    with pytest.raises(IllegalAnswer, match=r"B5 Launching and Landing Fighters: a fighter lands on a carrier that has "
                                            r"space for it: R-FLAG carries 1 flight, 1 aboard or landing"):
        run.answer("r-fl2 land r-flag")
    run.answer("launch r-fl")
    run.answer("none")  # Blue, pulse 2
    run.answer("r-fl2 land r-flag")
    assert "R-FL2 lands on R-FLAG" in texts(run) and flights.carrier_of(e, "r-fl2") == "r-flag"
    run.answer("none")  # Blue, pulse 3
    with pytest.raises(IllegalAnswer, match="R-FLAG carries 1 flight"):
        run.answer("r-fl land")


def test_two_flights_landing_on_one_place_in_one_answer():
    run = played(campaign(), *TURN1, "launch b-fl 1230", "launch r-fl", "none")
    with pytest.raises(IllegalAnswer, match="R-FLAG carries 1 flight, 1 aboard or landing"):
        run.answer("r-fl land; r-fl2 land r-flag")  # R-FL's own place, then R-FL2 finds none
    run.answer("r-fl land")


def test_only_a_friendly_carrier_on_the_board():
    run = pulse2(campaign(second_carrier=0))
    for bad, words in (("b-fl land b-f2", "B-F2 carries no fighters"),
                       ("b-fl land r-flag", "B-FL lands on a friendly ship on the board, not 'r-flag'")):
        with pytest.raises(IllegalAnswer, match=words):
            run.answer(bad)
    run.answer("b-fl land")  # its own, as before
    assert "B-FL lands on B-FLAG" in texts(run)


def test_a_flight_no_carrier_holds_names_one():
    run = played(campaign(), *TURN1, "launch b-fl 1230")
    with pytest.raises(IllegalAnswer,
                       match=r"R-FL2 has no carrier on the board to land on: name one \(R-FL2 land SHIP\)"):
        run.answer("r-fl2 land")


def test_a_flight_launched_from_the_carrier_it_landed_on():
    run = pulse2(campaign(), "b-fl land b-f2")
    while not run.pending.key.endswith("/turn"):
        q = run.pending
        run.answer("none" if "/fly/" in q.key else "done" if "/fire/" in q.key else [])
    run.answer("plot and move")
    run.answer("FF F FF")
    while run.pending.key != "b5/2/fly/red":
        q = run.pending
        run.answer("FFF FF FFF" if "/plot/" in q.key else "none")
    run.answer("none")
    run.answer("launch b-fl")  # turn 2 pulse 1 (Red first on even turns)
    assert "B-F2 launches B-FL to" in " ".join(texts(run))


def test_undo_after_every_answer_with_a_landing_gives_a_full_replays_bytes(monkeypatch):
    from tests.rules.systems.b5.test_marking import undo_everywhere

    c = campaign()
    run = played(c, *TURN1, "launch b-fl 1230", "launch r-fl", "b-fl land b-f2", "r-fl2 land r-flag", "none")
    undo_everywhere(c, list(run.answers), monkeypatch)
