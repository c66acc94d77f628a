"""Seed 002's ship explosions and mines (issue 25): once a ship's superstructure is gone and it fails
the explosion roll, the crew-efficiency check to eject the core, the Warp Core Roll Value, the order
of several (most negative first), the blast of its power boxes halved each hex (dropping fractions)
drawn as rings; mines deployed within 4 hexes, a hex scanned at -2, 3 points destroy one."""
from __future__ import annotations

import pytest

from hexmap.hexes import Hex
from rules.battlehex.log import GM
from rules.systems.stcs import explosion, mines
from tests.rules.systems.stcs.test_damage import hit, scripted
from tests.rules.systems.stcs.helpers import lay, place_mine


def test_the_blast_is_the_power_boxes_halved_each_hex_until_0() -> None:
    assert explosion.blast(24) == [24, 12, 6, 3, 1]
    assert explosion.blast(20) == [20, 10, 5, 2, 1]
    assert explosion.blast(1) == [1] and explosion.blast(0) == []


def test_several_explode_the_most_negative_first() -> None:
    assert explosion.order({"d7": 4, "bop": 5, "enterprise": 4}) == ["bop", "d7", "enterprise"]


def test_warp_core_roll_value_and_a_natural_100() -> None:
    assert explosion.core_value(20, 20) == 110 and explosion.core_value(10, 24) == 51
    assert explosion.core_value(0, 20) == 10
    assert explosion.core_explodes(51, 51) and not explosion.core_explodes(51, 52)
    assert explosion.core_explodes(51, 100)
    with pytest.raises(ValueError):
        explosion.core_value(21, 20)


def test_no_explosion_offered_until_the_superstructure_is_gone() -> None:
    run = scripted([])
    hit(run, "d7", 36)  # 0 left: not negative
    assert "explode" not in run.pending.options
    hit(run, "d7", 1)
    assert "explode" in run.pending.options and list(run.pending.options).index("explode") >= 0


def test_two_explode_most_negative_first_the_blast_rings_catch_ships_and_mines() -> None:
    # Bird of Prey 25 of 20 (-5), Klothos 40 of 36 (-4); each fails its ejection (D100 90) and its core explodes (50)
    run = scripted([3, 90, 50, 90, 50])
    d7 = run.engine.at["d7"]
    near, far = (h for h in (Hex(d7.q - 2, d7.r), Hex(d7.q - 4, d7.r)))
    place_mine(run, far, run.engine.units["d7"].team)  # laid before (one mine a Movement Phase)
    lay(run, "d7", f"{near.q},{near.r}")
    assert "Klothos deploys a mine" in run.events_json("blue")
    assert f"mine is at {near.q},{near.r}" not in run.events_json("blue")
    run.answer("minescan:enterprise")  # 24 hexes: lock 1-7, -2: 1-5; D10 3
    run.answer(f"{near.q},{near.r}")
    assert f"Enterprise's scan of {near.q},{near.r}: 1 mine" in run.events_json("blue")
    hit(run, "bop", 25)
    hit(run, "d7", 40)
    assert "bop" not in run.pending.options  # no public explosion question names the cloaked ship (issue 25):
    run.answer("explode:bop")  # it explodes by its own act, the most negative first (the GM's order of acts)
    assert run.pending.key.endswith("/hit/d7")  # the Bird of Prey's blast on the Klothos: 5 through (no power)
    assert ("Klothos' shield 3 faces the blast of Bird of Prey: it absorbs 0 of 5 points, "
            "5 through") in run.events_json()
    run.answer("superstructure")
    run.answer("explode")
    run.answer(["d7"])
    log = run.events_json("blue")
    assert "Bird of Prey explodes at" in log
    bop_blast = [6 + 6 + 8, 10, 5, 2, 1]
    assert [b["rings"] for b in run.engine.blasts] == [bop_blast, [24, 12, 6, 3, 1]]
    assert "Klothos explodes at" in log and "Klothos 5 (2 hexes)" in log  # caught in the Bird of Prey's blast
    assert run.engine.mines == [mines.Mine(far, run.engine.units["d7"].team)]  # 6 at 2 hexes: gone; 1 at 4 stays
    assert "destroys 1 mine" in run.events_json("red") and "destroys" not in log
    assert run.engine.units["d7"].status.name == "DESTROYED" and "d7" not in run.engine.at


def test_a_cloaked_ship_caught_in_a_blast_is_told_to_its_side_only() -> None:
    run = scripted([90, 50])
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])
    assert "Bird of Prey" not in run.events_json("blue")
    assert "your cloaked ships caught: Bird of Prey 6 (2 hexes)" in run.events_json("red")


def test_an_ejected_core_leaves_the_ship_dead_never_to_explode() -> None:
    run = scripted([61])  # Klothos's crew efficiency 61: ejected
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])
    assert "Klothos does not explode: its crew ejects the warp core" in run.events_json(GM)
    assert "explode" not in run.pending.options and run.engine.blasts == []


def test_a_ship_dead_in_space_only_takes_hits_casualties_and_repairs() -> None:
    run = scripted([])
    hit(run, "d7", 37)  # negative superstructure: it ceases all operations
    mine = [o for o in run.pending.options if o.partition(":")[2].startswith("d7")]
    assert sorted(mine) == ["bridge:d7", "crew:d7", "hit:d7", "repair:d7"]


def test_a_blast_strikes_each_caught_ship_on_the_shield_facing_it() -> None:
    """Seed 002 Damage From Exploding Ships: the Klothos's blast is 6 at 2 hexes; the Bird of Prey (uncloaked)
    takes it on its shield 6 (10 points: all absorbed), or, with that shield lowered, all 6 through as a hit."""
    run = scripted([90, 50])
    run.answer("uncloak:bop")
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])
    assert "Bird of Prey's shield 6 faces the blast of Klothos: it absorbs 6 of 6 points, 0 " \
        "through" in run.events_json("blue")
    assert run.pending.key.endswith("/act") and run.engine.ss_lost.get("bop", 0) == 0
    run = scripted([90, 50])
    for a in ("uncloak:bop", "shields:bop", "toward:d7"):
        run.answer(a)
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])
    assert "it absorbs 0 of 6 points, 6 through" in run.events_json("red")
    assert "Bird of Prey's shield 6: lowered" in run.events_json("red")
    run.answer("superstructure")
    assert run.engine.ss_lost["bop"] == 6


def test_the_blast_order_and_core_value_at_their_bounds() -> None:
    assert explosion.blast(3) == [3, 1] and explosion.blast(2) == [2, 1]
    with pytest.raises(ValueError, match="power boxes are 0 or more"):
        explosion.blast(-1)
    assert explosion.order({"a": 1, "b": 5, "c": 1}) == ["b", "a", "c"]  # not by name: most negative first
    assert explosion.core_value(0, 1) == 10 and explosion.core_value(1, 1) == 110 and explosion.core_value(1, 3) == 43
    for remaining, original in ((0, 0), (-1, 20), (21, 20)):
        with pytest.raises(ValueError, match="remaining power is 0 to the original, the original above 0"):
            explosion.core_value(remaining, original)


def _events(run, rule: str) -> list[tuple]:
    return [(ev.kind, ev.rule, ev.text, ev.data, ev.visible_to) for ev in run.log.events if ev.rule == rule]


def test_the_gm_names_the_ships_that_failed_their_roll_among_the_negative_ones_seen_by_all() -> None:
    from rules.battlehex.log import IllegalAnswer
    from rules.battlehex.questions import QKind

    run = scripted([70, 50])  # Klothos's ejection fails (70 over its crew efficiency 61); its warp core: 50 of 1-10
    e = run.engine
    e.engine_hits["d7"] = [10, 10]  # no warp power left: a Warp Core Roll Value of 10
    hit(run, "d7", 37)
    run.answer("explode")
    q = run.pending
    assert (q.key, q.kind, q.to, q.rule, q.options) == (f"stcs/{e.round}/explode", QKind.CHOOSE_UNITS, GM, explosion.RULE, ("d7",))
    assert q.text == "Game Master: which ships failed their explosion roll (from the table) this phase?"
    with pytest.raises(IllegalAnswer) as no:
        run.answer(["enterprise"])
    assert no.value.rule == explosion.RULE and "choose the ships that failed their explosion roll among" in str(no.value)
    run.answer(["d7"])
    assert _events(run, explosion.ORDER) == []  # one ship: no order to tell
    assert _events(run, explosion.RULE)[-1] == (
        "ruling", explosion.RULE, "Klothos does not explode: its warp core is damaged and cannot explode; it is dead "
        "in space and can never explode", {"unit": "d7"}, None)
    assert "d7" in e.dead and e.blasts == [] and "d7" in e.at


def test_two_ships_explode_in_order_and_the_blast_is_told_in_full() -> None:
    """The Klothos 5 beyond its superstructure, the Enterprise 1 (with 40 superstructure to the Klothos's 36,
    the points lost alone would put the Enterprise first); the Klothos's blast catches the cloaked Bird of
    Prey, told to red only."""
    run = scripted([90, 50, 90, 50])
    e = run.engine
    hit(run, "d7", 41)
    hit(run, "enterprise", 41)
    run.answer("explode")
    assert run.pending.options == ("enterprise", "d7")
    run.answer(["enterprise", "d7"])
    assert _events(run, explosion.ORDER) == [("ruling", explosion.ORDER, "exploding, the most negative "
                                              "superstructure first: Klothos, Enterprise", {}, None)]
    told = _events(run, explosion.BLAST)
    assert told[0] == ("ruling", explosion.BLAST, "Klothos explodes at 0,0: 24 power boxes, the blast 24 at 0, 12 at "
                       "1, 6 at 2, 3 at 3, 1 at 4 hexes out; caught (on the shield facing the blast): none",
                       {"unit": "d7"}, None)
    assert told[1] == ("ruling", explosion.BLAST, "your cloaked ships caught: Bird of Prey 6 (2 hexes)", {},
                       ("red", GM))
    assert [b["ship"] for b in e.blasts] == ["d7", "enterprise"] and e.blasts[0] == {
        "ship": "d7", "at": [0, 0], "rings": [24, 12, 6, 3, 1]}
    assert e.units["d7"].outcome == "exploded" and e.units["enterprise"].outcome == "exploded"


def test_a_blast_catches_ships_to_its_last_ring_destroys_mines_of_3_points_and_ends_the_locks_on_the_ship() -> None:
    run = scripted([90, 50])
    e = run.engine
    run.answer("uncloak:bop")  # 2 hexes from the Klothos: 6 points
    d7, f = e.at["d7"], e.facing["d7"]
    e.at["enterprise"] = d7.neighbor(f.opposite, 1)  # 1 hex: 12 points
    e.mines.extend([mines.Mine(d7.neighbor(f.opposite, k), "blue") for k in (3, 4, 5)])  # 3, 1 and no points
    e.locks = {"enterprise": "d7", "d7": "enterprise", "bop": "enterprise"}
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])
    told = _events(run, explosion.BLAST)
    assert told[0][2].endswith("caught (on the shield facing the blast): Enterprise 12 (1 hex); Bird of Prey 6 "
                               "(2 hexes)"), told[0][2]
    assert told[1] == ("ruling", explosion.BLAST, "the blast destroys 1 mine", {}, ("blue", GM))
    assert [d7.distance(m.at) for m in e.mines] == [4, 5] and e.locks == {"bop": "enterprise"}


def test_a_ship_at_the_blasts_reach_is_not_caught() -> None:
    run = scripted([90, 50])
    e = run.engine
    d7, f = e.at["d7"], e.facing["d7"]
    e.at["enterprise"] = d7.neighbor(f.opposite, 5)  # the rings reach 4 hexes out
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])
    assert _events(run, explosion.BLAST)[0][2].endswith("caught (on the shield facing the blast): none")
    assert run.engine.ss_lost.get("enterprise", 0) == 0


def test_the_refusals_words_in_full() -> None:
    with pytest.raises(ValueError) as no:
        explosion.blast(-1)
    assert str(no.value) == "power boxes are 0 or more"
    with pytest.raises(ValueError) as no:
        explosion.core_value(1, 0)
    assert str(no.value) == "remaining power is 0 to the original, the original above 0"
    from rules.battlehex.log import IllegalAnswer
    run = scripted([])
    hit(run, "d7", 37)
    run.answer("explode")
    with pytest.raises(IllegalAnswer) as refused:
        run.answer(["enterprise"])
    assert str(refused.value) == ("STCS Ship Explosions: choose the ships that failed their explosion roll among: "
                                  "Klothos; not ['enterprise']")


@pytest.mark.parametrize(("casualties", "ejected"), [(100, False), (99, True)])
def test_only_a_ship_with_crew_left_tries_to_eject_its_core(casualties: int, ejected: bool) -> None:
    """Crew efficiency 61: with 1% of the crew left the D100 61 ejects the core; with none the 61 is the warp
    core roll (1-110: it explodes)."""
    run = scripted([61, 50])
    run.engine.casualties["d7"] = casualties
    hit(run, "d7", 37)
    run.answer("explode")
    run.answer(["d7"])
    assert ("d7" in run.engine.dead) is ejected and (run.engine.blasts == []) is ejected


def test_a_cloaked_ship_blowing_up_rolls_what_follows_on_the_public_dice() -> None:
    run = scripted([90, 50])
    hit(run, "bop", 25)
    hit(run, "d7", 40)  # its shields down to take the blast through
    run.answer("explode:bop")
    assert run.pending.key.endswith("/hit/d7") and run.engine.dice.hidden == "" and run.engine.log.hidden_to is None
