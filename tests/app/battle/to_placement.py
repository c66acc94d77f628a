"""A V13 battle of the default campaign fought from the Fight list to its first placement: the GM picks
the meeting, every set-up question before placement gets its plainest answer (no withdrawal, no terrain
modifier, the lowest range), and the side to place takes the screen. Shared by the tests that drop a
unit or read what placement shows (refusals, citations)."""
from __future__ import annotations

from typing import Any

from hexmap import Label
from rules.battlehex.questions import QKind
from tests.app.battle.test_window import take_over
from tests.app.gui import Answerer, choose_item


def fight_to_placement(main: Any, sector: str, pick: str) -> Any:
    """The battle window of ``sector`` (its meeting picked by the Fight list's item starting ``pick``),
    at its first placement, taken over by the side to place."""
    answerer = Answerer(choose_item(pick))
    try:
        bw = main.fight(Label.parse(sector))
    finally:
        answerer.stop()
    bw.auto_dialogs = False
    while bw.b.pending.kind is not QKind.PLACE:  # no withdrawal, no terrain modifier, no range agreed
        take_over(bw)
        q = bw.b.pending
        bw.answer(False if q.kind is QKind.YES_NO else None if q.kind is QKind.OPTIONAL_NUMBER else q.low)
    take_over(bw)
    return bw
