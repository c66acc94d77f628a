"""The ``afef`` battle system: AF/EF combat of seed 001 (4.1, 4.2) through the BattleRun seam.

Red (Klingon) attacks Blue (Federation) in 0304 (tests/rules/systems/v13/helpers.py)."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.errors import RuleError
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.afef import AfefBattle
from rules.systems.afef.odds import target_odds
from tests.rules.systems.v13.helpers import AT, duel, unit


def ship(uid: str, af: int, ef: int, damaged_af: int = 0, **kw: Any) -> dict[str, Any]:
    return unit(uid, afef={"af": af, "ef": ef, "damaged_af": damaged_af}, **kw)


def formed(blue: list[dict[str, Any]], red: list[dict[str, Any]]):
    c = duel(blue, red)
    return end_movement(c, build_graph(c)).campaign


def run_of(blue, red, faces: list[int] | None = None) -> AfefBattle:
    dice = (lambda _seed: ScriptedDice(list(faces))) if faces is not None else None
    return AfefBattle(formed(blue, red), AT, **({"dice": dice} if dice else {}))


def corvettes(faces: list[int] | None = None) -> AfefBattle:
    """4.2.a's example: three AF-1 corvettes and another Red ship against a heavy cruiser (AF 4)
    and another Blue ship."""
    return run_of([ship("cruiser", 4, 8, 2), ship("frigate", 2, 4, 1)],
                  [ship("c1", 1, 2), ship("c2", 1, 2), ship("c3", 1, 2), ship("raider", 2, 4, 1)], faces)


def to_return(run: AfefBattle, attacks: dict, hold: list[str] | None = None, screened: list[str] | None = None):
    """Answer the modifiers, the screen and the declaration: the return-fire question is next."""
    assert run.pending.key.endswith("/modifiers")
    run.answer({})
    run.answer(screened or [])
    run.answer({"attacks": attacks, "hold": hold or []})
    assert run.pending.key.endswith("/return")


CORVETTES_ATTACK = {"c1": {"cruiser": 1}, "c2": {"cruiser": 1}, "c3": {"cruiser": 1}, "raider": {"frigate": 2}}


def test_units_without_af_ef_values_are_refused_by_name():
    with pytest.raises(RuleError, match=r"4\.1\.b.*R2") as e:
        run_of([ship("b1", 1, 2)], [ship("r1", 1, 2), unit("r2")])
    assert "B1" not in str(e.value)


def test_the_corvettes_example_the_cruiser_must_match_three_af_as_a_group():
    """4.2.a: the cruiser must put at least 3 AF on the corvettes, any split; 1 surplus is free."""
    run = corvettes()
    to_return(run, CORVETTES_ATTACK)
    assert run.pending.data["must_match"]["cruiser"] == {"af": 3, "attackers": ["c1", "c2", "c3"]}
    assert run.must_match()["frigate"] == (2, ("raider",))
    legal = [
        {"cruiser": {"c1": 1, "c2": 1, "c3": 1, "raider": 1}, "frigate": {"raider": 2}},
        {"cruiser": {"c1": 3, "raider": 1}, "frigate": {"raider": 2}},  # all three on a single corvette
        {"cruiser": {"c1": 2, "c2": 1, "raider": 1}, "frigate": {"raider": 2}},
        {"cruiser": {"c1": 2, "c2": 2}, "frigate": {"raider": 2}},  # the surplus added to the corvettes
        {"cruiser": {"c1": 3}, "frigate": {"raider": 2}},  # the surplus need not fire
    ]
    for plan in legal:
        run.pending.check({"attacks": plan})
    with pytest.raises(IllegalAnswer, match=r"4\.2\.a.*CRUISER.*at least 3 AF as a group, not 2"):
        run.answer({"attacks": {"cruiser": {"c1": 2, "raider": 2}, "frigate": {"raider": 2}}})
    with pytest.raises(IllegalAnswer, match=r"CRUISER places 5 AF but has 4"):
        run.answer({"attacks": {"cruiser": {"c1": 3, "raider": 2}, "frigate": {"raider": 2}}})
    with pytest.raises(IllegalAnswer, match=r"FRIGATE.*at least 2"):
        run.answer({"attacks": {"cruiser": {"c1": 3}, "frigate": {"c2": 2}}})


def test_an_untargeted_defender_fires_freely_and_a_weak_one_matches_with_all_it_has():
    run = corvettes()
    to_return(run, {"c1": {"cruiser": 1}, "raider": {"cruiser": 2}, "c2": {"cruiser": 1}})
    assert "frigate" not in run.must_match()  # 4.2.a: defenders not targeted are free
    run.pending.check({"attacks": {"cruiser": {"c1": 1, "raider": 3}, "frigate": {"c3": 2}}})
    run.pending.check({"attacks": {"cruiser": {"c1": 1, "raider": 3}}})
    weak = run_of([ship("b1", 1, 4)], [ship("r1", 3, 4)])
    to_return(weak, {"r1": {"b1": 3}})
    assert weak.must_match()["b1"] == (1, ("r1",))  # it attempts to match: all of its 1 AF


def test_declarations_are_checked():
    run = corvettes()
    run.answer({})
    run.answer(["frigate"])  # the frigate is screened (4.2.a)
    assert run.lines() == {"attacker": ["c1", "c2", "c3", "raider"], "front": ["cruiser"], "screened": ["frigate"]}
    bad = [
        ({"attacks": {"raider": {"frigate": 1}}}, "screened units may not be targeted"),
        ({"attacks": {"raider": {"cruiser": 3}}}, "RAIDER places 3 AF but has 2"),
        ({"attacks": {"raider": {"cruiser": 0}}}, "at least 1"),
        ({"attacks": {"cruiser": {"cruiser": 1}}}, "cannot fire now"),
        ({"attacks": {"raider": {"cruiser": 1}}, "hold": ["raider"]}, "both attack and hold"),
        ({"attacks": {}, "hold": ["cruiser"]}, "hold the fire of your own units"),
        ({"attack": {}}, "answer"),
    ]
    for answer, words in bad:
        with pytest.raises(IllegalAnswer, match=words):
            run.answer(answer)
    run.answer({"attacks": {"raider": {"cruiser": 1}, "c1": {"cruiser": 1}}, "hold": ["c2", "c3"]})
    assert run.held() == ["c2", "c3"]
    assert set(run.pending.options) == {"cruiser"}  # 4.2.a: inactive (screened) units may not fire
    with pytest.raises(IllegalAnswer, match="cannot fire now"):
        run.answer({"attacks": {"cruiser": {"raider": 1, "c1": 1}, "frigate": {"c1": 2}}})


def test_hold_only_against_a_screened_line_and_the_screen_needs_a_front():
    run = corvettes()
    run.answer({})
    with pytest.raises(IllegalAnswer, match="leave at least one unit in the front"):
        run.answer(["cruiser", "frigate"])
    run.answer([])
    with pytest.raises(IllegalAnswer, match="only when the defender has screened units"):
        run.answer({"attacks": {}, "hold": ["c1"]})


def test_all_af_on_a_target_is_one_pooled_roll_and_fire_is_simultaneous():
    """4.2.b: one roll of all the AF on a target, 6 = 2 hits, 5 = 1; destroyed units still fire."""
    #        c1-3 at cruiser: 3d6  raider at frigate: 2d6  cruiser at c1: 4d6   frigate at raider: 2d6
    faces = [6, 5, 1] + [6, 6] + [5, 5, 2, 1] + [6, 6]
    run = corvettes(faces)
    to_return(run, CORVETTES_ATTACK)
    run.answer({"attacks": {"cruiser": {"c1": 4}, "frigate": {"raider": 2}}})
    rolls = [e for e in run.log.events if e.kind == "roll"]
    assert [e.text.split(":")[0].split(" (")[0] for e in rolls] == [
        "C1, C2, C3 at CRUISER", "RAIDER at FRIGATE", "CRUISER at C1", "FRIGATE at RAIDER"]
    assert [len(e.data["faces"]) for e in rolls] == [3, 2, 4, 2]
    assert run.hits() == {"cruiser": 3, "frigate": 4, "c1": 2, "c2": 0, "c3": 0, "raider": 4}
    units = {u.id: u for t in run.sides for u in run.units(t)}
    assert units["frigate"].destroyed and units["raider"].destroyed and units["c1"].destroyed
    assert not units["cruiser"].damaged  # 3 < 8 / 2
    # the frigate was destroyed by the attacker's roll and still fired back in that round
    assert any("FRIGATE fire 2 AF at RAIDER: 4 hits" in e.text for e in run.log.events)


def test_hits_are_cumulative_and_a_damaged_unit_fires_with_its_damaged_af():
    """4.2.c: markers add up; at half the EF the unit is damaged and shows its damaged AF (4.1.b)."""
    faces = [5] + [1, 1, 1, 1] + [5] + [1]
    run = run_of([ship("b1", 4, 3, 1)], [ship("r1", 1, 5)], faces)
    to_return(run, {"r1": {"b1": 1}})
    run.answer({"attacks": {"b1": {"r1": 4}}})
    assert run.hits()["b1"] == 1 and not run.units("blue")[0].damaged  # 1 < 1.5
    run.answer("fight")
    to_return(run, {"r1": {"b1": 1}})
    b1 = run.units("blue")[0]
    assert b1.hits == 1 and run.pending.data["dice"] == {"b1": 4}
    run.answer({"attacks": {"b1": {"r1": 1}}, })  # must match 1; 3 AF left unused
    assert b1.hits == 2 and b1.damaged and not b1.destroyed
    run.answer("fight")
    to_return(run, {})
    assert run.pending.data["dice"] == {"b1": 1}  # its damaged AF


def test_an_af_reduced_to_zero_rolls_one_stepped_down_die_and_af_zero_never_fires():
    """4.1.b: AF reduced to zero or less still rolls one die, a 6 becomes a near miss; AF 0 never fires."""
    run = run_of([ship("b1", 2, 6), ship("base", 0, 9)], [ship("r1", 1, 4), ship("r2", 2, 4)], [6, 6, 5])
    run.answer({"r1": -2})
    run.answer([])
    assert run.pending.data["dice"] == {"r1": 1, "r2": 2}
    with pytest.raises(IllegalAnswer, match="one stepped-down die"):
        run.answer({"attacks": {"r1": {"b1": 2}}})
    run.answer({"attacks": {"r1": {"b1": 1}}})
    assert set(run.pending.options) == {"b1"}  # the base (AF 0) never fires
    with pytest.raises(IllegalAnswer, match="cannot fire now"):
        run.answer({"attacks": {"b1": {"r1": 1}, "base": {"r1": 1}}})
    run.answer({"attacks": {"b1": {"r1": 2}}})
    assert run.hits()["b1"] == 1  # the stepped-down 6: one hit, not two
    assert run.hits()["r1"] == 3  # 6 and 5 from b1


def test_a_stepped_down_five_is_a_miss():
    run = run_of([ship("b1", 2, 6)], [ship("r1", 1, 4)], [5, 1, 1])
    run.answer({"r1": -1})
    run.answer([])
    run.answer({"attacks": {"r1": {"b1": 1}}})
    run.answer({"attacks": {"b1": {"r1": 2}}})
    assert run.hits()["b1"] == 0


def test_a_breakthrough_lets_the_held_fire_hit_the_screened_line():
    """4.2.f: the front wiped out, the held units attack the screened line and it may fire back."""
    faces = [6, 6] + [1] + [6] + [1]  # r1 destroys the front (EF 4); b1 fires back; r2 at b2; b2 at r2
    run = run_of([ship("b1", 1, 4), ship("b2", 1, 2)], [ship("r1", 2, 6), ship("r2", 1, 6)], faces)
    to_return(run, {"r1": {"b1": 2}}, hold=["r2"], screened=["b2"])
    run.answer({"attacks": {"b1": {"r1": 1}}})
    assert run.pending.key == "afef/1/breakthrough" and run.pending.options == ("r2",)
    assert run.pending.data["targets"] == ["b2"] and "b2" in run.question_odds()
    with pytest.raises(IllegalAnswer, match="cannot fire now"):
        run.answer({"attacks": {"r1": {"b2": 1}}})  # only the held units
    run.answer({"attacks": {"r2": {"b2": 1}}})
    assert run.pending.key == "afef/1/breakthrough_return" and run.pending.options == ("b2",)
    assert run.question_odds()["incoming"]["b2"]["destroyed"] == "1/6"
    run.answer({"attacks": {"b2": {"r2": 1}}})
    assert run.state.resolved and "Red holds the field" in run.status().resolution


def test_without_a_breakthrough_the_held_fire_is_lost():
    faces = [1, 1] + [1]
    run = run_of([ship("b1", 1, 4), ship("b2", 1, 2)], [ship("r1", 2, 6), ship("r2", 1, 6)], faces)
    to_return(run, {"r1": {"b1": 2}}, hold=["r2"], screened=["b2"])
    run.answer({"attacks": {"b1": {"r1": 1}}})
    assert run.pending.key == "afef/1/continue"
    assert any(e.rule == "AF/EF 4.2.f" and "R2 lose their held attacks" in e.text for e in run.log.events)


def test_break_off_is_a_gm_ruling_with_its_reason_and_results_are_written_back():
    faces = [6, 6, 6] + [1, 1]
    run = run_of([ship("b1", 2, 4, 1), ship("b2", 1, 2)], [ship("r1", 3, 6), ship("r2", 1, 2)], faces)
    to_return(run, {"r1": {"b1": 3}})
    run.answer({"attacks": {"b1": {"r1": 2}}})
    assert run.pending.key == "afef/1/continue"
    with pytest.raises(IllegalAnswer, match="4.2.d"):
        run.answer({"break_off": "defender", "reason": " "})
    run.answer({"break_off": "defender", "reason": "Blue runs for the nebula"})
    ruling = [e for e in run.log.events if e.rule == "AF/EF 4.2.d"]
    assert ruling and "GM ruling (Blue runs for the nebula)" in ruling[0].text
    assert run.state.resolved and "Blue broke off" in run.status().resolution
    c = run.saved()
    units = {u.id: u for f in c.fleets for u in f.units}
    assert "b1" not in units  # 6 hits >= EF 4: destroyed, it leaves its fleet
    assert not units["b2"].crippled and not units["r1"].crippled
    assert next(r for r in c.battle_hexes if r.at == AT).resolved


def test_damaged_units_are_written_back_crippled_and_keep_their_hits_in_the_battle_end():
    faces = [6, 5] + [6, 6, 6]  # r1 puts 3 on b1 (EF 6: damaged); b1 destroys r1 (EF 5)
    run = run_of([ship("b1", 3, 6, 1)], [ship("r1", 2, 5)], faces)
    to_return(run, {"r1": {"b1": 2}})
    run.answer({"attacks": {"b1": {"r1": 3}}})
    assert run.state.resolved
    assert run.units("blue")[0].hits == 3  # 4.2.c: a damaged unit keeps the hits up to half its EF
    c = run.saved()
    units = {u.id: u for f in c.fleets for u in f.units}
    assert units["b1"].crippled and "r1" not in units


def test_a_crippled_unit_comes_in_damaged_with_half_its_ef_in_hits():
    run = run_of([ship("b1", 4, 7, 2, crippled=True)], [ship("r1", 1, 2)])
    b1 = run.units("blue")[0]
    assert b1.damaged and b1.hits == 3 and b1.dice == 2


def test_odds_are_shown_before_the_player_commits_and_never_stored_in_the_question():
    run = corvettes()
    run.answer({})
    run.answer([])
    assert "odds" not in run.pending.data  # computed when shown (issue 21), not carried by the question
    odds = run.question_odds()
    assert run.question_odds() is odds  # kept while the question is pending
    assert set(odds) == {"cruiser", "frigate"} and set(odds["cruiser"]["by_af"]) == {"1", "2", "3", "4", "5"}
    assert odds["frigate"]["by_af"]["2"] == target_odds(0, 4, False, 2).to_dict()
    run.answer({"attacks": CORVETTES_ATTACK})
    inc = run.question_odds()["incoming"]
    assert inc["cruiser"] == target_odds(0, 8, False, 3).to_dict()
    assert run.odds("frigate", 2).destroyed == target_odds(0, 4, False, 2).destroyed


def play(run: AfefBattle) -> AfefBattle:
    """Fight to the end: everyone fires all it has at the first target it may."""
    while run.pending is not None:
        q = run.pending
        step = q.key.split("/")[-1]
        if step == "modifiers":
            run.answer({})
        elif step == "screen":
            run.answer([])
        elif step == "continue":
            run.answer("fight")
        else:
            owed = run.must_match()
            plan = {}
            for s in q.options:
                target = owed[s][1][0] if step == "return" and s in owed else q.data["targets"][0]
                plan[s] = {target: q.data["dice"][s]}
            run.answer({"attacks": plan} | ({"hold": []} if step == "declare" else {}))
    return run


def test_same_campaign_seed_and_answers_give_the_same_bytes_and_replay_and_undo_agree():
    c = formed([ship("b1", 3, 6, 1), ship("b2", 2, 4, 1)], [ship("r1", 2, 5, 1), ship("r2", 2, 4)])
    first = play(AfefBattle(c, AT))
    second = play(AfefBattle(c, AT))
    assert first.events_json() == second.events_json() and first.state.resolved
    saved = first.saved()
    rec = next(r for r in saved.battle_hexes if r.at == AT)
    assert rec.answers == first.answers and rec.seed == first.seed
    n = len(first.answers)
    open_c = c.model_copy(update={"battle_hexes": [r.model_copy(update={"answers": first.answers[:n - 1],
                                                                        "seed": first.seed})
                                                   for r in c.battle_hexes]})
    resumed = AfefBattle(open_c, AT)
    assert resumed.pending is not None and len(resumed.answers) == n - 1
    resumed.answer(first.answers[-1])
    assert resumed.events_json() == first.events_json()
    resumed.undo(1)
    resumed.answer(first.answers[-1])
    assert resumed.events_json() == first.events_json()
    with pytest.raises(IllegalAnswer, match="undo"):
        resumed.undo(n + 1)


def test_the_status_and_the_summary_name_the_step():
    run = corvettes()
    assert run.status().stage == "round 1: AF modifiers" and run.status().heading == "Red attacks Blue"
    run.answer({})
    assert run.summary(["frigate"]) == "Battle 0304: Blue: screening units: FRIGATE"


def test_a_held_unit_destroyed_in_the_round_still_breaks_through_with_its_full_af():
    """4.2.b: simultaneous, units flipped and removed only after they have fired, so a held unit
    hit in the same round fires in the breakthrough (4.2.f) with the AF it had."""
    faces = [6] + [1] + [6] + [1, 1, 1] + [1]
    run = run_of([ship("b1", 2, 2), ship("b2", 1, 4)], [ship("r1", 2, 6), ship("r2", 3, 2, 1)], faces)
    to_return(run, {"r1": {"b1": 1}}, hold=["r2"], screened=["b2"])
    run.answer({"attacks": {"b1": {"r1": 1, "r2": 1}}})
    assert run.hits()["r2"] == 2 and run.pending.key == "afef/1/breakthrough"
    assert run.pending.data["dice"] == {"r2": 3}
    run.answer({"attacks": {"r2": {"b2": 3}}})
    assert run.pending.data["targets"] == ["r1"]  # r2's hits already reach its EF
    run.answer({"attacks": {"b2": {"r1": 1}}})
    units = {u.id: u for t in run.sides for u in run.units(t)}
    assert units["r2"].destroyed and units["b1"].destroyed and not units["b2"].destroyed


def test_a_battle_where_no_unit_can_fire_ends_at_once_and_an_illegal_answer_changes_nothing():
    """4.1.b: units with zero AF never fire; 4.2.e: rounds go on only while there is a fight."""
    idle = run_of([ship("b1", 0, 3)], [ship("r1", 0, 3)])
    assert idle.pending is None and idle.state.resolved
    assert "neither side can fire" in idle.status().resolution
    run = corvettes()
    before = run.events_json()
    with pytest.raises(IllegalAnswer, match=r"4\.1\.b"):
        run.answer({"nobody": -1})
    assert run.events_json() == before and run.answers == []
