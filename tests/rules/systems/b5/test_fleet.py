"""b5 fleet command after the flagship is lost (seed 003 Fleet Flagship is Destroyed): the new
flagship is the squadron commander with the highest command rating; its fleet command rating is
how many squadrons besides its own it commands, the others designated to operate on their own at
75% until there is room; the next turn the enemy chooses, in secret, a pulse in which the affected
fleet moves all its ships first (its own shifts made then, after that fleet has moved), and no
fighter may be given new orders."""
from __future__ import annotations

import pytest

import json

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from rules.systems.b5 import fleet
from rules.systems.b5.losses import x_rating
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_abilities import battle
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.b5.test_pulses import ruled
from tests.rules.systems.v13.helpers import AT, duel

PLACES = {"b-flag": {"at": "1030", "facing": "C"}, "b-f2": "1031", "b-c2": ruled("1040", "C"),
          "b-c3": ruled("1020", "C"), "b-c4": ruled("1036", "C"), "r-flag": ruled("3530", "F"),
          "r-f2": ruled("3531", "F")}
KILL = [10, 3]
"""R-FLAG's matter cannon hits (d10 10 + sensor 5) and its d10 3 puts all 12 points in the structure."""


def lost_flagship(faces=KILL + [1] * 60, ratings=(2, 1, 1)):
    """Blue: B-FLAG (flagship, rating 4) and B-F2 (rating 0) in squadron bflag; one-ship squadrons b2
    (B-C2, rating 2), b3 and b4 (rating 1). Red: R-FLAG and R-F2. Turn 1 plotted; R-FLAG's cannon
    destroys B-FLAG in pulse 1; no grey boxes (no morale dice). Stops at the turn's first question
    after the pulses."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, command_rating=4, grey_boxes=0),
            b5("b-f2", "bflag", command_rating=0, grey_boxes=0),
            b5("b-c2", "b2", command=True, command_rating=ratings[0], weapons=[LASER], grey_boxes=0),
            b5("b-c3", "b3", "capital", command=True, command_rating=ratings[1], weapons=[LASER], grey_boxes=0),
            b5("b-c4", "b4", command=True, command_rating=ratings[2], weapons=[LASER], grey_boxes=0)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]), b5("r-f2", "rflag")]
    run = battle(blue, red, ["meeting engagement", "skirmish", "none", 5, 8], faces)
    while run.pending.key.startswith("b5/place/"):
        run.answer(PLACES[run.pending.key.split("/")[2]])
    run.answer("plot and move")
    while "/plot/" in run.pending.key:
        run.answer(run.pending.default)
    for a in ("fire", "r-flag", "Matter cannon", "b-flag"):
        run.answer(a)
    while "/fire/" in run.pending.key:
        run.answer("done")
    return run


def loss_campaign():
    """:func:`lost_flagship`'s forces, B-FLAG with structure 1 and Def 2, at the Battle Hex."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, command_rating=4, grey_boxes=0,
               structure=1, defence=2),
            b5("b-f2", "bflag", command_rating=0, grey_boxes=0),
            b5("b-c2", "b2", command=True, command_rating=2, weapons=[LASER], grey_boxes=0),
            b5("b-c3", "b3", "capital", command=True, command_rating=1, weapons=[LASER], grey_boxes=0),
            b5("b-c4", "b4", command=True, command_rating=1, weapons=[LASER], grey_boxes=0)]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
           b5("r-f2", "rflag", weapons=[LASER])]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"].setdefault("b5", {}).setdefault("declared_fire", False)  # written for shot-by-shot fire
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def seeded_loss(c=None):
    """:func:`lost_flagship`'s battle on the campaign's own dice (so a saved file replays it):
    B-FLAG fired at by Red until it is destroyed in turn 1; the run stops at the new flagship's
    question."""
    run = start(c or loss_campaign(), AT)
    for a in ["meeting engagement", "skirmish", "none", 5, 8]:
        run.answer(a)
    while run.pending.key.startswith("b5/place/"):
        run.answer(PLACES[run.pending.key.split("/")[2]])
    run.answer("plot and move")
    while "/plot/" in run.pending.key:
        run.answer(run.pending.default)
    while "/fire/" in run.pending.key:
        e = run.engine
        if "fire" not in run.pending.options or "b-flag" in e.doomed or e.units["b-flag"].status.value != "present":
            run.answer("done")
            continue
        run.answer("fire")
        run.answer(next(x for x in ("r-flag", "r-f2") if x in run.pending.options))
        run.answer(run.pending.options[0])  # its first weapon
        run.answer("b-flag" if "b-flag" in run.pending.options else run.pending.options[0])
    assert run.pending.key == "b5/1/network/blue", run.pending.key
    return run


def test_undo_after_every_answer_with_a_new_flagship_gives_a_full_replays_bytes(monkeypatch):
    """The net's question and the enemy's pulse resume from checkpoints like every turn question."""
    from tests.rules.systems.b5.test_marking import undo_everywhere
    c = loss_campaign()
    run = seeded_loss(c)
    for a in (["b-f2", "b-c3"], [], "plot and move", 3):
        run.answer(a)
    while not run.state.resolved:
        q = run.pending
        run.answer("done" if "/fire/" in q.key else "results" if q.key.endswith("/turn") else
                   q.default if q.default is not None else [])
    keys = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert "b5/1/network/blue" in keys and "b5/2/first/blue" in keys
    undo_everywhere(c, list(run.answers), monkeypatch)


def texts(run) -> list[str]:
    return [e.text for e in run.log.events]


def test_the_new_flagship_has_the_highest_rating_and_designates_the_squadrons_it_commands():
    run = lost_flagship()
    assert "B-C2 is Blue's flagship now" in texts(run)  # rating 2, above B-F2 (0), the flag squadron's new commander
    q = run.pending
    assert q.key == "b5/1/network/blue" and q.to == "blue" and q.options == ("b-f2", "b-c3", "b-c4")
    assert ("commands 2 squadrons besides its own (fleet command rating 2): tick their command ships (B-F2 (squadron "
            "bflag), B-C3 (squadron b3), B-C4 (squadron b4))") in q.text
    with pytest.raises(IllegalAnswer, match="B-C2 commands 2 squadrons besides its own .its fleet command rating., "
                                            "not 3"):
        run.answer(["b-f2", "b-c3", "b-c4"])
    run.answer(["b-f2", "b-c3"])
    assert ("B-C2, Blue's new flagship (fleet command rating 2), commands squadrons bflag and b3 besides its own; "
            "squadron b4 operates on its own at 75% until there is room in the command net") in texts(run)
    assert run.engine.net.outside == {"blue": ("b4",)}
    run.answer([])  # morale: no grey boxes at the table
    assert run.pending.key == "b5/2/turn"
    e = run.engine
    assert x_rating(e, "b-c3", 4) == 3 and x_rating(e, "b-c4", 4) == 3  # turn 2: the whole fleet at 75%
    assert fleet.no_new_fighter_orders(e, "blue") and not fleet.no_new_fighter_orders(e, "red")
    for a in ("at the table", []):
        run.answer(a)
    assert x_rating(e, "b-c3", 4) == 4 and x_rating(e, "b-c4", 4) == 3  # turn 3: b4 outside the net, 75%
    assert not fleet.no_new_fighter_orders(e, "blue")


def test_a_new_flagship_of_rating_0_leaves_every_other_squadron_outside_unasked():
    run = lost_flagship(ratings=(0, 0, 0))  # all 0: the first listed, B-F2 (the flag squadron's), is flagship
    assert "B-F2 is Blue's flagship now" in texts(run) and run.pending.key == "b5/1/morale"
    assert ("B-F2, Blue's new flagship (fleet command rating 0), commands no squadron besides its own; squadrons "
            "b2, b3 and b4 operate on their own at 75% until there is room in the command net") in texts(run)
    assert run.engine.net.outside == {"blue": ("b2", "b3", "b4")}


def test_a_squadron_outside_comes_into_the_net_once_there_is_room():
    run = lost_flagship()
    run.answer(["b-f2", "b-c3"])
    run.answer([])
    run.answer("plot and move")
    run.answer(2)  # Red's pulse
    while run.pending.key.split("/")[2] in ("plot", "elint"):
        run.answer(run.pending.default)
    run.engine.dice._faces[:0] = KILL  # noqa: SLF001 (R-FLAG's cannon again, in turn 2 pulse 1)
    for a in ("fire", "r-flag", "Matter cannon", "b-c3"):
        run.answer(a)
    while "/fire/" in run.pending.key:
        run.answer("done")
    assert "room in B-C2's command net: squadron b4 operates normally again" in texts(run)
    assert not run.engine.net.outside["blue"]
    run.answer([])
    assert x_rating(run.engine, "b-c4", 4) == 4  # turn 3: in the net again


def turn_two(red_plot: str, pulse: int = 2):
    """Turn 2 after Blue's flagship was lost: Red chooses ``pulse``; Red plots ``red_plot``; the
    positions of R-F2 at each pulse's end (and the run)."""
    run = lost_flagship()
    run.answer(["b-f2", "b-c3"])
    run.answer([])
    run.answer("plot and move")
    assert run.pending.key == "b5/2/first/blue" and run.pending.to == "red" and run.pending.data["secret"]
    run.answer(pulse)
    assert texts(run)[-2] == ("Blue's flagship was lost last turn: no fighters may be given new orders this turn; "
                              "Red has chosen in secret a pulse in which Blue moves all its ships first")
    while run.pending.key.split("/")[2] in ("plot", "elint"):
        run.answer(red_plot.replace("HEX", str(Label(run.engine.at["r-f2"].col, run.engine.at["r-f2"].row - 1)))
                   if run.pending.to == "red" else run.pending.default)
    places = []
    for _ in range(3):
        places.append(run.engine.at["r-f2"])
        run.answer("done")
    return run, places


def test_the_enemy_chooses_in_secret_the_pulse_the_affected_fleet_moves_first():
    run, _ = turn_two("FFF FF FFF")
    chosen = next(e for e in run.log.events if e.kind == "answer" and e.data.get("key") == "b5/2/first/blue")
    assert chosen.visible_to == ("red", "gm")  # secret until the plots are revealed
    assert "Red chose pulse 2: Blue moves all its ships first in it (its flagship lost)" in texts(run)
    order = [t for t in texts(run) if t.startswith("turn 2 pulse ")]
    pulse = {p: [t.split("squadron ")[1].split("'")[0] for t in order if t.startswith(f"turn 2 pulse {p}:")]
             for p in (1, 2, 3)}
    assert pulse[1][0] == "rflag" and pulse[3][0] == "rflag"  # turn 2 is even: the attacker first
    assert pulse[2] == ["bflag", "b2", "b3", "b4", "rflag"]  # the chosen pulse: Blue's whole fleet first


def test_the_enemys_shift_is_made_in_that_pulse_after_the_affected_fleet_has_moved():
    plain, before = turn_two("FFF FF FFF")
    run, after = turn_two("FFF FF FFF shift R-F2 HEX")
    assert after[0] == before[0] and after[1] != before[1]  # pulse 1 in formation; shifted in pulse 2
    shift = next(t for t in texts(run) if "commander shifts R-F2" in t)
    assert shift.startswith("squadron rflag's commander shifts R-F2 in pulse 2, after Blue's fleet has moved")
    log = texts(run)
    i = log.index(shift)  # right after Blue's last squadron moved in pulse 2, before Red's
    assert log[i - 1].startswith("turn 2 pulse 2: squadron b4's")
    assert log[i + 1].startswith("turn 2 pulse 2: squadron rflag's")
    assert "before any ship moves" not in " ".join(t for t in log if "commander shifts" in t)


def test_the_enemys_pulse_question_is_red_s_of_the_three_pulses_and_its_rulings_are_the_sections():
    """Fleet Flagship is Destroyed: "the enemy may choose one movement pulse": 1-3 (0 and 4 refused citing the
    rule), asked of Red in words; the ruling and the reveal are Fleet Command and Control's rulings."""
    run = lost_flagship()
    for a in (["b-f2", "b-c3"], [], "plot and move"):
        run.answer(a)
    q = run.pending
    assert (q.key, q.rule, q.to) == ("b5/2/first/blue", fleet.RULE, "red")
    assert q.text == ("Red: Blue's flagship was lost: in which pulse of turn 2 must Blue move all its ships first? (in "
                      "secret, revealed with the plots; your squadron commanders' shifts are then made in that pulse, "
                      "after its fleet has moved)")
    for bad in (0, 4):
        with pytest.raises(IllegalAnswer, match=f"{bad} is outside 1-3: a turn has three pulses") as why:
            run.answer(bad)
        assert why.value.rule == fleet.RULE
    run.answer(1)
    while run.pending.key.split("/")[2] in ("plot", "elint"):
        run.answer(run.pending.default)
    said = [(e.kind, e.rule, e.text) for e in run.log.events if "Blue moves all its ships first" in e.text]
    assert said == [("ruling", fleet.RULE, "Blue's flagship was lost last turn: no fighters may be given new orders "
                     "this turn; Red has chosen in secret a pulse in which Blue moves all its ships first"),
                    ("ruling", fleet.RULE, "Red chose pulse 1: Blue moves all its ships first in it (its flagship "
                     "lost)")]
