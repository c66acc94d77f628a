"""Seed 002, Warping Into Battles: "Ships warping into a battle will do so at the start of a turn" and "At the
beginning of the Tactical Advantage Phase the captain will select the target hex for the arriving ship." Before
(issue 25 audit), the warp in was offered in any segment and the GM picked among three hexes 4, 8 and 12 behind the
first enemy seen. Now: a turn's first segment only; the owning side chooses any hex of the tactical map, in secret,
the question opening at 8 hexes behind the first enemy not cloaked."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.stcs import warp
from rules.systems.stcs.battle import STCSBattle
from rules.systems.stcs.warping import START
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

# warp in: CE 10 (minor: 1-60), D4 1, tens 10, ones 10 (bearing 000), D10 5 (minor 0) + Warp 2 = 2 hexes
FACES = [10, 1, 10, 10, 5]


def arriving() -> STCSBattle:
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(list(FACES)))
    for a in ("sublight", ["lexington"]):
        run.answer(a)
    return run


def end_segment(run: STCSBattle) -> None:
    run.answer("next")
    run.answer("none")  # Red, in secret: its cloaked Bird of Prey stays


def test_a_warp_in_is_offered_at_the_start_of_a_turn_only() -> None:
    run = arriving()
    assert "warpin:lexington" in run.pending.options
    end_segment(run)
    assert run.status().stage == "turn 1, segment 2" and "warpin:lexington" not in run.pending.options
    assert run.pending.data["barred"]["Lexington warp in"] == START
    with pytest.raises(IllegalAnswer):
        run.answer("warpin:lexington")
    end_segment(run)
    assert "warpin:lexington" not in run.pending.options
    end_segment(run)
    assert run.status().stage == "turn 2, segment 1" and "warpin:lexington" in run.pending.options


def test_the_owning_side_chooses_any_hex_of_the_map_in_secret() -> None:
    run = arriving()
    d7 = run.engine.at["d7"]
    run.answer("warpin:lexington")
    q = run.pending
    assert q.to == "blue" and q.data["secret"] and q.rule == warp.IN
    assert (d7.q, d7.r) == (0, 0) and q.default == "8,0" and "8 hexes behind Klothos" in q.text  # the old middle one
    given = len(run.answers)
    for junk, words in (("200,0", "off the tactical map"), ("8", "as q,r"), ({"q": 1}, "as q,r"), ("a,b", "as q,r")):
        with pytest.raises(IllegalAnswer, match=words):
            run.answer(junk)
        assert run.pending is q and len(run.answers) == given  # nothing half-applied
    run.answer(" 30,-20 ")
    run.answer("2")
    d = run.engine.dispersions[0]
    assert d["target"] == [30, -20] and (d["major"], d["bearing"], d["distance"]) == (False, 0, 2)
    assert run.engine.at["lexington"].distance(type(d7)(30, -20)) == 2
    red = [e for e in run.log.for_viewer("red") if e.kind == "answer" and e.data.get("key", "").endswith("/target")]
    assert red == [] and run.secret_answers() == {str(given): "blue"}
    assert "aiming at 30,-20" in run.events_json("red")  # it arrives in sight: the dispersion is counted openly


def test_a_cloaked_ships_hex_is_neither_suggested_nor_refused() -> None:
    run = arriving()
    bop = run.engine.at["bop"]
    run.answer("warpin:lexington")
    assert f"{bop.q},{bop.r}" not in run.pending.text and run.pending.default != f"{bop.q},{bop.r}"
    run.answer(f"{bop.q},{bop.r}")  # refusing it would tell Blue where the Bird of Prey is
    assert run.pending.key == "stcs/1/warpin/speed"
