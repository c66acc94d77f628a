"""The readout and the drag verdict lay their words out again only when their width changes (issue 21:
each ``setTextWidth`` lays the whole text out again, even at the width it has, and the drop paid for
three such layouts). What must still follow: a view resized narrower wraps the readout's next words at
its new width, and words wrapped beside a hex near a narrow view's edge are unwrapped again once the
view is wide (a width kept by mistake would leave them wrapped, or running past the view)."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRectF
from PySide6.QtWidgets import QApplication

from app.battle.window import BattleWindow
from tests.app.battle.test_window import to_defender_placement
from tests.app.gui import open_main_window, shown_battle_map
from tests.app.systems.v13.test_verdict_in_view import drag_over, words_on_screen
from tests.app.test_gui_paths import _at, end_movement

LONG = "4813 \u2014 off the sheet (the map floats, V13.812) \u2014 range 55 from IKV Kumara, bearing C; " * 3


def test_the_readout_wraps_at_the_width_of_the_view_it_is_in_now(qtbot):
    view = shown_battle_map(qtbot)
    view.resize(1200, 700)
    qtbot.waitUntil(lambda: view.readout.widest == 520, timeout=20000)
    view.set_readout(LONG)
    QApplication.processEvents()
    wide = view.readout.width()
    assert 480 < wide <= 520, wide  # wrapped at the widest box
    view.resize(330, 500)  # the box may be no wider than the view
    qtbot.waitUntil(lambda: view.readout.widest < 320, timeout=20000)
    view.set_readout(LONG + " and more")  # the next words
    QApplication.processEvents()
    assert view.readout.width() <= view.readout.widest < wide, (view.readout.width(), view.readout.widest)
    view.resize(1200, 700)
    qtbot.waitUntil(lambda: view.readout.widest == 520, timeout=20000)
    view.set_readout(LONG)
    QApplication.processEvents()
    assert view.readout.width() == wide  # as wide again as it was in the wide view


def test_words_wrapped_in_a_narrow_view_are_whole_again_in_a_wide_one(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    bw = BattleWindow(main.session, _at(main, "0604"), main)
    qtbot.addWidget(bw)
    bw.auto_dialogs = False
    bw.resize(1400, 900)
    bw.show()
    qtbot.waitExposed(bw)
    to_defender_placement(bw)
    qtbot.wait(20)
    view = bw.panel.view
    item = view.scene().hover_text

    def over(at_right: bool) -> QRectF:
        port = view.viewport().rect()
        view._last = None
        drag_over(view, "kz-cv-claw", QPoint(port.right() - 8 if at_right else 8, 60))
        return words_on_screen(view)

    first = over(False)  # at the left edge of the wide view
    assert len(item.toPlainText().strip()) > 20
    bw.resize(560, 700)  # a view narrower than the words: they wrap
    qtbot.waitUntil(lambda: view.viewport().width() < 400, timeout=20000)
    narrow = over(True)
    assert narrow.width() < first.width() and narrow.height() > first.height(), (narrow, first)
    bw.resize(1400, 900)
    qtbot.waitUntil(lambda: view.viewport().width() > 900, timeout=20000)
    again = over(False)
    assert again.size() == first.size(), (again, first)  # laid out as in the wide view, not at the narrow width
    assert QRectF(view.viewport().rect()).contains(again)
    bw.close()
