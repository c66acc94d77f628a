"""Reinforcements held off the board and brought on (seed 003 Reinforcements; design X-05):
squadrons of the side's own force named in secret, held off at deployment, announced on the roll's
success (jump markers or a board edge), on the board the next turn; never: they stay off; their own
flagship (the fleet flag's loss does not touch them)."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.b5 import compat, losses
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5_campaign
from tests.rules.systems.b5.test_battle import AT, BLUE, MEETING, RED

PLACED = MEETING[3:11]
"""The speeds, then Blue's flag squadron, Red's flag squadron and Blue's b2 (Red's r2 held off)."""
SET_UP = ["meeting engagement", "skirmish", "attacker", 4, ["r-c2"], *PLACED]


def battle(faces: list[int]) -> B5Battle:
    run = B5Battle(b5_campaign(), AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in SET_UP:
        run.answer(a)
    return run


def to_turn_end(run: B5Battle, turns: int) -> None:
    for _turn in range(turns):
        run.answer("at the table")
        run.answer([])  # no grey boxes lost


def texts(run: B5Battle) -> list[str]:
    return [e.text for e in run.log.events if e.rule == "B5 Reinforcements" and e.kind == "ruling"]


def test_the_reinforcing_squadrons_are_named_in_secret_and_held_off_the_board():
    run = battle([])
    assert "r-c2" not in run.engine.at and "r-m2" not in run.engine.at
    assert run.pending is not None and run.pending.key == "b5/1/turn"  # nobody placed r2
    assert run.engine.groups["red"].ships == ("r-c2", "r-m2") and run.engine.groups["red"].flagship == "r-c2"
    seen = [e for e in run.log.for_viewer(BLUE) if e.data.get("key") == "b5/reinforcements/red/squadrons"
            and e.kind == "answer"]
    assert seen == [] and not [e for e in run.log.for_viewer(BLUE) if "holds its reinforcing fleet" in e.text]
    assert "Red holds its reinforcing fleet off the board (in secret): R-C2, R-M2; its own flagship R-C2" in \
        [e.text for e in run.log.for_viewer(RED)]


def test_the_fleet_flagships_squadron_cannot_be_held_off():
    run = B5Battle(b5_campaign(), AT, dice=lambda _seed: ScriptedDice([]))
    for a in SET_UP[:4]:
        run.answer(a)
    with pytest.raises(IllegalAnswer, match="besides the flagship's: R-C2; not"):
        run.answer(["r-flag"])


def test_on_the_rolls_success_they_come_on_at_the_board_edge_named_the_next_turn():
    run = battle([3])  # end of turn 3: a 3, on schedule
    to_turn_end(run, 3)
    assert run.pending.key == "b5/3/entry/red" and run.pending.to == RED
    assert run.pending.options == ("jump markers", "north edge", "south edge", "west edge", "east edge")
    run.answer("east edge")
    assert "Red announces its reinforcements for turn 4: the east edge" in texts(run)
    edge = run.engine.board.cols
    assert run.pending.key == "b5/4/landing/r-c2"
    assert set(run.legal()) == {x for x in run.engine.board.labels if x.col == edge}
    with pytest.raises(IllegalAnswer, match="R-C2 comes on at the east edge, not at 6040"):
        run.answer({"at": "6040", "facing": "E"})
    run.answer({"at": f"{edge}30", "facing": "E"})
    run.answer({"at": f"{edge}32", "facing": "E"})
    assert run.engine.at["r-c2"] == Label(edge, 30) and run.engine.at["r-m2"] == Label(edge, 32)
    assert run.engine.groups["red"].status == "arrived" and run.pending.key == "b5/4/turn"


def test_jump_markers_scatter_as_a_jump_in_and_the_squadron_comes_through_the_next_turn():
    run = battle([3, 2, 4])  # on schedule; then the flagship vortex: direction 2, 4 hexes (d12)
    to_turn_end(run, 3)
    run.answer("jump markers")
    run.answer({"at": "5030", "facing": "E"})
    assert "Red announces its reinforcements for turn 4: jump markers at 5030, vortices opening E" in texts(run)
    assert run.pending.key == "b5/4/landing/r-m2"  # the ship that opened no vortex first, the opener last
    formed = run.engine.vortices["r-c2"]
    assert formed != Label(50, 30) and run.engine.vortex_from["r-c2"] == Label(50, 30)
    with pytest.raises(IllegalAnswer, match="within 2 hexes of its command ship"):
        run.answer({"at": "1010", "facing": "E"})
    near = Label(formed.col, formed.row + 1)
    run.answer({"at": str(near), "facing": "E"})
    assert run.pending.key == "b5/4/landing/r-c2" and run.legal() == [formed]
    run.answer({"at": str(formed), "facing": "E"})
    assert run.engine.at["r-c2"] == formed and run.engine.at["r-m2"] == near and run.pending.key == "b5/4/turn"


def test_never_they_stay_off_and_the_results_say_so():
    run = battle([6, 6])
    to_turn_end(run, 3)
    assert texts(run)[-1] == "Red's reinforcing fleet stays off the board for the rest of the battle: R-C2, R-M2"
    run.answer("at the table")
    run.answer([])
    assert "r-c2" not in run.engine.at and run.pending.key == "b5/5/turn"
    run.answer("results")
    assert "r-c2" not in run.pending.options and "r-m2" not in run.pending.options
    run.answer([])
    run.answer([])
    assert "reinforcements not arrived: R-C2 and R-M2" in run.state.resolution


def test_the_fleet_flagships_loss_does_not_affect_the_reinforcing_fleet():
    run = battle([3])
    to_turn_end(run, 3)
    run.answer("east edge")
    edge = run.engine.board.cols
    run.answer({"at": f"{edge}30", "facing": "E"})
    run.answer({"at": f"{edge}32", "facing": "E"})
    e = run.engine
    e.lost_flagship["red"] = e.round - 1  # the fleet flag lost last turn
    assert losses.x_rating(e, "r-f2", 4) == 3  # 75%, rounded up
    assert losses.x_rating(e, "r-c2", 4) == 4 and losses.x_rating(e, "r-m2", 4) == 4


def test_undo_at_the_announcement_and_the_arrivals_goes_on_as_a_replay():
    run = battle([3, 2, 4])
    to_turn_end(run, 3)
    for a in ("jump markers", {"at": "5030", "facing": "E"}, {"at": "5429", "facing": "E"}):  # vortex at 5428
        key = run.pending.key
        run.answer(a)
        run.undo(1)
        assert run.pending.key == key
        run.answer(a)
    again = B5Battle(b5_campaign(), AT, dice=lambda _seed: ScriptedDice([3, 2, 4]))
    again.restart(list(run.answers))
    assert again.events_json() == run.events_json() and again.pending.key == run.pending.key == "b5/4/landing/r-c2"


def test_a_battle_saved_before_holds_nobody_off():
    old = ["meeting engagement", "skirmish", "attacker", 4, *MEETING[3:]]
    run = B5Battle(b5_campaign(), AT, dice=lambda _seed: ScriptedDice([]))
    compat.replay(run, old)
    assert not run.engine.groups and "r-m2" in run.engine.at and run.pending.key == "b5/1/turn"
