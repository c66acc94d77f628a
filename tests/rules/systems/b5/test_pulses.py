"""A plotted b5 turn fought pulse by pulse (seed 003 Movement Pulses, Squadron Movement
Procedures, Combat: Target Selection, Max Shots/Turn): the squadrons move to each pulse's end in
the seed's order, then the ships may fire, in each of the three pulses."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5.battle import B5Battle
from rules.systems.b5.deploy import distance
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import CANNON, LASER
from tests.rules.systems.v13.helpers import AT, duel


def ruled(at: str, facing: str) -> dict[str, object]:
    return {"gm_ruling": "a close engagement", "answer": {"at": at, "facing": facing}}


SET_UP = ["meeting engagement", "skirmish", "none", 5, 8,
          {"at": "1030", "facing": "C"}, "1031",  # b-flag, b-f2
          ruled("3530", "F"), ruled("3531", "F"),  # r-flag, r-f2: 25 hexes off
          ruled("1040", "C"),  # b-c2 (squadron b2)
          "plot and move", "FF F FF", "FF F FF", "FFF FF FFF"]


STRAY = SET_UP[:8] + [ruled("3537", "F")] + SET_UP[9:]
"""R-F2 placed 7 hexes from its command ship: out of command from turn 2 on."""


def fight(faces=(1,) * 60, torpedo=False, set_up=SET_UP):
    """Blue: flag squadron (B-FLAG laser and cannon, B-F2 laser) and squadron b2 (B-C2, laser);
    Red: flag squadron (R-FLAG laser and cannon, R-F2 laser); misses on the scripted dice."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True,
               weapons=[LASER, CANNON] + ([TORPEDO] if torpedo else [])),
            b5("b-f2", "bflag", weapons=[LASER]), b5("b-c2", "b2", command=True, weapons=[LASER])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER, CANNON]),
           b5("r-f2", "rflag", weapons=[LASER])]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"].setdefault("b5", {}).setdefault("declared_fire", False)  # written for shot-by-shot fire
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in set_up:
        run.answer(a)
    return run


def test_each_pulse_moves_the_charts_hexes_then_asks_for_fire():
    """Speed 5 moves 2/1/2 and speed 8 3/2/3 (the Speed/Pulse chart); fire is asked after each pulse."""
    run = fight()
    e = run.engine
    gone = []
    for pulse in (1, 2, 3):
        assert run.pending.key.startswith("b5/1/fire/") and f"turn 1 pulse {pulse}:" in run.pending.text
        gone.append((distance(Label(10, 30), e.at["b-flag"]), distance(Label(35, 30), e.at["r-flag"])))
        assert run.status().stage == f"turn 1, pulse {pulse}"  # the battle window's Step
        run.answer("done")
    assert gone == [(2, 3), (3, 5), (5, 8)]
    assert run.pending.key == "b5/1/morale" and run.status().stage == "turn 1"


def test_the_move_order_the_defender_first_on_odd_turns_the_attacker_on_even():
    """Squadron Movement Procedures: odd turns the defender (Blue) moves first, even turns the
    attacker (Red); two squadrons against one, evened out (movement.alternation)."""
    run = fight()
    for a in ("done", "done", "done", [], "plot and move", "FF F FF", "FF F FF", "FFF FF FFF"):
        run.answer(a)

    def moved(turn: int) -> list[str]:
        return [x.text.split("squadron ")[1].split("'")[0] for x in run.log.events
                if x.text.startswith(f"turn {turn} pulse 1: squadron")]
    assert moved(1) == ["bflag", "b2", "rflag"]
    assert moved(2) == ["rflag", "bflag", "b2"]


def test_a_two_per_turn_weapon_waits_a_pulse_between_shots():
    """Max Shots/Turn: a weapon that cannot fire three times a turn waits one pulse between shots
    (the seed: fired in pulse three of turn two, not again before pulse two of turn three)."""
    run = fight()
    for a in ("fire", "r-flag", "Matter cannon", "b-flag", "done"):
        run.answer(a)
    run.answer("fire")
    run.answer("r-flag")
    assert run.pending.options == ("Laser",)  # pulse 2: the cannon fired in pulse 1
    run.answer("Laser")
    run.answer("b-flag")
    run.answer("done")
    run.answer("fire")
    run.answer("r-flag")
    assert run.pending.options == ("Matter cannon",)  # pulse 3: the cannon again; the laser fires once a turn
    fired = run.engine.fired["r-flag"]
    assert fired == {"Matter cannon": [(1, 1)], "Laser": [(1, 2)]}


def test_a_squadron_fires_at_one_enemy_squadron_and_a_ship_at_one_ship_a_pulse():
    """Target Selection: all ships of a squadron target ships of the same enemy squadron; a ship
    targets one enemy ship each pulse of fire."""
    run = fight()
    for a in ("fire", "r-flag", "Laser"):
        run.answer(a)
    assert set(run.pending.options) == {"b-flag", "b-f2", "b-c2"}
    run.answer("b-f2")
    for a in ("fire", "r-flag", "Matter cannon"):
        run.answer(a)
    assert run.pending.options == ("b-f2",)  # R-FLAG's one target this pulse
    run.answer("b-f2")
    for a in ("fire", "r-f2", "Laser"):
        run.answer(a)
    assert set(run.pending.options) == {"b-flag", "b-f2"}  # squadron bflag only: not B-C2 (squadron b2)
    run.answer("b-flag")
    run.answer("done")
    for a in ("fire", "b-flag", "Matter cannon"):  # pulse 2: Blue's flagship free to choose either
        run.answer(a)
    assert set(run.pending.options) == {"r-flag", "r-f2"}


TORPEDO = {"name": "Ion torpedo", "cls": "ballistic", "shots": 1, "ranges": [40],
           "fire_control": ["d10", "d8", "d4"], "damage": ["d10"], "x": 1}


def test_a_ballistic_weapon_hits_range_over_15_plus_one_pulses_later_before_the_moves():
    """Ballistic Weapons: launched in pulse 1 at 16 to 30 hexes, it hits 3 pulses later, pulse 1
    of the next turn (the seed's 21 hexes), resolved before that pulse's moves, with no range
    modifier and against the target's best armor."""
    run = fight(torpedo=True)
    for a in ("fire", "b-flag", "Ion torpedo", "r-flag"):
        run.answer(a)
    texts = [e.text for e in run.log.events]
    launch = next(t for t in texts if "Ion torpedo (x1) launched at R-FLAG" in t)
    hexes = int(launch.split(", ")[1].split(" ")[0])
    assert 16 <= hexes <= 30 and launch.endswith("it hits in turn 2 pulse 1 (3 pulses)")
    assert not [e for e in run.log.events if e.kind == "roll"]  # nothing rolled: in flight
    for a in ("done", "done", "done", [], "plot and move", "FF F FF", "FF F FF", "FFF FF FFF"):
        run.answer(a)
    texts = [e.text for e in run.log.events]
    hit = next(i for i, t in enumerate(texts) if "B-FLAG's Ion torpedo (x1) at R-FLAG, in flight" in t)
    first_move = next(i for i, t in enumerate(texts) if t.startswith("turn 2 pulse 1: squadron"))
    assert hit < first_move
    assert "d10 + sensor 5+0 needs 10: 0 hits on armor 5" in texts[hit]  # Def 10, no range; best armor 5


def test_no_weapons_fire_in_the_first_turn_of_a_jump_in():
    """Jump-In Scenarios: the defender gets one turn to respond as the vortices form; "no weapons
    fire may occur during this turn" (either side); from turn 2 on the ships fire."""
    from tests.rules.systems.b5.test_b5_checkpoints import SEED, play

    _c, run = play(SEED, turns=3, scenario="jump-in")
    keys = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert "b5/1/plot/r-flag" in keys and not [k for k in keys if k.startswith("b5/1/fire")]
    assert [k for k in keys if k.startswith("b5/2/fire")]


def test_a_ship_out_of_command_fires_after_all_other_fire():
    """Out of Command: a ship beyond the command radius at a turn's end is out of command during
    the next turn; it "may fire on its own, but must do so after all other fire has been resolved
    and after damage effects are applied". In the turn it strays it is still in command."""
    run = fight(set_up=STRAY)
    for pulse in (1, 2, 3):
        assert "out of command" not in run.pending.text and run.engine.out_of_command == set()
        run.answer("done")  # turn 1: no late fire; R-F2 is named out of command at the turn's end
    assert "out of command next turn (beyond 5 hexes of their command ship): R-F2" in [
        e.text for e in run.log.events]
    for a in ([], "plot and move", "FF F FF", "FF F FF", "FFF FF FFF", "fire"):
        run.answer(a)
    assert run.pending.options == ("b-flag", "b-f2", "r-flag", "b-c2")  # not R-F2, though its laser reaches
    for a in ("r-flag", "Laser", "b-flag"):
        run.answer(a)
    run.answer("done")
    assert "out of command: after all other fire" in run.pending.text
    run.answer("fire")
    assert run.pending.options == ("r-f2",)
    for a in ("r-f2", "Laser", "b-flag"):
        run.answer(a)
    assert any("R-F2's Laser (x1) at B-FLAG" in e.text for e in run.log.events)  # x2 halved out of command
    assert "turn 2 pulse 2" in run.pending.text


def test_the_once_per_turn_shift_half_the_fewest_hexes_in_a_pulse():
    """Movement of a Squadron: "Once per turn, the squadron commander can order a single ship to
    alter its current location ... half of (round up) the lowest number of hexes the ship will
    move in a single pulse that turn", announced before any ship moves. Red at speed 8 moves
    3/2/3: one hex. Given with the secret plot (``shift SHIP HEX``), done before the moves."""
    run = fight(set_up=SET_UP[:-1])
    assert run.pending.key == "b5/1/plot/r-flag"
    with pytest.raises(IllegalAnswer, match="B5 Movement of a Squadron: R-F2 may be shifted 1 hex this turn "
                                            r"\(half the fewest hexes moved in a pulse, 2, rounded up\), not 2"):
        run.answer("FFF FF FFF shift r-f2 3533")
    with pytest.raises(IllegalAnswer, match="B5 Movement of a Squadron: shift one ship of squadron rflag"):
        run.answer("FFF FF FFF shift r-flag 3529")  # its command ship follows the plot
    before = distance(run.engine.at["r-flag"], run.engine.at["r-f2"])
    run.answer("FFF FF FFF shift R-F2 3532")  # by its name or id
    assert "squadron rflag's commander shifts R-F2 from 3531 to 3532, before any ship moves" in [
        e.text for e in run.log.events]
    assert (before, distance(run.engine.at["r-flag"], run.engine.at["r-f2"])) == (1, 2)  # its new place kept
    for _ in range(3):
        run.answer("done")
    run.answer([])
    run.answer("plot and move")
    assert run.engine.shifts == {}  # once per turn: the next turn's orders are new


def test_a_squadron_in_relative_formation_follows_its_commanders_path_ship_by_ship():
    """Movement of a Squadron: "each member of the squadron follows the exact same movement path
    that is plotted for the commander's ship": B-F2 beside B-FLAG (both facing C) makes the same
    two hexes, a turn to port and one hex, then two hexes; in the normal (absolute) way it would
    keep its place about B-FLAG, turned with it."""
    from rules.systems.b5.deploy import hex_of
    from rules.systems.b5.movement import in_formation, parse_plot, run_plot
    from hexmap import Facing
    from hexmap.labels import axial_to_offset

    def end(plot_text: str) -> tuple[Label, Facing]:
        set_up = SET_UP[:6] + [{"at": "1031", "facing": "C"}] + SET_UP[7:11] + [plot_text] + SET_UP[12:]
        run = fight(set_up=set_up)
        while run.pending.key.startswith("b5/1/fire"):
            run.answer("done")
        return run.engine.at["b-f2"], run.engine.facing["b-f2"]

    plot = parse_plot("FF LF FF relative")
    assert plot.relative and plot.steps == ("FF", "LF", "FF")
    h, f = run_plot(hex_of(Label.parse("1031")), Facing.C, plot)[-1]
    assert end("FF LF FF relative") == (Label(*axial_to_offset(h)), f)
    route = run_plot(hex_of(Label.parse("1030")), Facing.C, plot)
    h2, f2 = in_formation(hex_of(Label.parse("1030")), Facing.C, hex_of(Label.parse("1031")), Facing.C, route)[-1]
    assert end("FF LF FF") == (Label(*axial_to_offset(h2)), f2) != end("FF LF FF relative")


def test_a_relative_plot_is_logged_and_checked_ship_by_ship():
    run = fight(set_up=SET_UP[:11])
    with pytest.raises(IllegalAnswer) as e:
        run.answer("FF F FF sideways")
    assert "\"relative\" last for relative formation, not 'sideways'" in str(e.value)
    run.answer("FF F FF relative")
    run.answer("FF F FF")
    run.answer("FFF FF FFF")
    assert any(e.text.startswith("squadron bflag (") and e.text.endswith("plotted FF F FF relative")
               for e in run.log.events)
