"""AF/EF attack lines on the battle line (issue 22, the real-screen walk): the thick lines were drawn
over the counters' text, so the target's "hits N" could not be read, and the round's lines stayed drawn
once its fire was resolved, at the GM's "the next round" question and after."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QGraphicsLineItem, QGraphicsTextItem, QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_afef import drag
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight


def _to(bw, qtbot, kind: str) -> None:
    """Commit (and take the hand-overs) up to the pending question of ``kind``."""
    for _ in range(20):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            continue
        q = bw.b.pending
        if q.key.split("/")[2] == kind:
            return
        for shooter, need in q.data.get("must_match", {}).items():  # the return fire each defender owes
            drag(bw.panel.view, shooter, need["attackers"][0])
        qtbot.mouseClick(bw.panel.commit_button, Qt.MouseButton.LeftButton)
    raise AssertionError(bw.b.pending.key)


def _picture(scene, box: QRectF) -> QImage:
    img = QImage(int(box.width() * 2), int(box.height() * 2), QImage.Format.Format_ARGB32)
    img.fill(QColor("white"))
    p = QPainter(img)
    scene.render(p, QRectF(img.rect()), box)
    p.end()
    return img


def _unlike(a: QImage, b: QImage) -> int:
    """The most two pictures' pixels differ in lightness (0-255)."""
    return max(abs(a.pixelColor(x, y).lightness() - b.pixelColor(x, y).lightness())
               for x in range(a.width()) for y in range(a.height()))


def _lines(scene) -> list[QGraphicsLineItem]:
    return [i for i in scene.items() if isinstance(i, QGraphicsLineItem)]


def test_attack_lines_pass_under_the_counters_text_and_go_once_the_round_is_fired(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    _to(bw, qtbot, "declare")
    q = bw.b.pending
    for shooter in q.data["dice"]:  # every attacker on one target, as on the real screen
        drag(bw.panel.view, shooter, q.data["targets"][0])
    scene = bw.panel.view.scene()
    lines = _lines(scene)
    assert lines
    texts = [i for i in scene.items() if isinstance(i, QGraphicsTextItem) and not i.toPlainText().isdigit()]
    crossed = 0
    for t in texts:  # a counter's (or a line's title's) words look as with the lines hidden, at most faintly tinted
        m = t.document().documentMargin()  # the words' box, inside the text's margin
        box = t.mapRectToScene(QRectF(0, 0, t.document().idealWidth(), t.boundingRect().height()).adjusted(m, m, -m, -m))
        crossed += any(line.collidesWithItem(t) for line in lines)
        with_lines = _picture(scene, box)
        for line in lines:
            line.hide()
        assert _unlike(_picture(scene, box), with_lines) < 60, t.toPlainText()
        for line in lines:
            line.show()
    assert crossed  # the lines do run across the text: the target's, at least
    _to(bw, qtbot, "continue")  # the round's fire resolved: "the next round"
    assert not _lines(bw.panel.view.scene())
