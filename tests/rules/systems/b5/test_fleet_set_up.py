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


FLAG_RULE = "B5 Fleet Command and Control (Fleet Flagship is Destroyed)"
SQUADRON_RULE = "B5 Fleet Command and Control (Squadron Commander is Destroyed)"


def test_the_flagship_question_refusals_and_ruling_in_words():
    """The tie's question is Blue's, a choice under the seed's section, saying the rule and whom it is among; a
    refusal cites the section; the ruling names the rating and, with a squadron, no escorts of their own."""
    run = tie()
    q = run.pending
    assert (q.kind.name, q.rule, q.to) == ("CHOOSE", FLAG_RULE, "blue")
    assert q.text == ("Blue: designate the group flagship, none being in the battle (the flagship is chosen from the "
                      "squadron commander with the highest command rating, 3 here; among squadron commanders): "
                      "B-C2 (command rating 3) or B-C3 (command rating 3)?")
    with pytest.raises(IllegalAnswer) as lower:
        run.answer("b-c4")
    with pytest.raises(IllegalAnswer) as other:
        run.answer("r-flag")
    assert lower.value.rule == other.value.rule == FLAG_RULE
    assert str(other.value) == (f"{FLAG_RULE}: answer one of B-C2 (command rating 3), B-C3 (command rating 3), "
                                "not 'r-flag'")
    run.answer("b-c3")
    assert rulings(run, "Fleet Flagship is Destroyed") == [
        "B-C3 is Blue's group flagship (none in the battle): chosen from the squadron commanders with the highest "
        "command rating, 3"]


def test_a_side_of_escorts_alone_is_named_in_the_flagship_ruling():
    blue = [b5("b-e1", escort=True, command_rating=2), b5("b-e2", escort=True, command_rating=0)]
    run = battle(blue, RED, [], [1] * 40)
    assert rulings(run, "Fleet Flagship is Destroyed") == [
        "B-E1 is Blue's group flagship (none in the battle): chosen from the squadron commanders with the highest "
        "command rating, 2; Blue has no squadron, so its escorts are one of their own, outside the fleet network: "
        "75% of their ratings"]


def test_the_commander_question_refusal_and_ruling_in_words():
    """Squadron Commander is Destroyed: "It must be a ship with the ability to command all the ships remaining in
    the squadron. If no such ship exists, then the ship that can command the most units should be designated"."""
    blue = [b5("b-f1", "s", command_rating=1), b5("b-f2", "s", command_rating=1), b5("b-f3", "s", command_rating=0)]
    run = battle(blue, RED, [], [1] * 40)
    q = run.pending
    assert (q.kind.name, q.rule, q.to) == ("CHOOSE", SQUADRON_RULE, "blue")
    assert q.text == ("Blue: designate the commander of squadron s, none being in the battle (the commander must be a "
                      "ship able to command all the ships of the squadron (or, if none is, the one that can command "
                      "the most); among the ships of squadron s): B-F1 (command rating 1) or B-F2 (command rating 1)?")
    with pytest.raises(IllegalAnswer) as why:
        run.answer("b-f3")
    assert why.value.rule == SQUADRON_RULE
    assert str(why.value) == (f"{SQUADRON_RULE}: B-F3 (command rating 0) may not be the commander of squadron s: the "
                              "commander must be a ship able to command all the ships of the squadron (or, if none "
                              "is, the one that can command the most)")
    run.answer("b-f1")
    assert rulings(run, "Squadron Commander is Destroyed") == [
        "B-F1 commands squadron s (its command ship is not in the battle; command rating 1): B-F3 out of command "
        "for the rest of the battle"]


def test_a_commander_that_commands_the_whole_squadron_leaves_none_out():
    blue = [b5("b-f1", "s", command_rating=1), b5("b-f2", "s", command_rating=3)]
    run = battle(blue, RED, ["b-f1"], [1] * 40)
    assert rulings(run, "Squadron Commander is Destroyed") == [
        "B-F1 commands squadron s (its command ship is not in the battle; command rating 1)"]


def test_two_squadrons_with_no_command_ship_keep_both_designations():
    """Squadrons s and t each designate a commander; the second does not undo the first (B-F1, not the seed's
    usual B-F2, commands s)."""
    blue = [b5("b-f1", "s", command_rating=1), b5("b-f2", "s", command_rating=3), b5("b-g1", "t", command_rating=2),
            b5("b-g2", "t", command_rating=1)]
    run = battle(blue, RED, ["b-f1"], [1] * 40)
    assert run.pending.key == "b5/commander/blue/1"
    run.answer("b-g2")
    assert {s.name: s.command for s in run.engine.forces["blue"].squadrons} == {"s": "b-f1", "t": "b-g2"}


def test_the_attacker_designates_its_flagship_when_the_defender_has_one():
    """Blue (defending) has its flagship in the battle; Red's is elsewhere, two squadron commanders of rating 3:
    Red is asked."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True), b5("b-f2", "bflag")]
    red = [b5("r-c2", "r2", command=True, command_rating=3), b5("r-c3", "r3", command=True, command_rating=3)]
    run = battle(blue, red, [], [1] * 40)
    assert (run.pending.key, run.pending.to, run.pending.options) == ("b5/flagship/red", "red", ("r-c2", "r-c3"))


def test_the_set_up_net_question_refusals_and_ruling_in_words():
    """Fleet command rating 1 (B-C2 designated), squadrons b3 and b4 besides its own: Blue ticks one, the other
    operates on its own at 75%."""
    run = tie((1, 1, 0))
    run.answer("b-c2")
    q = run.pending
    assert (q.key, q.kind.name, q.rule, q.to) == ("b5/net/blue", "CHOOSE_UNITS", "B5 Fleet Command and Control",
                                                  "blue")
    assert q.text == ("Blue: B-C2, the new flagship, commands 1 squadron besides its own (fleet command rating 1): "
                      "tick their command ships (B-C3 (squadron b3), B-C4 (squadron b4)); the others operate on their "
                      "own at 75% until there is room in the command net")
    with pytest.raises(IllegalAnswer) as many:
        run.answer(["b-c3", "b-c4"])
    with pytest.raises(IllegalAnswer) as enemy:
        run.answer(["r-flag"])
    assert many.value.rule == enemy.value.rule == "B5 Fleet Command and Control"
    assert str(enemy.value) == ("B5 Fleet Command and Control: choose the command ships of the squadrons under the "
                                "flagship among: B-C3, B-C4; not ['r-flag']")
    run.answer(["b-c3"])
    assert rulings(run, "Fleet Command and Control") == [
        "B-C2 is Blue's group flagship (none in the battle): chosen from the squadron commanders with the highest "
        "command rating, 1",
        "B-C2, Blue's new flagship (fleet command rating 1), commands squadron b3 besides its own; squadron b4 "
        "operates on its own at 75% until there is room in the command net"]


def test_a_flagship_rated_for_exactly_the_other_squadrons_commands_the_whole_fleet_unasked():
    run = tie((2, 2, 1))
    run.answer("b-c2")
    assert run.pending.key == "b5/scenario"
    assert rulings(run, "Fleet Command and Control")[-1] == (
        "B-C2, Blue's new flagship (fleet command rating 2), commands the whole fleet")


def test_two_squadrons_left_outside_are_named_together():
    """A designated flagship of command rating 0 commands no squadron besides its own: both others at 75%."""
    run = tie((0, 0, 0))
    run.answer("b-c2")
    assert run.pending.key == "b5/scenario"
    assert rulings(run, "Fleet Command and Control")[-1] == (
        "B-C2, Blue's new flagship (fleet command rating 0), commands no squadron besides its own; squadrons b3 and "
        "b4 operate on their own at 75% until there is room in the command net")
    assert run.engine.net.outside["blue"] == ("b3", "b4")


def test_two_squadrons_kept_under_the_flagship_are_named_together():
    blue = [b5(f"b-c{i}", f"b{i}", command=True, command_rating=2 if i == 2 else 0) for i in range(2, 6)]
    run = battle(blue, RED, [["b-c3", "b-c4"]], [1] * 40)
    assert rulings(run, "Fleet Command and Control")[-1] == (
        "B-C2, Blue's new flagship (fleet command rating 2), commands squadrons b3 and b4 besides its own; squadron "
        "b5 operates on its own at 75% until there is room in the command net")


def test_squadrons_under_a_flagship_commanding_the_whole_fleet_fire_at_their_full_x():
    run = tie((2, 2, 1))
    run.answer("b-c2")
    run.engine.round = 1
    assert x_rating(run.engine, "b-c3", 4) == 4 and x_rating(run.engine, "b-c4", 4) == 4
