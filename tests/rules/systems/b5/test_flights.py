"""b5 fighter flights on the board (seed 003 Fighters): missions declared in secret with the plots
and altered on odd turns only, launched beside the carrier, moved by the pulse's share of Move,
landed, the afterburner only to intercept, superiority's patrol zone, an attack mission's flight
attacking only its target, dogfights on scripted dice with the chart and their drift."""
from __future__ import annotations

import re

import json
from fractions import Fraction

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import dogfight, fighters, flights
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import ARRAY, b5, flight
from tests.rules.systems.v13.helpers import AT, duel

SET_UP = ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "C"}, "1031",
          {"at": "5530", "facing": "F"}, "5531", "plot and move", "FF F FF"]
"""Blue (defending) at 1030 facing C at speed 5, Red 45 hexes away at 5530 facing F at speed 8;
Blue's plot."""


def fl(uid: str, n: int = 6, **kw):
    f = flight(uid, n)
    f["b5"]["flight"].update(kw)
    return f


def battle(faces=(), blue_move=99, settings=None, red_flights=1, weapons=(ARRAY,), campaign_only=False, red_move=30):
    """Blue: B-FLAG (twin array, AF 2; carries one flight) and B-F2, flight B-FL (Move
    ``blue_move``: 33 a pulse, Burn 3). Red: R-FLAG (carries one flight) and R-F2, flight R-FL
    (carried) and R-FL2 (no carrier: begins ahead of R-FLAG, at 5429), Move 30 (10/10/10)."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=list(weapons), fighter_flights=1),
            b5("b-f2", "bflag"), fl("b-fl", move=blue_move, burn=3)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, fighter_flights=1), b5("r-f2", "rflag"),
           fl("r-fl", move=red_move)] + [fl(f"r-fl{i}", move=red_move) for i in range(2, red_flights + 2)]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"]["b5"] = dict(data["settings"].get("b5") or {}, **(settings or {}))
    c = type(c).model_validate(data)
    c = end_movement(c, build_graph(c)).campaign
    if campaign_only:
        return c
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice(list(faces) + [1] * 100))
    for a in SET_UP:
        run.answer(a)
    return run


def play(run, *answers):
    for a in answers:
        run.answer(a)
    return run


def next_turn(run):
    """No more flight moves, fire or morale until the next turn's question; then plot and move."""
    while not run.pending.key.endswith("/turn"):
        q = run.pending
        run.answer("none" if "/fly/" in q.key else "done" if "/fire/" in q.key else [])
    run.answer("plot and move")
    return run


def texts(run) -> list[str]:
    return [e.text for e in run.log.events]


TURN1 = ["b-fl attack r-flag", "FFF FF FFF", "r-fl escort r-flag; r-fl2 superiority 4528"]
PULSE1 = ["launch b-fl 1230", "launch r-fl; r-fl2 4528"]
"""Pulse 1's flights: B-FL launched behind B-FLAG (at 1231), R-FL ahead of R-FLAG, R-FL2 nine
hexes to its zone."""


def test_missions_are_secret_with_the_plots_and_revealed_with_them():
    run = battle()
    q = run.pending
    assert q.key == "b5/1/orders/blue" and q.data["secret"] and "B-FL (aboard; no mission yet)" in q.text
    play(run, *TURN1)
    given = next(e for e in run.log.events if e.kind == "answer" and e.data["key"] == "b5/1/orders/red")
    assert given.visible_to == ("red", "gm")
    last = max(i for i, e in enumerate(run.log.events) if e.kind == "answer")
    shown = next(i for i, e in enumerate(run.log.events) if e.text == "B-FL (Blue) flies attack R-FLAG")
    assert shown > last and "R-FL2 (Red) flies superiority over 4528 (within 5)" in texts(run)
    assert run.engine.air.mission["r-fl"] == flights.Mission(flights.ESCORT, "r-flag")


def test_orders_are_refused_naming_what_is_wrong():
    run = battle()
    for bad, words in (("b-fl attack b-f2", "attacks an enemy ship on the board"),
                       ("b-fl escort r-flag", "escorts a friendly ship"),
                       ("b-fl superiority 9999", "off the board"),
                       ("r-fl attack r-flag", "no flight of Blue"),
                       ("b-fl patrol 1010", "an order is FLIGHT attack SHIP")):
        with pytest.raises(IllegalAnswer, match=words):
            run.answer(bad)


def test_orders_may_only_be_altered_on_odd_numbered_turns():
    """Turn 2: Blue's one flight has its mission (not asked); Red's R-FL2 keeps its mission, and
    R-FL, never ordered and aboard, may be given one ("any mission when launched")."""
    run = next_turn(play(battle(), "b-fl attack r-flag", "FFF FF FFF", "r-fl2 superiority 4528", "launch b-fl",
                         "r-fl2 4528"))
    run.answer("FF F FF")
    assert run.pending.key == "b5/2/plot/r-flag"  # no Blue orders on turn 2
    run.answer("FFF FF FFF")
    q = run.pending
    assert q.key == "b5/2/orders/red" and "R-FL (" in q.text and "R-FL2" not in q.text
    with pytest.raises(IllegalAnswer, match=r"B5 Fighter Missions: orders may only be altered on odd-numbered turns "
                                            r"\(R-FL2 flies superiority over 4528 \(within 5\)\)"):
        run.answer("r-fl2 superiority 4529")
    run.answer("r-fl escort r-flag")
    assert run.engine.air.mission["r-fl"] == flights.Mission(flights.ESCORT, "r-flag")


def test_launch_beside_the_carrier_and_the_free_flight_ahead_of_its_flagship():
    run = play(battle(), *TURN1)
    assert {k: str(v) for k, v in run.engine.air.at.items()} == {"r-fl2": "5429"}  # ahead of R-FLAG (5530, F)
    assert str(run.engine.at["b-flag"]) == "1231"  # pulse 1: two hexes
    with pytest.raises(IllegalAnswer, match="one of the six hexes around B-FLAG"):
        run.answer("launch b-fl 1431")
    with pytest.raises(IllegalAnswer, match="is aboard: launch it first"):
        run.answer("b-fl 1331")
    run.answer("launch b-fl 1230")
    assert str(run.engine.air.at["b-fl"]) == "1230" and "B-FLAG launches B-FL to 1230 (attack R-FLAG)" in texts(run)


def test_a_flight_one_point_beyond_its_share_of_move_is_refused():
    """Move 30 (R-FL2): 10/10/10 (the Speed/Pulse chart's 10). Move 99 (B-FL): 33 a pulse; from
    1230 ten hexes straight on (direction B, 2225) cost 10; 33 hexes off the six lines cost 34."""
    run = play(battle(), *TURN1, "launch b-fl 1230")
    with pytest.raises(IllegalAnswer, match=r"R-FL2 has 10 movement points in pulse 1 \(Move 30: 10/10/10\); "
                                            r"5429 to 4428 costs 11 \(10 hexes and a hexside turned\)"):
        run.answer("r-fl2 4428")
    run.answer("launch r-fl; r-fl2 4528")
    with pytest.raises(IllegalAnswer, match=r"B-FL has 33 movement points in pulse 2 \(Move 99: 33/33/33\); "
                                            r"1230 to 4530 costs 34 \(33 hexes and a hexside turned\)"):
        run.answer("b-fl 4530")
    run.answer("b-fl 2225")  # 10 straight on: 10 points
    assert str(run.engine.air.at["b-fl"]) == "2225" and "B-FL flies from 1230 to 2225" in texts(run)


def test_afterburners_only_to_intercept_an_enemy_flight_once_a_turn():
    """R-FL2 at 4528, 33 hexes and a turn from B-FL: 34 points; Burn 3 adds the hexes, but only
    to intercept (4529 holds no flight)."""
    run = play(battle(), *TURN1, *PULSE1)
    with pytest.raises(IllegalAnswer, match="costs 34"):
        run.answer("b-fl 4528")
    with pytest.raises(IllegalAnswer, match="afterburners only to intercept an enemy fighter: no enemy flight at 4529"):
        run.answer("b-fl 4529 burn")
    run.answer("b-fl 4528 burn")
    assert "B-FL flies from 1230 to 4528 on its afterburners" in texts(run)
    assert run.engine.air.burned == {"b-fl": 1}


def test_superiority_stays_in_its_patrol_zone_unless_it_intercepts():
    run = play(battle(), *TURN1, "launch b-fl")
    with pytest.raises(IllegalAnswer, match="R-FL2 flies superiority over 4528: it ends its move within 5 hexes of "
                                            "it, or intercepts an enemy flight; 5429 is 9 away"):
        run.answer("r-fl2 5429")
    run.answer("r-fl2 4828")
    assert str(run.engine.air.at["r-fl2"]) == "4828"


def test_a_dogfight_on_scripted_dice_with_the_odds_before_the_roll():
    """B-FL intercepts R-FL2 at 4528 in pulse 2. At the pulse's end, Blue (the defender) first:
    B-FL d6 4 + 6 fighters - 1 anti-ship = 9 against R-FL2's d6 rating 6: beat by 3, 4 kills;
    R-FL2 d6 1 + 5 = 6: beat by 0, 2 kills. Pulse 3: B-FL (4) d6 2 + 3 = 5, beat by -1: 2 kills
    (R-FL2 destroyed); R-FL2 (2) d6 6 + 1 = 7: beat by 1, 3 kills."""
    run = play(battle([4, 1, 2, 6]), *TURN1, *PULSE1)
    run.answer("b-fl 4528 burn")
    assert "dogfight at 4528: B-FL against R-FL2" in texts(run)
    run.answer("none")  # Red: R-FL (escort) stays; R-FL2 is in the dogfight
    t = texts(run)
    odds = next(x for x in t if x.startswith("B-FL (6) against R-FL2: kills"))
    assert odds == "B-FL (6) against R-FL2: kills 2 1/6, 3 1/3, 4 1/3, 5 1/6"
    assert "B-FL: d6 4 +5 = 9 against R-FL2's 6: beat by 3, 4 kills" in t
    assert "R-FL2: d6 1 +5 = 6 against B-FL's 6: beat by 0, 2 kills" in t
    assert t.index("R-FL2 loses 4 fighters, 2 left") > t.index("R-FL2: d6 1 +5 = 6 against B-FL's 6: beat by 0, "
                                                                  "2 kills")  # simultaneous
    assert fighters.left(run.engine, "b-fl") == 4 and fighters.left(run.engine, "r-fl2") == 2
    assert run.pending.key == "b5/1/fly/red"  # pulse 3: Blue's B-FL is locked; Red moves R-FL only
    with pytest.raises(IllegalAnswer, match="R-FL2 is in a dogfight at 4528"):
        run.answer("r-fl2 4529")
    run.answer("none")
    t = texts(run)
    assert "B-FL: d6 2 +3 = 5 against R-FL2's 6: beat by -1, 2 kills" in t and "R-FL2 is destroyed" in t
    assert "B-FL loses 3 fighters, 1 left" in t and "r-fl2" not in run.engine.air.at
    assert not any("drifts" in x for x in t)  # one side left: no drift


def test_dogfight_odds_by_each_reading():
    """Six fighters (anti-ship: -1): d6 + 5 against 6 beats it by 0-5; one fighter: d6 + 0, by -5
    to 0; with the roll reading, d6 + 5 against a d6 beats it by 7 or more (six kills) 10/36."""
    f = flights_stats()
    assert dogfight.odds(f, 6, f) == {2: Fraction(1, 6), 3: Fraction(1, 3), 4: Fraction(1, 3), 5: Fraction(1, 6)}
    assert dogfight.odds(f, 1, f) == {0: Fraction(1, 3), 1: Fraction(1, 3), 2: Fraction(1, 3)}
    roll = dogfight.odds(f, 6, f, dogfight.ROLL)
    assert sum(roll.values()) == 1 and roll[6] == Fraction(10, 36)


def flights_stats():
    from rules.model.b5 import B5Fighter
    from tests.rules.systems.b5.helpers import FLIGHT
    return B5Fighter.model_validate(FLIGHT)


def test_the_drift_at_the_turns_end_with_a_superiority_flight_joining():
    """Pulse 2: B-FL d6 2 + 5 = 7, 3 kills (R-FL2 3 left); R-FL2 d6 1 + 5 = 6, 2 kills (B-FL 4).
    Pulse 3: B-FL d6 1 + 3 = 4, 1 kill (R-FL2 2); R-FL2 d6 1 + 2 = 3, 1 kill (B-FL 3). Both sides
    left: the drift d6 4 (direction D), d4 2: 4528 to 4530; R-FL (superiority over 4529, waiting
    at 4529 on the way) joins, its enemy having more fighters in the dogfight (3 to 2)."""
    run = battle([2, 1, 1, 1, 4, 2])
    play(run, "b-fl attack r-flag", "FFF FF FFF", "r-fl superiority 4529; r-fl2 superiority 4528",
         *PULSE1, "b-fl 4528 burn", "r-fl 4529", "none", False)  # Blue does not call it off (rules/systems/b5/drift.py)
    t = texts(run)
    assert "the dogfight at 4528 drifts d6 4 (direction D), d4 2: to 4530" in t, t[-12:]
    assert "R-FL (superiority, its enemy more fighters in the dogfight) joins it" in t
    assert {k: str(v) for k, v in run.engine.air.at.items()} == {"b-fl": "4530", "r-fl": "4530", "r-fl2": "4530"}


def test_an_attack_missions_flight_attacks_only_its_target_in_its_hex():
    """B-FL (attack R-FLAG) flies into R-FLAG's hex in pulse 3: the GM may name it and R-FLAG
    only; R-F2 put in the same hex is refused with the mission's rule."""
    run = play(battle(), *TURN1, *PULSE1, "b-fl 4428", "none")
    run.answer(f"b-fl {run.engine.at['r-flag']}")
    run.answer("none")
    assert run.pending.options == ("done", fighters.FIGHTERS)
    run.answer(fighters.FIGHTERS)
    run.answer("b-fl")
    assert run.pending.options == ("r-flag",)
    run.engine.at["r-f2"] = run.engine.at["r-flag"]
    with pytest.raises(IllegalAnswer, match="B5 Fighter Missions: B-FL flies an attack mission against R-FLAG: it "
                                            "attacks only its target, not R-F2"):
        run.answer("r-f2")
    run.answer("r-flag")
    assert any(x.startswith("B-FL (6 fighters) attacks R-FLAG") for x in texts(run))


def fast(c, move=99):
    """Campaign ``c`` with its flights' Move ``move`` (99: 33 a pulse, across the board in a turn)."""
    data = json.loads(io.dumps(c))
    for fleet in data["fleets"]:
        for u in fleet["units"]:
            if (u.get("b5") or {}).get("flight"):
                u["b5"]["flight"]["move"] = move
    return type(c).model_validate(data)


def flight_answer(run, q, rng):
    """A random answer to a side's fighter orders or flight moves that the engine takes (each
    part tried against the engine's check), or None when ``q`` is neither (test_random_b5)."""
    from hexmap.hexes import hex_line
    from hexmap.labels import axial_to_offset

    from rules.systems.b5 import deploy, flying
    from hexmap import Label

    import random

    e, rng = run.engine, random.Random(f"{q.key} {len(run.answers)}")  # its own: the caller's rng left alone
    if "fighter_orders" in q.data:
        team = q.data["fighter_orders"]
        ships = [x for x in e.at if e.units[x].status.value == "present"]
        parts = []
        for f in flights.may_order(e, team):
            r, enemies = rng.random(), [x for x in ships if e.units[x].team != team]
            own = [x for x in ships if e.units[x].team == team]  # none: its ships withdrew off the board
            if r < 0.4 and enemies:
                parts.append(f"{f} attack {rng.choice(enemies)}")
            elif r < 0.6 and own:
                parts.append(f"{f} escort {rng.choice(own)}")
            elif r < 0.8:
                parts.append(f"{f} superiority {rng.choice(e.board.labels)}")
        return "; ".join(parts) or "none"
    if "flights" not in q.data:
        return None
    team, parts = q.data["flights"], []
    for f in flying.movable(e, team):
        if f not in e.air.at:
            tries = [f"launch {f}"] if rng.random() < 0.7 else []
        else:
            m = e.air.mission.get(f)
            goal = (e.at.get(m.target) or e.air.at.get(m.target)) if m and m.target else m.zone if m else None
            foes = [str(e.air.at[x]) for x in flying.enemies_at(e, team, e.air.at[f])] or \
                [str(h) for x, h in e.air.at.items() if e.units[x].team != team]
            tries = [f"{f} {h} burn" for h in foes[:1]] + [f"{f} land"] * (rng.random() < 0.1)
            if goal is not None:
                line = [Label(*axial_to_offset(h)) for h in hex_line(deploy.hex_of(e.air.at[f]), deploy.hex_of(goal))]
                tries += [f"{f} {h}" for h in reversed(line[1:])]
        for t in tries:
            try:
                flying.read(e, team, "; ".join([*parts, t]))
            except IllegalAnswer:
                continue
            parts.append(t)
            break
    return "; ".join(parts) or "none"


def toward(run, flight, goal):
    """``flight`` as far along the line to ``goal`` as its points this pulse reach."""
    from hexmap.hexes import hex_line
    from hexmap.labels import axial_to_offset
    from hexmap import Label
    from rules.systems.b5 import deploy, flying

    e = run.engine
    line = [Label(*axial_to_offset(h)) for h in hex_line(deploy.hex_of(e.air.at[flight]), deploy.hex_of(goal))]
    return f"{flight} {next(h for h in reversed(line) if flying.cost(e.air.at[flight], h) <= flying.share(e, flight))}"


def test_ships_fire_at_one_flight_a_pulse_and_secondary_weapons_at_others_halved():
    """Target Selection. Pulse 3: R-FL at long range of B-FLAG, R-FL2 at medium. B-FLAG's Twin
    array (x3, three shots a turn) fires at R-FL: d10 + sensor 5 needs Def 8 + 3 = 11; d10 6 and
    10 hit, 1 misses; d8 damage 3 reaches armor 3, 2 does not: one fighter destroyed. Then its heavy
    pulse cannon (two a turn) may fire only at R-FL (its one flight this pulse); its second array at
    R-FL too, or at R-FL2, not yet fired at, halved (x3 -> x2)."""
    pulse = {"name": "Heavy pulse cannon", "cls": "pulse", "shots": 2, "ranges": [10, 20, 30, 40],
             "fire_control": ["d10", "d8", "d6"], "damage": ["d10"], "x": 2}
    run = battle([6, 1, 10, 3, 2], weapons=(ARRAY, dict(ARRAY, name="Second array"), pulse))
    play(run, "b-fl superiority 1231", "FFF FF FFF", "r-fl attack b-flag; r-fl2 attack b-flag", "none")
    e = run.engine
    run.answer(f"launch r-fl; {toward(run, 'r-fl2', e.at['b-flag'])}")
    while e.pulse < 3 or not run.pending.key.startswith("b5/1/fire/"):
        q = run.pending
        run.answer("done" if "/fire/" in q.key else "none" if "/fly/blue" in q.key else
                   "; ".join(toward(run, f, e.at["b-flag"]) for f in ("r-fl", "r-fl2")))
    run.answer("fire")
    run.answer("b-flag")
    run.answer("Twin array")
    assert set(run.pending.options) == {"r-fl", "r-fl2"}  # no ship in reach
    assert run.question_odds()["R-FL"].startswith("flight, long range, d10 needs 6+: 1/2 a die, x3; a fighter "
                                                   "destroyed 3/8 a die"), run.question_odds()
    run.answer("r-fl")
    assert "B-FLAG's Twin array (x3) at R-FL, long range, d10 + sensor 5 needs 11: 2 hits, 1 fighter " \
           "destroyed, 5 left" in texts(run)
    run.answer("fire")
    run.answer("b-flag")
    run.answer("Heavy pulse cannon")
    assert run.pending.options == ("r-fl",)  # one enemy flight a pulse
    run.answer("r-fl")
    run.answer("fire")
    run.answer("b-flag")
    run.answer("Second array")
    assert run.pending.options == ("r-fl", "r-fl2")  # the ship's one flight, or another halved
    assert ", x2; " in run.question_odds()["R-FL2"] and ", x3; " in run.question_odds()["R-FL"]


def test_undo_after_every_answer_with_flights_in_a_dogfight_gives_a_full_replays_bytes(monkeypatch):
    """Through the seam: fighter orders, launches, moves, a dogfight and its drift, ships firing at
    flights; undo after every answer resumes from a checkpoint (the orders and flight-move questions
    too) and the battle ends with a full replay's bytes."""
    import random

    from rules.systems import start
    from tests.rules.systems.b5.test_marking import undo_everywhere
    from tests.rules.systems.b5.test_random_b5 import answer_for
    from tests.rules.systems.v13.helpers import AT

    c = start(battle(campaign_only=True, weapons=(ARRAY,)), AT).saved()
    rng, run = random.Random(2), start(c, AT)
    script = [*SET_UP, *TURN1, *PULSE1, "b-fl 4528 burn"]
    while run.pending is not None:
        q = run.pending
        a = script.pop(0) if script else ("plot and move" if run.engine.round <= 2 else "results") \
            if q.key.endswith("/turn") else answer_for(run, q, rng)
        try:
            run.answer(a)
        except IllegalAnswer:
            run.answer({"gm_ruling": "edge", "answer": " ".join("F" * n or "-" for n in
                                                                movement_pulses(q.data["speed"]))})
    texts = [e.text for e in run.log.events]
    assert any(t.startswith("dogfight at 4528") for t in texts) and any(re.search(r"\d+ kills?\b", t) for t in texts)
    keys = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert any("/orders/" in k for k in keys) and sum("/fly/" in k for k in keys) >= 6
    undo_everywhere(c, list(run.answers), monkeypatch)


def movement_pulses(speed):
    from rules.systems.b5.movement import pulse_moves
    return pulse_moves(speed)


def test_an_escort_absorbs_the_anti_fighter_fire_at_its_charge():
    """Anti-Fighter Fire: R-FL escorts R-FL2, which attacks B-FLAG; both in B-FLAG's hex (two enemy
    flights: AF 2 over 1, x2). The escort is fired at first ("the escort flight must first survive
    any AF fire directed at it first"): d10 1 and 1 miss. Then R-FL2: d10 5 and 5 + sensor 5 hit
    Def 8 twice; each hit's d8 4 is read against the escort's armor 3: R-FL loses two fighters,
    R-FL2 none ("use the escort flight's armor ... If all the escort fighters are destroyed, any
    remaining damage will hit the original target flight")."""
    run = battle([1, 1, 5, 5, 4, 4], red_move=99)  # no die rolled before the attack
    play(run, "b-fl superiority 1231", "FFF FF FFF", "r-fl escort r-fl2; r-fl2 attack b-flag")
    e = run.engine
    while not (run.pending.key.startswith("b5/1/fire/") and fighters.FIGHTERS in run.pending.options):
        q = run.pending
        if "/fly/red" in q.key:
            ship = e.at["b-flag"]
            if "r-fl" not in e.air.at:  # R-FL launched; R-FL2 flies on ahead
                run.answer(f"launch r-fl; {toward(run, 'r-fl2', ship)}")
            elif e.air.at["r-fl"] == e.air.at["r-fl2"]:  # together: into B-FLAG's hex
                run.answer(f"r-fl2 {ship}; r-fl {ship}")
            else:  # the escort joins its charge
                run.answer(toward(run, "r-fl", e.air.at["r-fl2"]))
        else:
            run.answer("done" if "/fire/" in q.key else "none")
    for a in (fighters.FIGHTERS, "r-fl2", "b-flag"):
        run.answer(a)
    t = texts(run)
    assert "B-FLAG's Twin array (AF x2) at R-FL2: d10 + sensor 5 needs 8: 2 hits; R-FL absorbs a hit (a fighter " \
           "destroyed, 5 left); R-FL absorbs a hit (a fighter destroyed, 4 left); 0 fighters of R-FL2 destroyed, " \
           "6 left" in t, [x for x in t if "AF" in x]
    assert fighters.left(e, "r-fl") == 4 and fighters.left(e, "r-fl2") == 6


def test_no_new_fighter_orders_the_turn_after_the_flagship_is_lost():
    """Fleet Flagship is Destroyed: "On the next turn ... no fighters may be given new orders": Red's
    R-FL, never ordered, may be given none in turn 2 when Red's flagship was lost in turn 1."""
    run = next_turn(play(battle(), "b-fl attack r-flag", "FFF FF FFF", "r-fl2 superiority 4528", "launch b-fl",
                         "r-fl2 4528"))
    run.engine.lost_flagship["red"] = 1  # (as the GM's fire would have it; R-FLAG's loss is tested in test_fleet)
    while not run.pending.key.startswith("b5/2/fly/"):
        q = run.pending
        assert q.key != "b5/2/orders/red"
        run.answer("FF F FF" if q.key == "b5/2/plot/b-flag" else "FFF FF FFF" if "/plot/" in q.key else q.default)
    keys = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert "b5/2/plot/r-flag" in keys and "b5/2/orders/red" not in keys



def test_new_fighter_orders_again_the_turn_after_next():
    """Just outside "On the next turn": Red's flagship lost in turn 1, its flights are ordered again in
    turn 3 (an odd turn), and the orders' rule is read then (R-FL given its mission)."""
    run = next_turn(play(battle(), "b-fl attack r-flag", "FFF FF FFF", "r-fl2 superiority 4528", "launch b-fl",
                         "r-fl2 4528"))
    run.engine.lost_flagship["red"] = 1
    while not run.pending.key.startswith("b5/3/"):
        q = run.pending
        assert q.key != "b5/2/orders/red"
        run.answer("plot and move" if q.key.endswith("/turn") else "FF F FF" if q.key.endswith("/plot/b-flag")
                   else "FFF FF FFF" if "/plot/" in q.key else "done" if "/fire/" in q.key else
                   [] if q.key.endswith("/morale") else q.default if q.default is not None else "none")
    while run.pending.key != "b5/3/orders/red":
        q = run.pending
        run.answer("plot and move" if q.key.endswith("/turn") else "FF F FF" if q.key.endswith("/plot/b-flag")
                   else "FFF FF FFF" if "/plot/" in q.key else "none")
    run.answer("r-fl escort r-flag")
    assert run.engine.air.mission["r-fl"] == flights.Mission(flights.ESCORT, "r-flag")


def test_the_escort_dogfights_while_its_charge_continues_on():
    """Escort: "If the escort's charge moves into the same hex as an enemy fighter ... the escort
    fighter will do the dogfighting while the charge continues on": B-FL intercepts R-FL2 and its
    escort R-FL in one hex; the dogfight is B-FL against R-FL, and R-FL2 is not held by it."""
    run = battle(red_move=99)
    play(run, "b-fl superiority 1231", "FFF FF FFF", "r-fl escort r-fl2; r-fl2 attack b-flag")
    e = run.engine
    while not (e.air.at.get("r-fl") is not None and e.air.at.get("r-fl") == e.air.at.get("r-fl2")
               and run.pending.key == "b5/1/fly/blue"):
        q = run.pending
        if "/fly/red" in q.key:
            run.answer(f"launch r-fl; {toward(run, 'r-fl2', e.at['b-flag'])}" if "r-fl" not in e.air.at
                       else toward(run, "r-fl", e.air.at["r-fl2"]))
        else:
            run.answer("launch b-fl" if "/fly/blue" in q.key and "b-fl" not in e.air.at else
                       "done" if "/fire/" in q.key else "none")
    pair = e.air.at["r-fl2"]
    run.answer(f"b-fl {pair}")
    assert f"dogfight at {pair}: B-FL against R-FL" in texts(run)
    run.answer(f"r-fl2 {toward(run, 'r-fl2', e.at['b-flag']).split()[-1]}")  # the charge flies on
    assert e.air.at["r-fl2"] != pair and e.air.at["r-fl"] == pair


def test_a_pulse_weapons_pulses_each_kill_a_fighter_and_the_last_one_killed_destroys_the_flight():
    """HF's audit (mutants of flightfire.resolve): pulse 3, B-FLAG's heavy pulse cannon (x2, d12 at
    fighters) at R-FL: d12 12 hits with its five pulses (the most), d12 1 misses: five hits, each damage
    d10 3 reaching armor 3, five fighters destroyed, one left (not destroyed); its shot is recorded for
    its spacing. Then the twin array at R-FL, its one flight: three hits, the last fighter destroyed and
    the flight with it."""
    pulse = {"name": "Heavy pulse cannon", "cls": "pulse", "shots": 2, "ranges": [10, 20, 30, 40],
             "fire_control": ["d10", "d8", "d12"], "damage": ["d10"], "x": 2}
    run = battle([12, 1, 3, 3, 3, 3, 3, 10, 10, 10, 8, 8, 8], weapons=(ARRAY, pulse))
    play(run, "b-fl superiority 1231", "FFF FF FFF", "r-fl attack b-flag; r-fl2 attack b-flag", "none")
    e = run.engine
    run.answer(f"launch r-fl; {toward(run, 'r-fl2', e.at['b-flag'])}")
    while e.pulse < 3 or not run.pending.key.startswith("b5/1/fire/"):
        q = run.pending
        run.answer("done" if "/fire/" in q.key else "none" if "/fly/blue" in q.key else
                   "; ".join(toward(run, f, e.at["b-flag"]) for f in ("r-fl", "r-fl2")))
    play(run, "fire", "b-flag", "Heavy pulse cannon", "r-fl")
    line = next(x for x in e.log.events if x.text.startswith("B-FLAG's Heavy pulse cannon (x2) at R-FL, "))
    assert line.text.endswith(": 5 hits, 5 fighters destroyed, 1 left"), line.text
    assert (line.kind, line.rule, line.data) == ("ruling", "B5 Target Selection", {"unit": "r-fl"})
    assert e.units["r-fl"].status.value == "present" and "r-fl" in e.air.at
    assert e.fired["b-flag"]["Heavy pulse cannon"] == [(1, 3)] and e.aims["flight b-flag Heavy pulse cannon"] == "r-fl"
    play(run, "fire", "b-flag", "Twin array", "r-fl")
    assert any(x.text.endswith("3 hits, 1 fighter destroyed, 0 left") for x in e.log.events)
    assert e.units["r-fl"].status.value == "destroyed" and "r-fl" not in e.air.at
    assert ("ruling", "R-FL is destroyed", {"unit": "r-fl"}) in [(x.kind, x.text, x.data) for x in e.log.events]
