"""A battle keeps its sector's planets, moons and asteroids as they were when it began (the record's
``stcs_bodies``, rules/systems/stcs/compat.py ``kept``): the GM editing the sector afterwards changes neither its
reopening nor a resolved battle's replay (issue 25: both read the sector's bodies at the time, so a planet moved
after the battle moved it in the replay too). A battle saved before battles kept them (no ``stcs_bodies``) reads the
sector's, as it did."""
from __future__ import annotations

import json

import pytest

from hexmap.hexes import Hex
from rules.model.campaign import Campaign
from rules.model.io import dumps, parse_campaign
from rules.model.stcs_map import BodyKind, STCSBody
from rules.battlehex.replay_source import replay_run, replayable
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_bodies import FACING, OUT, ahead, with_bodies
from tests.rules.systems.v13.helpers import AT

PLANET = Hex(0, 0).neighbor(FACING, 6)
"""The planet six hexes ahead of the Klothos: its warp out (OUT) rolls the Striking Table against it."""


def edited(c: Campaign, *placed: tuple[str, str]) -> Campaign:
    """``c`` with the battle's sector listing ``placed`` now (the GM's edit), the rest as it was."""
    sectors = [s.model_copy(update={"stcs_bodies": [STCSBody(kind=BodyKind(k), at=at) for k, at in placed]})
               if str(s.at) == str(AT) else s for s in c.map.sectors]
    return c.model_copy(update={"map": c.map.model_copy(update={"sectors": sectors})})


def fought(c: Campaign) -> STCSBattle:
    """The Klothos warps out through the planet (seeded dice, as a replay rolls them), then the GM resolves."""
    run = STCSBattle(c, AT)
    for a in OUT:
        run.answer(a)
    run.answer("next")
    run.answer("none")
    run.answer("resolve")
    run.answer([])
    assert run.state.resolved
    return run


def reopened(c: Campaign) -> Campaign:
    return parse_campaign(dumps(c), "reopened.json")


def test_a_resolved_battles_replay_keeps_its_bodies_after_the_gm_edits_the_sector() -> None:
    live = fought(with_bodies(("planet", ahead(6))))
    assert f"a planet at {ahead(6)} on its path" in live.events_json()
    c = reopened(live.saved())
    [i] = replayable(c)
    assert c.battle_hexes[i].stcs_bodies == [STCSBody(kind=BodyKind.PLANET, at=ahead(6))]
    before = replay_run(c, i).events_json()
    assert before == live.events_json()
    for placed in [(), (("moon", ahead(3)),), (("asteroid", ahead(6)),)]:  # removed, a moon nearer, another kind
        moved = reopened(edited(c, *placed))
        again = replay_run(moved, i)
        assert again.events_json() == before
        assert again.engine.bodies == {PLANET: STCSBody(kind=BodyKind.PLANET, at=ahead(6))}


def test_a_battle_reopened_after_the_gm_edits_the_sector_is_fought_with_its_own_bodies() -> None:
    run = STCSBattle(with_bodies(("planet", ahead(6))), AT)
    for a in OUT:
        run.answer(a)
    saved = reopened(run.saved())
    for c in (saved, reopened(edited(saved)), reopened(edited(saved, ("moon", ahead(2))))):
        again = STCSBattle(c, AT)
        assert again.engine.bodies == {PLANET: STCSBody(kind=BodyKind.PLANET, at=ahead(6))}
        assert again.events_json() == run.events_json() and "warppath:d7" not in again.pending.options
    none = STCSBattle(stcs_campaign(), AT)  # a sector with none when it began: none, whatever is added later
    for a in OUT:
        none.answer(a)
    later = STCSBattle(reopened(edited(reopened(none.saved()), ("planet", ahead(6)))), AT)
    assert later.record.stcs_bodies == [] and later.engine.bodies == {} and "warppath:d7" in later.pending.options


def test_a_battle_not_begun_reads_the_sector_as_it_is_now() -> None:
    """Before its first answer nothing is fought: a battle opened, left and opened again after the GM's edit
    takes the sector's bodies of then."""
    first = STCSBattle(with_bodies(("planet", ahead(6))), AT)
    assert first.record.stcs_bodies == [STCSBody(kind=BodyKind.PLANET, at=ahead(6))] and not first.answers
    now = STCSBattle(edited(first.saved(), ("moon", ahead(2))), AT)
    assert now.record.stcs_bodies == [STCSBody(kind=BodyKind.MOON, at=ahead(2))]
    assert list(now.engine.bodies) == [Hex(0, 0).neighbor(FACING, 2)]


def test_a_battle_saved_before_battles_kept_bodies_reads_the_sectors() -> None:
    """A record with answers and no ``stcs_bodies`` (saved by the code before): the sector's, as it was read."""
    run = STCSBattle(with_bodies(("planet", ahead(6))), AT)
    for a in OUT:
        run.answer(a)
    c = run.saved()
    c.battle_hexes[:] = [b.model_copy(update={"stcs_bodies": None}) if str(b.at) == str(AT) else b
                         for b in c.battle_hexes]
    again = STCSBattle(reopened(edited(c, ("moon", ahead(2)))), AT)
    assert again.record.stcs_bodies is None
    assert list(again.engine.bodies) == [Hex(0, 0).neighbor(FACING, 2)]


def test_the_kept_bodies_are_in_the_file_and_checked_as_a_sectors() -> None:
    c = fought(with_bodies(("planet", ahead(6)))).saved()
    data = json.loads(dumps(c))
    [rec] = [b for b in data["battle_hexes"] if b["at"] == str(AT)]
    assert rec["stcs_bodies"] == [{"kind": "planet", "at": ahead(6)}]
    rec["stcs_bodies"].append({"kind": "moon", "at": ahead(6)})
    with pytest.raises(ValueError, match=rf"stcs_bodies.*two bodies in hex {ahead(6)} \(a planet and a moon\)"):
        parse_campaign(json.dumps(data), "two.json")
    rec["stcs_bodies"] = [{"kind": "comet", "at": ahead(6)}]
    with pytest.raises(ValueError, match="stcs_bodies.*comet"):
        parse_campaign(json.dumps(data), "comet.json")


def test_beginning_a_battle_leaves_the_other_battle_hexes_records_as_they_are() -> None:
    """compat.begin writes the battle's era and bodies into its own record only (the mutation run: ``b is r or True``
    put it in every Battle Hex's place, no test campaign having two)."""
    c = with_bodies(("planet", ahead(6)))
    [rec] = [b for b in c.battle_hexes if b.at == AT]
    other = rec.model_copy(update={"at": type(rec.at).parse("0101"), "attacker": rec.defender,
                                   "defender": rec.attacker})
    c = c.model_copy(update={"battle_hexes": [*c.battle_hexes, other]})
    run = STCSBattle(c, AT)
    assert run.record.stcs_bodies == [STCSBody(kind=BodyKind.PLANET, at=ahead(6))]
    assert [b for b in run.campaign.battle_hexes if str(b.at) == "0101"] == [other]
