"""A b5 battle's era (rules/systems/b5/compat.py, BattleHexRecord.era): a battle begun now declares a
squadron's fire as a whole, as seed 003's Combat Procedures have it (settings.b5 ``declared_fire``
absent, from era 1 on), and keeps its era (2) in its record; a record saved before (answers, no era) replays shot by shot,
as it was fought, byte for byte."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io, load_campaign
from rules.model.campaign import Campaign
from rules.systems.b5 import compat, declared
from rules.systems.b5.battle import B5Battle
from tests.conftest import ROOT
from tests.rules.systems.b5.test_declared import campaign, rolls
from tests.rules.systems.b5.test_firing import SET_UP
from tests.rules.systems.v13.helpers import AT

FACES = [10, 1, 1, 1, 9, 4] + [1] * 40
SHOT = ("fire", "r-flag", "Laser", "b-flag")
"""R-FLAG's laser named at B-FLAG in pulse 1."""


def open_battle(c: Campaign, answers=()) -> B5Battle:
    run = B5Battle(c, AT, dice=lambda _seed: ScriptedDice(list(FACES)))
    for a in answers:
        run.answer(a)
    return run


def record(c: Campaign, at: Label = AT):
    return next(r for r in c.battle_hexes if r.at == at)


def as_saved_before(c: Campaign) -> Campaign:
    """``c`` as the code before the era wrote it: no era in the record, no declared_fire in the settings."""
    data = json.loads(io.dumps(c))
    data["settings"].get("b5", {}).pop("declared_fire", None)
    for r in data["battle_hexes"]:
        r.pop("era", None)
    return Campaign.model_validate(data)


def test_a_new_battle_declares_a_squadrons_fire_as_the_seed_has_it():
    c = campaign(None)  # the campaign names no declared_fire: its default
    assert c.settings.b5.declared_fire is None and "declared_fire" not in io.dumps(c)
    run = open_battle(c, (*SET_UP, *SHOT))
    assert run.engine.settings.declared_fire is True
    texts = [e.text for e in run.log.events]
    assert any(t.startswith("declared: R-FLAG's Laser (x2) at B-FLAG") for t in texts) and not rolls(run)
    assert run.pending.options == (declared.RESOLVE, "fire")
    assert any(t.endswith("; a squadron's fire declared as a whole, then rolled, then resolved") for t in texts)
    saved = run.saved()
    assert record(saved).era == compat.ERA == 4
    again = open_battle(saved)
    assert again.answers == run.answers and again.events_json() == run.events_json()


def test_a_battle_not_begun_is_of_this_era_and_a_campaign_may_still_say_shot_by_shot():
    c = campaign(None)
    assert record(c).era == 0 and compat.era(record(c)) == compat.ERA  # no answer yet: begun now
    run = open_battle(campaign(False), (*SET_UP, *SHOT))  # the campaign's own choice, for any era
    assert run.engine.settings.declared_fire is False and rolls(run)[:3] == ["Laser to hit"] * 2 + ["Laser damage"]
    assert record(run.saved()).era == compat.ERA


def test_a_record_saved_before_the_era_replays_shot_by_shot_byte_for_byte():
    played = open_battle(campaign(False), (*SET_UP, *SHOT, "done"))  # fought shot by shot, as the old code did
    old = as_saved_before(played.saved())
    assert record(old).era == 0 and old.settings.b5.declared_fire is None
    again = open_battle(old)
    assert again.engine.settings.declared_fire is False
    assert again.answers == played.answers and again.events_json() == played.events_json()
    assert record(again.saved()).era == 0  # it stays of its era
    begun_now = old.model_copy(update={"battle_hexes": [r.model_copy(update={"era": compat.DECLARED_ERA})
                                                        for r in old.battle_hexes]})
    with pytest.raises(IllegalAnswer, match="no longer fits"):  # the same answers as a battle of era 1: refused
        open_battle(begun_now)


@pytest.mark.parametrize("name, at", [("b5_saved_before_flights.json", "0604"),
                                      ("b5_saved_before_dogfight_ends.json", "0304")])
def test_the_saved_fixtures_open_with_fire_shot_by_shot_and_keep_their_era(name, at):
    c = load_campaign(ROOT / "tests" / "fixtures" / name)
    where = Label.parse(at)
    assert record(c, where).era == 0 and record(c, where).answers
    run = B5Battle(c, where)
    assert run.engine.settings.declared_fire is False
    saved = run.saved()
    assert record(saved, where).era == 0
    again = B5Battle(saved, where)
    assert again.answers == run.answers and again.events_json() == run.events_json()



def test_energy_mines_roll_for_flights_from_the_era_they_were_first_rolled_in():
    """A battle of era 2 (energy mines first rolled for flights) rolls for them; one of era 1 (saved
    before) leaves its flights out as it was fought (the mutant ``era > MINES_ERA`` survived)."""
    from rules.systems.b5 import compat

    assert compat.MINES_ERA == 2
    assert [compat.mines_hit_flights(era) for era in (0, 1, 2, 3)] == [False, False, True, True]
