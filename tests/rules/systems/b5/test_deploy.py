"""Seed 003 deployment zones and order, and the jump-in vortex scatter."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.model.b5 import Race
from rules.systems.b5.deploy import Board, Place, distance, patrol_count, placement_order, why_not, zone
from rules.systems.b5.jump import chosen_ok, direction, flagship_dice, other_dice, other_distance, scatter

BOARD = Board()
C = Label(40, 30)


def ok(place: Place, at: Label) -> bool:
    allowed = bool(zone(BOARD, place)[BOARD.index(at)])
    assert allowed == (why_not(BOARD, place, at, "X") == "")
    return allowed


def test_a_ship_within_3_of_its_command_ship_4_refused():
    assert ok(Place("member", C), Label(43, 30)) and distance(C, Label(43, 30)) == 3
    assert not ok(Place("member", C), Label(44, 30))
    assert "within 3 hexes of its command ship, not 4" in why_not(BOARD, Place("member", C), Label(44, 30), "X")


def test_a_squadron_commander_within_15_of_the_flagship_16_refused():
    assert ok(Place("command", C), Label(40, 45))
    assert not ok(Place("command", C), Label(40, 46))
    assert "within 15 hexes of the group flagship, not 16" in why_not(BOARD, Place("command", C), Label(40, 46), "X")


def test_escorts_within_3_of_the_flagship():
    assert ok(Place("escort", C), Label(40, 33)) and not ok(Place("escort", C), Label(40, 34))


def test_a_patrol_20_from_the_flagship_19_refused():
    assert ok(Place("patrol", C), Label(40, 50))
    assert not ok(Place("patrol", C), Label(40, 49))
    assert "at least 20 hexes from the group flagship, not 19" in why_not(BOARD, Place("patrol", C), Label(40, 49), "X")


def test_fleets_begin_45_apart():
    enemy = (Label(5, 30),)
    assert ok(Place("flagship", None, enemy), Label(50, 30)) and distance(Label(5, 30), Label(50, 30)) == 45
    assert not ok(Place("flagship", None, enemy), Label(49, 30))
    assert "45 or more hexes apart" in why_not(BOARD, Place("flagship", None, enemy), Label(49, 30), "X")


def test_off_the_board_is_refused():
    with pytest.raises(Exception, match="off the board"):
        BOARD.index(Label(91, 1))


def test_eight_squadrons_two_on_patrol():
    assert [patrol_count(n) for n in (1, 3, 4, 7, 8, 12)] == [0, 0, 1, 1, 2, 3]


def test_squadrons_alternate_the_side_with_more_places_its_extra_last():
    assert placement_order(["a1", "a2"], ["b1", "b2", "b3", "b4"]) == [
        (0, "a1"), (1, "b1"), (0, "a2"), (1, "b2"), (1, "b3"), (1, "b4")]
    assert placement_order(["a1", "a2", "a3"], ["b1"]) == [(0, "a1"), (1, "b1"), (0, "a2"), (0, "a3")]


def test_the_next_ships_zone_is_worked_out_over_the_whole_board_at_once(monkeypatch):
    """The zone with 60 enemy ships placed is one array sum per ship placed, not a distance per
    hex and ship (bench/b5.py times it: goal < 10 ms; the naive way, ~5,400 hexes x 61 ships, is
    the bench's baseline): a hex is turned into grid coordinates once per ship placed, whatever the
    board's size, and the mask is the rule's hex by hex."""
    import rules.systems.b5.deploy as deploy

    enemies = tuple(Label(80, r) for r in range(1, 61))
    place = Place("command", C, enemies)
    converted: list[Label] = []
    real = deploy.grid_hex
    monkeypatch.setattr(deploy, "grid_hex", lambda at: converted.append(at) or real(at))
    for board in (BOARD, Board(180, 120)):
        converted.clear()
        zone(board, place)
        assert len(converted) == 1 + len(enemies), f"{len(converted)} hexes converted on {board.cols} x {board.rows}"
    monkeypatch.undo()
    legal = [at for at in BOARD.labels if distance(C, at) <= 15 and min(distance(e, at) for e in enemies) >= 45]
    assert [BOARD.labels[i] for i in zone(BOARD, place).nonzero()[0]] == legal and len(legal) == 231


def test_vortex_direction_clockwise_from_direction_1():
    assert [direction(d).name for d in range(1, 7)] == ["A", "B", "C", "D", "E", "F"]
    assert scatter(BOARD, C, 1, 12) == Label(40, 18)  # d6 1: towards the top; d12 12 hexes
    assert scatter(BOARD, C, 4, 5) == Label(40, 35)
    assert distance(C, scatter(BOARD, C, 2, 7)) == 7 and distance(C, scatter(BOARD, C, 6, 1)) == 1
    assert scatter(BOARD, Label(2, 2), 1, 12) == Label(2, 1)  # stops at the board's edge


def test_minbari_roll_d6_for_the_flagship_and_d4_less_1_for_the_others():
    assert flagship_dice(Race.EARTH) == "d12" and flagship_dice(Race.MINBARI) == "d6"
    assert other_dice(Race.NARN) == "d6" and other_dice(Race.MINBARI) == "d4"
    assert other_distance(Race.MINBARI, 1) == 0 and other_distance(Race.MINBARI, 4) == 3
    assert other_distance(Race.CENTAURI, 6) == 6
    assert scatter(BOARD, C, 3, other_distance(Race.MINBARI, 1)) == C


def test_other_vortices_chosen_within_10_of_the_flagships():
    assert chosen_ok(C, Label(50, 30)) and not chosen_ok(C, Label(51, 30))
