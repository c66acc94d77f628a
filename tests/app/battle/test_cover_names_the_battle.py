"""The main window's cover beside a battle window's hand-over says where the screen is taken (issue 22, I3's real-screen
pass at QT_SCALE_FACTOR=2 on 1600x1000): with the Battle Hex 0703 window minimized at its hand-over page, the main
window read only "Hand-over: nothing of any side is shown until the next player takes the screen.", with no button
and no word of which window holds the hand-over. The cover now names the battle window."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel, QWidget

from tests.app.battle.test_main_covered_at_hand_over import _fight
from tests.app.gui import open_main_window
from tests.app.test_gui_paths import end_movement


def test_the_cover_beside_a_battle_hand_over_names_the_battle_window(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    bw = _fight(main, qtbot, "0604")  # hot seat: the battle opens on its hand-over screen
    assert bw.handing_over()
    covers = [c for c in main.findChildren(QWidget, "handover_cover") if c.isVisible()]
    assert covers, "the main window is covered beside the battle's hand-over"
    said = [c.findChild(QLabel).text() for c in covers]
    assert all("takes the screen in the Battle Hex 0604 window" in s for s in said), said
