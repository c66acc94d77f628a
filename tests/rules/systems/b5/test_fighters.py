"""b5 fighter attacks on ships (seed 003 Fighter Combat, Anti-Fighter Fire): the GM has a flight
attack an enemy ship in a pulse's fire; the ship's anti-fighter fire comes first (AF rating x,
the fighters' fire-control die + sensor against the flight's Def, a damage die reaching the
fighters' armor destroys one); the fighters left attack with +1 per two fighters (and anti-ship
against a medium ship or larger), and a hit's damage gets the same bonus."""
from __future__ import annotations

import json

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import fighters
from rules.systems.b5.battle import B5Battle
from rules.systems.b5.movement import pulse_moves
from tests.rules.systems.b5.helpers import b5, flight
from tests.rules.systems.b5.test_firing import SET_UP
from tests.rules.systems.v13.helpers import AT, duel

ARRAY = {"name": "Twin array", "cls": "particle", "shots": 3, "ranges": [6, 12, 18, 24],
         "fire_control": ["d8", "d8", "d10"], "damage": ["d8"], "x": 3, "anti_fighter": 2}


def fight(faces, count=6):
    """Blue's B-FLAG (a twin array, AF 2) and B-F2; Red's R-FLAG, R-F2 and flight R-FL of
    ``count`` fighters (Move 99: 33 a pulse; no carrier: it begins ahead of R-FLAG), on an attack
    mission against B-FLAG; it flies to 2729 in pulse 1 (in reach of B-FLAG's twin array: the GM
    answers done) and into B-FLAG's hex (1332) in pulse 2: no ship in reach, the GM asked about fire."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[ARRAY]), b5("b-f2", "bflag")]
    fl = flight("r-fl", count)
    fl["b5"]["flight"]["move"] = 99
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag"), fl]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in [*SET_UP, "r-fl attack b-flag", "r-fl 2729", "done", "r-fl 1332"]:
        run.answer(a)
    return run


def test_anti_fighter_fire_first_then_the_fighters_left_attack():
    """AF: twin array x2 (AF 2, one flight in the hex): d10 5 + sensor 5 = 10 hits Def 8, d10 1
    misses; its d8 4 reaches armor 3: one fighter destroyed, 5 left. The flight: d10 8, +2 for
    five fighters, +1 anti-ship = 11 against Def 10: a hit; damage d6 6 +3 = 9 on B-FLAG's best
    armor 5: severe, the die even: 1 structure and two minor systems (d6 2: the twin array; d6 1:
    maneuvering, from the side: turn)."""
    run = fight([5, 1, 4, 8, 6, 2, 1] + [1] * 10)
    q = run.pending
    assert q.options == ("done", "fire", fighters.FIGHTERS) and "or a flight attack a ship" in q.text  # (fire: at R-FL)
    run.answer(fighters.FIGHTERS)
    assert run.pending.key == "b5/1/flight" and run.pending.options == ("r-fl",)
    run.answer("r-fl")
    assert run.pending.key == "b5/1/strafe" and run.pending.options == ("b-flag",)  # its mission's target
    run.answer("b-flag")
    texts = [e.text for e in run.log.events]
    assert "B-FLAG's Twin array (AF x2) at R-FL: d10 + sensor 5 needs 8: 1 hit; 1 fighter of R-FL destroyed, " \
           "5 left" in texts
    assert "R-FL (5 fighters) attacks B-FLAG: d10 8 +3 needs 10: hit, damage d6 +3 on armor 5: severe (Twin array, " \
           "turn); 1 structure, 11 left" in texts, texts[-4:]
    assert fighters.left(run.engine, "r-fl") == 5 and run.engine.data("b-flag").weapons[0].x == 2
    assert run.pending.key == "b5/1/fly/red"  # one attack a pulse, the array fired in AF mode: pulse 3


def test_a_flight_with_no_fighters_left_is_destroyed_before_it_attacks():
    run = fight([5, 1, 4] + [1] * 10, count=1)
    for a in (fighters.FIGHTERS, "r-fl", "b-flag"):
        run.answer(a)
    assert "R-FL is destroyed" in [e.text for e in run.log.events]
    assert run.engine.units["r-fl"].status.value == "destroyed"
    assert not any(" fighters) attacks " in e.text for e in run.log.events)  # no attack


def test_anti_fighter_mode_waits_a_full_pulse_after_standard_fire():
    """Anti-Fighter Fire: "if it has not yet fired in standard mode during the turn, or at least one
    full pulse has been played since"; never in the pulse it fired in standard mode."""
    run = fight([1] * 10)
    e, w = run.engine, run.engine.data("b-flag").weapons[0]
    e.fired["b-flag"] = {w.name: [(1, 1)]}
    assert [fighters._af_ready(e, "b-flag", w) for e.pulse in (1, 2, 3)] == [False, False, True]
    e.fired["b-flag"] = {w.name: [(0, 3)]}  # fired in the turn before: not this turn
    e.pulse = 1
    assert fighters._af_ready(e, "b-flag", w)


def test_undo_after_every_answer_with_flights_attacking_gives_a_full_replays_bytes(monkeypatch):
    import random

    from rules.systems import start
    from tests.rules.systems.b5.helpers import b5_campaign
    from tests.rules.systems.b5.test_flights import fast
    from tests.rules.systems.b5.test_marking import undo_everywhere
    from tests.rules.systems.b5.test_random_b5 import answer_for

    c = start(fast(b5_campaign(4, armed=True, flights=2)), AT).saved()  # the flights reach the ships in turn 1
    rng, run = random.Random(4), start(c, AT)
    while run.pending is not None:
        q = run.pending
        a = ("plot and move" if run.engine.round <= 2 else "results") if q.key.endswith("/turn") else \
            fighters.FIGHTERS if "/fire/" in q.key and fighters.FIGHTERS in q.options else answer_for(run, q, rng)
        try:
            run.answer(a)
        except IllegalAnswer:
            run.answer({"gm_ruling": "edge", "answer": " ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))})
    keys = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert sum(k.endswith("/strafe") for k in keys) >= 4, keys
    assert sum("/fly/" in k for k in keys) >= 4 and any("/orders/" in k for k in keys)
    undo_everywhere(c, list(run.answers), monkeypatch)


def test_a_weapon_that_fired_in_anti_fighter_mode_does_not_fire_in_standard_mode_that_pulse():
    """Anti-Fighter Fire: "A single weapon system cannot fire in both standard and anti-fighter
    modes in the same pulse": B-FLAG's twin array fired AF at R-FL (attacking it in its hex) is not
    offered against R-FL in standard mode after, in that pulse; in the next it is."""
    run = fight([5, 1, 4, 8, 6, 2, 1] + [1] * 10)
    for a in (fighters.FIGHTERS, "r-fl", "b-flag"):
        run.answer(a)
    q = run.pending
    assert not (q.key.startswith("b5/1/fire/") and "pulse 2:" in q.text), q.text  # nothing may fire in pulse 2
    assert q.key == "b5/1/fly/red"  # pulse 3's flight moves: R-FL stays
    run.answer("none")
    assert "pulse 3:" in run.pending.text and "fire" in run.pending.options  # the array fires again
