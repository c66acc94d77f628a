"""A mine going off on a ship (seed 002, Mines, Mine Damage; issue 25): the engine's step after a move and at the
segment's end. Moving ahead into a mine's hex: the bow (shield 1); rotating in it: shield 1 or 3; stationary in
it: a D6. The chance that it goes off (the base game's) is the GM's, in secret, rolled on D100 with the odds
first; a mine that does not go off is told to the GM and the mine's side only. The Klothos (Class VIII, 20-point
shields, 36 superstructure) lays a mine two hexes ahead and moves over it."""
from __future__ import annotations

import json

import pytest

from hexmap.hexes import Hex
from rules.battlehex.log import GM, IllegalAnswer
from rules.systems.stcs import mines
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.helpers import lay, place_mine


def seen(run, viewer: str) -> str:
    return json.dumps([e.to_dict() for e in run.log.for_viewer(viewer)])


def lay_ahead(run, k: int = 2) -> Hex:
    """A Klingon mine ``k`` hexes ahead of the Klothos (laid earlier: deploying it now would drop the shield the
    mine strikes; the deployment is test_laying.py's)."""
    e = run.engine
    h = e.at["d7"].neighbor(e.facing["d7"], k)
    place_mine(run, h, e.units["d7"].team)
    return h


def move(run, points: int, path: str) -> None:
    run.answer("move:d7")
    run.answer(str(points))
    run.answer(path)


def end_segment(run) -> None:
    run.answer("next")
    while "/cloakout/" in run.pending.key:
        run.answer("none")


@pytest.mark.parametrize(("die", "off"), [(60, True), (61, False)])
def test_a_ship_moving_ahead_into_a_mines_hex_rolls_its_chance_then_takes_it_on_the_bow(die: int, off: bool) -> None:
    run = scripted([die])
    h = lay_ahead(run)
    face = run.engine.facing["d7"].name
    move(run, 3, f"{face}:3")  # through the mine's hex at the second hex ahead
    q = run.pending
    assert q.to == GM and q.data["secret"] and (q.low, q.high) == (0, 100)
    assert f"Klothos enters the hex {h.q},{h.r} of a mine" in q.text and "shield 1 (the bow" in q.text
    with pytest.raises(IllegalAnswer, match="0-100"):
        run.answer(101)
    run.answer(60)
    assert any("a mine goes off (1-60: 60%)" in e.text for e in run.log.events)  # the odds with the die
    if not off:
        assert run.pending.key.endswith("/act") and len(run.engine.mines) == 1
        assert "does not go off under Klothos" in seen(run, "red") and "does not go off" not in seen(run, "blue")
        assert "a mine goes off (1-60" not in seen(run, "blue") and "of a mine" not in seen(run, "blue")
        assert "of a mine" in seen(run, "red")  # the chance question: the GM's and the mine's side
        return
    assert run.engine.mines == [] and f"a mine goes off on Klothos at {h.q},{h.r}" in seen(run, "blue")
    assert "60%" not in seen(run, "blue") and "a mine goes off (1-60: 60%)" in seen(run, "red")  # the mine's side
    run.answer(25)  # the base game's damage: shield 1's 20 points absorb 20, 5 through
    assert "Klothos' shield 1 faces the mine: it absorbs 20 of 25 points" in seen(run, "blue")
    run.answer("superstructure")
    assert run.engine.ss_lost["d7"] == 5 and run.pending.key.endswith("/act")


def test_a_ship_stationary_in_a_mines_hex_takes_it_on_a_d6_shield_at_the_segments_end() -> None:
    run = scripted([4])  # the D6: shield 4
    lay_ahead(run, 1)
    move(run, 1, f"{run.engine.facing['d7'].name}:1")
    run.answer(0)  # it does not go off: no die
    end_segment(run)  # it moved this segment: not stationary yet
    assert run.pending.key == "stcs/2/act"
    end_segment(run)  # segment 2: it stayed in the mine's hex
    q = run.pending
    assert "Klothos stays in the hex" in q.text and "a D6: each shield 1 in 6" in q.text
    run.answer(100)  # certain: no D100
    assert any("the shield the mine attacks under Klothos (1 in 6 each)" in e.text and "rolled 4" in e.text
               for e in run.log.events)
    run.answer(3)
    assert "Klothos' shield 4 faces the mine: it absorbs 3 of 3 points" in seen(run, "blue")


def test_a_ship_rotating_in_a_mines_hex_takes_it_on_shield_1_or_3() -> None:
    run = scripted([])
    lay_ahead(run, 1)
    face = run.engine.facing["d7"]
    move(run, 1, f"{face.name}:1")
    run.answer(0)
    end_segment(run)
    turned = next(f for f in type(face) if (f.value - face.value) % 6 == 1)
    move(run, 1, f"{turned.name}:0")  # one point: turn one hex side, no hex ahead
    assert "Klothos rotates in the hex" in run.pending.text
    run.answer(100)
    assert run.pending.options == ("1", "3")
    run.answer("3")
    run.answer(2)
    assert "Klothos' shield 3 faces the mine" in seen(run, "blue")


def test_a_mine_going_off_on_a_cloaked_enemy_is_its_sides_and_the_gms() -> None:
    run = scripted([50])
    e = run.engine
    h = e.at["bop"].neighbor(e.facing["bop"], 1)
    e.mines.append(mines.Mine(h, "blue"))  # a Federation mine ahead of the Bird of Prey (laid off the map's reach)
    run.answer("move:bop")
    run.answer("1")
    run.answer(f"{e.facing['bop'].name}:1")
    q = run.pending
    assert q.to == GM and q.data["secret"]
    run.answer(50)  # D100 50: it goes off
    assert "a mine goes off on Bird of Prey" in seen(run, "red")
    run.answer(4)
    blue = seen(run, "blue")
    assert "a mine goes off" not in blue and "a mine goes off (1-50" not in blue and "shield 1 faces the mine" \
        not in blue


def test_a_ship_warping_out_through_a_mine_straight_ahead_takes_it_on_the_bow() -> None:
    run = scripted([50])  # the activation D100: 50 of 1-90
    run.answer("warpout:d7")  # announced in the turn's opening (Tactical Advantage Phase)
    run.answer("2")
    h = lay_ahead(run, 4)
    run.answer("next")  # the Engine Activation Phase: it activates and goes "along a path to its immediate front"
    q = run.pending
    assert q.to == GM and f"Klothos warps out through the hex {h.q},{h.r} of a mine" in q.text
    run.answer(100)
    run.answer(12)  # all absorbed by the bow's 20: no hit to enter
    assert run.engine.mines == [] and run.engine.units["d7"].outcome == "warped out at Warp 2"
    assert "Klothos' shield 1 faces the mine: it absorbs 12 of 12 points" in seen(run, "blue")


def test_no_mine_on_the_path_no_question() -> None:
    run = scripted([50])
    e = run.engine
    h = e.at["d7"].neighbor(e.facing["d7"].opposite, 3)  # behind it
    run.answer("warpout:d7")
    run.answer("2")
    lay(run, "d7", f"{h.q},{h.r}")
    run.answer("next")
    assert "/minehit/" not in run.pending.key and run.engine.units["d7"].outcome == "warped out at Warp 2"


def test_a_towed_ship_moved_along_meets_the_mines_its_tug_passed() -> None:
    from tests.rules.systems.stcs.test_tractors import drawn_into_its_hex, towing
    run = towing()
    e = run.engine
    drawn_into_its_hex(run)  # into one hex, as test_tractors.py does
    h = e.at["lexington"].neighbor(e.facing["lexington"], 2)
    place_mine(run, h, e.units["lexington"].team)  # (laying it, the Lexington would stay still this phase)
    run.answer("move:lexington")
    run.answer("3")
    run.answer(f"{e.facing['lexington'].name}:3")
    assert "Lexington enters the hex" in run.pending.text
    run.answer(0)  # not under the Lexington
    assert "Klothos enters the hex" in run.pending.text  # the towed Klothos, through the same hex
    run.answer(100)
    run.answer(5)
    assert e.mines == [] and "a mine goes off on Klothos" in seen(run, "blue")


def _questions(run, answers: list[int]) -> list[str]:
    """The mine questions' keys as each is answered with the next of ``answers``."""
    keys = []
    for a in answers:
        keys.append(run.pending.key)
        run.answer(a)
    return keys


def test_each_mine_in_a_hex_attacks_in_turn_and_one_gone_moves_the_later_ones_and_their_locks_up() -> None:
    """Three mines in the hex ahead: the first does not go off, the second does (3 points, all absorbed),
    the third (now the second) is asked next; a lock on the one gone is lost, a lock on the third follows
    it to index 1, a lock in another hex keeps its index."""
    from rules.battlehex.questions import QKind
    from rules.systems.stcs import damage
    from rules.systems.stcs.minehits import GOES_OFF

    run = scripted([])
    e = run.engine
    h = e.at["d7"].neighbor(e.facing["d7"], 1)
    far = e.at["d7"].neighbor(e.facing["d7"].opposite, 2)
    e.mines.extend([mines.Mine(h, "red"), mines.Mine(h, "red"), mines.Mine(h, "red"), mines.Mine(far, "red"),
                    mines.Mine(far, "red"), mines.Mine(far, "red")])
    e.mine_locks = {"bop": (h, 1), "lexington": (h, 2), "d7": (far, 2)}
    move(run, 1, f"{e.facing['d7'].name}:1")
    q = run.pending
    assert (q.kind, q.to, q.rule, q.default, q.low, q.high) == (QKind.NUMBER, GM, GOES_OFF, 100, 0, 100)
    keys = _questions(run, [0, 100])
    q = run.pending
    assert (q.kind, q.to, q.rule, q.low, q.high, q.default) == (QKind.NUMBER, GM, GOES_OFF, 1, damage.MOST, 1)
    assert q.key.endswith("/points")
    with pytest.raises(IllegalAnswer):
        run.answer(0)
    assert q.text == "Game Master: how many points of damage does the mine do to Klothos' shield 1 (the base game's)?"
    run.answer(3)
    assert e.mine_locks == {"lexington": (h, 1), "d7": (far, 2)}
    keys += _questions(run, [0])
    assert [k.rsplit("/", 1)[-1] for k in keys] == ["0", "1", "1"] and run.pending.key.endswith("/act")
    assert [m.at for m in e.mines] == [h, h, far, far, far]
    ruled = [(ev.kind, ev.rule, ev.text, ev.data) for ev in run.log.events if "goes off on" in ev.text
             or "does not go off" in ev.text]
    assert ruled == [("ruling", GOES_OFF, f"the mine at {h.q},{h.r} does not go off under Klothos", {}),
                     ("ruling", GOES_OFF, f"a mine goes off on Klothos at {h.q},{h.r}", {"unit": "d7"}),
                     ("ruling", GOES_OFF, f"the mine at {h.q},{h.r} does not go off under Klothos", {})]


def test_a_mine_in_the_hex_left_or_one_past_the_last_hex_entered_does_not_attack() -> None:
    run = scripted([])
    e = run.engine
    e.mines.extend([mines.Mine(e.at["d7"], "red"), mines.Mine(e.at["d7"].neighbor(e.facing["d7"], 2), "red")])
    move(run, 1, f"{e.facing['d7'].name}:1")
    assert run.pending.key.endswith("/act") and "/minehit/" not in run.pending.key


@pytest.mark.parametrize("about", [False, True])
def test_the_nearest_mine_ahead_attacks_first_as_a_ship_warps_out(about: bool) -> None:
    """Mines 4 and 2 hexes ahead (laid in that order): the one 2 ahead is asked first, facing either way
    (the hexes' own order is not the distance's)."""
    run = scripted([50])
    e = run.engine
    if about:
        e.facing["d7"] = e.facing["d7"].opposite
    run.answer("warpout:d7")
    run.answer("2")
    far, near = lay_ahead(run, 4), None
    near = e.at["d7"].neighbor(e.facing["d7"], 2)
    e.mines.append(mines.Mine(near, "red"))
    run.answer("next")
    q = run.pending
    assert f"through the hex {near.q},{near.r} of a mine" in q.text, q.text
    assert q.text.endswith("Then its shield: shield 1 (the bow, moving ahead into it).")
    run.answer(0)
    assert f"through the hex {far.q},{far.r} of a mine" in run.pending.text


def test_a_ship_that_moved_in_this_segment_is_not_stationary_at_its_end() -> None:
    """Moved 1 point in segment 2 into a mine's hex: no stationary attack at segment 2's end (its move is
    this segment's), one at segment 3's."""
    run = scripted([2])
    h = lay_ahead(run, 1)
    end_segment(run)
    move(run, 1, f"{run.engine.facing['d7'].name}:1")
    assert f"Klothos enters the hex {h.q},{h.r}" in run.pending.text
    run.answer(0)
    end_segment(run)
    assert run.pending.key == "stcs/3/act"
    end_segment(run)
    q = run.pending
    assert "Klothos stays in the hex" in q.text and q.text.endswith("Then its shield: a D6: each shield 1 in 6.")


def test_the_rotating_ships_shield_question_is_the_gms_under_the_mine_rule() -> None:
    from rules.systems.stcs.minehits import GOES_OFF

    run = scripted([])
    lay_ahead(run, 1)
    face = run.engine.facing["d7"]
    move(run, 1, f"{face.name}:1")
    run.answer(0)
    end_segment(run)
    turned = next(f for f in type(face) if (f.value - face.value) % 6 == 1)
    move(run, 1, f"{turned.name}:0")
    assert run.pending.text.endswith("Then its shield: shield 1 or 3 (rotating: the GM picks).")
    run.answer(100)
    q = run.pending
    assert (q.to, q.rule) == (GM, GOES_OFF) and q.text == ("Game Master: Klothos rotates in the mine's hex: which "
                                                            "shield does the mine attack (1 or 3 by the direction of rotation)?")


def test_an_enemy_ship_seen_by_all_entering_a_mine_is_asked_of_the_gm_and_told_to_the_mines_side() -> None:
    """The Enterprise (blue, not cloaked) enters a Klingon mine: the chance is the GM's and red's; blue reads
    nothing of it; the D100 is on the secret stream (the public dice left as they were)."""
    run = scripted([50])
    e = run.engine
    h = e.at["enterprise"].neighbor(e.facing["enterprise"], 1)
    e.mines.append(mines.Mine(h, "red"))
    run.answer("move:enterprise")
    run.answer("1")
    run.answer(f"{e.facing['enterprise'].name}:1")
    assert run.pending.to == GM and e.dice.hidden == run.pending.key
    assert "Enterprise enters the hex" in seen(run, "red") and "Enterprise enters the hex" not in seen(run, "blue")
    run.answer(40)
    assert "does not go off under Enterprise" in seen(run, "red") and "does not go off" not in seen(run, "blue")
    assert e.dice.hidden == "" and e.log.hidden_to is None


def test_a_chance_that_is_not_a_whole_number_in_percent_is_refused_by_the_mine_rule() -> None:
    from rules.systems.stcs.minehits import GOES_OFF, _percent

    for bad in (True, 1.5, "50", -1, 101):
        with pytest.raises(IllegalAnswer) as caught:
            _percent(bad)
        assert caught.value.rule == GOES_OFF and str(caught.value) == f"{GOES_OFF}: a chance in percent is 0-100"
    assert [_percent(a) for a in (0, 1, 100)] == [0, 1, 100]


def test_a_chance_of_1_percent_is_rolled_and_a_1_sets_the_mine_off() -> None:
    run = scripted([1])
    h = lay_ahead(run, 1)
    move(run, 1, f"{run.engine.facing['d7'].name}:1")
    run.answer(1)
    assert any("a mine goes off (1-1: 1%)" in ev.text for ev in run.log.events)
    assert run.engine.mines == [] and f"a mine goes off on Klothos at {h.q},{h.r}" in seen(run, "blue")


def test_a_towed_ship_drawn_into_a_mines_hex_meets_it_on_the_side_leading() -> None:
    """Towing draws the towed ship one hex closer; a mine in that hex attacks it as it enters (issue 25's leftover
    "mines in a towed ship's path"): on the shield facing the way it is drawn (read so: the bow for a ship moving
    ahead). The de-crewed Klothos (heading B) is drawn toward the Lexington along C, across its ahead-right side."""
    from hexmap.hexes import Facing
    from rules.systems.stcs.geometry import toward
    from tests.rules.systems.stcs.test_tractors import one_hex_closer, towing

    run = towing()
    e = run.engine
    one_hex_closer(run)
    way = toward(e.at["d7"], e.at["lexington"])
    h = e.at["d7"].neighbor(way)
    place_mine(run, h, e.units["enterprise"].team)
    run.answer("draw:lexington")
    run.answer("d7")
    q = run.pending
    side = (way.value - e.facing["d7"].value) % 6 + 1  # the hex side it is drawn through, counted from its bow
    assert e.facing["d7"] is Facing.B and way is Facing.C and side == 2  # drawn across its ahead-right side
    assert f"Klothos is drawn into the hex {h.q},{h.r} of a mine" in q.text
    assert "shield 2 (the side leading as it is drawn in)" in q.text
    run.answer(100)
    run.answer(4)
    assert "Klothos' shield 2 faces the mine: it absorbs" in seen(run, "blue") and e.mines == []
