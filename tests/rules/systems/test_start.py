"""rules.systems.start: the V13.12 check that a battle is not over before it begins, on the
strategic state it is given (the app's session holds it) or computes."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.strategic import build_graph
from rules.strategic.state import StrategicState
from rules.strategic.turn import end_movement
from rules.systems import start
from tests.rules.systems.v13.helpers import AT, duel


def _open_and_gone():
    """The campaign with the Battle Hex at 0304 open, and the same with Red's fleet gone from it."""
    c = duel()
    c = end_movement(c, build_graph(c)).campaign
    gone = c.model_copy(update={"fleets": [f for f in c.fleets if f.id != "rf"]})
    return c, gone, build_graph(c)


def test_a_battle_whose_side_left_is_over_before_it_begins():
    c, gone, graph = _open_and_gone()
    assert start(c, AT, graph).pending is not None
    with pytest.raises(RuleError, match=r"V13.12.*over before it begins"):
        start(gone, AT, graph)


def test_the_strategic_state_given_is_the_one_checked():
    """Given, the state is not computed again: the check reads it (the same answer as computing it)."""
    c, gone, graph = _open_and_gone()
    with pytest.raises(RuleError, match="V13.12"):
        start(gone, AT, graph, StrategicState.compute(gone, graph))
    with pytest.raises(RuleError, match="V13.12"):
        start(c, AT, graph, StrategicState.compute(gone, graph))  # the state given says Red left
    assert start(c, AT, graph, StrategicState.compute(c, graph)).pending is not None
