"""Seed 002's Ramming (issue 25): the crew limit, the Ramming Roll's modifiers and results, the damage
formulas with remainders dropped and 0 read as 10, and a ram fought through the act list."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hexmap.hexes import Facing, Hex
from rules.battlehex.log import IllegalAnswer
from rules.model.stcs import Nation
from rules.systems.stcs.ramming import Blow, Side, blow, may_ram, modifiers, odds, ram_damage, unopposed
from tests.rules.systems.stcs.test_firing import close


@pytest.mark.parametrize(("left", "nation", "may"), [
    (20, Nation.FEDERATION, True), (21, Nation.FEDERATION, False), (40, Nation.KLINGON, True),
    (41, Nation.KLINGON, False), (21, Nation.ROMULAN, False), (0, Nation.KLINGON, False)])
def test_only_a_ship_with_20_percent_of_its_crew_left_or_less_rams_40_for_klingons(left, nation, may) -> None:
    assert may_ram(left, nation) is may


@pytest.mark.parametrize(("ram", "target", "mods"), [
    (Side(3, 50, 8), Side(0, 50, 8), (1, 1)),  # 3 full points of speed over: +1; the target's +1
    (Side(9, 50, 8), Side(0, 50, 8), (2, 1)),  # at most +2 for speed
    (Side(0, 69, 8), Side(0, 50, 8), (1, 1)),  # 19 points of efficiency: +1
    (Side(0, 50, 8), Side(0, 90, 8), (0, 3)),  # 40 points: at most +2, to the target
    (Side(0, 50, 2), Side(0, 50, 7), (2, 1)),  # 5 Classes smaller: +2 (every 2)
    (Side(0, 50, 8), Side(0, 50, 1), (0, 4)),  # 7 smaller: at most +3
])
def test_the_ramming_roll_modifiers(ram: Side, target: Side, mods: tuple[int, int]) -> None:
    assert modifiers(ram, target, 0, False) == mods


def test_evasive_maneuvers_and_an_emergency_heading_change_help_the_target() -> None:
    a = Side(5, 50, 8)
    assert modifiers(a, a, 2, True) == (0, 1 + 4 + 1)


@pytest.mark.parametrize(("margin", "result"), [(-1, Blow.NONE), (0, Blow.NONE), (1, Blow.GLANCING),
                                                 (4, Blow.GLANCING), (5, Blow.SOLID), (9, Blow.SOLID)])
def test_the_target_wins_ties_then_1_to_4_glances_and_more_is_solid(margin: int, result: Blow) -> None:
    assert blow(margin) is result


@pytest.mark.parametrize(("kind", "cls", "speed", "d10", "points"), [
    (Blow.GLANCING, 8, 5, 3, 12), (Blow.GLANCING, 8, 5, 10, 40), (Blow.GLANCING, 5, 3, 3, 4),  # 4.5 -> 4
    (Blow.SOLID, 8, 5, 3, 64), (Blow.SOLID, 5, 3, 2, 21), (Blow.SOLID, 5, 3, 10, 45), (Blow.SOLID, 5, 3, 1, 18),
    (Blow.NONE, 8, 5, 3, 0)])
def test_ramming_damage_drops_remainders_and_reads_0_as_10(kind, cls, speed, d10, points) -> None:
    assert ram_damage(kind, cls, speed, d10) == points


def test_an_unopposed_ram_hits_on_any_face_but_0() -> None:
    assert [unopposed(f) for f in (10, 1, 4, 5, 9)] == [Blow.NONE, Blow.GLANCING, Blow.GLANCING, Blow.SOLID,
                                                         Blow.SOLID]


def test_the_exact_odds_of_an_even_ramming_roll() -> None:
    o = odds(0, 1)  # the target's +1 alone: the rammer needs 2 more on its D10
    assert sum(o.values()) == 1
    assert o[Blow.NONE] == Fraction(64, 100) and o[Blow.GLANCING] == Fraction(26, 100)
    assert o[Blow.SOLID] == Fraction(10, 100)


def crewless(faces: list[int]):
    """The Lexington, 4 hexes from the Klothos, down to 20% of its crew (four 20% hits) and then in its hex."""
    run = close([99, 99, 99, 99] + faces)
    for _ in range(4):
        run.answer("crew:lexington")
        run.answer("other")
        run.answer(5)
        run.answer(4)  # 5 points x 4% = 20% (the efficiency roll 99 fails)
    e = run.engine
    assert "declare:lexington" in run.pending.options and "declare:d7" in run.pending.options  # listed: crew secret
    with pytest.raises(IllegalAnswer, match="more than 40% of its crew remain onboard") as why:
        run.answer("declare:d7")  # crew 100%: the GM is refused, asked again (issue 25)
    assert why.value.rule == "STCS Ramming"
    run.answer("declare:lexington")
    assert run.pending.options == ("d7",)  # the cloaked Bird of Prey is no target
    run.answer("d7")
    assert "Lexington declares a ram on Klothos" in run.events_json()
    run.answer("move:lexington")
    run.answer("4")
    run.answer(next(o for o in run.pending.options if lands(e.at["lexington"], o) == e.at["d7"]))
    return run


def lands(start: Hex, path: str) -> Hex:
    """Where a move's path answer ('heading:hexes') ends from ``start``."""
    face, ahead = path.split(":")
    return start.neighbor(Facing[face], int(ahead))


def test_a_ram_fought_through_the_act_list_a_solid_hit() -> None:
    run = crewless([9, 2, 3, 10])  # the rammer's 9, the target's 2; damage D10 3 and 0
    assert "ram:lexington" in run.pending.options and "ram:d7" not in run.pending.options
    run.answer("ram:lexington")
    run.answer("no")  # no Emergency Heading Change
    words = run.pending.data["option_words"]
    assert words["-1"].endswith("(Lexington rams on D10 1-9: 90%)")
    assert "D10+1 against D10+1" in words["0"]  # speed 4 over 0: +1; the target's +1 (efficiency 61 v 57: 0)
    run.answer("0")
    log = run.events_json()
    assert "Ramming Roll: Lexington 9+1 = 10, Klothos 2+1 = 3: Solid Hit" in log
    assert "Klothos takes 51 ramming points from Lexington (Class 8 x speed 4 x (1 + D10 / 5), D10 3" in log
    assert "Lexington takes 96 ramming points from Klothos" in log  # 8 x 4 x 3, the 0 read as 10
    assert "ram:lexington" not in run.pending.options  # one ram a segment


def test_a_target_that_does_not_avoid_is_missed_only_on_a_0() -> None:
    run = crewless([10])
    run.answer("ram:lexington")
    run.answer("no")
    run.answer("-1")
    assert "Klothos does not avoid the ram: Lexington's D10 0: no ram" in run.events_json()


def test_evasive_maneuvers_damage_the_target() -> None:
    run = crewless([1, 1])
    run.answer("ram:lexington")
    run.answer("no")
    run.answer("2")
    e = run.engine
    assert e.ss_lost["d7"] == 2 and e.engine_hits["d7"] == [2, 2]
    assert "Ramming Roll: Lexington 1+1 = 2, Klothos 1+5 = 6: no ram" in run.events_json()


def test_a_ram_fails_unless_the_rammer_ends_its_movement_in_the_targets_hex() -> None:
    run = close([99, 99, 99, 99])
    for _ in range(4):
        for a in ("crew:lexington", "other", 5, 4):
            run.answer(a)
    run.answer("declare:lexington")
    run.answer("d7")
    run.answer("ram:lexington")
    assert "Lexington's ram on Klothos fails: it did not end its movement in Klothos' hex" in run.events_json()
    assert "ram:lexington" not in run.pending.options and run.engine.contact.ramming == {}


@pytest.mark.parametrize(("firer", "target", "mod"), [("lexington", "d7", "+1"), ("d7", "lexington", "+3")])
def test_the_ramming_targeting_modifiers(firer: str, target: str, mod: str) -> None:
    run = close([99, 99, 99, 99])
    for _ in range(4):
        for a in ("crew:lexington", "other", 5, 4):
            run.answer(a)
    run.answer("declare:lexington")
    run.answer("d7")
    run.answer("next")  # the next segment: the Lexington is no longer a warp arrival
    run.answer("none")  # the Romulans' secret question: no cloaked warp out
    assert run.engine.contact.ramming == {"lexington": "d7"}  # declared until resolved
    run.answer(f"fire:{firer}:{target}")
    if run.pending.key.endswith("/notfiring"):  # the Lexington's crew at 20% (the 10-19% box): the GM rules it fires
        run.answer(False)
    run.answer("0")
    assert f"ramming {mod}" in run.pending.text
    assert run.pending.data["odds"]["10"].startswith(f"To-Hit {10 + 1 - 6 + int(mod)}")  # speed 0 +1, no lock -6


def test_a_declared_ram_ends_when_its_target_warps_out() -> None:
    from rules.dice import ScriptedDice
    from rules.systems.stcs.battle import STCSBattle
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.stcs.test_firing import ARRIVAL
    from tests.rules.systems.v13.helpers import AT
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(ARRIVAL + [99, 99, 99, 99, 1]))
    for a in ["sublight", ["lexington"], "warpout:d7", "2", "warpin:lexington", "4,0", "2"]:
        run.answer(a)  # the Klothos announces its warp out in the turn's opening; the activation roll: 1
    for _ in range(4):
        for a in ("crew:lexington", "other", 5, 4):
            run.answer(a)
    run.answer("declare:lexington")
    run.answer("d7")
    run.answer("next")
    while run.pending.key != "stcs/2/act":
        run.answer(run.pending.options[0])  # the Romulans' secret question: no cloaked warp out
    assert run.engine.contact.ramming == {} and "ram:lexington" not in run.pending.options
    assert "Lexington's ram on Klothos ends: Klothos has left the map" in run.events_json()
    assert "declare:lexington" not in run.pending.options  # no enemy left but the cloaked Bird of Prey


@pytest.mark.parametrize("turned", [False, True])
def test_the_heading_change_question_opens_at_the_targets_own_act(turned: bool) -> None:
    """The Ramming Roll's "+1 if the target ship performed an Emergency Heading change": the GM's question (kept for
    the battles saved with it) opens at what the engine recorded - the Klothos' own Emergency Heading Change act this
    segment (rules/systems/stcs/heading.py) - so Return reads it."""
    run = crewless([9, 2, 3, 10])
    e = run.engine
    if turned:
        run.answer("heading:d7")
        run.answer(e.facing["d7"].rotate(1).name)
    run.answer("ram:lexington")
    assert run.pending.key.endswith("/ram/lexington/heading") and run.pending.default == ("yes" if turned else "no")
