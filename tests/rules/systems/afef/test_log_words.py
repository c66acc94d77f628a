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
