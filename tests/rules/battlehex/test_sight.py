"""The sight's kept hidden names (rules/battlehex/sight.py, issue 21: the combat drop)."""
from __future__ import annotations

from rules.battlehex.sight import secrets_of
from tests.hand_kept import hand_kept


def test_hidden_names_are_kept_across_a_battle_answers_copy_and_made_again_when_a_fleet_changes():
    c = hand_kept()
    first = secrets_of(c)
    # an answer stores a copy of the campaign with only its battle records new: the same names
    answered = c.model_copy(update={"battle_hexes": list(c.battle_hexes)})
    assert secrets_of(answered) is first
    # a unit cloaked in a copy with new fleets: its name is hidden now, the kept names are not used
    fleet = next(f for f in c.fleets if f.units and not any(u.is_cloaked for u in f.units))
    unit = fleet.units[0]
    cloaked = fleet.model_copy(update={"units": [unit.model_copy(update={"is_cloaked": True}), *fleet.units[1:]]})
    changed = c.model_copy(update={"fleets": [cloaked if f is fleet else f for f in c.fleets]})
    assert unit.id not in first.names
    again = secrets_of(changed)
    assert again is not first and unit.id in again.names and unit.name in again.names
    # and back to the first campaign: its own names again, not the changed one's
    assert unit.id not in secrets_of(answered).names
