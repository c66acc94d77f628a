"""Issue 24 in the GUI: B5 fighter flights on the board. Blue's fighter orders are typed in the bar
(no dialog); in pulse 1 a click on its carrier launches its flight, whose counter the board then
draws; in pulse 2 a click on the flight and one on a hex move it there; a move one point too far is
refused in the bar; an enemy flight met shows a dogfight ring."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.widgets.question_dialogs import QuestionDialog
from hexmap import Label
from tests.app.gui import Answerer
from tests.rules.systems.b5.test_flights import SET_UP, battle

OPENED: list[str] = []


def seen(d) -> bool:
    if isinstance(d, QuestionDialog):
        OPENED.append(d.q.key)
    return False


def take_over(qtbot, bw) -> None:
    while bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)


def click_hex(qtbot, view, at: Label) -> None:
    """A click on hex ``at`` of the board, in the viewport's own coordinates."""
    view.centerOn(view.centre(at))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(view.centre(at)))


def give(qtbot, bw, panel, text: str | None = None) -> None:
    """The bar's text (typed first when given) given with Return, as its side."""
    q = bw.b.pending
    if text is not None:
        panel.hex_edit.clear()
        qtbot.keyClicks(panel.hex_edit, text)
    qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: bw.b.pending is not q)


def test_orders_typed_a_flight_launched_by_a_click_and_moved_by_two(qtbot, b5_window):
    OPENED.clear()
    main, bw = b5_window(SET_UP, campaign=battle(campaign_only=True), at="0304", size=(1300, 850))
    run, panel = bw.b, bw.panel
    assert run.pending.key == "b5/1/orders/blue"
    answerer = Answerer(seen)
    bw.auto_dialogs = True
    take_over(qtbot, bw)
    assert panel.prompt.text() == "Fighter orders:" and panel.place_button.text() == "&Give orders"
    give(qtbot, bw, panel, "B-FL attack R-FLAG")
    bw.auto_dialogs = False
    for answer in ("FFF FF FFF", "r-fl escort r-flag; r-fl2 superiority 4528"):
        bw.answer(answer)
    assert run.pending.key == "b5/1/fly/blue"
    bw.auto_dialogs = True
    take_over(qtbot, bw)
    view = panel.board
    assert panel.prompt.text() == "Flights:"
    click_hex(qtbot, view, run.engine.at["b-flag"])  # B-FLAG carries B-FL: launched
    assert panel.hex_edit.text() == "launch B-FL"
    give(qtbot, bw, panel)
    assert str(run.engine.air.at["b-fl"]) == "1332"  # ahead of B-FLAG (1231, facing C)
    bw.auto_dialogs = False
    bw.answer("launch r-fl; r-fl2 4528")
    assert run.pending.key == "b5/1/fly/blue"  # pulse 2
    bw.auto_dialogs = True
    take_over(qtbot, bw)
    tips = [it.toolTip() for it in view.flight_items]
    assert "B-FL at 1332: 6 fighters, attack R-FLAG" in tips, tips
    assert "R-FL2 at 4528: 6 fighters, superiority over 4528 (within 5)" in tips
    assert "flight: B-FL (6 fighters) at 1332, attack R-FLAG" in panel.sheet.toPlainText()
    click_hex(qtbot, view, Label.parse("1332"))
    assert "B-FL picked" in panel.prompt.text()
    click_hex(qtbot, view, Label.parse("4629"))  # 34 points: one beyond B-FL's 33
    assert panel.hex_edit.text() == "B-FL 4629"
    qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: "Refused" in panel.prompt.text())
    assert "costs 34" in panel.prompt.text() and run.pending.key == "b5/1/fly/blue"
    panel.hex_edit.clear()
    click_hex(qtbot, view, Label.parse("1332"))
    click_hex(qtbot, view, Label.parse("4528"))
    assert panel.hex_edit.text() == "B-FL 4528"
    qtbot.keyClicks(panel.hex_edit, " burn")  # afterburners, to intercept R-FL2
    give(qtbot, bw, panel)
    assert str(run.engine.air.at["b-fl"]) == "4528"
    take_over(qtbot, bw)  # Red's screen, its flights to move
    qtbot.waitUntil(lambda: any(it.toolTip() == "dogfight at 4528" for it in view.flight_items))
    answerer.stop()
    assert not [k for k in OPENED if "/orders/" in k or "/fly/" in k]  # in the bar, never a dialog
