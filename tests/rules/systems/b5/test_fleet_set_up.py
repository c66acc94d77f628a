"""b5 set-up of a side whose flagship, or a squadron whose command ship, is not in the Battle Hex
(seed 003 Fleet Command and Control): the seed's rules for a lost one designate it ("a new flagship
must be designated. This is chosen from the squadron commander with the highest command rating";
a new squadron commander "must be a ship with the ability to command all the ships remaining"),
asked of the side when more than one ship may be; a side of escorts alone is a squadron of its
own at 75%. Before, such a battle was refused ("needs exactly one group flagship") and the GM
ruled it."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.systems.b5.losses import x_rating
from tests.rules.systems.b5.helpers import b5, flight
from tests.rules.systems.b5.test_abilities import battle

RED = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag")]


def rulings(run, rule_part: str) -> list[str]:
    return [e.text for e in run.log.events if e.kind == "ruling" and rule_part in e.rule]


def test_a_side_with_no_flagship_in_the_battle_has_the_highest_rated_squadron_commander_as_flagship():
    """Blue's flagship is elsewhere: B-C3 (command rating 4) over B-C2 (2), no question (one legal
    choice), logged with the seed's section; the battle goes on to the GM's scenario question and
    B-C3 is placed as the flagship."""
    blue = [b5("b-c2", "b2", command=True, command_rating=2), b5("b-c3", "b3", command=True, command_rating=4),
            b5("b-f3", "b3", command_rating=1)]
    run = battle(blue, RED, [], [1] * 40)
    assert run.pending.key == "b5/scenario", run.pending.key
    assert run.engine.forces["blue"].flagship == "b-c3"
    assert [s.name for s in run.engine.forces["blue"].squadrons] == ["b3", "b2"]  # the flag squadron first
    said = rulings(run, "Fleet Flagship is Destroyed")
    assert any(t.startswith("B-C3 is Blue's group flagship (none in the battle)") and "highest command rating, 4" in t
               for t in said), said
    assert any("commands the whole fleet" in t for t in rulings(run, "Fleet Command")), run.log.events
    for a in ["meeting engagement", "skirmish", "none", 5, 8]:
        run.answer(a)
    q = run.pending  # Blue defends: it places first, its flag squadron's command ship first
    assert q.key == "b5/place/b-c3" and q.data["role"] == "flagship", q


def tie(ratings=(3, 3, 1)):
    blue = [b5("b-c2", "b2", command=True, command_rating=ratings[0]),
            b5("b-c3", "b3", command=True, command_rating=ratings[1]),
            b5("b-c4", "b4", command=True, command_rating=ratings[2])]
    return battle(blue, RED, [], [1] * 40)


def test_a_tie_is_blues_choice_the_first_listed_by_default_and_a_lower_rating_is_refused():
    run = tie()
    q = run.pending
    assert q.key == "b5/flagship/blue" and q.to == "blue" and q.options == ("b-c2", "b-c3"), q
    assert q.default == "b-c2"
    assert q.data["option_words"]["b-c3"] == "B-C3 (command rating 3)"
    with pytest.raises(IllegalAnswer, match=r"B-C4 \(command rating 1\) may not be the group flagship: the flagship is "
                                            "chosen from the squadron commander with the highest command rating, 3 here"):
        run.answer("b-c4")
    with pytest.raises(IllegalAnswer, match="answer one of"):
        run.answer("r-flag")
    assert run.pending.key == "b5/flagship/blue"  # nothing applied
    run.answer("b-c3")
    assert run.engine.forces["blue"].flagship == "b-c3"
    assert run.pending.key == "b5/scenario"  # rating 3 commands the two other squadrons


def test_the_designated_flagship_commands_its_fleet_command_rating_the_others_at_75_percent():
    """Rating 1, three squadrons: B-C2 designated, it commands one squadron besides its own (Blue
    designates which: B-C3's by default); B-C4's operates on its own at 75% (x4 -> x3)."""
    run = tie((1, 1, 0))
    run.answer(run.pending.default)
    q = run.pending
    assert q.key == "b5/net/blue" and q.options == ("b-c3", "b-c4") and q.default == ["b-c3"], q
    with pytest.raises(IllegalAnswer, match="commands 1 squadron besides its own"):
        run.answer(["b-c3", "b-c4"])
    run.answer(["b-c3"])
    assert run.engine.net.outside["blue"] == ("b4",)
    run.engine.round = 1
    assert x_rating(run.engine, "b-c4", 4) == 3 and x_rating(run.engine, "b-c3", 4) == 4


def test_a_squadron_with_no_command_ship_has_one_able_to_command_it():
    """Squadron s (no command ship in the battle): B-F1 (rating 1) and B-F2 (rating 3) can both
    command the other: Blue chooses, B-F2 (the highest) by default; it is then the flagship too."""
    blue = [b5("b-f1", "s", command_rating=1), b5("b-f2", "s", command_rating=3)]
    run = battle(blue, RED, [], [1] * 40)
    q = run.pending
    assert q.key == "b5/commander/blue/0" and q.options == ("b-f2", "b-f1") and q.default == "b-f2", q
    run.answer("b-f1")
    assert run.pending.key == "b5/scenario"
    force = run.engine.forces["blue"]
    assert force.flagship == "b-f1" and force.squadrons[0].command == "b-f1"
    assert any(t.startswith("B-F1 commands squadron s (its command ship is not in the battle") for t in
               rulings(run, "Squadron Commander is Destroyed"))


def test_a_squadron_none_can_command_wholly_leaves_the_extra_ships_out_of_command():
    """Three ships of rating 1 (none can command two): the one that can command the most, B-F1
    first; B-F3 cannot be commanded: out of command for the rest of the battle."""
    blue = [b5("b-f1", "s", command_rating=1), b5("b-f2", "s", command_rating=1), b5("b-f3", "s", command_rating=0)]
    run = battle(blue, RED, [], [1] * 40)
    q = run.pending
    assert q.options == ("b-f1", "b-f2"), q
    with pytest.raises(IllegalAnswer, match="B-F3 .* may not be the commander of squadron s"):
        run.answer("b-f3")
    run.answer(q.default)
    assert run.engine.cut_off == {"b-f3"}


def test_a_side_of_escorts_alone_is_a_squadron_of_its_own_at_75_percent():
    blue = [b5("b-e1", escort=True, command_rating=2), b5("b-e2", escort=True, command_rating=0)]
    run = battle(blue, RED, [], [1] * 40)
    assert run.pending.key == "b5/scenario", run.pending.key
    force = run.engine.forces["blue"]
    assert force.flagship == "b-e1" and force.escorts == () and force.squadrons[0].ships == ("b-e1", "b-e2")
    run.engine.round = 1
    assert x_rating(run.engine, "b-e2", 4) == 3
    assert any("its escorts are one of their own, outside the fleet network: 75%" in t
               for t in rulings(run, "Fleet Flagship is Destroyed"))


def test_a_side_of_fighter_flights_alone_is_still_refused_it_has_no_ship():
    with pytest.raises(RuleError, match="Blue has no ship with Babylon 5 data in this battle"):
        battle([flight("b-fl")], RED, [], [1] * 40)


def test_a_designation_is_undone_and_replays_to_the_same_bytes():
    run = tie()
    run.answer("b-c3")
    once = [e.text for e in run.log.events]
    run.restart(["b-c3"])
    assert [e.text for e in run.log.events] == once and run.pending.key == "b5/scenario"
    run.restart([])
    assert run.pending.key == "b5/flagship/blue" and "B-C3 is Blue's group flagship" not in " ".join(
        e.text for e in run.log.events)


def test_a_side_has_no_designated_flagship_until_it_designates_one():
    """What the B5 Forces sheet marks "(flag)" (issue 24): Blue's none while it chooses in a tie (not the
    default its force is built with), B-C3 once designated; Red's, named in its data, throughout."""
    from rules.systems.b5.fleet import designated_flagship

    run = tie()
    e = run.engine
    assert run.pending.key == "b5/flagship/blue" and e.forces["blue"].flagship == "b-c2"
    assert designated_flagship(e, "blue") == "" and designated_flagship(e, "red") == "r-flag"
    run.answer("b-c3")
    assert designated_flagship(e, "blue") == "b-c3" and designated_flagship(e, "red") == "r-flag"
