"""Every AF/EF battle ends within the engine's bound (issue 19): 4.2.e lets rounds go on "as long
as both players have forces willing or forced to fight", so two sides that hold their fire while
the GM answers "fight" never ended. After ``ROUND_LIMIT`` rounds the GM's question offers only a
break-off (4.2.d, a GM ruling with its reason) and refuses another round, naming the bound."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.afef.asking import R_BOUND, ROUND_LIMIT
from tests.rules.systems.afef.test_afef import run_of, ship


def test_after_the_bound_the_gm_can_only_break_the_battle_off():
    run = run_of([ship("b1", 2, 6)], [ship("r1", 2, 6)])
    for _ in range(10 * ROUND_LIMIT):
        q = run.pending
        step = q.key.split("/")[-1]
        if step == "continue" and "fight" not in q.options:
            break
        run.answer({"modifiers": {}, "screen": [], "declare": {"attacks": {}, "hold": []},
                    "return": {"attacks": {}}, "continue": "fight"}[step])
    else:
        raise AssertionError(f"round {run.round}: still fighting past the engine's bound of {ROUND_LIMIT}")
    assert run.round == ROUND_LIMIT and q.key == f"afef/{ROUND_LIMIT}/continue" and q.rule == R_BOUND
    assert q.options == ("attacker", "defender", "both") and str(ROUND_LIMIT) in q.text
    with pytest.raises(IllegalAnswer, match="bound"):
        run.answer("fight")
    run.answer({"break_off": "both", "reason": "nobody fires"})
    assert run.pending is None and run.status().resolved and run.round == ROUND_LIMIT
