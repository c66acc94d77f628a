"""A battle begun in a sector is fought to its end before another meeting there begins (issue 19).

Found by random play (seed 52): at 0703 the Coalition meets the Alliance and the Orion Pirates (two
records). The Coalition v Orions battle was fought half-way and kept; then Coalition v Alliance was
fought to its end, destroying Coalition ships; resuming Coalition v Orions replayed its answers
against forces that were no longer there, and the battle could not even start (``V13.430``): a
wall in the Space Combat step.
"""
from __future__ import annotations

import random

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.model.campaign import Campaign
from rules.strategic import meetings
from rules.systems import choose_for_campaign
from rules.turn.run import TurnRun
from tests.play.battle_player import fight
from tests.hand_kept import hand_kept

# the Alliance ignores the Orions at 0703 (V13.16) and the monitor at 0907 (V13.18): it meets neither
TO_SPACE_COMBAT = ["end_movement", True, False, True, {"end_phase": "random play"},
                   "deep_space", True,  # 0604: the Alliance demands, the Coalition agrees
                   "none", "deep_space", "deep_space", False, True,  # 0703: the Coalition demands of the Alliance;
                   # the Orions of the Coalition, which refuses, and they pursue
                   "none", "none", "none", "none", "end_phase"]  # 0707, 0509: no demand


def _at_space_combat() -> TurnRun:
    c = hand_kept()
    c = c.model_copy(update={"dice_seed": 52, "settings": c.settings.model_copy(update={"combat_phase": "seed004"})})
    run = TurnRun(choose_for_campaign(c, "v13"))
    for a in TO_SPACE_COMBAT:
        run.answer(a)
    return run


def _half(run: TurnRun, name: str) -> list[object]:
    c: Campaign = run.campaign
    index = meetings.named(c, [i for i, r in enumerate(c.battle_hexes) if not r.resolved], name)
    assert index is not None
    rec = c.battle_hexes[index]
    done = fight(meetings.bring_first(c, index), rec.at, run.graph, random.Random(52))
    assert len(done.answers) > 4, done
    return done.answers[: len(done.answers) // 2]


def test_only_the_begun_battle_is_offered_in_its_sector_until_it_ends():
    run = _at_space_combat()
    q = run.pending
    assert q is not None and {"0703 coalition v orions", "0703 coalition v alliance"} <= set(q.options)
    run.answer({"battle": "0703 coalition v orions", "answers": _half(run, "0703 coalition v orions")})
    q = run.pending
    assert q is not None
    at_0703 = [o for o in q.options if o.startswith("0703")]
    assert at_0703 == ["0703"], q.options  # the begun battle alone, named by its sector
    with pytest.raises(IllegalAnswer, match="in progress: it is fought to its end"):
        run.answer({"battle": "0703 coalition v alliance", "ruling": "the GM rules"})
    # the begun battle resumes: its answers replay against the forces they were given against
    c = run.campaign
    begun = meetings.named(c, [i for i, r in enumerate(c.battle_hexes) if not r.resolved and r.answers], "0703")
    assert begun is not None and meetings.sides(c, c.battle_hexes[begun]) == "Coalition v Orion Pirates"
    rest = fight(meetings.bring_first(c, begun), Label.parse("0703"), run.graph, random.Random(3))
    assert rest.error == "" and rest.stuck == "", rest
    run.answer({"battle": "0703", "answers": rest.answers})
    if rest.ended:  # then the other meeting there is offered
        q = run.pending
        assert q is not None and any(o.startswith("0703") for o in q.options), q.options
