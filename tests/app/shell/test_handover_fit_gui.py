"""Hand-over dialogs fit their words and buttons (issue 22): under openbox every hand-over's bottom
edge looked clipped. The dialog was resizable, so openbox framed it with a resize handle and grips
under its buttons (a light strip over the dark cover), and it opened at a size taken before its
styled 20-pixel label was polished (offscreen: 533 pixels wide for a 545-pixel label line)."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QPushButton

from app.shell.turn_dialogs import HandOverDialog
from tests.app.gui import Answerer, press, show_active
from tests.app.shell.test_hand_back_gui import recorder, to_supply


def _fit(d: HandOverDialog) -> dict:
    """How the shown dialog holds its layout."""
    lay = d.layout()
    inside = all(d.rect().contains(b.geometry()) for b in d.findChildren(QPushButton) if b.isVisible())
    return {"words": d.label.text(), "size": d.size().toTuple(), "hint": d.sizeHint().toTuple(),
            "height for width": lay.totalHeightForWidth(d.width()) if lay.hasHeightForWidth() else d.height(),
            "buttons inside": inside, "fixed": d.minimumSize() == d.maximumSize(), "width": d.width()}


def test_every_hand_over_of_the_encounters_fits_its_words_and_buttons_and_is_not_resizable(qtbot, tmp_path):
    w = to_supply(qtbot, tmp_path)
    seen: list[str] = []
    fits: list[dict] = []
    answer = recorder(seen)

    def handle(d) -> bool:
        if isinstance(d, HandOverDialog):
            fits.append(_fit(d))
        return answer(d)

    answerer = Answerer(handle)
    show_active(w, qtbot)
    press(w, "Ctrl+Shift+E")  # Supply -> Encounters: Red, Blue and the GM's hand-overs
    qtbot.waitUntil(lambda: "Pass the screen back to the Game Master" in seen
                    and QApplication.activeModalWidget() is None, timeout=10000)
    answerer.stop()
    assert len(fits) == 3, fits
    for fit in fits:
        (width, height), (hint_w, hint_h) = fit["size"], fit["hint"]
        assert width >= hint_w and height >= hint_h and height >= fit["height for width"], fit
        assert fit["buttons inside"] and fit["fixed"] and fit["width"] >= 520, fit
