"""A status bar for people (issue 22): its messages read as words and a long one is never cut
unseen.

Every message shown goes through :func:`app.widgets.titles.plain_words` ("Refused: 004 Combat
Phase: ..." reads "Refused: Combat Phase: ..."; "V13.472 / A-21" reads "V13.472"), whoever shows
it. A message wider than the bar ends with "..." where the bar cuts it, and the whole message is
the bar's tooltip: QStatusBar clips its text at its edge, and at ``QT_SCALE_FACTOR=2`` a refusal
lost its reason with no way to read it. ``currentMessage()`` stays the whole message.
"""
from __future__ import annotations

from html import escape

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QStatusBar, QStyle, QStyleOption, QWidget

from app.widgets.titles import plain_words

MARGIN = 6
"""QStatusBar's room at either side of its message, in pixels."""


class MessageBar(QStatusBar):
    """A QStatusBar whose message is in words, drawn with "..." when it is cut, whole in the tooltip."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.messageChanged.connect(self._follow)

    def showMessage(self, text: str, timeout: int = 0) -> None:  # noqa: N802 (Qt's name)
        super().showMessage(plain_words(text or ""), timeout)

    def message_rect(self) -> QRect:
        """Where the message is drawn: the bar less its margins and its permanent widgets (the
        others are hidden while a message shows)."""
        right = self.width() - MARGIN
        for w in self.findChildren(QWidget, options=Qt.FindChildOption.FindDirectChildrenOnly):
            if w.isVisible() and not w.isWindow() and w.x() > MARGIN:
                right = min(right, w.x() - MARGIN)
        return QRect(MARGIN, 0, max(0, right - MARGIN), self.height())

    def shown(self) -> str:
        """The message as the bar draws it: whole, or cut with "..." to fit :meth:`message_rect`."""
        return self.fontMetrics().elidedText(self.currentMessage(), Qt.TextElideMode.ElideRight,
                                             self.message_rect().width())

    def cut(self) -> bool:
        """The message does not fit: it is drawn cut, and whole in the tooltip."""
        return self.shown() != self.currentMessage()

    def _follow(self, _text: str = "") -> None:
        # rich text, which Qt wraps at the screen's width (a plain tooltip is one line, wider than the screen)
        self.setToolTip(f"<p>{escape(self.currentMessage())}</p>" if self.cut() else "")

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        super().resizeEvent(event)
        self._follow()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """QStatusBar's painting (its panel and its permanent widgets' frames), the message cut with "..."."""
        message = self.currentMessage()
        if not message:
            super().paintEvent(event)
            return
        p = QPainter(self)
        opt = QStyleOption()
        opt.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_PanelStatusBar, opt, p, self)
        p.setPen(self.palette().windowText().color())
        p.drawText(self.message_rect(), int(Qt.AlignmentFlag.AlignLeading | Qt.AlignmentFlag.AlignVCenter
                                            | Qt.TextFlag.TextSingleLine), self.shown())
        p.end()
