"""The dice numbers of several AF/EF attack arrows on one target stay readable (issue 22). Seen on
the real screen at QT_SCALE_FACTOR=2, 1600x1000, the default campaign's 0604: the three Lyran ships
each put all their dice on KHS Swift Stalker; LSS Silent Pounce's "3" sat beside its own line but on
LSS Pride of Redclaw's, a line of the same colour, and read as a smudge. Each number is placed clear
of every attack line (its own and the others), as a person drags them: Shift+drag of each shooter."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsTextItem, QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_afef import drag
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def test_the_numbers_of_three_arrows_on_one_target_are_clear_of_every_line(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    for _ in range(12):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            continue
        if bw.b.pending.key.split("/")[2] == "declare":
            break
        qtbot.mouseClick(bw.panel.commit_button, Qt.MouseButton.LeftButton)
    q = bw.b.pending
    shooters = list(q.data["dice"])
    target = q.data["targets"][2]  # KHS Swift Stalker, the third of the front line
    assert len(shooters) == 3, shooters
    for shooter in shooters:
        drag(bw.panel.view, shooter, target)  # Shift+drag: all its dice on it
    scene = bw.panel.view.scene()
    lines = [i for i in scene.items() if isinstance(i, QGraphicsLineItem)]
    numbers = [i for i in scene.items() if isinstance(i, QGraphicsTextItem) and i.toPlainText().isdigit()]
    assert len(lines) == 3 and len(numbers) == 3
    for n in numbers:
        crossed = [line.line() for line in lines if n.collidesWithItem(line)]
        assert not crossed, (n.toPlainText(), n.scenePos(), crossed)
