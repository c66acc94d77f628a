"""Special Command Orders' bookkeeping (seed 003; rules/systems/b5/abilities.py ``use``, ``capacity``,
``rapid_net``): an ability is used only if bought, one ability a turn ("no commander may ever use more
than one ability per turn"), Stubborn once a purchase; an Improved Command Network commands 25% more
ships, rounded up (3 -> 4, 8 -> 10); Rapid Net Change's ruling names the lost command ship. Written
against the mutants of abilities.py that survived test_abilities.py (docs/ARCHITECTURE.md)."""
from __future__ import annotations

from rules.systems.b5 import abilities
from tests.rules.systems.b5.test_emines import fight


def commander(run, *bought: str, rating: int = 8, flagship: bool = True):
    """B-FLAG's commander (command rating ``rating``) with ``bought``."""
    e = run.engine
    u = e.units["b-flag"].unit
    u.b5 = u.b5.model_copy(update={"abilities": list(bought), "command_rating": rating, "flagship": flagship})
    return e


def test_an_ability_not_bought_is_not_used():
    e = commander(fight(), "command reorganization")
    assert abilities.use(e, "b-flag", "stubborn") is False and e.used["b-flag"] == []


def test_one_ability_a_turn_and_a_non_stubborn_ability_again_next_turn():
    e = commander(fight(), "command reorganization", "stubborn")
    assert abilities.use(e, "b-flag", "command reorganization") is True
    assert e.used["b-flag"] == [(e.round, "command reorganization")]
    assert abilities.use(e, "b-flag", "stubborn") is False  # a second ability this turn
    assert abilities.use(e, "b-flag", "command reorganization") is False  # nor the same one again
    e.round += 1
    assert abilities.use(e, "b-flag", "stubborn") is True  # the other ability used last turn: not counted
    e.round += 1
    assert abilities.use(e, "b-flag", "command reorganization") is True  # not used up
    e.round += 1
    assert abilities.use(e, "b-flag", "stubborn") is False  # Stubborn bought once: used up
    assert [a for _, a in e.used["b-flag"]] == ["command reorganization", "stubborn", "command reorganization"]


def test_stubborn_bought_twice_is_used_twice():
    e = commander(fight(), "stubborn", "stubborn")
    assert abilities.use(e, "b-flag", "stubborn") is True
    e.round += 1
    assert abilities.use(e, "b-flag", "stubborn") is True
    e.round += 1
    assert abilities.use(e, "b-flag", "stubborn") is False


def test_an_improved_command_network_commands_a_quarter_more_rounded_up():
    run = fight()
    assert abilities.capacity(commander(run, rating=3), "b-flag") == 3
    assert abilities.capacity(commander(run, "improved command network", rating=3), "b-flag") == 4
    assert abilities.capacity(commander(run, "improved command network", rating=8), "b-flag") == 10
    assert abilities.capacity(commander(run, "stubborn", rating=8), "b-flag") == 8


def test_rapid_net_change_is_a_ruling_on_the_lost_command_ship():
    e = commander(fight(), "stubborn", rating=3)
    assert abilities.rapid_net(e, "b-flag") is False
    e = commander(fight(), "rapid net change", rating=3, flagship=False)  # (never the flagship's)
    assert abilities.rapid_net(e, "b-flag") is True
    last = e.log.events[-1]
    assert (last.kind, last.rule, last.data) == ("ruling", abilities.RULE, {"unit": "b-flag"})
    assert last.text == ("Rapid Net Change: B-FLAG's squadron suffers no out-of-command penalties for its loss")
