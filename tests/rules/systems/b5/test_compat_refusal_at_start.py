"""A B5 Battle Hex that cannot start (a side without Babylon 5 data) is refused with B5 Fleet
Command's words, also through the replay of its record (rules/systems/b5/compat.py): with no saved
answer to name, the refusal was an IndexError (seen on the real-screen walk at turn 1's battles:
'Fight failed: list index out of range (an internal error of the program)')."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.systems import choose_for_campaign, start
from tests.play.walk import formed


def test_a_side_without_b5_data_is_refused_in_the_rules_words_not_an_index_error():
    c, graph = formed(-1)  # the default campaign after its End Movement
    c = choose_for_campaign(c, "b5").model_copy(deep=True)  # its own units: formed(-1) is shared by other tests
    at = next(r.at for r in c.battle_hexes if not r.resolved and str(r.at) == "0509")
    for sector in c.map.sectors:  # the Alliance's Tau Ceti garrison without B5 data (a GM's campaign may lack it)
        for unit in sector.garrison if str(sector.at) == "0509" else []:
            unit.b5 = None
    with pytest.raises(RuleError) as refused:
        start(c, at, graph)
    assert refused.value.rule == "B5 Fleet Command" and "has no ship with Babylon 5 data" in refused.value.message
