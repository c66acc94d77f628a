"""b5 energy mines as engine steps (seed 003 Energy Mine Launch, Energy Mines, the Affected Area
chart and the Hit Table): the central hex named in secret in the launch phase within reach, the
launch announced, the radius from the launchers (4: 2), arriving as a ballistic weapon (25 hexes:
3 pulses, launched in pulse 1: turn 2 pulse 1) before the pulse's moves; every unit in the area
rolls a d12 with its class modifier, 5 or more hit, and takes a d12 damage die on its best armor."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import emines
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_pulses import ruled
from tests.rules.systems.v13.helpers import AT, duel

MINES = {"name": "Energy mine", "cls": "energy_mine", "shots": 1, "ranges": [30], "fire_control": ["d10"] * 3,
         "damage": ["d12"], "x": 3}


def fight(faces=(1,) * 10):
    """Blue's flag squadron (B-FLAG 3 launchers, B-F2 1) at 1030 / 1031 moving at 5; Red's (R-FLAG
    capital, R-F2 medium) at 3530 / 3531 at speed 0; turn 1 plotted, Blue asked for its mines' hex."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[MINES]),
            b5("b-f2", "bflag", weapons=[dict(MINES, x=1)])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in ["meeting engagement", "skirmish", "none", 5, 0, {"at": "1030", "facing": "C"}, "1031",
              ruled("3530", "A"), ruled("3531", "A"), "plot and move", "FF F FF", "- - -"]:
        run.answer(a)
    return run


def test_the_launch_is_a_secret_hex_within_reach_of_the_command_ship():
    run = fight()
    q = run.pending
    assert q.key == "b5/1/mines/b-flag" and q.to == run.engine.units["b-flag"].team and q.data["secret"]
    legal = run.legal()
    assert legal and max(run.engine.board.distances(run.engine.at["b-flag"])[
        [run.engine.board.labels.index(x) for x in legal]]) == 30
    with pytest.raises(IllegalAnswer) as e:
        run.answer({"at": "4130", "facing": "A"})  # 31 hexes
    assert e.value.rule == emines.RULE and "reach 30 hexes from the command ship, not 31" in str(e.value)


def test_mines_arrive_as_a_ballistic_weapon_and_roll_for_every_unit_in_their_area():
    """R-FLAG (capital, -1) rolls 6: 5, hit; its d12 damage 9 on armor 5: severe, odd: a primary
    system and 2 structure, second die 3: the sensors. R-F2 (medium, -3) rolls 7: 4, missed."""
    run = fight([6, 9, 3, 7] + [1] * 10)
    run.answer({"at": "3530", "facing": "A"})
    texts = [e.text for e in run.log.events]
    assert "squadron bflag (Blue) launches 4 energy mines, radius 2: they arrive in turn 2 pulse 1 (their hex " \
           "is revealed then)" in texts
    given = next(e for e in run.log.events if e.kind == "answer" and e.data["key"] == "b5/1/mines/b-flag")
    assert given.visible_to == ("blue", "gm")  # the hex is Blue's secret until the mines arrive
    assert not any("centred on" in e.text for e in run.log.events)
    assert run.pending.key == "b5/1/morale"  # no fire (no guns): the turn's end
    run.answer([])
    for a in ("plot and move", "FF F FF", "- - -", "none"):  # turn 2: no second salvo
        run.answer(a)
    texts = [e.text for e in run.log.events]
    assert "squadron bflag's energy mines arrive centred on 3530, radius 2" in texts
    hit = next(t for t in texts if t.startswith("squadron bflag's energy mines at R-FLAG"))
    assert hit == "squadron bflag's energy mines at R-FLAG: d12 6 -1 needs 5: hit, d12 damage on armor 5: severe " \
                  "(sensors); 2 structure, 10 left", hit
    assert "squadron bflag's energy mines at R-F2: d12 7 -3 needs 5: missed" in texts
    assert run.engine.structure_lost["r-flag"] == 2 and run.engine.data("r-flag").sensor == 4
    assert not run.engine.mines


def test_energy_mines_are_launched_not_fired_at_a_ship():
    run = fight()
    run.answer("none")
    assert not any("Energy mine" in str(o) for o in (run.pending.options or ()))
    assert "launches" not in " ".join(e.text for e in run.log.events)


def test_undo_after_every_answer_with_mines_gives_a_full_replays_bytes(monkeypatch):
    """A seeded battle whose ships launch energy mines every turn they may: undo after every answer
    resumes from a checkpoint (the launches and the weapon choices their hits bring included)."""
    from rules.systems import start
    from tests.rules.systems.b5.helpers import ARRAY, PULSE, b5_campaign
    from tests.rules.systems.b5.test_marking import seeded, undo_everywhere

    c = start(b5_campaign(4, armed=True, weapons=[ARRAY, PULSE, dict(MINES, ranges=[40])]), AT).saved()
    run = seeded(c, 7)
    texts = [e.text for e in run.log.events]
    assert any("energy mines arrive centred on" in t for t in texts), texts[-20:]
    assert any("/mines/" in e.data["key"] for e in run.log.events if e.kind == "question")
    undo_everywhere(c, list(run.answers), monkeypatch)


def flight_fight(faces, era: int | None = None, fighters: int = 6):
    """As :func:`fight`, with Red's flight R-FL of ``fighters`` (no carrier: it begins launched at 3529,
    ahead of R-FLAG, armor 3) in the mines' area when they arrive in turn 2 pulse 1; ``era``: the
    record's (a battle saved before)."""
    from rules.systems.b5 import compat
    from tests.rules.systems.b5.helpers import flight

    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[MINES]),
            b5("b-f2", "bflag", weapons=[dict(MINES, x=1)])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag"),
           flight("r-fl", fighters)]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = end_movement(type(c).model_validate(data), build_graph(type(c).model_validate(data))).campaign
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    run.answer("meeting engagement")
    if era is not None:  # saved so: its record of that era, reopened
        c = run.saved()
        c = c.model_copy(update={"battle_hexes": [r.model_copy(update={"era": era}) for r in c.battle_hexes]})
        run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    assert run.record.era == (compat.ERA if era is None else era)
    for a in ["skirmish", "none", 5, 0, {"at": "1030", "facing": "C"}, "1031",
              ruled("3530", "A"), ruled("3531", "A"), "plot and move", "FF F FF", "- - -", "none",
              {"at": "3530", "facing": "A"}, "none", "none", "none", [], "plot and move", "FF F FF", "- - -", "none"]:
        run.answer(a)
    return run


def test_a_flight_in_the_area_rolls_and_a_hit_is_a_shot_at_it():
    """The seed: "Roll a single d12 for each unit or flight of fighters" (Fighter -4); its text is cut
    after "Fighters will": a hit's d12 damage is read as a shot at the flight (one fighter destroyed if
    it reaches the armor). R-FL rolls 9: 5, hit; damage 3 on armor 3: one fighter destroyed. Then a
    flight rolling 8 (4) is missed."""
    run = flight_fight([6, 9, 3, 7, 9, 3] + [1] * 10)
    texts = [e.text for e in run.log.events]
    assert run.engine.air.at["r-fl"].__str__() == "3529"
    assert "squadron bflag's energy mines at R-FL: d12 9 -4 needs 5: hit, d12 damage 3 on armor 3: 1 fighter " \
           "destroyed, 5 left" in texts, [t for t in texts if "mines" in t]
    assert texts.index("squadron bflag's energy mines at R-F2: d12 7 -3 needs 5: missed") < next(
        i for i, t in enumerate(texts) if "mines at R-FL:" in t)  # after the ships
    assert run.engine.fighters["r-fl"] == 5
    missed = flight_fight([6, 9, 3, 7, 8] + [1] * 10)
    assert "squadron bflag's energy mines at R-FL: d12 8 -4 needs 5: missed" in [e.text for e in missed.log.events]


def test_a_battle_saved_before_leaves_the_flights_out_of_the_mines():
    run = flight_fight([6, 9, 3, 7, 9, 3] + [1] * 10, era=1)
    assert not any("mines at R-FL:" in e.text for e in run.log.events)
    assert any("mines at R-F2: d12 7 -3 needs 5: missed" in e.text for e in run.log.events)  # they did arrive
    assert "r-fl" not in run.engine.fighters
