"""A blank b5 plot is refused in words (issue 22, real-screen pass at 0604 of the default campaign):
Return in the bar the Coalition's squadron opened empty (straight on would leave the board) said
"a plot is three pulses' steps ... not ''" - an empty pair of quotes for nothing typed."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.systems.b5.movement import parse_plot


@pytest.mark.parametrize("text", ["", "   "])
def test_a_blank_plot_is_refused_saying_none_was_given(text):
    with pytest.raises(RuleError) as e:
        parse_plot(text)
    assert "none was given" in e.value.message and "''" not in e.value.message


def test_a_plot_of_the_wrong_shape_still_names_what_was_typed():
    with pytest.raises(RuleError) as e:
        parse_plot("FF FF")
    assert "'FF FF'" in e.value.message
