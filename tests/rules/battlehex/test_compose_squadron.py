"""Flexible Command (seed 004): "One leader can be designated being 'in command' of two other ships
of its size, the resulting trio being termed a 'squadron'" - the owner designates it when the side
is over its capacity and the leader has more than two ships to choose from."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from tests.rules.systems.v13.helpers import battle, duel, unit


def flexible_side():
    """Red: a CA flagship of command rating 6 (FCR 24); a frigate leader, three frigates, a destroyer.
    Squadron F1 + F2: F3 alone in the FF row, 5 x 4 + 6 = 26; squadron F1 + D1: F2 and F3 share the
    row, 5 + 5 + (5 + 1) + 5 + 6 = 27. Either is over 24."""
    red = [unit("r0", hull_type="CA", size_class=3, fe_command_rating=6),
           unit("ffl", hull_type="FFL", size_class=4, is_leader=True),
           *(unit(f"f{i}", hull_type="FF", size_class=4) for i in (1, 2, 3)),
           unit("d1", hull_type="DD", size_class=4)]
    c = duel([unit("b1", hull_type="CA", size_class=3, fe_command_rating=8)], red)
    return c.model_copy(update={"settings": c.settings.model_copy(update={"fleet_composition": "flexible"})})


def test_the_owner_designates_the_leaders_squadron_and_it_sets_the_cost():
    b = battle(flexible_side())
    q = b.pending
    assert q.key == "composition/red/squadron/ffl" and q.to == "red" and q.options == ("f1", "f2", "f3", "d1")
    assert q.rule == "seed 004 Flexible Command (leaders and squadrons)"
    for bad in (["f1"], ["f1", "f1"], ["f1", "b1"], ["f1", "f2", "f3"]):
        with pytest.raises(IllegalAnswer, match="FFL commands two of"):
            b.answer(bad)
    b.answer(["f1", "d1"])
    assert b.pending.key == "composition/red/out" and "(27)" in b.pending.text and "(24)" in b.pending.text
    assert any(e.kind == "answer" and e.text == "Red chooses F1 and D1" for e in b.log.events)
    other = battle(flexible_side())
    other.answer(["f1", "f2"])
    assert other.pending.key == "composition/red/out" and "(26)" in other.pending.text
    none = battle(flexible_side())
    none.answer([])  # no squadron: FF 5 + 6 + 7 + 8, DD 6, the leader's penalty 2
    assert "(34)" in none.pending.text


def test_no_designation_asked_when_the_side_fits():
    c = flexible_side()
    red = next(f for f in c.fleets if f.power == "klingon")
    red.units[0].fe_command_rating = 10  # FCR 40: everything fits, nothing depends on the squadron
    b = battle(c)
    assert not b.pending.key.startswith("composition/red/")
