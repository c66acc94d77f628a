"""Lost units finding their way back (V13.914), rolled at each strategic turn's start."""
from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.model.units import Unit
from rules.strategic.lost import helmsman_recovery


@pytest.mark.parametrize(("helmsman", "faces", "found"), [(5, [2, 2], True), (5, [3, 3], False), (1, [], None)])
def test_helmsman_recovery_v13_914(helmsman, faces, found):
    assert helmsman_recovery(Unit(id="u", name="U", officers={"helmsman": helmsman}), ScriptedDice(faces)) is found
