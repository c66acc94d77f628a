"""A cloaked ship's Emergency Heading Change (seed 002, Moving The Starship, Emergency Heading Changes, with Romulan
Cloaking Devices): made in secret, as its move is. The act is one of its fixed acts (listed whatever its state, the
same words), the GM's choice and the way it turns, its new heading and its damage are its side's and the GM's; a
change made in secret bars no ship of the other side (its refusal would tell it) but bars its own side's ships and
itself as a change in the open does (the GM's refusals, nothing logged). The Bird of Prey (cloaked; warp engines 6 and
6, impulse 8, 20 superstructure) is Red's with the Klothos (Crew Efficiency 61, before the Bird of Prey, 52, in the
order of Tactical Advantage); Blue's Enterprise (57)."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import GM, IllegalAnswer
from rules.systems.stcs import cloaked, heading
from tests.rules.systems.stcs.test_cloaked_damage import battle
from tests.rules.systems.stcs.test_damage import scripted
from tests.rules.systems.stcs.test_leaks import BLUE, RED, blue_sees, screen
from tests.rules.systems.stcs.test_minehits import end_segment


def turned(run, way: int = 1) -> None:
    e = run.engine
    run.answer("heading:bop")
    run.answer(e.facing["bop"].rotate(way).name)


def test_the_act_is_a_fixed_act_of_the_cloaked_ship_with_the_same_words_before_and_after() -> None:
    run = scripted([])
    words = cloaked.FIXED["heading"][0].format(name="Bird of Prey")
    assert words == "Bird of Prey makes an Emergency Heading Change (cloaked: in secret)"
    assert run.pending.data["option_words"]["heading:bop"] == words
    before = list(run.pending.options)
    turned(run)
    assert list(run.pending.options) == before  # still listed (taking it told nothing), refused to the GM
    with pytest.raises(IllegalAnswer, match="Bird of Prey: it may not make an Emergency Heading Change now"):
        run.answer("heading:bop")
    end_segment(run)
    turned(run, -1)  # the next segment again


def test_the_change_turns_the_cloaked_ship_and_marks_its_engines_and_superstructure_in_secret() -> None:
    run = scripted([])
    e = run.engine
    now = e.facing["bop"]
    run.answer("heading:bop")
    q = run.pending
    assert q.data.get("secret") and q.to == GM and screen(run, BLUE) == {"to": GM, "rule": heading.EHC,
                                                                        "secret": True}
    run.answer(now.rotate(1).name)
    assert e.facing["bop"] is now.rotate(1) and e.secret_turns["bop"] == e.round == e.turned["bop"]
    assert e.data("bop").warp_now == [5, 5] and e.ss_lost["bop"] == 1
    red, blue = run.events_json(RED), run.events_json(BLUE)
    assert f"Bird of Prey makes an Emergency Heading Change: heading {now.name} to {now.rotate(1).name}" in red
    assert "Bird of Prey loses 1 superstructure point (an Emergency Heading Change): 19 of 20 left" in red
    assert "Bird of Prey" not in blue and "Emergency Heading" not in blue


def test_with_no_functional_warp_engine_the_point_is_on_its_impulse_engine_in_secret() -> None:
    run = scripted([])
    e = run.engine
    for engine in ("engine:1", "engine:2"):
        run.answer("hit:bop")
        run.answer(engine)
        run.answer(6)
    turned(run)
    assert e.data("bop").impulse_power == 7
    assert "Bird of Prey's impulse engine (no functional warp engine): 7 of 8 power boxes left" in run.events_json(RED)
    assert "impulse" not in run.events_json(BLUE)


def test_a_secret_change_bars_no_ship_of_the_other_side_but_its_own_side_and_itself() -> None:
    run = scripted([])
    turned(run)
    run.answer("move:enterprise")  # Blue's move is not refused: the refusal would tell the change
    run.answer("1")
    run.answer(f"{run.engine.facing['enterprise'].name}:1")
    run.answer("heading:enterprise")  # nor its Emergency Heading Change (after the Bird of Prey in the order)
    run.answer(run.engine.facing["enterprise"].rotate(1).name)
    with pytest.raises(IllegalAnswer, match="the Movement Phase is over"):
        run.answer("move:bop")  # the GM's refusal: nothing logged
    with pytest.raises(IllegalAnswer, match="Klothos has passed"):  # Red's own ship, before it in the order
        run.answer("heading:d7")
    assert "passed" not in run.events_json(RED) and "Movement Phase is over" not in run.events_json(GM)


def test_a_change_in_the_open_bars_the_cloaked_ships_before_it() -> None:
    run = scripted([])
    run.answer("heading:enterprise")  # 57: after the Klothos (61), before the Bird of Prey (52)
    run.answer(run.engine.facing["enterprise"].rotate(1).name)
    turned(run)  # after it in the order: still may
    run = scripted([])
    run.answer("heading:d7")
    run.answer(run.engine.facing["d7"].rotate(1).name)
    turned(run)


def test_blue_reads_the_same_whether_the_gm_made_the_change_or_not(tmp_path) -> None:
    hit, seen = battle("heading:bop")
    clean, _ = battle(None)
    assert all(s == {"to": GM, "rule": heading.EHC, "secret": True} for s in seen) and seen
    blue = [[(e["kind"], e["text"], e.get("data", {}).get("faces")) for e in json.loads(r.events_json(BLUE))]
            for r in (hit, clean)]
    assert blue[0] == blue[1] and screen(hit, BLUE) == screen(clean, BLUE)
    assert "bop" not in blue_sees(hit, tmp_path).rsplit('{"answers":', 1)[1]  # the file's plain answers
    assert hit.engine.facing["bop"] != clean.engine.facing["bop"]


def test_a_secret_change_alone_bars_its_sides_moves_and_ships_before_it_this_segment_only() -> None:
    run = scripted([])
    turned(run)  # the Bird of Prey's, in secret; no change in the open
    for act, words in (("move:bop", "the Movement Phase is over"), ("move:d7", "the Movement Phase is over"),
                       ("heading:d7", "Klothos has passed: Bird of Prey")):
        with pytest.raises(IllegalAnswer, match=words):
            run.answer(act)
    run.answer("move:enterprise")  # the other side's is not refused
    run.answer("0")
    run.answer(f"{run.engine.facing['enterprise'].name}:0")
    end_segment(run)
    run.answer("move:d7")  # the next segment: movement again
    run.answer("1")
    run.answer(f"{run.engine.facing['d7'].name}:1")
    run.answer("heading:d7")
    run.answer(run.engine.facing["d7"].rotate(1).name)
