"""The SIDCORS Directed Damage dialog (issue 22): seen on the real screen with an empty gap
between the question and its choices (fixed for every question dialog by 3078465, which this
test covers through the battle window), and it must fit the screen however many enemy units
it names: one choice a unit (two against a mauler), so 300 v 300 meant a dialog thousands of
pixels tall; a long choice now scrolls inside a dialog that fits the screen."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMenu, QPushButton, QRadioButton, QScrollArea

from app.widgets.question_dialogs import QuestionDialog
from rules.systems import start
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight
from tests.play.duel import AT, battle


def band(d: QuestionDialog) -> int:
    """The empty band between the question's words and its first choice."""
    head, first = d.head, d.group.button(0)
    top = first.mapTo(d, first.rect().topLeft()).y()
    return top - head.geometry().top() - head.heightForWidth(head.width())


def test_the_directed_damage_dialog_of_a_battle_has_no_gap(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    seen: dict[str, int] = {}

    def measure(d) -> bool:
        if isinstance(d, QuestionDialog) and "/directed/" in d.q.key:
            QApplication.processEvents()
            seen[d.q.key] = band(d)
            assert d.height() <= d.sizeHint().height() + 2, (d.size(), d.sizeHint())
            return ok(d)  # None
        return False

    answerer = Answerer(measure)
    for _ in range(8):  # each side behind its hand-over clicks its Battle Intensity Factor
        if seen:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        button = bw.panel.central.findChild(QPushButton, "bif_2")
        if button is not None and button.isVisible() and button.isEnabled():
            qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
        qtbot.wait(50)
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    answerer.stop()
    spacing = max(d.layout().spacing() for d in answerer.dialogs if isinstance(d, QuestionDialog))
    assert all(g <= spacing + 2 for g in seen.values()), seen
    bw.close()


def directed_question(n: int):
    """The first Directed Damage question of an ``n`` v ``n`` SIDCORS battle (Battle Intensity 1 each)."""
    c, graph = battle(n, "sidcors")
    run = start(c, AT, graph)
    while "/directed/" not in run.pending.key:
        run.answer(1)
    return run


def test_a_long_directed_damage_choice_scrolls_inside_a_dialog_that_fits_the_screen(qtbot):
    run = directed_question(40)
    q = run.pending
    assert len(q.options) > 40
    d = QuestionDialog(q, "TA", run.unit_names())
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    QApplication.processEvents()
    area = d.screen().availableGeometry()
    assert d.frameGeometry().height() <= area.height(), (d.frameGeometry(), area)
    buttons = d.findChild(QDialogButtonBox)
    assert d.rect().contains(buttons.geometry()), (buttons.geometry(), d.rect())
    radios = d.findChildren(QRadioButton)
    assert len(radios) == len(q.options)
    scroll = d.findChild(QScrollArea, "choices")
    assert scroll is not None and scroll.verticalScrollBar().maximum() > 0  # the choices scroll...
    last = radios[-1]
    scroll.ensureWidgetVisible(last)  # ... to the last, which can be taken
    QApplication.processEvents()
    assert not last.visibleRegion().isEmpty()
    qtbot.mouseClick(last, Qt.MouseButton.LeftButton, pos=QPoint(8, last.height() // 2))
    assert d.answer() == q.options[-1]
    assert q.options[-1] in run.answer(d.answer()).units  # the engine takes it: damage directed at that unit
