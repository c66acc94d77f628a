"""Seed 002's Carrying And Deploying Mines, each condition (issue 25: only "within 4 hexes" was checked, by the
offer): "A ship may deploy one mine per Movement Phase. To deploy a mine, a ship must remain stationary in a hex
for one Movement Phase, have an operational tractor beam, and drop a shield for the full turn. A mine may be
placed up to four hexes from the deploying ship, provided the shield between the ship and the deployment hex is
down. [...] A mine may not be deployed into a hex in which any ship [...] is located." Each refusal names the rule.
The Klothos (D-7, Class VIII: one tractor beam) is at 0,0 heading B; its bow is shield 1."""
from __future__ import annotations

import pytest

from hexmap.hexes import Hex
from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs import shields
from tests.rules.systems.stcs.helpers import lay
from tests.rules.systems.stcs.test_damage import hit, scripted

RULE = "STCS Carrying And Deploying Mines"


def ahead(run, k: int) -> str:
    e = run.engine
    h = e.at["d7"].neighbor(e.facing["d7"], k)
    return f"{h.q},{h.r}"


def lower(run, i: int) -> None:
    run.answer("shields:d7")
    run.answer(f"lower:{i}")


def refused(run, answer: str, words: str) -> None:
    with pytest.raises(IllegalAnswer, match=words) as err:
        run.answer(answer)
    assert str(err.value).startswith(RULE)


def test_the_bow_faces_the_hexes_ahead() -> None:
    run = scripted([])
    e = run.engine
    assert shields.shields_toward(e, "d7", e.at["d7"].neighbor(e.facing["d7"], 4)) == (1,)


@pytest.mark.parametrize(("k", "ok"), [(4, True), (5, False)])
def test_a_mine_goes_up_to_4_hexes_away_5_refused(k: int, ok: bool) -> None:
    run = scripted([])
    lower(run, 1)
    run.answer("mine:d7")
    if ok:
        run.answer(ahead(run, k))
        assert [m.at for m in run.engine.mines] == [run.engine.at["d7"].neighbor(run.engine.facing["d7"], 4)]
    else:
        refused(run, ahead(run, k), r"up to 4 hexes from the deploying ship \(.* is 5\)")
        assert run.engine.mines == [] and run.pending.key.endswith("/mine/d7")  # asked again, nothing laid


def test_no_shield_down_refuses_the_act() -> None:
    run = scripted([])
    refused(run, "mine:d7", "Klothos has no shield down")


def test_the_shield_toward_the_hex_must_be_down_another_is_not_enough() -> None:
    run = scripted([])
    lower(run, 4)  # the stern down, the bow up
    run.answer("mine:d7")
    refused(run, ahead(run, 2), r"shield between Klothos and .* \(shield 1\) is up")
    assert run.engine.mines == []


def test_a_ship_that_moved_in_the_movement_phase_may_not_lay_one_still_it_may() -> None:
    for points, ok in ((1, False), (0, True)):
        run = scripted([])
        lower(run, 1)
        run.answer("move:d7")
        run.answer(str(points))
        run.answer(f"{run.engine.facing['d7'].name}:{points}")
        if ok:
            run.answer("mine:d7")
            run.answer(ahead(run, 2))
            assert len(run.engine.mines) == 1
        else:
            refused(run, "mine:d7", r"moved in this Movement Phase \(1 points\): .* remains stationary")


def test_one_mine_a_movement_phase_and_no_move_after_it_the_next_segment_again() -> None:
    run = scripted([])
    lay(run, "d7", ahead(run, 2))
    refused(run, "mine:d7", "has deployed a mine in this Movement Phase")
    refused(run, "move:d7", "deployed a mine in this Movement Phase: it remains stationary")
    run.answer("next")
    run.answer("none")  # Red's cloaked Bird of Prey does not warp out
    lay(run, "d7", ahead(run, 3))  # the bow still down: no Shield Control needed
    assert len(run.engine.mines) == 2


def test_no_working_tractor_beam_no_mine() -> None:
    run = scripted([])
    hit(run, "d7", 26)  # 26 of 36: 70% or more lost, its one beam gone
    lower(run, 1)
    refused(run, "mine:d7", "no operational tractor beam")


def test_the_shield_laid_through_stays_down_to_the_turns_end() -> None:
    run = scripted([])
    lay(run, "d7", ahead(run, 2))
    for _ in range(2):  # segments 2 and 3 of turn 1: no raising shield 1
        run.answer("next")
        run.answer("none")
        run.answer("shields:d7")
        assert "raise:1" not in run.pending.options
        run.answer("keep")
    run.answer("next")
    run.answer("none")
    assert run.engine.turn_segment() == (2, 1)
    run.answer("shields:d7")
    assert "raise:1" in run.pending.options  # turn 2: it may come up again
    run.answer("raise:1")


def test_a_ship_in_the_hex_refuses_it() -> None:
    run = scripted([])
    e = run.engine
    e.at["enterprise"] = e.at["d7"].neighbor(e.facing["d7"], 2)
    lower(run, 1)
    run.answer("mine:d7")
    refused(run, ahead(run, 2), "a ship is located")
    assert Hex(0, 0) not in [m.at for m in e.mines]


def test_a_move_in_the_segment_before_does_not_bar_laying_now() -> None:
    run = scripted([])
    lower(run, 1)
    run.answer("move:d7")
    run.answer("1")
    run.answer(f"{run.engine.facing['d7'].name}:1")
    run.answer("next")
    run.answer("none")
    run.answer("mine:d7")  # segment 2: it has not moved in this Movement Phase
    run.answer(ahead(run, 2))
    assert len(run.engine.mines) == 1 and run.engine.laid["d7"] == (2, 1)


def test_one_hex_away_is_accepted() -> None:
    run = scripted([])
    lay(run, "d7", ahead(run, 1))
    assert [m.at for m in run.engine.mines] == [run.engine.at["d7"].neighbor(run.engine.facing["d7"], 1)]


def test_the_refusals_words_whole() -> None:
    from rules.systems.stcs import mines

    run = scripted([])
    e = run.engine
    lower(run, 4)
    two = next(h for h in mines.lay_spots(e, "d7") if len(shields.shields_toward(e, "d7", h)) == 2
               and 4 not in shields.shields_toward(e, "d7", h))  # a hex on the line between two shields
    a, b = shields.shields_toward(e, "d7", two)
    run.answer("mine:d7")
    refused(run, f"{two.q},{two.r}", rf"^{RULE}: the shield between Klothos and {two.q},{two.r} \(shield {a} and "
            rf"{b}\) is up: a mine is placed through a dropped shield$")
    e.at["enterprise"] = e.at["d7"].neighbor(e.facing["d7"], 2)
    refused(run, ahead(run, 2), f"^{RULE}: a mine may not be deployed into a hex in which a ship is located$")


def test_only_the_shield_laid_through_is_held_down() -> None:
    run = scripted([])
    lower(run, 4)
    lay(run, "d7", ahead(run, 2))  # through the bow (shield 1), lowered by the helper
    run.answer("shields:d7")
    assert "raise:4" in run.pending.options and "raise:1" not in run.pending.options


def test_the_question_its_words_the_mine_its_sides_and_junk_refused() -> None:
    from rules.systems.stcs.mines import Mine

    run = scripted([])
    lower(run, 6)  # the last shield alone down is a shield down
    run.answer("mine:d7")
    q = run.pending
    assert q.rule == RULE and "up to 4 hexes, through a shield that is down; it carries one as cargo, and no " \
        "asteroid, moon or planet is in the hex" in q.text
    with pytest.raises(IllegalAnswer, match="answer one of"):
        run.answer("nowhere")
    e = run.engine
    h = next(h for h in (e.at["d7"].neighbor(f, 1) for f in type(e.facing["d7"]))
             if shields.shields_toward(e, "d7", h) == (6,))
    run.answer(f"{h.q},{h.r}")
    assert e.mines == [Mine(h, "red")] and e.laid["d7"] == (1, 6)
    assert f"Klothos' mine is at {h.q},{h.r}" in run.events_json("red")
    assert "Klothos deploys a mine" in run.events_json("blue") and "mine is at" not in run.events_json("blue")


def test_moved_two_points_and_laid_in_segment_two_read_by_their_segment() -> None:
    run = scripted([])
    lower(run, 1)
    run.answer("move:d7")
    run.answer("2")
    run.answer(f"{run.engine.facing['d7'].name}:2")
    refused(run, "mine:d7", r"^STCS Carrying And Deploying Mines: Klothos moved in this Movement Phase \(2 points\): a "
            r"ship deploying a mine remains stationary in its hex for the Movement Phase$")
    run.answer("next")
    run.answer("none")
    lay(run, "d7", ahead(run, 2))  # segment 2, through shield 1
    refused(run, "mine:d7", "has deployed a mine in this Movement Phase")
    run2 = scripted([])
    refused(run2, "mine:d7", r"^STCS Carrying And Deploying Mines: Klothos has no shield down: a mine is deployed "
            r"through a dropped shield \(lower it first in Shield Control\)$")


@pytest.mark.parametrize("all_taken", [True, False])
def test_a_ship_whose_hexes_behind_its_lowered_shield_are_all_bodies_has_none_to_deploy_into(all_taken: bool) -> None:
    """Every hex up to 4 ahead behind the lowered bow shield holds an asteroid: the act is refused naming the ship and
    what takes the hexes (the mutation run of laying.bar: the message's ship was never read); one hex left free: the
    hex is offered."""
    from rules.systems.stcs import laying
    from tests.rules.systems.stcs.test_bodies import battle, with_bodies

    first = battle(with_bodies(), [], ["sublight", ["lexington"], "shields:d7", "lower:1"])
    free = laying.spots(first.engine, "d7")
    taken = free if all_taken else free[1:]
    run = battle(with_bodies(*(("asteroid", f"{h.q},{h.r}") for h in taken)), [], ["sublight", ["lexington"],
                                                                                      "shields:d7", "lower:1"])
    if not all_taken:
        run.answer("mine:d7")
        assert run.pending.options == (f"{free[0].q},{free[0].r}",)
        return
    refused(run, "mine:d7", "Klothos has no hex up to 4 hexes away, free of ships, planets, moons and asteroids, "
                            "behind a shield that is down")
