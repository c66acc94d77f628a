"""The Sector inspector never breaks a word across lines (issue 22, any screen). Seen on the real
1600 x 1000 screen at ``QT_SCALE_FACTOR=2``: the inspector is about 300 logical pixels wide, and
the Space Amoeba's unit table read "Space Amoeb / a" and "Amoeb / a" - a text browser wraps
anywhere when a word does not fit. Words stay whole (the table scrolls sideways instead)."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


def _broken_words(browser) -> list[str]:
    """Each place a line of the browser's laid-out text ends inside a word: 'Amoeb|a'."""
    broken = []
    block = browser.document().begin()
    while block.isValid():
        text, layout = block.text(), block.layout()
        for i in range(layout.lineCount() - 1):
            end = layout.lineAt(i).textStart() + layout.lineAt(i).textLength()
            if 0 < end < len(text) and text[end - 1].isalnum() and text[end].isalnum():
                broken.append(f"{text[:end]}|{text[end:]}")
        block = block.next()
    return broken


def test_a_narrow_inspector_keeps_the_unit_tables_words_whole(window, qtbot):
    window.resizeDocks([window.inspector_dock], [220], Qt.Orientation.Horizontal)  # as narrow as at scale 2
    QApplication.processEvents()
    view = window.strategic_view
    counter = view.scene().counter("gm-amoeba")
    view.centerOn(counter)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(counter.scenePos()))
    QApplication.processEvents()
    assert "Space Amoeba" in window.inspector.toPlainText(), window.inspector.toPlainText()
    assert window.inspector.viewport().width() < 260, window.inspector.viewport().width()
    assert not _broken_words(window.inspector), _broken_words(window.inspector)
