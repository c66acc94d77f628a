"""The GM's steps through an STCS battle in the battle window, as the GUI tests take them: a choice dialog answered
from a test's picks, and acts taken from the panel's list, each followed by the hand-over until the act question of
its segment is asked again."""
from __future__ import annotations

from collections.abc import Callable

from tests.app.systems.stcs.test_stcs_window import act, hand_over


def pick(d, picks: dict[str, str]) -> None:
    """Check, in the choice dialog ``d``, the option ``picks`` gives for the first key its question's key ends with."""
    want = next(v for k, v in picks.items() if d.q.key.endswith(k))
    d.group.button(d.q.options.index(want)).setChecked(True)


def at_act(bw, segment: int) -> Callable[[], bool]:
    """The battle asks segment ``segment``'s act question."""
    return lambda: bw.b.pending is not None and bw.b.pending.key == f"stcs/{segment}/act"


def acts(qtbot, bw, panel, *steps: tuple[str, int]) -> None:
    """Each ``(act, segment)``: the act taken from the panel's list, then the screen handed over until ``segment``'s act
    question is asked."""
    for choice, segment in steps:
        act(qtbot, bw, panel, choice)
        hand_over(qtbot, bw, at_act(bw, segment))
