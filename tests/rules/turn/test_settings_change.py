"""The GM's change of a campaign's settings (rules/turn/settings_change.py): logged, or refused
with what stands in its way and nothing changed."""
from __future__ import annotations

from pathlib import Path

import pytest

from rules.errors import RuleError
from rules.model import dumps, load_campaign
from rules.turn.settings_change import change, missing
from tests.hand_kept import hand_kept

ROOT = Path(__file__).resolve().parents[3]


def default():
    """The default campaign with its empire turn kept by hand (the shipped one runs it)."""
    return hand_kept()


def test_switching_the_economy_on_names_the_planets_never_filled():
    c = default()
    assert missing(c) == []  # a RAW 0 world alone is a value
    planet = next(pl for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                  if pl.name == "Ktharn III")
    planet.census = planet.productivity = 0
    assert planet.raw == 0
    before = dumps(c)
    with pytest.raises(RuleError, match=r"missing: Ktharn III \(0404\): Census, Productivity and RAW"):
        change(c, {"empire_turn": "seed004"})
    assert dumps(c) == before


def test_a_change_is_logged_and_gives_every_planet_owner_an_economy():
    c = default()
    assert c.settings.empire_turn == "by_hand" and all(p.economy is None for p in c.powers)
    new = change(c, {"empire_turn": "seed004", "turn_orders": "powers", "random_events": True,
                     "battle_system": "afef"})
    s = new.settings
    assert (s.empire_turn, s.turn_orders, s.random_events, s.battle_system) == ("seed004", "powers", True, "afef")
    assert new.log[-1].text == (
        "The GM changes the campaign's settings: empire turn from kept by hand to run by BattleHex (seed 004), "
        "Turn Orders from entered by the GM to entered by each power, Random Events from off to on, battle system "
        "for new Battle Hexes from Tactical Combat Interface (V13) to AF/EF battle line")
    assert " -> " not in new.log[-1].text  # words for people (issue 22's plain-text rule)
    assert next(p for p in new.powers if p.id == "fed").economy is not None
    assert change(new, {"empire_turn": "seed004"}) is new  # nothing changed: no step


def test_refusals_change_nothing():
    c = default()
    with pytest.raises(RuleError, match="no battle system 'chess'"):
        change(c, {"battle_system": "chess"})
    with pytest.raises(RuleError, match="not a setting"):
        change(c, {"turn_orders": "everyone"})
    with pytest.raises(RuleError, match="not colour"):
        change(c, {"colour": "red"})
    e = load_campaign(ROOT / "scenarios" / "default_campaign.json")
    with pytest.raises(RuleError, match="'income' is a phase of seed 004's empire turn"):
        change(e, {"empire_turn": "by_hand"})  # during its own Income Phase


def test_the_b5_readings_are_changed_checked_and_logged_in_words():
    c = default()
    new = change(c, {"b5": {"dogfight": "pattern", "declared_fire": True, "command_by_race": True,
                            "dogfight_rating": "face"}})
    b = new.settings.b5
    assert (b.dogfight, b.declared_fire, b.command_by_race, b.dogfight_rating) == ("pattern", True, True, "face")
    assert new.log[-1].text == (
        "The GM changes the campaign's settings: B5 dogfight chart past 6 kills from as the text has it (\"7 or "
        "higher: 6\") to by the chart's pattern (one more kill per two points past 8); B5 command radius from 5 for "
        "every race to by race (optional rule): 4 Earth and Narn, 6 Minbari, 5 the rest; B5 squadron "
        "fire from as the seed has it (battles saved before keep shot by shot) to always declared as a whole, then "
        "its damage resolved")
    assert "settings.b5" not in new.log[-1].text and "_" not in new.log[-1].text
    assert change(new, {"b5": {"declared_fire": True}}) is new  # nothing changed: no step
    back = change(new, {"b5": {"declared_fire": None}})
    assert back.settings.b5.declared_fire is None and "to as the seed has it" in back.log[-1].text


def test_an_unknown_b5_reading_or_value_is_refused_naming_it():
    c = default()
    before = dumps(c)
    with pytest.raises(RuleError, match=r"B5 dogfight chart past 6 kills \(settings.b5 dogfight\) is one of .*not 'chart'"):
        change(c, {"b5": {"dogfight": "chart"}})
    with pytest.raises(RuleError, match=r"B5 command radius \(settings.b5 command_by_race\) .* not 1"):
        change(c, {"b5": {"command_by_race": 1}})
    with pytest.raises(RuleError, match="B5 has no reading colour"):
        change(c, {"b5": {"colour": "red"}})
    with pytest.raises(RuleError, match="settings.b5 is a set of readings"):
        change(c, {"b5": "pattern"})
    assert dumps(c) == before


def test_the_b5_readings_stay_while_a_b5_battle_is_under_way():
    from rules.systems import start
    from tests.rules.systems.b5.helpers import b5_campaign
    from tests.rules.systems.v13.helpers import AT

    run = start(b5_campaign(), AT)
    run.answer("meeting engagement")
    c = run.saved()
    rec = next(r for r in c.battle_hexes if not r.resolved)
    assert rec.answers and rec.system in ("", "b5")
    before = dumps(c)
    with pytest.raises(RuleError, match=rf"while a B5 battle is under way .* {AT} \(turn 1, 1 answer given\)"):
        change(c, {"b5": {"dogfight": "pattern"}})
    assert dumps(c) == before
    assert change(c, {"b5": {"declared_fire": False}}) is c  # its reading as it is: no change, no refusal
    assert change(c, {"random_events": True}).settings.random_events  # the other settings still change
    fresh = b5_campaign()  # a B5 Battle Hex not begun takes the new reading when it begins
    assert change(fresh, {"b5": {"dogfight": "pattern"}}).settings.b5.dogfight == "pattern"


def test_a_b5_battle_fought_before_a_change_replays_from_the_file_as_it_was_fought():
    """A B5 battle resolved under the old readings: its replay from the file (issue 22) keeps them
    (before: refused, or a different battle, replayed under the new)."""
    from rules.battlehex.replay_source import replay_run, replayable
    from tests.rules.systems.b5.test_random_b5 import play

    c = play(1).saved()
    [index] = replayable(c)
    fought = [e.text for e in replay_run(c, index).log.events]
    new = change(c, {"b5": {"dogfight_rating": "roll", "dogfight": "pattern", "morale_rounding": "up",
                            "command_by_race": True, "command_styles": True, "declared_fire": True}})
    assert [e.text for e in replay_run(new, index).log.events] == fought
    assert new.settings.b5.command_by_race  # the campaign's readings for battles begun now
