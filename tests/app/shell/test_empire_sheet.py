"""Issue 23: View > Empire Sheet (Ctrl+Shift+K) - a power's planets as the engine computes them, the
power chosen by keys, the sheet following the campaign, and its CSV and HTML exports."""
from __future__ import annotations

import csv
import io

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QFileDialog

from rules.economy.sheet import sheet
from tests.app.gui import open_main_window, press


def _rows(dock) -> dict[str, list[str]]:
    t = dock.table
    return {t.item(r, 1).text(): [t.item(r, c).text() for c in range(t.columnCount())] for r in range(t.rowCount())}


def test_the_empire_sheet_opens_by_its_shortcut_and_shows_the_chosen_power(qtbot, tmp_path, monkeypatch):
    main = open_main_window(qtbot, tmp_path)
    dock = main.empire_sheet
    assert not dock.isVisible()
    press(main, "Ctrl+Shift+K")
    qtbot.waitUntil(dock.isVisible)
    names = [dock.power_box.itemText(i) for i in range(dock.power_box.count())]
    assert names == [p.name for p in main.campaign.powers]
    dock.power_box.setFocus()
    kzinti = names.index(next(p.name for p in main.campaign.powers if p.id == "kzinti"))
    for _ in range(kzinti):
        QTest.keyClick(dock.power_box, Qt.Key.Key_Down)
    qtbot.waitUntil(lambda: "Kzin Prime" in _rows(dock))
    prime = _rows(dock)["Kzin Prime"]
    assert prime[:9] == ["0203", "Kzin Prime", "10", "8", "4", "8", "8", "32", "8"]
    expected = sheet(main.campaign, "kzinti")
    assert f"Total Domestic Product (construction capacity): {expected.tdp}" in dock.totals.text()
    assert "not run by BattleHex yet" in dock.totals.text()

    out = tmp_path / "kz.csv"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), ""))
    qtbot.mouseClick(dock.csv_button, Qt.MouseButton.LeftButton)
    rows = list(csv.reader(io.StringIO(out.read_text(encoding="utf-8"))))
    assert rows[-1][1] == "Total Domestic Product" and rows[-1][7] == str(expected.tdp)
    page = tmp_path / "kz.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(page), ""))
    qtbot.mouseClick(dock.html_button, Qt.MouseButton.LeftButton)
    assert "Kzin Prime" in page.read_text(encoding="utf-8")

    press(main, "Ctrl+Shift+K")  # the same shortcut closes it
    qtbot.waitUntil(lambda: not dock.isVisible())


def _two_turns(tmp_path):
    """The seed 004 economy copy of the default campaign after a whole turn and turn 2's Income Phase,
    played by the engine from the documented answers and saved as the app saves it."""
    from rules.model import save_campaign
    from rules.turn.run import play
    from tests.rules.turn.test_empire import EXAMPLE, scenario

    path = tmp_path / "two_turns.json"
    save_campaign(play(scenario(), EXAMPLE).campaign, path)
    return path


def _open(qtbot, tmp_path, path):
    from PySide6.QtCore import QSettings

    from app.shell.window import MainWindow
    from tests.app.gui import show_active

    w = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(w)
    w.resize(1400, 900)
    show_active(w, qtbot)
    return w


def _choose(dock, qtbot, power):
    dock.power_box.setCurrentIndex(dock.power_box.findData(power))
    qtbot.waitUntil(lambda: dock.sheet is not None and dock.sheet.power == power)
    return dock.totals.text()


def _show_charts(dock, qtbot) -> None:
    """Click the sheet's Charts tab, as a user does; the charts are then on the screen."""
    bar = dock.tabs.tabBar()
    assert dock.tabs.isTabEnabled(1)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(1).center())
    qtbot.waitUntil(lambda: all(v.isVisible() for v in dock.charts))


def _coloured(view, color) -> int:
    from PySide6.QtGui import QColor

    image = view.grab().toImage()
    want = QColor(color).rgb()
    return sum(1 for x in range(0, image.width(), 2) for y in range(image.height()) if image.pixel(x, y) == want)


def test_a_team_sees_its_own_powers_sheet_and_charts_and_nothing_of_another_s(qtbot, tmp_path, monkeypatch):
    from app.shell.empire_charts import STRENGTH_COLOR, TDP_COLOR
    from rules.economy.income import points
    from tests.app.gui import Answerer, take_over

    main = _open(qtbot, tmp_path, _two_turns(tmp_path))
    c = main.campaign
    assert c.turn == 2 and all(len(p.economy.history) == 2 for p in c.powers)
    pool = {p.id: f"Point Pool: {points(p.economy.point_pool)}" for p in c.powers}
    assert len(set(pool.values())) > 1
    view = next(m.menu() for m in main.menuBar().actions() if m.text().replace("&", "") == "View")
    sheet_action = next(a for a in view.actions() if a.text().replace("&", "").startswith("Empire Sheet"))
    sheet_action.trigger()  # View > Empire Sheet
    dock = main.empire_sheet
    qtbot.waitUntil(dock.isVisible)

    # the table's view: every power listed, nobody's secret, no chart
    assert [dock.power_box.itemData(i) for i in range(dock.power_box.count())] == [p.id for p in c.powers]
    text = _choose(dock, qtbot, "klingon")
    assert "the power's secret" in text and "Point Pool:" not in text
    assert not dock.tabs.isTabEnabled(1)

    # the Alliance takes the seat behind its hand-over: its powers only, every figure and the charts
    _choose(dock, qtbot, "fed")
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(dock.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dock.seat == "alliance")
    finally:
        answerer.stop()
    assert answerer.seen == [("HandOverDialog", "Hand over to Alliance: Empire Sheet")]
    assert [dock.power_box.itemData(i) for i in range(dock.power_box.count())] == ["fed", "kzinti"]
    for own in ("fed", "kzinti"):
        text = _choose(dock, qtbot, own)
        assert [line for line in text.splitlines() if line.startswith("Point Pool")] == [pool[own]]  # its own alone
        assert "the power's secret" not in text
        _show_charts(dock, qtbot)
        assert [v.plotted() for v in dock.charts] == [4, 2]  # TDP and Point Pool, fleet strength: two turns each
        assert _coloured(dock.charts[0], TDP_COLOR) > 20 and _coloured(dock.charts[1], STRENGTH_COLOR) > 20
    page = tmp_path / "kz.html"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(page), ""))
    qtbot.mouseClick(dock.html_button, Qt.MouseButton.LeftButton)
    html_page = page.read_text(encoding="utf-8")
    assert pool["kzinti"] in html_page and html_page.count("<svg") == 2 and "<polyline" in html_page

    # giving the screen back (to the GM, behind its hand-over): the table's view again
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(dock.seat_button, Qt.MouseButton.LeftButton)
    finally:
        answerer.stop()
    assert answerer.seen[-1][0] == "HandOverDialog" and "Hand over to GM" in answerer.seen[-1][1]
    assert dock.seat is None and dock.power_box.count() == len(c.powers)
    text = _choose(dock, qtbot, "kzinti")
    assert "the power's secret" in text and "Point Pool:" not in text
    assert not dock.tabs.isTabEnabled(1)

    # closing the sheet gives the screen back too: reopened, it shows the table's view
    answerer = Answerer(take_over)
    try:
        qtbot.mouseClick(dock.seat_button, Qt.MouseButton.LeftButton)
        qtbot.waitUntil(lambda: dock.seat == "alliance")
    finally:
        answerer.stop()
    answerer = Answerer(take_over)
    try:
        sheet_action.trigger()  # View > Empire Sheet: closed, the screen handed back to the GM
        qtbot.waitUntil(lambda: bool(answerer.seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert not dock.isVisible() and [k for k, _ in answerer.seen] == ["HandOverDialog"]
    sheet_action.trigger()
    qtbot.waitUntil(dock.isVisible)
    assert dock.seat is None and "the power's secret" in dock.totals.text()


def test_the_gm_sees_every_power_s_sheet_and_charts(qtbot, tmp_path):
    from rules.economy.income import points

    main = _open(qtbot, tmp_path, _two_turns(tmp_path))
    c = main.campaign
    press(main, "Ctrl+Shift+K")
    dock = main.empire_sheet
    qtbot.waitUntil(dock.isVisible)
    main.gm_view_action.trigger()
    assert not dock.seat_button.isEnabled()
    for p in c.powers:
        text = _choose(dock, qtbot, p.id)
        assert f"Point Pool: {points(p.economy.point_pool)}" in text.splitlines() and "the power's secret" not in text
        _show_charts(dock, qtbot)
        assert [v.plotted() for v in dock.charts] == [4, 2]
    main.gm_view_action.trigger()  # back to the table's view
    assert "the power's secret" in _choose(dock, qtbot, "fed")
