"""Battle windows fit the screen (issue 22): the AF/EF window opened 1400 x 974 on a 1000-pixel
screen and a V13 window 966 tall, because the side panel's and the hand-over page's least sizes
were taller or wider than the screen; the AF/EF battle line scrolled sideways for its attackers."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu, QScrollArea

from app.systems.afef import AfefPanel
from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def fits(bw) -> None:
    area = bw.screen().availableGeometry()
    least = bw.minimumSizeHint()
    assert least.width() <= area.width() and least.height() <= area.height(), (least, area)
    assert area.contains(bw.frameGeometry()), (bw.frameGeometry(), area)


def test_the_afef_window_fits_the_screen_through_its_hand_overs(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    assert isinstance(bw.panel, AfefPanel)
    bw.auto_dialogs = False
    for _ in range(3):
        QApplication.processEvents()
        fits(bw)
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    fits(bw)
    view = bw.panel.view
    assert not view.horizontalScrollBar().isVisible(), "the battle line scrolls sideways"


def test_the_hand_over_page_is_dark_all_over(qtbot, tmp_path):
    """Once its labels wrapped, the hand-over page showed dark bands behind the labels on a light
    page: its style's dark background now fills the page."""
    main = open_main_window(qtbot, tmp_path)
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    assert bw.handing_over()
    QApplication.processEvents()
    img = bw.grab().toImage()
    page = bw.handover.geometry().translated(bw.stack.pos())
    ratio = img.devicePixelRatio()
    for x, y in ((page.left() + 10, page.top() + 10), (page.center().x(), page.top() + 10),
                 (page.left() + 10, page.bottom() - 10)):
        colour = img.pixelColor(round(x * ratio), round(y * ratio))
        assert colour.lightness() < 80, (x, y, colour.name())


def test_the_afef_modifier_boxes_show_without_scrolling_sideways(qtbot, tmp_path):
    """Seen on the 1600x1000 screen (issue 22): the GM's AF modifier rows ("Claw Fighter Squadron
    1 (12 AAS) (AF 0):" and its box) were wider than the side panel, so the boxes and the Clear
    button were cut off behind a sideways scroll bar; a long row now puts its box below its name."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    bw.resize(1400, 900)
    for _ in range(3):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
    panel = bw.panel
    assert panel.spins, "no AF modifier question for the GM"
    area = bw.findChild(QScrollArea, f"{bw.panel_dock.objectName()}_scroll")
    qtbot.waitUntil(lambda: area.viewport().width() > 0, timeout=2000)
    QApplication.processEvents()
    assert not area.horizontalScrollBar().isVisible(), "the side panel scrolls sideways"
    view = area.viewport().rect()
    for w in [*panel.spins.values(), panel.clear_button, panel.commit_button, panel.break_button]:
        box = w.rect().translated(w.mapTo(area.viewport(), w.rect().topLeft()))
        assert view.left() <= box.left() and box.right() <= view.right(), (w.objectName() or w.text(), box, view)


def test_the_sidcors_window_fits_the_screen_after_the_take_over(qtbot, tmp_path):
    """Seen at QT_SCALE_FACTOR=2 on the 1600x1000 screen (issue 22): the SIDCORS window opened
    inside the screen, then grew to 1704x1510 once the Coalition took over, its Battle Forces'
    counters setting its least size; they now scroll inside the window."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    bw.auto_dialogs = False
    for _ in range(3):
        QApplication.processEvents()
        fits(bw)
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    QApplication.processEvents()
    assert not bw.handing_over() and bw.panel.counters
    fits(bw)
    bw.close()  # no battle window of this campaign left for the next test
