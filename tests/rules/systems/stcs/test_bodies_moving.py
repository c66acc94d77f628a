"""A ship moving into a planet's, moon's or asteroid's hex (issue 25: not ruled). Seed 002 rules a body only on a warp
out's path (the Striking Table) and for mines; a ship entering its hex is the base game's ("Sub-Light Combat: all
existing rules apply"), not printed: the GM rules each body entered, nearest first (it passes, the default, or
strikes it and stops in its hex, the damage at the table), logged with the rule. A cloaked ship is not asked (a step
more on Blue's screen would tell it): the line is its side's and the GM's. A battle begun before (era 2) is not
asked. The Klothos (D-7) starts at 0,0 facing the Enterprise."""
from __future__ import annotations

import json

import pytest

from hexmap.hexes import Facing, Hex
from rules.battlehex.log import GM
from rules.dice import ScriptedDice
from rules.systems.stcs import bodies, compat
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.test_bodies import FACING, ahead, battle, with_bodies

MOVE = ["sublight", ["lexington"], "move:d7"]
"""The Klothos' move act in the first segment: its points come next."""


def moved(placed: tuple[tuple[str, str], ...], points: int, path: str) -> STCSBattle:
    run = battle(with_bodies(*placed), [], MOVE)
    run.answer(str(points))
    run.answer(path)
    return run


def into(run: STCSBattle) -> list[dict[str, object]]:
    return [{k: v for k, v in e.items() if k != "seq"} for e in json.loads(run.events_json("blue"))
            if e["rule"] == bodies.MOVE_INTO and e["kind"] == "ruling"]


@pytest.mark.parametrize(("far", "asked"), [(2, False), (3, True), (5, True)])
def test_a_move_ending_on_or_passing_a_bodys_hex_is_ruled_one_short_is_not(far: int, asked: bool) -> None:
    run = moved((("moon", ahead(3)),), 5, f"{FACING.name}:{far}")
    q = run.pending
    assert (q.key == "stcs/1/move/d7/body/3") is asked
    if not asked:
        assert run.engine.at["d7"] == Hex(0, 0).neighbor(FACING, far) and into(run) == []
        return
    assert q.to == GM and q.rule == bodies.MOVE_INTO and q.options == ("pass", "strike") and q.default == "pass"
    assert q.text == (f"Game Master: Klothos moves into a moon's hex at {ahead(3)} ({bodies.SILENT}). Your "
                      "ruling: does it pass or strike it?")
    assert run.engine.at["d7"] == Hex(0, 0)  # not moved before the ruling
    run.answer("pass")
    assert run.engine.at["d7"] == Hex(0, 0).neighbor(FACING, far)
    assert into(run) == [{"kind": "ruling", "rule": bodies.MOVE_INTO, "data": {"unit": "d7"},
                          "text": f"the Game Master rules that Klothos passes a moon at {ahead(3)}"}]
    assert f"Klothos moves at speed 5: heading {FACING.name}, to {ahead(far)}" in run.events_json("blue")


def test_a_strike_stops_the_ship_in_the_bodys_hex_and_the_path_goes_no_further() -> None:
    run = moved((("asteroid", ahead(2)), ("planet", ahead(4))), 6, f"{FACING.name}:6")
    assert run.pending.key == "stcs/1/move/d7/body/2"  # nearest first
    run.answer("pass")
    assert run.pending.key == "stcs/1/move/d7/body/4"
    run.answer("strike")
    assert run.engine.at["d7"] == Hex(0, 0).neighbor(FACING, 4) and run.engine.moves["d7"][1] == 6
    assert [e["text"] for e in into(run)] == [
        f"the Game Master rules that Klothos passes an asteroid at {ahead(2)}",
        f"the Game Master rules that Klothos strikes a planet at {ahead(4)} and stops in its hex (the damage at the "
        "table)"]
    assert f"Klothos moves at speed 6: heading {FACING.name}, to {ahead(4)}" in run.events_json("blue")
    assert run.pending.key.endswith("/act")


def test_a_first_strike_ends_the_path_and_the_next_body_is_not_asked() -> None:
    run = moved((("asteroid", ahead(2)), ("planet", ahead(4))), 6, f"{FACING.name}:6")
    run.answer("strike")
    assert run.engine.at["d7"] == Hex(0, 0).neighbor(FACING, 2) and run.pending.key.endswith("/act")
    assert len(into(run)) == 1


def test_backing_into_a_bodys_hex_is_ruled_turning_out_of_ones_own_is_not() -> None:
    astern = Hex(0, 0).neighbor(FACING, -2)
    run = moved((("moon", f"{astern.q},{astern.r}"),), 2, f"{FACING.name}:-2")
    assert run.pending.key == "stcs/1/move/d7/body/-2"
    run.answer("strike")
    assert run.engine.at["d7"] == astern and "in reverse" in run.events_json()
    run = moved((("moon", "0,0"),), 3, f"{FACING.name}:3")  # it starts in the moon's hex: leaving it is not entering
    assert run.pending.key.endswith("/act") and into(run) == []
    turn = Facing((FACING.value + 5) % 6)
    run = moved((("moon", "0,0"),), 1, f"{turn.name}:-0")  # turning in its hex in reverse
    assert into(run) == []


def test_the_path_options_name_the_bodies_entered() -> None:
    run = battle(with_bodies(("moon", ahead(3))), [], MOVE)
    run.answer("4")
    words = run.pending.data["option_words"]
    assert words[f"{FACING.name}:2"].endswith(f"ahead: to {ahead(2)}")
    assert words[f"{FACING.name}:3"].endswith(f"ahead: to {ahead(3)} (into a moon's hex: the GM rules)")
    assert words[f"{FACING.name}:4"].endswith(f"ahead: to {ahead(4)} (into a moon's hex: the GM rules)")
    assert "(into" not in words[f"{FACING.name}:-1"]


def test_return_passes() -> None:
    run = moved((("planet", ahead(1)),), 2, f"{FACING.name}:2")
    run.answer(run.pending.default)
    assert run.engine.at["d7"] == Hex(0, 0).neighbor(FACING, 2)


def test_a_cloaked_ship_is_not_asked_and_its_line_is_its_sides() -> None:
    """The Bird of Prey (cloaked, at 0,2, facing as the Klothos) moves in secret through a planet's hex."""
    h = Hex(0, 2).neighbor(FACING, 2)
    run = battle(with_bodies(("planet", f"{h.q},{h.r}")), [], ["sublight", ["lexington"], "move:bop", "3",
                                                                f"{FACING.name}:3"])
    assert run.engine.at["bop"] == Hex(0, 2).neighbor(FACING, 3) and run.pending.key.endswith("/act")
    line = (f"Bird of Prey moves into a planet's hex at {h.q},{h.r} ({bodies.SILENT}; a cloaked ship moves in "
            "secret, so the Game Master rules it at the table)")
    assert line in run.events_json("red") and line in run.events_json()
    assert "planet" not in run.events_json("blue")


def _replayed_in_era(era: int):
    """A moon 3 ahead; the battle saved as of ``era`` and played again to the d7's 4-hex move."""
    c = with_bodies(("moon", ahead(3)))
    run = battle(c, [], MOVE)
    saved = run.record.model_copy(update={"answers": list(run.answers), "era": era, "seed": run.seed})
    c.battle_hexes[:] = [saved if b.at == saved.at else b for b in c.battle_hexes]
    again = STCSBattle(c, saved.at, dice=lambda _seed: ScriptedDice([]))
    again.answer("4")
    again.answer(f"{FACING.name}:4")
    return run, again


def test_a_battle_begun_before_the_ruling_is_not_asked() -> None:
    """A battle saved in era 2 (before compat.BODY_MOVE_ERA) replays as fought: no question."""
    run, again = _replayed_in_era(compat.IMPULSE_ERA)
    assert again.engine.at["d7"] == Hex(0, 0).neighbor(FACING, 4) and into(again) == []
    assert run.record.era == compat.ERA >= compat.BODY_MOVE_ERA


def test_the_mutation_runs_survivors_an_era_3_battle_two_bodies_astern_and_a_cloaked_path() -> None:
    """Killed survivors of the mutation run of bodies.sublight/entered/path_words: a battle of era 3 itself is asked
    (``<=`` for ``<``); backing 2 hexes meets the body 1 astern (a step of -2 skipped it); two bodies on one path are
    named together; a cloaked ship's two bodies each get their line, whole (kind, rule, unit)."""
    _run, again = _replayed_in_era(compat.BODY_MOVE_ERA)
    assert again.pending.key == "stcs/1/move/d7/body/3"
    one = Hex(0, 0).neighbor(FACING, -1)
    run = moved((("asteroid", f"{one.q},{one.r}"),), 2, f"{FACING.name}:-2")
    assert run.pending.key == "stcs/1/move/d7/body/-1"
    run = battle(with_bodies(("moon", ahead(2)), ("planet", ahead(3))), [], MOVE)
    run.answer("4")
    assert run.pending.data["option_words"][f"{FACING.name}:4"].endswith(
        f"ahead: to {ahead(4)} (into a moon and a planet's hex: the GM rules)")
    h1, h2 = Hex(0, 2).neighbor(FACING, 1), Hex(0, 2).neighbor(FACING, 2)
    run = battle(with_bodies(("planet", f"{h1.q},{h1.r}"), ("moon", f"{h2.q},{h2.r}")), [],
                 ["sublight", ["lexington"], "move:bop", "3", f"{FACING.name}:3"])
    import json as _json
    red = [{k: v for k, v in e.items() if k != "seq"} for e in _json.loads(run.events_json("red"))
           if e["rule"] == bodies.MOVE_INTO]
    assert red == [{"kind": "ruling", "rule": bodies.MOVE_INTO, "data": {"unit": "bop"},
                    "text": f"Bird of Prey moves into {w}'s hex at {h.q},{h.r} ({bodies.SILENT}; a cloaked ship moves "
                            "in secret, so the Game Master rules it at the table)", "visible_to": ["red", "gm"]}
                   for w, h in (("a planet", h1), ("a moon", h2))]
