"""The B5 board and its Forces / Helpers sheet side by side, or the sheet below the board when the
window is too narrow for both (issue 22, seen on the real 1600x1000 screen at QT_SCALE_FACTOR=2:
the board had ~30% of the battle window's width, the side panel and the sheet the rest). The board
keeps at least half the window's width, as the strategic map does."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QSplitter, QWidget


class BoardSplit(QSplitter):
    """The board first, then ``sheet`` (whose least width is kept): beside it while the board still
    gets half the window's width at the splitter's 3 : 1 stretch, else below it."""

    def __init__(self, board: QWidget, sheet: QWidget, least: QWidget) -> None:
        super().__init__(Qt.Orientation.Horizontal)
        self.least = least  # the widget whose least width the sheet keeps
        self.addWidget(board)
        self.addWidget(sheet)
        self.setChildrenCollapsible(False)
        self.setStretchFactor(0, 3)
        self.setStretchFactor(1, 1)
        self.setSizes([3000, 1000])  # the board three quarters at first (the sheet's size hint took most)

    def beside(self, width: int) -> bool:
        """Whether the sheet fits beside the board at this splitter ``width``, the board keeping half
        the window's width."""
        sheet = max(self.least.minimumWidth(), width // 4) + self.handleWidth()
        return width - sheet >= self.window().width() / 2

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt's name)
        way = Qt.Orientation.Horizontal if self.beside(event.size().width()) else Qt.Orientation.Vertical
        if way != self.orientation():
            self.setOrientation(way)
            self.setSizes([3000, 1000])
        super().resizeEvent(event)
