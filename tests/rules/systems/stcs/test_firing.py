"""Seed 002 fire resolved by the engine on the seeded dice (issue 25): the target's speed is read from
its move, the Firing Chart question shows each chart number's modified To-Hit and exact chance before the die (speed, missile -1,
no lock -6, the extended D100 at 10 or more); firing without a lock loses the firer's lock; a hit
gets its damage points entered, the shield facing the firer absorbs what it can (test_shields.py).
The Lexington warps in 4 hexes from the D-7."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

ARRIVAL = [10, 1, 1, 1, 1]
"""Crew efficiency 10 (minor), bearing 011, minor D10 1 (-4) + Warp 2: it lands on its target 4,0."""


def close(faces: list[int]) -> STCSBattle:
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(ARRIVAL + faces))
    for a in ["sublight", ["lexington"], "warpin:lexington", "4,0", "2"]:
        run.answer(a)
    assert run.engine.range("lexington", "d7") == 4
    return run


def settled(faces: list[int]) -> STCSBattle:
    """The Lexington 4 hexes from the D-7, in the segment after its arrival (no longer a warp arrival)."""
    run = close(faces)
    next_segment(run)
    return run


def test_an_arrival_is_fired_on_only_with_a_lock_and_fires_not_in_its_arrival_segment() -> None:
    run = close([1])
    assert not [o for o in run.pending.options if o.startswith("fire:") and "lexington" in o]
    run.answer("lock:d7:lexington")  # 4 hexes: D10 1-10, -2 on an arrival: 1-8; the die 1
    assert "fire:d7:lexington" in run.pending.options and "fire:lexington:d7" not in run.pending.options
    next_segment(run)
    assert "fire:lexington:d7" in run.pending.options and "fire:enterprise:d7" not in run.pending.options


def test_no_ship_fires_beyond_its_weapons_reach() -> None:
    run = settled([])
    assert "fire:lexington:d7" in run.pending.options and "fire:enterprise:d7" not in run.pending.options  # 24 > 20


@pytest.mark.parametrize(("die", "hits"), [(4, True), (5, False)])
def test_a_torpedo_without_a_lock_at_speed_0_hits_on_1_to_4(die: int, hits: bool) -> None:
    run = settled([die])
    run.answer("fire:lexington:d7")
    run.answer("1")  # FP-1 photon torpedoes: a missile
    with pytest.raises(IllegalAnswer, match="0-10"):
        run.answer(11)
    odds = run.pending.data["odds"]
    assert odds["10"] == "To-Hit 4: D10 1-4 (40%)"  # 10 + 1 (speed 0) - 1 (missile) - 6 (no lock)
    assert odds["5"] == "To-Hit -1: no hit" and "speed 0 +1, no lock -6, missile -1" in run.pending.text
    run.answer(10)
    said = "hit" if hits else "miss"  # plural torpedoes: "hit"/"miss", never "hits"/"misses" (issue 22)
    assert f"Lexington's FP-1 photon torpedoes {said} Klothos" in run.events_json()
    assert run.pending.key == ("stcs/2/fire/lexington/damage" if hits else "stcs/2/act")


def next_segment(run: STCSBattle) -> None:
    """The GM ends the segment (the Lexington may lock from its arrival's next); Red keeps its cloak."""
    run.answer("next")
    run.answer("none")


@pytest.mark.parametrize(("die", "hits"), [(95, True), (96, False)])
def test_a_locked_phaser_at_speed_0_rolls_the_extended_d100(die: int, hits: bool) -> None:
    run = close([1, die])  # the lock die 1 (4 hexes: 1-10)
    next_segment(run)
    run.answer("lock:lexington:d7")
    run.answer("fire:lexington:d7")
    run.answer("0")
    assert run.pending.data["odds"]["10"] == "To-Hit 11: D100 1-95 (95%)"
    run.answer(10)
    said = "phasers hit" if hits else "phasers miss"  # FH-3 phasers: plural (issue 22)
    assert said + " Klothos" in run.events_json() and run.engine.locks == {"lexington": "d7"}


def test_firing_without_a_lock_loses_the_lock_held() -> None:
    run = close([1, 10])
    assert "fire:lexington:bop" not in run.pending.options  # cloaked and not locked on: not a target
    run.answer("uncloak:bop")
    run.answer("next")  # no cloaked ship: Red is asked nothing
    run.answer("lock:lexington:d7")
    run.answer("fire:lexington:bop")
    run.answer("0")
    run.answer(10)  # no lock on the Bird of Prey, speed 0: To-Hit 5, the die 10 misses
    assert run.engine.locks == {} and "its sensor lock is lost" in run.events_json()


def test_a_hit_through_the_shields_is_damage_and_loses_the_targets_lock() -> None:
    run = close([1, 1, 1])
    next_segment(run)
    run.answer("lock:lexington:d7")
    run.answer("lock:d7:lexington")
    assert "fire:d7:enterprise" not in run.pending.options  # 24 hexes: beyond its reach
    run.answer("fire:d7:lexington")
    run.answer("0")
    run.answer(5)  # locked, beam, speed 0: To-Hit 6; the die 1 hits
    run.answer(26)  # the hit's points: the Lexington's shield 1 (20 points) faces the D-7
    assert "Lexington's shield 1 faces Klothos: it absorbs 20 of 26 points, 6 through" \
        in run.events_json()
    run.answer("superstructure")  # the 6 through: no points asked
    assert run.engine.ss_lost == {"lexington": 6} and run.engine.locks == {"d7": "lexington"}  # Lexington's went


def test_a_weapon_does_not_fire_in_two_sequential_firing_phases() -> None:
    run = settled([10, 10])  # two misses
    run.answer("fire:lexington:d7")
    run.answer("0")  # the phasers, segment 2
    run.answer(5)
    run.answer("fire:lexington:d7")
    assert run.pending.options == ("1",)  # the phasers fired this segment: the torpedoes only
    run.answer("1")
    run.answer(5)
    assert "fire:lexington:d7" not in run.pending.options  # both fired
    next_segment(run)
    assert "fire:lexington:d7" not in run.pending.options  # segment 3: both recharge
    next_segment(run)
    run.answer("fire:lexington:d7")  # turn 2, segment 1: both again
    assert run.pending.options == ("0", "1")
