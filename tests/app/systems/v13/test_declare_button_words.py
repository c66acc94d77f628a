"""The Disengage / Retreat button names the unit selected on the map (a click on its counter, or N),
and selecting another unit no longer lays the side panel out again (issue 21: Qt's setText asked for a new geometry at every
new name, and the whole panel with its word-wrapped labels was measured anew, a sixth of a
click-select). What the button shows must not change: it is painted as a stock QPushButton of its
style with the same words, size and palette paints them, at every click."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QAction, QImage
from PySide6.QtWidgets import QApplication, QPushButton

from app.systems.v13.combat import DECLARE
from rules.battlehex.roster import Role
from tests.app.battle.test_window import open_battle, set_up_0604
from tests.app.systems.v13.test_panel_after_answer import main  # noqa: F401 (the fixture)


class _Requests(QObject):
    """Counts the layout requests the combat panel gets."""

    def __init__(self) -> None:
        super().__init__()
        self.n = 0

    def eventFilter(self, obj, event) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.LayoutRequest:
            self.n += 1
        return False


def _picture(button: QPushButton) -> QImage:
    return button.grab().toImage().convertToFormat(QImage.Format.Format_ARGB32)


def _stock(button: QPushButton, words: str) -> QImage:
    """A plain QPushButton with ``words``, as big as ``button``, in its palette, font and style."""
    plain = QPushButton(words)
    plain.setFont(button.font())
    plain.setPalette(button.palette())
    plain.setStyle(button.style())
    plain.resize(button.size())
    plain.ensurePolished()
    return _picture(plain)


def test_another_unit_selected_is_named_on_the_button_as_qt_would_draw_it(main, qtbot):  # noqa: F811
    bw = open_battle(main, qtbot, "0604")
    set_up_0604(bw)
    assert bw.panel.combat_mode()
    panel = bw.panel
    button = panel.combat.buttons[DECLARE]
    next_unit = next(a for a in bw.findChildren(QAction) if a.text() == "Next unit")
    for _ in range(2):  # the first selections lay the panel out (the unit's words shown the first time)
        next_unit.trigger()
        QApplication.processEvents()
    requests = _Requests()
    panel.combat.installEventFilter(requests)
    seen: dict[str, QImage] = {}
    for _ in range(20):  # Next unit (N): the next unit on the map, selected as a click on its counter selects it
        next_unit.trigger()
        QApplication.processEvents()
        u = bw.b.state.units[panel._selected]
        words = f"{'Disengage' if u.role is Role.ATTACKER else 'Retreat'} {u.name}..."  # V13.515, V13.615
        assert button.text() == words and button.accessibleName() == words, button.text()
        assert button.toolTip() == f"{words} (Ctrl+D)"
        shown = _picture(button)
        assert shown == _stock(button, words), f"the button for {u.name} is not drawn as Qt draws it"
        if u.id in seen:  # round again: as it was the first time
            assert shown == seen[u.id]
            break
        assert shown not in seen.values()  # its own words, not the unit's before
        seen[u.id] = shown
    assert len(seen) == 6, sorted(seen)  # the three Kzinti defenders and the three Lyran attackers
    assert requests.n == 0, f"the combat panel was laid out again {requests.n} times"
