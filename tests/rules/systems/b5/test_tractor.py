"""b5 the Minbari tractor beam in a battle (seed 003 Tractor Beam; rules/systems/b5/tractor.py): offered
only next to the target at its speed and in its direction, each condition just met and just missed; a
target that is not disabled, not 75% damaged asked whether it is willing (no: it breaks free); one with
no accel held with no question; at 75% damage its side asked whether it fights, with the exact chance,
the dice (even structure, odd maneuvering, split by its side), breaking away or held; the power cost by
size; the held ship drawn along after each pulse's moves; undo at each question from a checkpoint."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import deploy, tractor
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import LASER
from tests.rules.systems.b5.test_guardian import BEAM
from tests.rules.systems.b5.test_specials import ACCELERATOR
from tests.rules.systems.v13.helpers import AT, duel


def G(a):
    return {"gm_ruling": "the tractor test's set-up", "answer": a}


def set_up(speed: int = 5, f2_facing: str = "C"):
    """Blue B-FLAG (capital) at 1030, B-F2 (medium) at 1031; Red's Minbari R-FLAG (a tractor beam, a
    Laser and a Beam) at 1132 beside B-F2 after the moves, R-F2 at 1233; Blue at speed 5, Red at ``speed``."""
    return ["meeting engagement", "skirmish", "none", 5, speed, {"at": "1030", "facing": "C"},
            {"at": "1031", "facing": f2_facing}, G({"at": "1132", "facing": "C"}), G({"at": "1233", "facing": "C"}),
            "plot and move", "FF F FF", " ".join("F" * n for n in {5: (2, 1, 2), 6: (2, 2, 2)}[speed])]


def campaign(f2=None, flag_category="capital", red_weapons=None):
    blue = [b5("b-flag", "bflag", flag_category, command=True, flagship=True, weapons=[LASER]),
            b5("b-f2", "bflag", **(f2 or {}))]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=list(red_weapons or (LASER, BEAM)),
              tractor=True, race="minbari"), b5("r-f2", "rflag", weapons=[BEAM], race="minbari")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def specials_campaign():
    """Blue's B-FLAG with a Guardian Array of 2 levels; Red's Minbari R-FLAG with a tractor beam, a Laser,
    a Beam and a Plasma Accelerator, set up beside Blue's B-F2 (the GUI test's and random play's)."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER], guardian=2),
            b5("b-f2", "bflag")]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, BEAM, ACCELERATOR],
              tractor=True, race="minbari"), b5("r-f2", "rflag", weapons=[BEAM], race="minbari")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def fight(c, answers, faces=(5,), **kw):
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice(list(faces) * 300))
    for a in [*set_up(**kw), *answers]:
        run.answer(a)
    return run


def texts(run):
    return [e.text for e in run.log.events]


def test_offered_next_to_the_target_at_its_speed_and_direction():
    run = fight(campaign(), [])
    e = run.engine
    assert deploy.distance(e.at["r-flag"], e.at["b-f2"]) == 1 and deploy.distance(e.at["r-flag"], e.at["b-flag"]) == 2
    assert "tractor" in run.pending.options
    run.answer("tractor")
    assert run.pending.options == ("r-flag>b-f2",) and run.pending.to == "gm"
    with pytest.raises(IllegalAnswer, match="R-FLAG may not hold B-FLAG: the target must be in the hex next to it, "
                                            "not 2 hexes away"):
        run.answer("r-flag>b-flag")
    with pytest.raises(IllegalAnswer, match="R-F2 has no tractor beam"):
        run.answer("r-f2>b-f2")
    assert tractor.why_not(e, "r-flag", "b-f2") == ""
    other_facing = fight(campaign(), [], f2_facing="B")
    assert "tractor" not in other_facing.pending.options
    assert tractor.why_not(other_facing.engine, "r-flag", "b-f2") == "it must travel in the target's direction"
    faster = fight(campaign(), [], speed=6)
    assert faster.engine.speed["r-flag"] == 6 and faster.engine.speed["b-f2"] == 5
    assert tractor.why_not(faster.engine, "r-flag", "b-f2") == "it must travel at the target's speed, 5, not 6"


def test_a_sound_ship_is_asked_whether_it_is_willing_else_it_breaks_free():
    run = fight(campaign(), ["tractor", "r-flag>b-f2"])
    q = run.pending
    assert q.key == "b5/1/tractor_willing" and q.to == "blue" and q.rule == "B5 Tractor Beam"
    run.answer(False)
    assert "B-F2 breaks free of R-FLAG's tractor beam: it is not disabled, not 75% damaged and not willing" \
        in texts(run) and not run.engine.tractor.held


def test_willing_medium_target_one_weapon_powered_down_and_drawn_along():
    run = fight(campaign(), ["tractor", "r-flag>b-f2", True])
    q = run.pending
    assert q.key == "b5/1/tractor_power" and q.to == "red" and q.options == ("Laser", "Beam")
    run.answer("Laser")
    e = run.engine
    assert "R-FLAG's tractor beam holds B-F2 (it accepts being tractored): one weapon system of its choice powered " \
           "down" in texts(run)
    assert [w.x for w in e.data("r-flag").weapons] == [0, 1] and e.units["r-flag"].unit.b5.weapons[0].x == 2
    run.answer("fire")
    run.answer("r-flag")
    assert run.pending.options == ("Beam",)  # the Laser is powered down
    side = deploy.hex_of(e.at["b-f2"]) - deploy.hex_of(e.at["r-flag"])
    run.answer("Beam")
    run.answer("b-flag")
    while e.pulse < 2:
        q = run.pending
        run.answer(("resolve" if "resolve" in q.options else "done") if "/fire/" in q.key else q.default)
    assert deploy.hex_of(e.at["b-f2"]) - deploy.hex_of(e.at["r-flag"]) == side  # drawn along beside it


def test_a_ship_with_no_accel_is_held_with_no_question_all_weapons_for_a_heavy_one():
    run = fight(campaign(f2={"category": "heavy", "armor": [5, 4], "accel": 0}), ["tractor", "r-flag>b-f2"])
    assert "R-FLAG's tractor beam holds B-F2 (it has lost all ability to accelerate or decelerate): all its weapon " \
           "systems powered down" in texts(run)
    assert run.pending.key.startswith("b5/1/fire/") and [w.x for w in run.engine.data("r-flag").weapons] == [0, 0]


def test_a_capital_target_halves_the_tractoring_ships_maneuvering():
    run = fight(campaign(f2={"category": "capital", "armor": [5, 4, 3], "decel": 0}), ["tractor", "r-flag>b-f2"])
    d, base = run.engine.data("r-flag"), run.engine.units["r-flag"].unit.b5
    assert (d.accel, d.turn, d.come_about) == (3, 6, 3) and (base.accel, base.come_about) == (6, 6)
    assert "tractor" in run.pending.options
    run.answer("tractor")
    assert run.pending.options == ("release r-flag",)
    run.answer("release r-flag")
    assert run.engine.data("r-flag").accel == 6 and "R-FLAG's tractor beam lets B-F2 go: the Game Master lets it go" \
        in texts(run)


def damaged(lost: int, accel: int = 1, decel: int = 1, faces=(5,)):
    """B-F2 with ``lost`` structure of 12 already lost (set on the engine: the fire that would do it is not the
    test's), accel and decel as given."""
    run = fight(campaign(f2={"accel": accel, "decel": decel}), [], faces=faces)
    run.engine.structure_lost["b-f2"] = lost
    run.answer("tractor")
    run.answer("r-flag>b-f2")
    return run


def test_75_percent_damage_just_missed_asks_whether_it_is_willing():
    assert damaged(8).pending.key == "b5/1/tractor_willing"


def test_at_75_percent_damage_fighting_the_tractor_breaks_away_on_even_dice():
    run = damaged(9, faces=(2,))
    q = run.pending
    assert q.key == "b5/1/tractor_fight" and q.to == "blue"
    assert "2 points of damage (accel 1 + decel 1)" in q.text and "chance 1/4" in q.text
    run.answer(True)
    assert run.engine.structure_lost["b-f2"] == 11 and "B-F2 breaks away (accel 1, decel 1 left)" in texts(run)
    assert not run.engine.tractor.held


def test_at_75_percent_damage_an_odd_die_leaves_it_held():
    run = damaged(9, faces=(1, 2))
    run.answer(True)
    q = run.pending
    assert q.key == "b5/1/tractor_split" and (q.low, q.high) == (0, 1)
    run.answer(1)
    e = run.engine
    assert (e.data("b-f2").accel, e.data("b-f2").decel, e.structure_lost["b-f2"]) == (0, 1, 10)
    assert "R-FLAG's tractor beam holds B-F2 (it has lost all ability to accelerate or decelerate fighting it): one " \
           "weapon system of its choice powered down" in texts(run)
    assert run.pending.key == "b5/1/tractor_power"


def test_at_75_percent_damage_not_fighting_is_held():
    run = damaged(9)
    run.answer(False)
    assert run.pending.key == "b5/1/tractor_power" and any("(it does not fight the tractor)" in t for t in texts(run))


@pytest.mark.parametrize("answers", [["tractor", "r-flag>b-f2", True, "Beam"],
                                     ["tractor", "r-flag>b-f2", False]])
def test_undo_at_each_tractor_question_resumes_from_a_checkpoint(monkeypatch, answers):
    from rules.battlehex import replay_points
    from rules.systems import start
    from tests.rules.battlehex.test_replay_points import counting
    from tests.rules.systems.b5.test_b5_checkpoints import reference

    replay_points.SHELF.clear()
    c = start(campaign(), AT).saved()
    run = start(c, AT)
    given = counting(monkeypatch)
    every = [*set_up(), *answers, "done"]
    for a in every:
        q = run.pending
        run.answer(a)
        if "/tractor" in q.key:
            given.clear()
            run.undo(1)
            assert not given and run.pending.key == q.key
            run.answer(a)
    ref = reference(c, None, every)
    assert run.events_json() == ref.events_json() and run.saved() == ref.saved()
