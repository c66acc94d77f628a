"""Issue 24 in the GUI: an ELINT ship's orders (seed 003 ELINT Abilities) are typed in the B5
panel's bar like a plot, by the side the screen is handed to; no dialog opens for them."""
from __future__ import annotations


from PySide6.QtCore import Qt

from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer
from tests.hand_kept import hand_kept_data
from tests.test_main_cli_b5 import MEETING

OPENED: list[str] = []


def seen(d) -> bool:
    if isinstance(d, QuestionDialog):
        OPENED.append(d.q.key)
    return False


def test_elint_orders_are_typed_in_the_bar_by_their_side(qtbot, b5_window):
    OPENED.clear()
    data = hand_kept_data()  # from Turn Orders
    claw = next(u for f in data["fleets"] for u in f["units"] if u["id"] == "kz-cv-claw")
    claw["b5"]["elint"] = 2  # KHS Claw of Rrit as an ELINT ship
    main, bw = b5_window(MEETING[:11] + ["plot and move"], campaign=data)
    run = bw.b
    while "plot" in run.pending.data:
        bw.answer(run.pending.default)
        if "elint" in run.pending.data:
            break
    q = run.pending
    assert q.key == "b5/1/elint/kz-cv-claw" and q.to == "alliance"
    answerer = Answerer(seen)
    bw.auto_dialogs = True
    while bw.handing_over():
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    panel = bw.panel
    assert panel.prompt.text() == "ELINT orders:" and panel.place_button.text() == "&Give orders"
    assert panel.hex_edit.text() == "none"  # the bar opens at no order
    assert panel.hex_edit.maximumWidth() > 1000  # orders take the bar's width, not a hex's 110 pixels
    panel.hex_edit.clear()
    qtbot.keyClicks(panel.hex_edit, "offensive; jam fire control LSS Pride of Redclaw")
    qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: run.pending is not q)
    answerer.stop()
    assert q.key not in OPENED  # typed in the bar, not asked in a dialog
    assert [o.ability for o in run.engine.elint["kz-cv-claw"]] == ["offensive", "jam fire control"]
