"""AF/EF: a unit whose side broke off reads so on its card (issue 22, plain text). On the real
screen the breaking side's cards read "AF 0" once the battle was resolved, as if the break-off
had taken its Attack Factor away; a destroyed unit reads "destroyed", a broken-off one now
"broke off" with its AF."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGraphicsTextItem, QInputDialog

from tests.app.gui import Answerer, choose_item, open_main_window, type_text
from tests.app.systems.test_afef_reason import _to_the_gm_question


def cards(bw) -> dict[str, str]:
    """Each card's text on the battle line, by the unit's name (its first line)."""
    texts = [i.toPlainText() for i in bw.panel.view.scene().items() if isinstance(i, QGraphicsTextItem)]
    return {t.split("\n")[0]: t for t in texts if "\n" in t}


def gm_takes_the_screen(bw, qtbot) -> None:
    """Click through the hand-overs until the GM has the screen (at most three)."""
    for _ in range(3):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)


def break_off(bw, qtbot, side: str = "attacker", reason: str = "the Coalition pulls back") -> None:
    """The GM's Break off button, its two dialogs answered through their widgets (the side, the reason)."""
    pick, why = choose_item(side), type_text(reason)
    answerer = Answerer(lambda d: pick(d) if isinstance(d, QInputDialog) and d.comboBoxItems() else why(d))
    qtbot.mouseClick(bw.panel.break_button, Qt.MouseButton.LeftButton)
    answerer.stop()


def test_the_side_that_broke_off_keeps_its_af_and_reads_broke_off(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    bw = _to_the_gm_question(main, qtbot)
    before = cards(bw)
    break_off(bw, qtbot)
    assert bw.b.status().resolved
    after = cards(bw)
    assert after.keys() == before.keys()
    for name in ("LSS Pride of Redclaw", "LSS Silent Pounce", "LSS Night Prowler"):  # the attacker, Coalition
        assert before[name].split("\n")[1].startswith("AF "), before[name]
        assert after[name].split("\n")[1].split("  ")[0] == before[name].split("\n")[1].split("  ")[0], after[name]
        assert "broke off" in after[name], after[name]
    for name in ("KHS Claw of Rrit", "KHS Hunting Cry"):  # the defender stays
        assert after[name] == before[name]
