"""Seed 002's planets, moons and asteroids on the tactical map (issue 25: the map held none, so the GM entered the
object on a warp path and answered for the hex of a mine): a sector's ``stcs_bodies`` places them; the engine rolls
the Striking Table for each on the path to a warping-out ship's immediate front ("planet 90, moon 50, asteroid 25",
D100 at or under), refuses a mine deployed into their hex and offers a sensor shadow only beside one. A battle begun
before (era 0) replays as it was fought. The Klothos (D-7) starts at 0,0 facing the Enterprise at 24,-12."""
from __future__ import annotations

import pytest

from hexmap.hexes import Facing, Hex
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.roster import Status
from rules.dice import ScriptedDice
from rules.model.campaign import Campaign
from rules.model.stcs_map import BodyKind, STCSBody
from rules.systems.stcs import bodies, compat
from rules.systems.stcs.battle import STCSBattle
from rules.systems.stcs.geometry import toward
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.v13.helpers import AT

FACING = toward(Hex(0, 0), Hex(24, -12))
OUT = ["sublight", [], "warpout:d7", "2"]
"""The Klothos announces a warp out at Warp 2 (activation D100 1-90) in the turn's opening."""


def ahead(k: int) -> str:
    h = Hex(0, 0).neighbor(FACING, k)
    return f"{h.q},{h.r}"


def with_bodies(*placed: tuple[str, str]) -> Campaign:
    c = stcs_campaign()
    sectors = [s.model_copy(update={"stcs_bodies": [STCSBody(kind=BodyKind(k), at=at) for k, at in placed]})
               if str(s.at) == str(AT) else s for s in c.map.sectors]
    return c.model_copy(update={"map": c.map.model_copy(update={"sectors": sectors})})


def battle(c: Campaign, faces: list[int], answers: list[object] = OUT) -> STCSBattle:
    run = STCSBattle(c, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in answers:
        run.answer(a)
    return run


def warps_out(run: STCSBattle) -> None:
    run.answer("next")  # the Engine Activation Phase: the activation die, then the path
    run.answer("none")  # Red, in secret: its cloaked Bird of Prey stays


@pytest.mark.parametrize(("kind", "chance"), [("planet", 90), ("moon", 50), ("asteroid", 25)])
def test_the_engine_rolls_the_striking_table_for_a_body_on_the_path(kind: str, chance: int) -> None:
    for die, struck in ((chance, True), (chance + 1, False)):
        run = battle(with_bodies((kind, ahead(6))), [1, die])
        assert run.engine.facing["d7"] is FACING and "warppath:d7" not in run.pending.options  # not the GM's
        warps_out(run)
        words = run.events_json("blue")
        assert run.state.units["d7"].status is Status.LEFT
        assert (f"Klothos warps out at Warp 2 and {'strikes' if struck else 'misses'} "
                f"{'an' if kind == 'asteroid' else 'a'} {kind} at {ahead(6)} on its path") in words
        assert f"Striking Table: {'an' if kind == 'asteroid' else 'a'} {kind} at {ahead(6)} (1-{chance})" in words
        assert (f"struck {'an' if kind == 'asteroid' else 'a'} {kind}" in run.state.units["d7"].outcome) is struck


def test_a_body_off_the_path_is_not_rolled_nor_one_astern() -> None:
    off = next(Hex(0, 0).neighbor(f, 5) for f in Facing if f not in (FACING, FACING.opposite))
    astern = Hex(0, 0).neighbor(FACING.opposite, 3)
    run = battle(with_bodies(("planet", f"{off.q},{off.r}"), ("planet", f"{astern.q},{astern.r}")), [1])
    warps_out(run)  # one die only: the activation (a second roll would run the script out)
    assert "no planet, moon or asteroid on its path: the Striking Table is not rolled" in run.events_json("blue")


def test_nearest_first_a_miss_goes_on_a_strike_ends_the_path() -> None:
    c = with_bodies(("planet", ahead(9)), ("asteroid", ahead(2)), ("moon", ahead(30)))
    run = battle(c, [1, 26, 90])  # the asteroid missed (26 > 25), the planet struck (90): the moon not rolled
    warps_out(run)
    words = run.events_json("blue")
    assert words.index(f"misses an asteroid at {ahead(2)}") < words.index(f"strikes a planet at {ahead(9)}")
    assert "a moon" not in words
    assert run.state.units["d7"].outcome == "warped out at Warp 2, struck a planet on its path"


def test_a_named_body_is_named() -> None:
    c = with_bodies(("moon", ahead(3)))
    s = c.sector_at(str(AT))
    assert s is not None
    c.map.sectors[c.map.sectors.index(s)] = s.model_copy(update={"stcs_bodies": [
        s.stcs_bodies[0].model_copy(update={"name": "Tau Ceti IVa"})]})
    run = battle(c, [1, 50])
    warps_out(run)
    assert f"strikes the moon Tau Ceti IVa at {ahead(3)} on its path" in run.events_json("red")


def test_without_bodies_the_gm_still_enters_the_object() -> None:
    run = battle(stcs_campaign(), [])
    assert "warppath:d7" in run.pending.options and run.engine.bodies == {}


def test_a_battle_begun_before_the_era_reads_no_body_and_replays_as_fought() -> None:
    """A battle saved before bodies were read (era 0, its answers given) where the sector now lists a planet on
    the path: its replay offers the GM's act as it did, rolls nothing more; one begun now records era 1."""
    c = with_bodies(("planet", ahead(6)))
    fresh = battle(c, [])
    assert fresh.record.era >= compat.BODIES_ERA and fresh.campaign.battle_hexes[0].era == fresh.record.era
    old = stcs_campaign()
    run = battle(old, [], OUT)
    saved = run.record.model_copy(update={"answers": list(run.answers), "era": 0, "seed": run.seed})
    c.battle_hexes[:] = [saved if str(b.at) == str(AT) else b for b in c.battle_hexes] or [saved]
    again = STCSBattle(c, AT, dice=lambda _seed: ScriptedDice([1]))
    assert again.record.era == 0 and again.engine.bodies == {} and "warppath:d7" in again.pending.options
    warps_out(again)
    assert "nothing on its path: the Striking Table is not rolled" in again.events_json()


def test_a_cloaked_ships_path_is_its_sides_and_the_gms() -> None:
    """The Bird of Prey (cloaked, at 0,2, facing as the Klothos) warps out by its side's secret choice: the warp out
    is announced, the planet on its path and the roll are Red's and the GM's (they would tell where it was)."""
    planet = Hex(0, 2).neighbor(FACING, 4)
    at = f"{planet.q},{planet.r}"
    run = battle(with_bodies(("planet", at)), [1, 1], ["sublight", []])  # the activation, then the planet struck
    assert run.engine.at["bop"] == Hex(0, 2) and run.engine.facing["bop"] is FACING
    run.answer("next")
    run.answer("warpout:bop:2")
    red, blue = run.events_json("red"), run.events_json("blue")
    assert f"Bird of Prey warps out at Warp 2 and strikes a planet at {at} on its path" in red
    assert "Bird of Prey warps out at Warp 2" in blue and "planet" not in blue and at not in blue
    assert "struck" not in run.state.units["bop"].outcome


def test_no_mine_into_a_bodys_hex_it_is_not_offered_and_refused() -> None:
    run = battle(with_bodies(("asteroid", ahead(2))), [], ["sublight", ["lexington"], "shields:d7", "lower:1",
                                                           "mine:d7"])
    assert ahead(2) not in run.pending.options and ahead(3) in run.pending.options
    assert "no asteroid, moon or planet" not in run.pending.text  # the engine knows the map
    with pytest.raises(IllegalAnswer, match="a mine may not be deployed into a hex in which an asteroid is "
                       "located") as err:
        run.answer(ahead(2))
    assert str(err.value).startswith("STCS Carrying And Deploying Mines") and run.engine.mines == []
    run.answer(ahead(3))
    assert [m.at for m in run.engine.mines] == [Hex(0, 0).neighbor(FACING, 3)]


def test_without_bodies_the_mine_question_names_them() -> None:
    run = battle(stcs_campaign(), [], ["sublight", ["lexington"], "shields:d7", "lower:1", "mine:d7"])
    assert "no asteroid, moon or planet is in the hex" in run.pending.text and ahead(2) in run.pending.options


@pytest.mark.parametrize(("far", "offered"), [(0, True), (1, True), (2, False)])
def test_a_sensor_shadow_is_beside_a_body(far: int, offered: bool) -> None:
    """Read so: in or next to a body's hex (1 hex), not 2 hexes off; the act names the body."""
    near = Hex(24, -12).neighbor(FACING.opposite, far) if far else Hex(24, -12)
    run = battle(with_bodies(("moon", f"{near.q},{near.r}")), [], ["sublight", ["lexington"]])
    assert ("shadow:enterprise" in run.pending.options) is offered
    assert ("shadow:d7" in run.pending.options) is False  # 24 hexes from the moon
    if offered:
        assert run.pending.data["option_words"]["shadow:enterprise"] == ("Enterprise is in the sensor shadow of a "
                                                                         "moon and leaves the board (its side's "
                                                                         "option)")


def test_a_cloaked_ship_far_from_a_body_has_its_shadow_act_listed_and_refused() -> None:
    run = battle(with_bodies(("moon", "24,-12")), [], ["sublight", ["lexington"]])
    assert "shadow:bop" in run.pending.options  # listed as ever (its hidden state tells nothing)
    with pytest.raises(IllegalAnswer, match="Bird of Prey"):
        run.answer("shadow:bop")


def test_a_battle_begun_in_the_bodies_era_reads_them_on_replay() -> None:
    """A battle saved in era 1 (compat.BODIES_ERA, before the impulse era) reads the sector's bodies when reopened
    (the mutation run: ``era <= BODIES_ERA`` survived, every test battle being begun in the newest era)."""
    c = with_bodies(("planet", ahead(6)))
    run = battle(c, [], OUT)
    saved = run.record.model_copy(update={"answers": list(run.answers), "era": compat.BODIES_ERA, "seed": run.seed})
    c.battle_hexes[:] = [saved if str(b.at) == str(AT) else b for b in c.battle_hexes] or [saved]
    again = STCSBattle(c, AT, dice=lambda _seed: ScriptedDice([1, 90]))
    assert again.record.era == compat.BODIES_ERA and Hex(0, 0).neighbor(FACING, 6) in again.engine.bodies
    assert "warppath:d7" not in again.pending.options
    warps_out(again)
    assert f"strikes a planet at {ahead(6)} on its path" in again.events_json()


def test_the_striking_table_lines_in_full_and_a_cloaked_ships_empty_path_unseen() -> None:
    """The roll and the ruling as Blue reads them, whole (the mutation run: their kinds, rule, words and unit
    survived substring checks); a cloaked ship warping out with no body ahead: Blue reads the warp out only."""
    import json

    run = battle(with_bodies(("planet", ahead(6))), [1, 90])
    warps_out(run)
    lines = [{k: v for k, v in e.items() if k != "seq"} for e in json.loads(run.events_json("blue"))
             if e["rule"] == bodies.STRIKING]
    assert lines == [
        {"data": {"faces": [90], "purpose": f"Striking Table: a planet at {ahead(6)} (1-90)", "total": 90,
                  "who": "red"}, "kind": "roll", "rule": bodies.STRIKING,
         "text": f"Striking Table: a planet at {ahead(6)} (1-90) (Red): 1d100 rolled 90"},
        {"data": {"unit": "d7"}, "kind": "ruling", "rule": bodies.STRIKING,
         "text": f"Klothos warps out at Warp 2 and strikes a planet at {ahead(6)} on its path (the damage at the "
                 "table)"}]
    missed = battle(with_bodies(("planet", ahead(6))), [1, 91])
    warps_out(missed)
    assert f"misses a planet at {ahead(6)} on its path\"" in missed.events_json("blue")  # no damage words
    hidden = battle(with_bodies(("planet", "30,30")), [1], ["sublight", []])  # nothing ahead of the Bird of Prey
    hidden.answer("next")
    hidden.answer("warpout:bop:2")
    red, blue = json.loads(hidden.events_json("red")), json.loads(hidden.events_json("blue"))
    out = [(e["kind"], e["rule"], e["text"], e.get("data")) for e in red if e["text"].startswith("Bird of Prey warps")]
    assert out == [("ruling", "STCS Warping Out Of Battles", "Bird of Prey warps out at Warp 2", {"unit": "bop"}),
                   ("ruling", "STCS Warping Out Of Battles (cloaked)", "Bird of Prey warps out at Warp 2 (no planet, "
                    "moon or asteroid on its path: the Striking Table is not rolled)", {"unit": "bop"})]
    assert [e["text"] for e in blue if e["text"].startswith("Bird of Prey warps")] == ["Bird of Prey warps out at "
                                                                                       "Warp 2"]
