"""The composition check's refusals name units by their names (issue 22: "r2 need not stay out",
an id in words, where the question itself lists "R2, R3")."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from tests.rules.battlehex.test_compose import over_cap
from tests.rules.systems.v13.helpers import battle


def test_a_unit_that_need_not_stay_out_is_named():
    b = battle(over_cap())
    assert b.pending.key == "composition/red/out"
    with pytest.raises(IllegalAnswer) as e:
        b.answer(["r2", "r3"])  # either alone is enough
    assert "R2 need not stay out" in e.value.message and "R3 need not stay out" in e.value.message
    assert "r2" not in e.value.message and "r3" not in e.value.message
    assert str(e.value).count("seed 004 BPV Capacity") == 1, str(e.value)  # the rule once, not before each reason
