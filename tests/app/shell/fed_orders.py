"""The Federation's commander at its orders dialog, as the orders GUI tests play it (Turn > Answer,
the hand-over, one order a dialog): a hand-over the Federation's team takes and the others leave for
later, and the orders dialog's answer - the other powers are done, the Federation gives the next of
its steps."""
from __future__ import annotations

from collections.abc import Callable, Iterator

from tests.app.gui import Answerer, ok, press


def hand_over(refused: Callable[[str], bool]) -> Callable[[object], bool]:
    """A hand-over dialog: declined ("Not now") when ``refused(its title)``, else taken over."""

    def answer(d) -> bool:
        from app.shell.turn_dialogs import HandOverDialog

        if not isinstance(d, HandOverDialog):
            return False
        if refused(d.windowTitle()):
            d.reject()
            return True
        d.take_over_button.click()
        return True
    return answer


def fed_steps(steps: Iterator[str], now: list[str], act: Callable[[object, str], bool]) -> Callable[[object], bool]:
    """An orders dialog: another power's is closed done; the Federation's takes the next of ``steps``
    (noted in ``now``) and ``act(dialog, step)`` answers it."""

    def enter(d) -> bool:
        from app.shell.orders_dialog import OrdersDialog

        if not isinstance(d, OrdersDialog):
            return False
        if d.p.id != "fed":
            d.choose("done")
            return ok(d)
        kind = next(steps)
        now.append(kind)
        return act(d, kind)
    return enter


def fed_gives(qtbot, main, steps: Iterator[str], now: list[str], act: Callable[[object, str], bool]) -> None:
    """Turn > Answer (Ctrl+Shift+A): the Coalition's hand-over declined, the Federation's taken and its ``steps``
    given through ``act`` until it is done and no dialog is open."""
    from PySide6.QtWidgets import QApplication

    answerer = Answerer(hand_over(lambda title: "Coalition" in title), fed_steps(steps, now, act))
    try:
        press(main, "Ctrl+Shift+A")
        qtbot.waitUntil(lambda: "done" in now and QApplication.activeModalWidget() is None, timeout=20000)
    finally:
        answerer.stop()
