"""The SIDCORS battle (seed 004, SIDCORS EXTRACT) through its BattleRun: rounds, secret
Battle Intensity, damage, Directed Damage, maulers, allocation, plus/minus points, retreat,
write-back, replay and determinism. Red (Klingon) attacks, Blue (Federation) defends; the
attacker's die is rolled first."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.sidcors import SidcorsBattle
from rules.systems.sidcors.odds import damage_distribution, summary
from rules.systems.sidcors.tables import R_ALLOCATION, R_DIRECTED, R_NON_MOBILE
from tests.rules.systems.v13.helpers import AT, duel, unit


def ship(uid: str, a: int, d: int | None = None, ca: int = 0, cd: int = 0, **kw: Any) -> dict[str, Any]:
    fe = {"attack": a, "defense": d, "c_attack": ca, "c_defense": cd}
    fe.update({k: kw.pop(k) for k in ("fighters", "c_fighters", "has_crippled_side") if k in kw})
    return unit(uid, fe=fe, **kw)


def run(blue: list[dict], red: list[dict], faces: list[int] | None = None, answers: list[Any] = ()) -> SidcorsBattle:
    c = duel(blue, red)
    c = end_movement(c, build_graph(c)).campaign
    kw: dict[str, Any] = {"dice": (lambda _s: ScriptedDice(list(faces)))} if faces is not None else {}
    b = SidcorsBattle(c, AT, **kw)
    for a in answers:
        b.answer(a)
    return b


def points(b: SidcorsBattle) -> dict[str, dict]:
    """This round's Damage Determination data per team."""
    return {e.data["team"]: e.data for e in b.log.events if e.kind == "ruling" and "percent" in e.data}


KLINGONS = [ship("d7c", 9, 9, 4, 4), ship("d7a", 8, 8, 4, 4), ship("d7b", 8, 8, 4, 4), ship("d7d", 8, 8, 4, 4),
            ship("f5", 5, 5, 2, 2)]


def test_the_seeds_38_point_fleet_scores_10_at_bir_5_with_a_2():
    b = run([ship("b1", 8, 8, 4, 4)], KLINGONS, faces=[2, 6], answers=[4, 1])
    assert b.potential("red") == 38 and b.bir() == 5
    assert points(b)["red"] == {"team": "red", "potential": "38", "die": 2, "percent": 25, "points": 10}


def test_the_bifs_are_secret_until_both_chose_then_the_bir_is_public():
    b = run([ship("b1", 8, 8, 4, 4)], KLINGONS, faces=[2, 6])
    q = b.pending
    assert q.key == "sidcors/1/bif/red" and q.to == "red" and q.data["secret"] and (q.low, q.high) == (1, 4)
    assert b.question_odds()["dealt"] == summary(38, 0) and b.question_odds()["taken"] == summary(8, 0)
    assert b.summary(3) == "Battle 0304: Red chooses in secret"
    b.answer(3)
    red_answer = b.log.events[-2]
    assert red_answer.kind == "answer" and red_answer.visible_to == ("red", "gm")
    assert not any(e.kind == "answer" for e in b.log.for_viewer("blue"))
    assert b.pending.key == "sidcors/1/bif/blue" and b.pending.to == "blue"
    with pytest.raises(IllegalAnswer, match="outside 1-4"):
        b.answer(5)
    b.answer(2)
    reveal = next(e for e in b.log.events if "Battle Intensity Rating 5" in e.text)
    assert reveal.visible_to is None and "Red BIF 3, Blue BIF 2" in reveal.text
    assert b.secret_answers() == {"0": "red", "1": "blue"}
    rec = b.saved().battle_hexes[0]
    assert rec.secret_answers == {"0": "red", "1": "blue"} and rec.answers == [3, 2]


def test_against_units_that_cannot_retreat_the_other_side_picks_both_numbers():
    base = ship("bs", 6, 12, 3, 6, kind="battle_station")
    b = run([base], [ship("r1", 8, 8, 4, 4)], faces=[3, 3])
    q = b.pending
    assert q.key == "sidcors/1/bir" and q.to == "red" and (q.low, q.high) == (2, 8) and not q.data.get("secret")
    assert b.question_odds()["dealt"]["points"]["8"] == damage_distribution(8, 8, -1).to_dict()
    assert b.status().stage == "round 1: Battle Intensity Rating"
    with pytest.raises(IllegalAnswer, match=R_NON_MOBILE):
        b.answer(9)
    b.answer(8)
    assert b.shift("red") == -1  # a battle station has scout capabilities (SCOUTS): 3 -> 2
    assert b.bir() == 8 and points(b)["red"]["percent"] == 30


def test_a_force_without_a_scout_subtracts_the_others_ew_and_a_1_stays_1():
    scout = ship("sc", 2, 4, 1, 2, is_scout=True)
    b = run([ship("b1", 10, 10, 5, 5)], [ship("r1", 10, 10, 5, 5), scout], faces=[3, 4], answers=[2, 2])
    assert b.shift("blue") == -1 and b.shift("red") == 0
    assert points(b)["blue"]["die"] == 3 and points(b)["red"]["die"] == 3
    ew2 = ship("sc", 2, 4, 1, 2, is_scout=True, ew=2)
    b = run([ship("b1", 10, 10, 5, 5)], [ship("r1", 10, 10, 5, 5), ew2], faces=[3, 1], answers=[2, 2])
    assert b.shift("blue") == -2 and points(b)["blue"]["die"] == 1  # no shift lowers a 1
    both = run([ship("b1", 10, 10, 5, 5, is_scout=True)], [ship("r1", 10, 10, 5, 5), scout], faces=[3, 1])
    assert both.shift("blue") == 0  # both have scouts
    crippled = run([ship("b1", 10, 10, 5, 5)], [ship("r1", 10, 10, 5, 5), {**scout, "crippled": True}])
    assert crippled.shift("blue") == 0  # crippled scouts cannot use their capabilities


def test_a_cloaked_force_rolls_2d6_for_the_first_round_only():
    cloaked = [ship("r1", 10, 10, 5, 5, cloak_capable=True, is_cloaked=True)]
    b = run([ship("b1", 10, 10, 5, 5)], cloaked, faces=[2, 3, 4, 4, 4, 4])
    assert b.pending.key == "sidcors/cloak/red"
    b.answer(True)  # 2 + 3 = 5: the enemy -1
    assert b.shift("blue") == -1
    for a in (2, 2):
        b.answer(a)
    assert points(b)["blue"]["die"] == 3 and points(b)["red"]["die"] == 4
    b.answer(False)
    b.answer(False)
    assert b.round == 2 and b.shift("blue") == 0  # the first round only
    bad = run([ship("b1", 10, 10, 5, 5)], cloaked, faces=[6, 5], answers=[True])
    assert bad.shift("blue") == 1


def test_maulers_without_two_escorts_each_are_at_half_and_cannot_direct():
    mauler = ship("m", 10, 10, 5, 5, is_mauler=True)
    alone = run([ship("b1", 8, 8, 4, 4)], [mauler, ship("e1", 8, 8, 4, 4)])
    assert alone.potential("red") == 13 and alone.mauler("red") is None
    escorted = run([ship("b1", 8, 8, 4, 4)], [mauler, ship("e1", 8, 8, 4, 4), ship("e2", 8, 8, 4, 4)])
    assert escorted.potential("red") == 26 and escorted.mauler("red") == "m"


def test_the_mauler_example_12_points_cost_10_plus_2x2_and_the_shock_roll():
    """A force with a mauler needs 12 points against a battle station: the mauler gives 10,
    the other 2 cost 4 (MAULERS); after the round the mauler rolls for shock, 5-6 cripples."""
    red = [ship("m", 10, 10, 5, 5, is_mauler=True), ship("e1", 15, 15, 7, 7), ship("e2", 15, 15, 7, 7)]
    bs = ship("bs", 4, 12, 2, 6, kind="battle_station")
    # red picks BIR 8; the station is a scout: red's 6 -> 5, 40% x 40 = 16; blue 1: 30% x 4 = 1.2 -> 1
    b = run([bs], red, faces=[6, 1, 5], answers=[8])
    q = b.pending
    assert q.key == "sidcors/1/directed/red" and q.data == {
        "points": 16, "mauler": "m",
        "odds": "using M, its shock roll after the round (SIDCORS Maulers): 1d6: crippled 33% (5-6), unharmed 67% (1-4)"}
    assert q.options == ("none", "bs@mauler")  # without the mauler 2 x 12 = 24: not the full amount
    b.answer("bs@mauler")
    assert b.engine.unit("bs").crippled
    assert any("directs 14 points at BS: crippled (10 at full value by M" in e.text and e.text.endswith("; 2 left")
               for e in b.log.events)
    # no more mauler points: destroying the crippled station costs 2 x 6 = 12 > 2; the 2 left are
    # below half its Defense Factor 6 (blue), red's 1 below half of 10: carried
    assert b.plus_minus("blue") == 2 and b.plus_minus("red") == 1
    assert b.engine.unit("m").crippled  # the shock roll: 5
    assert any("shock roll 5: crippled" in e.text for e in b.log.events)
    assert b.pending.key == "sidcors/1/retreat/red"  # the station cannot retreat: only red is asked
    b.answer(False)
    assert b.pending.key == "sidcors/2/bir" and b.mauler("red") is None


def test_the_odds_are_shown_before_the_cloak_roll_and_the_mauler_shock_roll():
    """CLOAKED SHIPS: 2d6, 5 or less (10 of 36) the enemy -1, 11-12 (3 of 36) +1, else normal (23
    of 36); MAULERS: one die, 5-6 (2 of 6) cripples. The question carries them and an info line
    gives them just before each roll."""
    cloaked = [ship("r1", 10, 10, 5, 5, cloak_capable=True, is_cloaked=True)]
    b = run([ship("b1", 10, 10, 5, 5)], cloaked, faces=[2, 3, 4, 4, 4, 4])
    cloak = ("2d6: the enemy -1 in the first round 28% (5 or less), normal combat 64% (6-10), the enemy +1 in the "
             "first round 8% (11-12)")
    assert b.pending.key == "sidcors/cloak/red" and b.pending.data == {"odds": cloak}
    b.answer(True)
    events = list(b.log.events)
    roll = next(i for i, e in enumerate(events) if e.kind == "roll" and "offensive cloak" in e.text)
    assert events[roll - 1].kind == "info" and events[roll - 1].text == f"Red: the odds of the cloak roll: {cloak}"
    assert events[roll - 1].data["odds"] == {"-1": "5/18", "0": "23/36", "1": "1/12"}
    red = [ship("m", 10, 10, 5, 5, is_mauler=True), ship("e1", 15, 15, 7, 7), ship("e2", 15, 15, 7, 7)]
    m = run([ship("bs", 4, 12, 2, 6, kind="battle_station")], red, faces=[6, 1, 5], answers=[8, "bs@mauler"])
    events = list(m.log.events)
    roll = next(i for i, e in enumerate(events) if e.kind == "roll" and "excessive shock" in e.text)
    assert events[roll - 1].text == "M: the odds of the shock roll: 1d6: crippled 33% (5-6), unharmed 67% (1-4)"
    assert events[roll - 1].data["odds"] == {"crippled": "1/3"}


def test_odds_percent_words_at_their_edges():
    from fractions import Fraction

    from rules.systems.sidcors.odds import _pct, shock_odds

    assert [_pct(Fraction(n, 1000)) for n in (0, 1, 5, 10, 990, 995, 999, 1000)] == [
        "0%", "<1%", "<1%", "1%", "99%", ">99%", ">99%", "100%"]
    assert shock_odds() == {True: Fraction(1, 3), False: Fraction(2, 3)}


def test_the_cloak_and_shock_boundaries_match_their_odds():
    """5 gives -1 and 6 normal (cloak); 10 normal, 11 +1; a shock roll of 4 leaves the mauler, 5 cripples it."""
    cloaked = [ship("r1", 10, 10, 5, 5, cloak_capable=True, is_cloaked=True)]
    for faces, shift in (([1, 5], 0), ([5, 5], 0), ([5, 6], 1), ([1, 4], -1)):
        assert run([ship("b1", 10, 10, 5, 5)], cloaked, faces=faces, answers=[True]).shift("blue") == shift
    red = [ship("m", 10, 10, 5, 5, is_mauler=True), ship("e1", 15, 15, 7, 7), ship("e2", 15, 15, 7, 7)]
    bs = ship("bs", 4, 12, 2, 6, kind="battle_station")
    assert not run([bs], red, faces=[6, 1, 4], answers=[8, "bs@mauler"]).engine.unit("m").crippled
    assert run([bs], red, faces=[6, 1, 5], answers=[8, "bs@mauler"]).engine.unit("m").crippled


def test_a_mauler_crippled_by_directed_damage_does_not_roll():
    red = [ship("m", 10, 10, 5, 5, is_mauler=True), ship("e1", 15, 15, 7, 7), ship("e2", 15, 15, 7, 7)]
    blue = [ship("b1", 6, 6, 3, 3), ship("b2", 60, 60, 30, 30)]  # blue 66: 40% = 26 (2 x 10 = 20 at m)
    b = run(blue, red, faces=[6, 6], answers=[4, 4, "b1@mauler", False, "m", "b1", "m"])
    assert b.engine.unit("m").destroyed and not any(e.kind == "roll" and "shock" in e.text for e in b.log.events)
    assert any("no shock roll" in e.text for e in b.log.events)


def test_directed_damage_needs_the_full_double_and_may_go_on_to_destroy_the_same_target():
    red = [ship("r1", 30, 10, 15, 5), ship("r2", 30, 10, 15, 5)]
    blue = [ship("b1", 6, 6, 3, 3), ship("b2", 4, 4, 2, 2)]
    b = run(blue, red, faces=[6, 1], answers=[4, 4])  # red: 60 x 40% = 24; blue: 10 x 30% = 3
    q = b.pending
    assert q.key == "sidcors/1/directed/red" and set(q.options) == {"none", "b1", "b2"}
    with pytest.raises(IllegalAnswer, match=R_DIRECTED):
        b.answer("r1")  # its own unit
    b.answer("b1")  # 12 points: crippled
    assert b.owed("blue") == 12 and b.pending.key == "sidcors/1/directed_more/red"
    b.answer(True)  # 2 x 3 = 6 more: destroyed
    assert b.owed("blue") == 6 and not b.engine.unit("b1").alive
    assert b.pending.key == "sidcors/1/allocate/blue"  # blue (3 points) cannot direct at a 10 (20)


def test_allocation_cripple_then_destroy_and_units_without_a_crippled_side():
    convoy = ship("cv", 0, 3, kind="convoy_ship", has_crippled_side=False)
    blue = [ship("b1", 6, 6, 3, 3), convoy]
    red = [ship("r1", 30, 10, 15, 5)]
    b = run(blue, red, faces=[5, 1], answers=[1, 1])  # red 30 x 25% = 7.5 -> 8; blue 6 x 15% = 0.9 -> 1
    b.answer("none")
    q = b.pending
    assert q.key == "sidcors/1/allocate/blue" and q.data["points"] == 8
    assert q.data["steps"] == {"b1": ["cripple", 6], "cv": ["destroy", 3]}
    with pytest.raises(IllegalAnswer, match=R_ALLOCATION):
        b.answer("r1")
    b.answer("cv")  # a convoy is destroyed at once: 3
    assert b.engine.unit("cv").destroyed and b.owed("blue") == 5
    b.answer("b1")  # cripple: 6
    assert b.plus_minus("blue") == -1  # gave up one more than required
    # red: 1 point, smallest Defense Factor 10: below half, ignored and carried
    assert b.plus_minus("red") == 1 and b.pending.key == "sidcors/1/retreat/red"


def test_the_seeds_7_point_war_cruiser_plus_and_minus_points():
    """Required to give up 6, a player cripples a 7-point war cruiser: one point of credit; his
    opponent cripples a 7-point war cruiser for 8 points, the one point left too small: it is
    added next round; both BEFORE Directed Damage (PLUS AND MINUS POINTS)."""
    blue = [ship("cw", 7, 7, 3, 3), ship("b2", 13, 13, 6, 6)]  # 20
    red = [ship("cw2", 7, 7, 3, 3), ship("r2", 13, 13, 6, 6)]  # 20
    # BIR 8: red die 5, 40% = 8 against blue; blue die 1, 30% = 6 against red
    b = run(blue, red, faces=[5, 1, 5, 5], answers=[4, 4])
    assert b.scored("red") == 8 and b.scored("blue") == 6 and b.pending.key == "sidcors/1/allocate/blue"
    b.answer("cw")  # 7 of 8: 1 left, below half of the crippled cruiser's 3
    assert b.plus_minus("blue") == 1
    b.answer("cw2")  # 7 for 6: one point of credit
    assert b.plus_minus("red") == -1
    b.answer(False)
    b.answer(False)
    b.answer(4)
    b.answer(4)  # round 2: both 16 x 40% = 6.4 -> 6
    assert b.scored("red") == 6 and b.scored("blue") == 6
    q = b.pending  # red may direct 6 + 1 = 7 at the crippled cruiser (2 x 3 = 6): the points are applied first
    assert q.key == "sidcors/2/directed/red" and q.data["points"] == 7 and b.owed("red") == 5
    texts = [e.text for e in b.log.events if e.rule == "SIDCORS Plus and Minus Points"]
    assert "Blue: +1 from the last round: 6 become 7 Damage Points against it" in texts
    assert "Red: -1 from the last round: 6 become 5 Damage Points against it" in texts


def test_fighters_transfer_or_die_and_resolve_points_one_each():
    blue = [ship("cv1", 4, 4, 2, 2, fighters=4, c_fighters=2), ship("cv2", 4, 4, 2, 2, fighters=3, c_fighters=1)]
    red = [ship("r1", 30, 10, 15, 5)]
    b = run(blue, red, faces=[6, 1], answers=[4, 4])  # red 40% x 30 = 12; blue 30% x 15 = 4.5 -> 5
    assert b.potential("blue") == 15 and set(b.pending.options) == {"none", "cv1", "cv2", "fighters"}
    b.answer("none")
    q = b.pending
    assert q.key == "sidcors/1/allocate/blue" and q.data["fighters"] == {"cv1": 4, "cv2": 3}
    with pytest.raises(IllegalAnswer, match=R_ALLOCATION):
        b.answer({"unit": "cv2", "fighters": 4})  # it has 3
    b.answer({"unit": "cv2", "fighters": 1})  # 11 left; cv2 has room for 1
    b.answer("cv1")  # crippled (4): 7 left, its crippled side holds 2 of its 4 fighter factors
    q = b.pending
    assert q.key == "sidcors/1/transfer/blue" and (q.low, q.high) == (0, 1)
    b.answer(1)  # one to cv2, one dies and resolves a point
    assert b.engine.unit("cv2").ff == 3 and b.owed("blue") == 6
    assert any("1 fighter factors transferred, 1 die, resolving 1 Damage Points" in e.text for e in b.log.events)


def test_determinism_undo_and_replay():
    blue = [ship("b1", 8, 8, 4, 4), ship("b2", 6, 6, 3, 3)]
    red = [ship("r1", 9, 9, 4, 4), ship("r2", 5, 5, 2, 2)]
    answers = [4, 3]
    one, two = run(blue, red, answers=answers), run(blue, red, answers=answers)
    while one.pending is not None and len(one.answers) < 40:
        q = one.pending
        a: Any = q.options[-1] if q.kind.value == "choose" else False if q.kind.value == "yes_no" else q.low + 1
        one.answer(a)
        two.answer(a)
    assert one.events_json() == two.events_json() and one.events_json("blue") == two.events_json("blue")
    assert one.events_json("blue") != one.events_json()  # red's secret BIFs are not blue's
    before = one.events_json()
    n = len(one.answers)
    last = one.answers[-1]
    one.undo()
    assert len(one.answers) == n - 1
    one.answer(last)
    assert one.events_json() == before


def test_retreat_resolves_and_writes_back_in_one_step():
    blue = [ship("b1", 8, 8, 4, 4), ship("b2", 6, 6, 3, 3)]
    red = [ship("r1", 9, 9, 4, 4), ship("r2", 5, 5, 2, 2)]
    b = run(blue, red, faces=[6, 6], answers=[4, 4])  # red 14 x 40% = 5.6 -> 6; blue 14 x 40% = 6
    b.answer("b2")  # blue: 6
    b.answer("r1")  # red: 9 for 6
    assert b.pending.key == "sidcors/1/retreat/red"
    b.answer(False)
    saved_open = b.saved()
    again = SidcorsBattle(saved_open, AT, dice=lambda _s: ScriptedDice([6, 6]))
    assert again.events_json() == b.events_json()  # reopened: a replay of the stored answers
    b.answer(True)  # blue retreats: by which way (V13.614 read for SIDCORS)
    q = b.pending
    assert q.key == "sidcors/1/direction/blue" and q.to == "blue" and q.options == ("A", "B", "C", "D", "E", "F")
    assert q.data["option_words"]["D"] == "D: 0305 neutral"
    with pytest.raises(IllegalAnswer, match="direction A, B, C, D, E, F, not 'G'"):
        b.answer("G")
    change = b.answer("D")
    assert change.resolved and b.pending is None and b.status().resolved
    assert b.engine.unit("b1").b.status is Status.RETREATED
    assert "retreated: B1 and B2, next strategic move in direction D" in b.status().resolution
    c = b.saved()
    units = {u.id: u for f in c.fleets for u in f.units}
    assert units["b2"].crippled and units["r1"].crippled and not units["b1"].crippled
    assert units["b1"].forced_strategic_direction.name == "D" and units["b2"].forced_strategic_direction.name == "D"
    assert units["r1"].forced_strategic_direction is None
    assert any("B1 retreated: next strategic move in direction D" in e.text for e in c.log)
    assert c.battle_hexes[0].resolved


def test_a_retreat_offers_only_sectors_joined_by_a_lane():
    from hexmap import Facing, Label
    from rules.strategic.neighbours import NeighbourSector, Stance
    from rules.systems.sidcors.retreat import ways_out
    ns = [NeighbourSector(Facing.A, None, Stance.OFF_MAP, None, (), False),
          NeighbourSector(Facing.B, Label(4, 3), Stance.HOSTILE, "klingon", ("k1",), True),
          NeighbourSector(Facing.C, Label(4, 4), Stance.FRIENDLY, "fed", (), False)]
    assert [w.facing for w in ways_out(ns)] == [Facing.B]
    assert ns[1].describe() == "B: 0403 hostile, hostile force present (1 units)"


def test_a_battle_to_the_last_unit():
    b = run([ship("b1", 2, 2, 1, 1, has_crippled_side=False)], [ship("r1", 20, 20, 10, 10)], faces=[6, 1],
            answers=[4, 4])  # red 40% x 20 = 8; blue 30% x 2 = 0.6 -> 1
    assert b.pending.options == ("none", "b1")
    change = b.answer("b1")  # directed: 2 x 2 = 4, no crippled side: destroyed
    assert change.resolved and b.pending is None
    assert b.status().resolution.startswith("SIDCORS, 1 round: ")
    assert "Blue (destroyed: B1; crippled: none; retreated: none; left in " in b.status().resolution
    assert b.status().resolution.endswith(": none)")  # no unit of Blue's left
    c = b.saved()
    assert "b1" not in {u.id for f in c.fleets for u in f.units}


def test_directed_damage_against_fighters_two_points_each():
    blue = [ship("cv", 4, 4, 2, 2, fighters=6, c_fighters=3)]
    red = [ship("r1", 30, 10, 15, 5)]
    b = run(blue, red, faces=[6, 1], answers=[4, 4, "fighters"])  # red 12 points
    q = b.pending
    assert q.key == "sidcors/1/directed_fighters/red" and (q.low, q.high) == (1, 6)
    b.answer(5)  # 10 points
    assert b.engine.unit("cv").ff == 1
    assert any("destroys 5 fighter factors of Blue for 10 points; 2 left" in e.text for e in b.log.events)


def test_at_half_the_smallest_defense_factor_a_unit_must_be_damaged():
    """1 point left against a crippled 2-point unit: half or more, so the owner must damage a unit
    even if he gives up more than is left (DAMAGE ALLOCATION)."""
    blue = [ship("b1", 8, 8, 4, 2), ship("b2", 8, 8, 4, 4)]
    red = [ship("r1", 30, 10, 15, 5)]
    b = run(blue, red, faces=[5, 1], answers=[1, 2])  # BIR 3, red die 5: 25% x 30 = 7.5 -> 8
    b.answer("b2")  # 8: done exactly
    assert b.plus_minus("blue") == 0
    b = run(blue, red, faces=[4, 1], answers=[1, 1])  # BIR 2, die 4: 20% x 30 = 6
    b.answer("b1")  # 8 for 6: credit 2
    assert b.plus_minus("blue") == -2
    b = run(blue, red, faces=[6, 1], answers=[2, 2])  # BIR 4, die 6: 30% x 30 = 9
    b.answer("b1")  # 8: 1 left; the crippled b1 (2) is the smallest: 1 is half of it
    q = b.pending
    assert q.key == "sidcors/1/allocate/blue" and q.data["points"] == 1
    assert q.data["steps"] == {"b1": ["destroy", 2], "b2": ["cripple", 8]}
    b.answer("b1")
    assert b.engine.unit("b1").destroyed and b.plus_minus("blue") == -1
    assert b.pending.key == "sidcors/1/retreat/red"  # red's 3 points are below half of its 10: ignored
    assert b.plus_minus("red") == 3


def test_a_carried_fighter_squadron_follows_its_carriers_side():
    """The squadron holds its fighters while its carrier is undamaged, its crippled-side factors
    once the carrier is crippled (the rest transfer or die), none once it is destroyed."""
    blue = [ship("cv", 5, 4, 2, 2, is_carrier=True),
            ship("fs", 0, None, kind="fighter", fighters=6, c_fighters=3, carrier_id="cv")]
    red = [ship("r1", 30, 10, 15, 5)]
    b = run(blue, red, faces=[6, 1], answers=[4, 4])  # red 40% x 30 = 12; blue 30% x 11 = 3.3 -> 3
    assert b.potential("blue") == 11 and b.pending.options == ("none", "cv", "fighters")
    b.answer("cv")  # 8: crippled; 3 of the squadron's 6 factors have no room
    assert b.engine.unit("fs").ff == 3 and b.pending.key == "sidcors/1/directed_more/red"
    b.answer(False)
    # no carrier has room: the 3 die and resolve 3 of the 4 points left; 1 is half of a fighter factor
    q = b.pending
    assert q.key == "sidcors/1/allocate/blue" and q.data["points"] == 1 and q.data["fighters"] == {"fs": 3}
    b.answer({"unit": "fs", "fighters": 1})
    assert b.potential("blue") == 4 and b.plus_minus("blue") == 0
    b = run(blue, red, faces=[6, 1], answers=[4, 4, "cv", True])  # the carrier destroyed: 8 + 4
    assert b.engine.unit("cv").destroyed and b.engine.unit("fs").destroyed
    assert any("0 fighter factors transferred, 6 die" in e.text for e in b.log.events)


def test_a_one_point_unit_given_up_is_logged_in_the_singular():
    """H10's real-screen pass: "KHS Lurker destroyed (1 points)"."""
    convoy = ship("cv", 0, 1, kind="convoy_ship", has_crippled_side=False)
    b = run([ship("b1", 6, 6, 3, 3), convoy], [ship("r1", 30, 10, 15, 5)], faces=[5, 1], answers=[1, 1, "none"])
    b.answer("cv")
    line = [e.text for e in b.log.events if e.kind == "ruling" and e.rule == R_ALLOCATION][-1]
    assert line.endswith(" destroyed (1 Damage Point); 7 left") and "points)" not in line
