"""An AF/EF rule citation is never split where Qt wraps its label (issue 22, seen on the real screen
at QT_SCALE_FACTOR=2 in the default campaign's AF/EF battle at 0509: the battle panel's "Waiting for:
Game Master (AF/EF" on one line, "4.1.b)" on the next; a little narrower, Qt wraps after the slash:
"(AF/" and "EF 4.1.b)"). The battle window is played as a person does (the system chosen in its menu,
Ctrl+E, Ctrl+F, the hand-over taken); the label's words are laid out as the label lays them out, at every
width the panel may have."""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu

from tests.app.gui import open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight

CITED = re.compile(r"AF/\u2060?EF[ \xa0]\d[\w.]*")


def lines_of(html: str, font, width: int) -> list[str]:
    """The lines Qt breaks ``html`` into at ``width`` pixels in ``font`` (a QLabel's rich text is laid out
    by a text document as this one)."""
    doc = QTextDocument()
    doc.setDefaultFont(font)
    doc.setDocumentMargin(0)
    doc.setHtml(html)
    doc.setTextWidth(width)
    doc.size()  # laid out
    out, block = [], doc.begin()
    while block.isValid():
        lay = block.layout()
        out += [block.text()[lay.lineAt(i).textStart():lay.lineAt(i).textStart() + lay.lineAt(i).textLength()]
                for i in range(lay.lineCount())]
        block = block.next()
    return out


def _norm(text: str) -> str:
    return text.replace("\xa0", " ").replace("\u2060", "")


def split_citations(html: str, font) -> list[tuple[int, list[str]]]:
    """The widths at which an "AF/EF n" citation of ``html`` is not whole on one line, though it would fit
    on one with its brackets, in bold."""
    doc = QTextDocument()
    doc.setHtml(html)
    cited = [_norm(m.group(0)) for m in CITED.finditer(doc.toRawText())]
    assert cited, doc.toRawText()
    bad = []
    for width in range(60, 500, 3):
        lines = [_norm(line) for line in lines_of(html, font, width)]
        if any(len(lines_of(f"<b>({c})</b>", font, width)) == 1 and not any(c in line for line in lines) for c in cited):
            bad.append((width, lines))
    return bad


def test_the_waiting_for_line_keeps_the_afef_rule_whole(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    bw.auto_dialogs = False
    bw.resize(790, 466)  # the window's logical size on the 1600x1000 screen at QT_SCALE_FACTOR=2
    for _ in range(3):
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        QApplication.processEvents()
    assert not bw.handing_over()
    label = bw.waiting
    assert label.isVisible() and "AF/" in label.text(), label.text()
    assert not split_citations(label.text(), label.font())
    # the battle log's rule of each line ("[AF/EF 4.1.b] ..."), after the GM answers through the panel
    qtbot.mouseClick(bw.panel.commit_button, Qt.MouseButton.LeftButton)  # AF modifiers: none
    for _ in range(3):
        QApplication.processEvents()
        if bw.handing_over():  # the Alliance takes the screen
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    assert not bw.handing_over()
    if not bw.log_dock.isVisible():
        bw.log_room.action.trigger()  # View > Battle Log (Ctrl+L): a short window opens it when asked
    QApplication.processEvents()
    raw = bw.log_view.document().toRawText()
    assert "AF/\u2060EF\xa04.1.b" in raw, raw[:400]
    assert not re.search(r"\[AF/EF|\[AF/\u2060EF ", raw), raw[:400]  # no line's rule that Qt may break


def test_the_campaign_log_keeps_an_afef_rule_whole(qtbot):
    """The campaign log's line of an AF/EF battle's result, "[AF/EF 4.2.e] ...", in a dock a third of the
    1600x1000 screen wide at scale 2."""
    from app.shell.campaign_log import entry_html
    from rules.model.records import LogEntry

    html = entry_html(LogEntry(turn=1, rule="AF/EF 4.2.e", text="Battle Hex 0509: the Coalition broke off"))
    assert not split_citations(html, QApplication.font())


def test_a_rule_typed_in_the_campaign_log_s_find_box_finds_it_kept_whole(qtbot, tmp_path):
    """The campaign log's find (its box, Return) finds "AF/EF 4.2.e" as typed, though the log shows it
    with a word joiner and a non-breaking space (Qt's find matched neither)."""
    from app.shell.campaign_log import CampaignLog
    from rules.model.records import LogEntry

    main = open_main_window(qtbot, tmp_path)
    QTest.keyClick(main, Qt.Key.Key_L, Qt.KeyboardModifier.ControlModifier)  # View > Campaign Log
    dock = main.findChild(CampaignLog)
    assert dock is not None and dock.isVisible()
    entries = [*main.campaign.log, LogEntry(turn=1, rule="AF/EF 4.2.e", text="Battle Hex 0509: the Coalition broke off")]
    dock.show_log(main.campaign.model_copy(update={"log": entries}), "gm")
    QApplication.processEvents()
    assert "AF/\u2060EF\xa04.2.e" in dock.view.document().toRawText()
    dock.find.setText("af/ef 4.2.e")
    QTest.keyClick(dock.find, Qt.Key.Key_Return)
    assert _norm(dock.view.textCursor().selectedText()) == "AF/EF 4.2.e"
