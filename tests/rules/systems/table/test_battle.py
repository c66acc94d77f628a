"""The ``table`` battle system (the minimal example of the seam) through rules.systems."""
from __future__ import annotations

import pydantic
import pytest

from rules.battlehex.log import IllegalAnswer
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start, system_for, systems
from tests.rules.systems.v13.helpers import AT, duel, unit


def formed(system: str = "table", on_record: bool = False):
    c = duel([unit("b1"), unit("b2")], [unit("r1"), unit("r2")])
    if not on_record:
        c = c.model_copy(update={"settings": c.settings.model_copy(update={"battle_system": system})})
    out = end_movement(c, build_graph(c)).campaign
    if on_record:
        recs = [r.model_copy(update={"system": system}) for r in out.battle_hexes]
        out = out.model_copy(update={"battle_hexes": recs})
    return out


def test_the_campaign_setting_chooses_the_system_and_a_record_overrides_it():
    assert system_for(formed(), AT).key == "table"
    assert system_for(formed("v13"), AT).key == "v13"
    assert system_for(formed(on_record=True), AT).key == "table"  # the campaign says v13, the record table
    assert type(start(formed("v13"), AT)).__name__ == "BattleProcedure"


def test_an_unknown_system_is_a_load_error_naming_the_field():
    c = formed()
    data = io.dumps(c).replace('"battle_system": "table"', '"battle_system": "chess"')
    with pytest.raises(pydantic.ValidationError, match="battle_system"):
        type(c).model_validate_json(data)


def test_three_questions_then_the_results_are_written_back():
    run = start(formed(), AT)
    assert run.pending.key == "table/destroyed" and set(run.pending.options) == {"b1", "b2", "r1", "r2"}
    change = run.answer(["r1"])
    assert change.units == {"r1"} and not change.resolved and change.events_from > 0
    assert run.pending.key == "table/captured" and "r1" not in run.pending.options
    run.answer([])
    change = run.answer(["b2", "r2"])
    assert change.resolved and run.pending is None
    st = run.status()
    assert st.resolved and st.resolution == "fought at the table: destroyed: R1; captured: none; crippled: B2 and R2"
    c = run.saved()
    rec = next(r for r in c.battle_hexes if r.at == AT)
    assert rec.resolved and rec.answers == [["r1"], [], ["b2", "r2"]]
    units = {u.id: u for f in c.fleets for u in f.units}
    assert "r1" not in units  # destroyed units leave their fleet (V13.01 write-back)
    assert units["b2"].crippled and units["r2"].crippled and not units["b1"].crippled


def test_an_illegal_answer_is_refused_with_its_rule_and_changes_nothing():
    run = start(formed(), AT)
    run.answer(["r1"])
    with pytest.raises(IllegalAnswer, match="V13.01.*among"):
        run.answer(["r1"])  # already destroyed: not on the list of the captured
    assert run.answers == [["r1"]] and run.pending.key == "table/captured"
    with pytest.raises(IllegalAnswer, match="no rule here to overrule"):  # the battle window's GM ruling
        run.answer({"gm_ruling": "because", "answer": ["r1"]})
    assert run.answers == [["r1"]]


def test_undo_and_replay_give_the_same_log():
    run = start(formed(), AT)
    run.answer(["r1"])
    run.answer(["b1"])
    before = [e.to_dict() for e in run.log.events]
    change = run.undo()
    assert change.rewound and run.answers == [["r1"]] and run.pending.key == "table/captured"
    run.answer(["b1"])
    assert [e.to_dict() for e in run.log.events] == before
    again = start(run.saved(), AT)  # reopened from the saved campaign: a replay
    assert [e.to_dict() for e in again.log.events] == before


def test_every_system_has_a_title_and_a_blurb():
    for key, s in systems().items():
        assert s.key == key and s.title and s.blurb


def test_choosing_the_system_for_the_campaign_and_for_one_hex():
    from rules.errors import RuleError
    from rules.systems import choose_for_campaign, choose_for_hex
    c = formed("v13")
    t = choose_for_hex(c, AT, "table")
    assert system_for(t, AT).key == "table" and t.settings.battle_system == "v13"
    assert choose_for_hex(t, AT, "v13").battle_hexes[0].system == ""  # back to the campaign's
    started = start(t, AT)
    started.answer(["r1"])
    with pytest.raises(RuleError, match="has begun \\(1 answers\\)"):
        choose_for_hex(started.saved(), AT, "v13")
    # a campaign-wide change pins the battles already begun to the system they started with
    moved = choose_for_campaign(started.saved(), "v13")
    assert moved.settings.battle_system == "v13" and system_for(moved, AT).key == "table"
    same = formed("v13")
    assert choose_for_campaign(same, "v13") is same and choose_for_hex(same, AT, "v13") is same  # nothing to change
    fresh = choose_for_campaign(formed("v13"), "table")
    assert system_for(fresh, AT).key == "table" and fresh.battle_hexes[0].system == ""
    with pytest.raises(RuleError, match="no battle system 'chess'"):
        choose_for_campaign(c, "chess")
