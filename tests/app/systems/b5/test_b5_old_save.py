"""Issue 24 in the GUI: a B5 battle saved mid-way before the fighter flights flew on the board
(tests/fixtures/b5_saved_before_flights.json, saved by 5f47770's code) opened with File > Open and
fought on with Turn > Fight a Battle Hex (Ctrl+F, 0604 chosen in its list): the battle stands where
it was saved and goes on under today's rules (the Alliance's fighter orders typed in the bar); the
answers it replayed are saved. One whose saved answer no longer fits says so in the window, naming
the file, the Battle Hex and the answer, never a traceback."""
from __future__ import annotations

import shutil

from PySide6.QtCore import Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocumentFragment

from rules.model import load_campaign, save_campaign
from tests.app.gui import Answerer, choose_item, open_main_window, press
from tests.app.test_gui_paths import battle_windows
from tests.rules.systems.b5.test_compat import AT, FLIGHT_ATTACK, OLD, old_campaign


def displayed(label) -> str:
    """The words ``label`` shows (its text read as rich text when Qt takes it so, else as it is)."""
    text = label.text()
    rich = label.textFormat() == Qt.TextFormat.RichText or \
        label.textFormat() == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(text)
    return QTextDocumentFragment.fromHtml(text).toPlainText() if rich else text


def fight_0604(qtbot, main):
    answerer = Answerer(choose_item(str(AT)))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    qtbot.waitExposed(bw)
    return bw


def test_a_battle_saved_before_the_flights_opens_and_goes_on(qtbot, tmp_path):
    path = tmp_path / "before_flights.json"
    shutil.copy(OLD, path)
    main = open_main_window(qtbot, tmp_path)
    assert main.open_campaign(path)
    bw = fight_0604(qtbot, main)
    assert "cannot start" not in bw.windowTitle()
    run, panel = bw.b, bw.panel
    assert run is not None and run.pending.key == "b5/2/orders/alliance"
    while bw.handing_over():  # the Alliance's secret orders: it takes the screen
        qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert panel.prompt.text() == "Fighter orders:"
    panel.hex_edit.clear()
    qtbot.keyClicks(panel.hex_edit, "kz-fs-1 superiority 1528")
    q = run.pending
    qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: run.pending is not q)
    assert run.pending.key == "b5/2/plot/lyr-ca-pride"
    bw.close()  # (the Lyran's hand-over page covers the main window: nothing acts behind it, app/battle/held.py)
    main.save_action.trigger()  # File > Save
    record = next(r for r in load_campaign(path).battle_hexes if r.at == AT)
    assert record.answers == run.answers and record.answers[-1] == "kz-fs-1 superiority 1528"


def test_a_saved_answer_that_no_longer_fits_is_named_in_the_window(qtbot, tmp_path):
    path = tmp_path / "flight_attack.json"
    save_campaign(old_campaign(FLIGHT_ATTACK), path)
    main = open_main_window(qtbot, tmp_path)
    assert main.open_campaign(path)
    bw = fight_0604(qtbot, main)
    assert bw.b is None and "Babylon 5 Fleet Action cannot start" in bw.windowTitle()
    shown = displayed(bw.step_label)
    assert "flight_attack.json" in shown and "Battle Hex 0604" in shown, shown
    assert "saved answer 16 of 19, 'fighters', to \"Game Master: turn 1's morale" in shown, shown  # no &#x27; shown
    bw.close()
