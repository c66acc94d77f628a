"""A window's remembered layout (app.shell.window_state): splitter sizes come back as saved, and a
window with none saved is not searched for splitters (issue 21: ``findChildren`` hands every child
widget of the main window to Python, a few ms and a handful of Qt enum types at start)."""
from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QLabel, QMainWindow, QSplitter

from app.shell import window_state


class Counted(QMainWindow):
    """A main window with a named splitter, counting the searches for children."""

    def __init__(self) -> None:
        super().__init__()
        self.searches = 0
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setObjectName("parts")
        self.split.addWidget(QLabel("left"))
        self.split.addWidget(QLabel("right"))
        self.setCentralWidget(self.split)

    def findChildren(self, *args, **kw):  # noqa: N802 (Qt name)
        self.searches += 1
        return super().findChildren(*args, **kw)


def test_saved_splitter_sizes_come_back_and_none_saved_searches_nothing(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    fresh = Counted()
    qtbot.addWidget(fresh)
    window_state.restore(fresh, settings, "w", (600, 400))
    assert fresh.searches == 0
    fresh.show()
    fresh.split.setSizes([450, 150])
    wanted = fresh.split.sizes()
    window_state.save(fresh, settings, "w")
    again = Counted()
    qtbot.addWidget(again)
    window_state.restore(again, settings, "w", (600, 400))
    again.show()
    assert again.searches == 1 and again.split.sizes() == wanted
