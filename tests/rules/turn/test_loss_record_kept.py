"""How long a loss record is kept (issue 23): a fighter destroyed in battle stays in its fleet as its
loss record for a replacement flight (rules/turn/replacement.py); it is kept through the two turns
after the one it was lost in and goes as the third begins (rules/strategic/turn.py ``staying``,
RECORD_TURNS; docs/economy.md, "Replacement flights"), or earlier when replaced or when its carrier
leaves. The seed says nothing; a flight lost in turn N can still be replaced at turn N+2's Turn
Orders by one bought at N+1's."""
from __future__ import annotations

from rules.model import dumps, parse_campaign
from rules.model.units import UnitKind
from rules.strategic.turn import next_turn
from tests.rules.turn.test_replacement_after_battle import fought, met, units


def test_a_loss_record_stays_two_turns_after_its_battle_and_goes_as_the_third_begins():
    c, g = met()
    after = fought(c, g, ["f1", "k-1"])
    (rec,) = [u for f in after.fleets for u in f.units if u.id == "f1"]
    assert (after.turn, rec.destroyed_turn) == (1, 1)  # the write-back dates it
    kept = [("cv", None, False), ("f1", "cv", True), ("f2", "cv", False)]
    t2 = next_turn(after, g)
    assert t2.turn == 2 and units(t2) == kept
    t3 = next_turn(t2, g)
    assert t3.turn == 3 and units(t3) == kept  # turn N+2: a flight bought at N+1 may still replace it
    t4 = next_turn(t3, g)
    assert t4.turn == 4 and units(t4) == [("cv", None, False), ("f2", "cv", False)]  # gone
    assert units(t3) == kept  # the turn before is left as it was (a new campaign)


def test_a_record_without_its_turn_is_dated_by_the_turn_that_ends():
    """An Intel mission's loss record, or one in a file written before the records were dated."""
    c, g = met()
    after = fought(c, g, ["f1", "k-1"])
    text = dumps(after).replace('"destroyed_turn": 1,', "").replace(',\n    "destroyed_turn": 1', "")
    old = parse_campaign(text)
    assert [u.destroyed_turn for f in old.fleets for u in f.units if u.id == "f1"] == [None]
    t2 = next_turn(old, g)
    assert [u.destroyed_turn for f in t2.fleets for u in f.units if u.id == "f1"] == [1]
    assert ("f1", "cv", True) in units(next_turn(t2, g)) and ("f1", "cv", True) not in units(
        next_turn(next_turn(t2, g), g))


def test_a_loss_record_in_a_garrison_goes_too():
    c, g = met()
    after = fought(c, g, ["f1", "k-1"]).model_copy(deep=True)
    (rec,) = [u for f in after.fleets for u in f.units if u.id == "f1"]
    rec_ = rec.model_copy(update={"id": "g1", "carrier_id": None})
    after.sector_at("0303").garrison.append(rec_)
    assert rec_.kind is UnitKind.FIGHTER and rec_.destroyed
    t3 = next_turn(next_turn(after, g), g)
    assert [u.id for u in t3.sector_at("0303").garrison] == ["g1"]
    assert next_turn(t3, g).sector_at("0303").garrison == [] and [u.id for u in t3.sector_at("0303").garrison] == ["g1"]
