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
        "for new Battle Hexes from Tactical Combat Interface (V13) to AF/EF battle line (seed 001)")
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
