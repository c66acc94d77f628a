"""The hand-over cover is opaque to Qt (issue 21, cold reopen): a Fight that covers the main window repainted the
strategic map and the docks beneath the cover (three paints of the map in a cold reopen at 5,000 answers, ~40 ms of
CPU with the docks) though nothing of them shows; now the cover's region is painted by the cover alone."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication

from app.shell.turn_dialogs import HandOverCover
from tests.app.gui import open_main_window


class _Paints(QObject):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt's name)
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_the_map_beneath_a_hand_over_cover_is_not_painted_again(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    viewport = main.strategic_view.viewport()
    qtbot.waitExposed(main)
    QApplication.processEvents()  # the map's first paints done
    QApplication.processEvents()
    paints = _Paints()
    viewport.installEventFilter(paints)
    cover = HandOverCover(main)
    qtbot.waitUntil(lambda: cover.isVisible(), timeout=20000)
    qtbot.waitExposed(cover)
    for w in (main, viewport):  # the whole window to paint again, as after a file opened under the cover
        w.update()
    QApplication.processEvents()  # the posted update requests: the paints
    QApplication.processEvents()
    assert paints.count == 0, f"the map beneath the cover was painted {paints.count} time(s)"
    cover.lift()
    qtbot.waitUntil(lambda: paints.count > 0, timeout=20000)
    assert paints.count > 0, "the map was not painted once the cover was lifted"
