"""Issue 25: a transport or tractor beam refused because "a shield is up on the line between them" told every side
that a shield was up (a public line). Seed 002 Transporters: lowering a shield "is not announced to other players"
(only a successful sensor lock's question A4 reveals it). The refusal is now the GM's (the question asked again of
the GM), and the public log says nothing. Played as the tells tests do: two battles differing only in Blue's
secret Shield Control answer (and in the GM's refused try, which leaves nothing) read the same to Red."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_leaks import RED, screen
from tests.rules.systems.v13.helpers import AT


def opened() -> STCSBattle:
    """Warp-speed combat: the Enterprise and the Lexington side by side, the Klothos and the Bird of Prey across."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([99] * 20))
    run.answer("warp")
    return run


def red(run: STCSBattle) -> str:
    """Red's screen (the pending question) and Red's log."""
    return json.dumps(screen(run, RED), sort_keys=True, default=str) + run.events_json(RED)


def tried(run: STCSBattle, answers: tuple[str, ...]) -> IllegalAnswer | None:
    """The GM gives ``answers`` until one is refused (the refusal, or None: all taken)."""
    for a in answers:
        try:
            run.answer(a)
        except IllegalAnswer as e:
            return e
    return None


@pytest.mark.parametrize("act", [("beam:lexington", "crew:enterprise"), ("tractor:lexington", "enterprise")])
def test_red_reads_the_same_whether_blue_lowered_a_shield_and_the_gm_was_refused(act: tuple[str, ...]) -> None:
    low, kept = opened(), opened()
    low.answer("shields:lexington")
    low.answer("toward:enterprise")  # Blue's secret: the Lexington's shield toward the Enterprise down
    kept.answer("shields:lexington")
    kept.answer("keep")  # Blue's secret: no change
    assert low.engine.lowered and not kept.engine.lowered
    refused = tried(low, act)  # the Enterprise's shield toward the Lexington is still up
    assert "a shield is up" not in low.events_json() and red(low) == red(kept)
    assert refused is not None and "a shield is up" in refused.message
    assert refused.rule in ("STCS Transporters", "STCS Tractor Beams")
    assert low.pending.key == "stcs/1/act" and low.pending.to == "gm"  # asked again of the GM
    for run in (low, kept):
        run.answer("next")
    assert red(low) == red(kept)


def test_undo_after_every_answer_around_a_refused_transport_gives_a_full_replays_bytes() -> None:
    from rules.systems import start
    from tests.rules.systems.stcs.test_stcs_checkpoints import reference

    c = start(stcs_campaign(), AT).saved()
    answers = ["warp", "shields:lexington", "toward:enterprise", "beam:lexington", "shields:enterprise",
               "toward:lexington", "beam:lexington", "crew:enterprise", 5, "next"]
    run = start(c, AT)
    for a in answers:
        if a == "beam:lexington" and len(run.engine.lowered) < 2:  # one side's shield still up: the GM's refusal
            with pytest.raises(IllegalAnswer, match="a shield is up"):
                run.answer(a)
            continue
        run.answer(a)
        run.undo(1)
        run.answer(a)
        ref = reference(c, run.answers)
        assert run.events_json(RED) == ref.events_json(RED) and run.events_json() == ref.events_json()
        assert run.saved() == ref.saved()
    assert "5 persons beam from Lexington to Enterprise" in run.events_json("blue")


def test_the_gms_transporters_dialog_opens_at_a_ship_it_may_transport_with() -> None:
    """The GM's transporters dialog opens at an option the engine takes (Return plays on; a refused one would only
    bring the refusal); a default is the GM's dialog's alone, never in the question's data."""
    run = opened()
    for x, y in (("lexington", "enterprise"), ("enterprise", "lexington")):
        run.answer(f"shields:{x}")
        run.answer(f"toward:{y}")
    run.answer("beam:lexington")
    q = run.pending
    assert q.default is not None and q.check(q.default) == q.default and q.default.endswith(":enterprise")
    assert "default" not in q.to_dict()
