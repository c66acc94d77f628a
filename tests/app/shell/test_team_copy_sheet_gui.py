"""The Empire Sheet in a Team copy (issue 23), as a player uses it: File > Open of the Alliance's
copy, then View > Empire Sheet. The copy holds no other Team's economy, so the sheet offers the
Alliance's own powers alone, every figure of them (as a seated Team's sheet in the full file), and
never another Team's power shown with figures the copy does not hold."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QFileDialog

from app.shell.window import MainWindow
from rules.model import save_campaign
from rules.model.team_copy import make_copy
from tests.app.gui import show_active
from tests.app.shell.test_sealed_orders_gui import PASSES, keyed
from tests.app.shell.test_team_copy_gui import _action, _passphrase, _run


def test_the_sheet_of_a_copy_shows_its_own_powers_alone(qtbot, tmp_path, monkeypatch):
    from rules.model.seals import unlock

    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    c, file, copy = keyed(), tmp_path / "K.json", tmp_path / "alliance-copy.json"
    save_campaign(c, file)
    copy.write_text(make_copy(c, "alliance", unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)), encoding="utf-8")
    main = MainWindow(file, campaign=c, offer_recovery=False,
                      settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(copy), ""))
    _run(main, qtbot, _action(main, "&Open..."), _passphrase(PASSES["alliance"]))
    assert errors == [] and main.campaign.team_copy is not None
    _action(main, "&Empire Sheet").trigger()
    sheet = main.empire_sheet
    qtbot.waitUntil(sheet.isVisible)
    box = sheet.power_box
    assert [box.itemData(i) for i in range(box.count())] == ["fed", "kzinti"]  # not the Klingons' zeros
    assert "Point Pool: 11 4/5" in sheet.totals.text(), sheet.totals.text()  # its own, every figure
    assert not sheet.seat_button.isEnabled()  # nobody else sits at a copy's screen
