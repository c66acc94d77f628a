"""Seed 002's Shield Control and what a lock reveals of shields (issue 25): a side lowers a powered shield in
secret, it absorbs nothing until repowered at the Repair / Repower Phase; transporters and tractor beams
read the shields along the line (no longer the GM's word); a side locked on a ship is told answers A3 and A4
(the seed's example: three shields powered at 10 points, one down)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.stcs import shieldcontrol
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_firing import close


def lower(run: STCSBattle, x: str, toward: str) -> None:
    run.answer(f"shields:{x}")
    assert run.pending.to == run.engine.units[x].team and run.pending.data["secret"]
    run.answer(f"toward:{toward}")


def test_a_lowered_shield_absorbs_nothing_and_is_not_announced() -> None:
    run = close([])
    e = run.engine
    lower(run, "d7", "lexington")  # the Lexington 4 hexes off, ahead right of the Klothos: shield 2
    assert e.lowered == {("d7", 2): False}
    assert "Klothos lowers shield 2" in run.events_json("red") and "lowers shield" not in run.events_json("blue")
    for a in ("struck:d7", "2", 12):
        run.answer(a)
    assert "Klothos' shield 2 faces the damage: it absorbs 0 of 12 points, 12 through" in run.events_json()
    assert "Klothos' shield 2: lowered" in run.events_json("red") and ": lowered" not in run.events_json("blue")


def test_transporters_read_the_shields_along_the_line_on_both_ships() -> None:
    run = close([])
    lower(run, "lexington", "d7")  # the Klothos' is still up: refused to the GM (not announced), nothing logged
    with pytest.raises(IllegalAnswer, match="cannot transport: a shield is up on the line between it and Klothos"):
        run.answer("beam:lexington")
    assert "a shield is up" not in run.events_json()
    assert run.pending.key.endswith("/act")  # no question of the GM on the shields
    run = close([])
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    for a in ("beam:lexington", "board:d7"):
        run.answer(a)
    assert run.pending.key.endswith("/beam/lexington/persons") and run.pending.to == "blue"


def test_a_raised_shield_comes_up_at_the_segments_end_and_breaks_a_tractor_beam() -> None:
    run = close([99] * 5 + [1])
    e = run.engine
    for _ in range(5):  # the Klothos loses its crew: no one raises its shields (it may be towed)
        for a in ("crew:d7", "other", 5, 4):
            run.answer(a)
    assert shieldcontrol.line_down(e, "d7", "lexington")
    with pytest.raises(IllegalAnswer, match="tractor beam cannot take Klothos: a shield is up"):
        run.answer("tractor:lexington")  # the Lexington's shield toward it is up: refused to the GM
    assert "a shield is up" not in run.events_json() and not e.contact.tractors
    lower(run, "lexington", "d7")
    for a in ("tractor:lexington", "d7", 5):
        run.answer(a)
    assert e.contact.tractors == {"lexington": ["d7"]}
    run.answer("shields:lexington")
    run.answer("raise:1")  # the Lexington's shield 1 faces the Klothos
    assert e.contact.tractors == {"lexington": ["d7"]}  # still down until the Repair / Repower Phase
    run.answer("next")
    while not run.pending.key.endswith("/act"):
        run.answer(run.pending.options[0])
    assert e.lowered == {} and e.contact.tractors == {}
    assert "Lexington's tractor beam on Klothos breaks: a shield up between them" in run.events_json()


def test_a_lock_tells_a3_and_a4_the_seeds_example() -> None:
    run = close([1])
    e = run.engine
    e.units["d7"].unit.stcs = e.data("d7").model_copy(update={"shields": [10, 10, 10, 0, 0, 0]})
    lower(run, "d7", "lexington")  # its shield 2
    assert shieldcontrol.words(e, "d7", "blue") == ""  # no lock: not revealed
    run.answer("lock:enterprise:d7")  # the die 1
    assert e.locks.get("enterprise") == "d7"
    assert shieldcontrol.words(e, "d7", "blue") == ", three shields powered, 30 shield points, one shield down " \
                                                   "(shield 2)"
    assert shieldcontrol.words(e, "d7", "red") == ", shields 10/0/10/0/0/0 (lowered: 2)"
