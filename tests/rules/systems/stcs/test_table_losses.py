"""The units an STCS battle leaves to the table get their losses entered (issue 25). A third party in the Battle Hex
(the independent Orions at 0703 of the default campaign: the engine fights two sides) and a unit without STCS data
were "left to the table", named in the log, and then nobody asked what happened to them: the resolution asked
only "which ships were destroyed?" of the ships on the tactical map, so the Orions came out of any STCS battle
untouched. After the STCS ships, the GM is asked the table system's three questions (destroyed, captured,
crippled) of the units left to the table; the answers are written back as the table's are."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.headless_systems import with_system
from rules.systems import start
from tests.play.walk import formed

ORIONS = {"ori-cr-1": "Black Mira's Revenge", "ori-slv-1": "Jade Serpent"}


def at_0703():
    c, graph = formed(-1)
    at = next(r.at for r in c.battle_hexes if str(r.at) == "0703")
    run = start(with_system(c, at, "stcs", 0), at, graph)
    run.answer("warp")
    return run


def units(campaign) -> dict[str, object]:
    return {u.id: u for f in campaign.fleets for u in f.units}


def test_the_log_says_the_gm_enters_the_third_party_s_losses_at_the_end() -> None:
    run = at_0703()
    lines = [x["text"] for x in json.loads(run.events_json()) if "neither side" in x.get("text", "")]
    assert lines == ["Orion Pirates, neither side of this battle (left to the table, not on the tactical map): "
                     "Black Mira's Revenge, Jade Serpent; the Game Master enters their losses when the battle is "
                     "resolved"]


def test_the_gm_enters_the_orions_losses_after_the_stcs_ships_and_they_are_written_back() -> None:
    run = at_0703()
    assert set(ORIONS) <= set(run.state.units) and not set(ORIONS) & set(run.engine.units)
    run.answer("resolve")
    assert run.pending.key == "stcs/destroyed" and not set(ORIONS) & set(run.pending.options)
    assert run.pending.text.endswith("(of the tactical map's ships: the units left to the table are asked next)")
    run.answer([])
    q = run.pending
    assert q.key == "stcs/table/destroyed" and set(q.options) == set(ORIONS), q.options
    assert "left to the table" in q.text and q.to == "gm"
    given = len(run.answers)
    with pytest.raises(IllegalAnswer, match="choose the units among: Black Mira's Revenge, Jade Serpent"):
        run.answer([next(iter(run.engine.units))])  # a ship of the tactical map: not the table's
    with pytest.raises(IllegalAnswer, match="Black Mira's Revenge is named 2 times"):
        run.answer(["ori-cr-1", "ori-cr-1"])
    assert run.pending == q and len(run.answers) == given  # refused, nothing half-applied
    run.answer(["ori-slv-1"])
    assert run.pending.key == "stcs/table/captured" and run.pending.options == ("ori-cr-1",)
    run.answer([])
    assert run.pending.key == "stcs/table/crippled" and run.pending.options == ("ori-cr-1",)
    run.answer(["ori-cr-1"])
    assert run.pending is None and run.state.resolved
    assert run.state.resolution.endswith("; left to the table (destroyed: Jade Serpent; captured: none; "
                                         "crippled: Black Mira's Revenge)"), run.state.resolution
    after = units(run.saved())
    assert "ori-slv-1" not in after  # destroyed: out of its fleet, as the table's are
    assert after["ori-cr-1"].crippled and not after["ori-cr-1"].destroyed
    log = [e.text for e in run.saved().log if "Jade Serpent" in e.text]
    assert "Jade Serpent destroyed" in log, log


def test_return_through_the_end_leaves_the_orions_as_they_were() -> None:
    run = at_0703()
    run.answer("resolve")
    while run.pending is not None:
        run.answer([])
    after = units(run.saved())
    assert all(x in after and not after[x].crippled for x in ORIONS)


def test_a_battle_with_nothing_left_to_the_table_asks_nothing_more() -> None:
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.v13.helpers import AT

    run = start(stcs_campaign(), AT)
    run.answer("warp")
    run.answer("resolve")
    assert run.pending.text == "Game Master: which ships were destroyed in the battle? (none: no ship ticked)"
    run.answer(["bop"])
    assert run.pending is None and "left to the table" not in run.state.resolution
