"""The AF/EF battle log is written for people (issue 22, plain text): it names the rule, not the
seed file it came from. Seen in the exported report of the default campaign's 0604, fought with
AF/EF on the real screen at QT_SCALE_FACTOR=2: "fought by AF/EF combat (seed 001, 4.2) in rounds"
and, at the GM's break-off, "the seed leaves break-off to each unit type's chapter"."""
from __future__ import annotations

import re

from tests.rules.systems.afef.test_interphase_at_the_end import _broken_off


def test_a_battle_broken_off_logs_no_seed():
    run = _broken_off()
    texts = [e.text for e in run.log.events]
    assert any("fought by AF/EF combat" in t for t in texts)
    assert any("break-off to each unit type's chapter" in t for t in texts)
    seeds = [t for t in texts if re.search(r"\bseed\b", t)]
    assert not seeds, seeds


def test_the_break_off_refusal_names_no_seed():
    """The refusal of a break-off answered without its side and reason (the headless form's teaching text) said "a GM
    ruling: the seed leaves break-off to chapters we do not have": a person does not know the seed."""
    from rules.battlehex.log import IllegalAnswer
    from tests.rules.systems.afef.test_afef import run_of, ship, to_return

    run = run_of([ship("b1", 3, 20, 3)], [ship("r1", 6, 8, 3)], [6, 6, 6, 6, 6, 5] + [6, 1, 1])
    to_return(run, {"r1": {"b1": 6}})
    run.answer({"attacks": {"b1": {"r1": 3}}})
    try:
        run.pending.check("attacker")
    except IllegalAnswer as refused:
        why = refused.message
    else:
        raise AssertionError("a bare side taken for a break-off")
    assert "the rules leave break-off to each unit type's chapter" in why, why
    assert not re.search(r"\bseed\b", why), why
