"""Which ships launch a squadron's energy mines (seed 003 Energy Mine Launch; rules/systems/b5/emines.py
``_launchers``, ``reach``): its ships in command, on the board and present, with an energy mine weapon
that may fire in pulse 1 of this turn (one shot a turn, one pulse between shots, the wait carrying over
from the turn before); the launchers' 'x' fix the radius on the Energy Mine Affected Area chart (3: 1,
4: 2). Written against the mutants of emines.py that survived test_emines.py (docs/ARCHITECTURE.md)."""
from __future__ import annotations

from rules.battlehex.roster import Status
from rules.systems.b5 import emines, fire
from tests.rules.systems.b5.test_emines import fight


def launchers(run) -> list[tuple[str, str]]:
    e = run.engine
    s = e.forces[e.units["b-flag"].team].squadron_of("b-flag")
    return [(uid, w.name) for uid, w in emines._launchers(e, s)]


def radius(run) -> int:
    e = run.engine
    return fire.emine_radius(sum(w.x for _uid, w in emines._launchers(e, e.forces[e.units["b-flag"].team]
                                                                      .squadron_of("b-flag"))))


def test_both_ships_launch_four_mines_radius_2():
    run = fight()
    assert launchers(run) == [("b-flag", "Energy mine"), ("b-f2", "Energy mine")] and radius(run) == 2
    assert emines.reach(run.engine, "b-flag") == 30


def test_a_ship_out_of_command_launches_none_whichever_ship_it_is():
    run = fight()
    run.engine.out_of_command.add("b-f2")  # B-FLAG's 3 alone: radius 1
    assert launchers(run) == [("b-flag", "Energy mine")] and radius(run) == 1
    run.engine.out_of_command = {"b-flag"}  # the first ship out: the next still launches
    assert launchers(run) == [("b-f2", "Energy mine")] and radius(run) == 0


def test_a_ship_off_the_board_or_gone_launches_none():
    run = fight()
    del run.engine.at["b-f2"]  # not on the board (yet to come through, or left)
    assert launchers(run) == [("b-flag", "Energy mine")]
    run = fight()
    run.engine.units["b-f2"].status = Status.DESTROYED
    assert launchers(run) == [("b-flag", "Energy mine")]


def test_a_mine_fired_this_turn_or_a_pulse_ago_is_not_launched_again():
    run = fight()
    e = run.engine
    e.fired["b-flag"] = {"Energy mine": [(e.round, 1)]}  # its one shot this turn
    assert launchers(run) == [("b-f2", "Energy mine")]
    e.fired["b-flag"] = {"Energy mine": [(e.round - 1, 3)]}  # last turn's pulse 3: no pulse between
    assert launchers(run) == [("b-f2", "Energy mine")]
    e.fired["b-flag"] = {"Energy mine": [(e.round - 1, 2)]}  # pulse 2: pulse 3 between
    assert launchers(run) == [("b-flag", "Energy mine"), ("b-f2", "Energy mine")]
    e.fired["b-flag"] = {"Other gun": [(e.round, 1)]}  # another weapon's shot does not count
    assert launchers(run) == [("b-flag", "Energy mine"), ("b-f2", "Energy mine")]


def test_only_energy_mine_weapons_launch_and_a_squadron_without_reaches_nothing():
    run = fight()
    e = run.engine
    laser = e.units["b-flag"].unit.b5.weapons[0].model_copy(update={"name": "Laser", "cls": fire.WeaponClass.LASER})
    e.units["b-flag"].unit.b5 = e.units["b-flag"].unit.b5.model_copy(
        update={"weapons": [laser, *e.units["b-flag"].unit.b5.weapons]})
    e.fired["b-flag"] = {"Laser": [(e.round, 1)]}  # fired: may not fire again, and no mine weapon anyway
    assert launchers(run) == [("b-flag", "Energy mine"), ("b-f2", "Energy mine")]
    assert emines.reach(e, "r-flag") == 0  # Red's squadron has no launchers



def _mine_lines(run) -> list[tuple[str, str, str, dict]]:
    return [(e.kind, e.rule, e.text, e.data) for e in run.log.events if e.rule == emines.RULE and "R-FL" in e.text]


def test_a_mine_hit_below_a_flights_armor_destroys_no_fighter():
    """R-FL rolls 9 (-4: 5, hit); damage 2 on armor 3: none destroyed, 6 left."""
    from tests.rules.systems.b5.test_emines import flight_fight

    run = flight_fight([6, 9, 3, 7, 9, 2] + [1] * 10)
    assert run.engine.fighters["r-fl"] == 6 and "r-fl" in run.engine.air.at
    assert ("ruling", emines.RULE, "squadron bflag's energy mines at R-FL: d12 9 -4 needs 5: hit, d12 damage 2 on "
            "armor 3: 0 fighters destroyed, 6 left", {"unit": "r-fl"}) in _mine_lines(run)
    events = list(run.log.events)
    at = next(i for i, e in enumerate(events) if "mines at R-FL:" in e.text)
    assert events[at - 1].text == "energy mine damage (Blue): 1d12 rolled 2"  # the flight's damage die, named


def test_a_flight_left_with_one_fighter_flies_on_and_one_left_with_none_is_destroyed():
    from rules.battlehex.roster import Status
    from tests.rules.systems.b5.test_emines import flight_fight

    run = flight_fight([6, 9, 3, 7, 9, 3] + [1] * 10, fighters=2)  # damage 3 on armor 3: one of two
    assert run.engine.fighters["r-fl"] == 1 and run.engine.units["r-fl"].status is Status.PRESENT
    assert "r-fl" in run.engine.air.at
    run = flight_fight([6, 9, 3, 7, 9, 3] + [1] * 10, fighters=1)  # the last one
    e = run.engine
    assert e.fighters["r-fl"] == 0 and e.units["r-fl"].status is Status.DESTROYED and "r-fl" not in e.air.at
    assert _mine_lines(run)[-2:] == [
        ("ruling", emines.RULE, "squadron bflag's energy mines at R-FL: d12 9 -4 needs 5: hit, d12 damage 3 on "
         "armor 3: 1 fighter destroyed, 0 left", {"unit": "r-fl"}),
        ("ruling", emines.RULE, "R-FL is destroyed", {"unit": "r-fl"})]
