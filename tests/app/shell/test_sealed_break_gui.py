"""File > Export My Orders... with a break (issue 23): the Coalition's commander breaks the Lyran
Mutual Defense Treaty with the Romulans in its orders dialog's Diplomacy page. The export checks it
on a scratch copy, where it used to roll the d100 (the GM's import rolls again, on another log, so
the player could read a roll that does not count: a success took the treaty off its next dialog, a
failure added "last attempt failed" to its odds). Now the next dialog still shows the treaty at the
same odds, and the "Orders exported" box gives the odds with "no roll now"."""
from __future__ import annotations

from PySide6.QtWidgets import QFileDialog

from tests.app.shell.test_sealed_orders_gui import PASSES, _trigger, keyed_window
from tests.app.gui import ok
from tests.rules.turn.test_sealed_break_preview import ODDS


def _pick(box, data) -> None:
    box.setCurrentIndex(box.findData(data))


def test_the_export_shows_a_breaks_odds_and_no_roll(qtbot, tmp_path, monkeypatch):
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.sealed_orders_gui import ExportOrdersDialog

    main, _, errors = keyed_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "lyran.battlehex-orders"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))

    def export(d) -> bool:
        if not isinstance(d, ExportOrdersDialog):
            return False
        _pick(d.power_box, "lyran")
        d.passphrase.setText(PASSES["coalition"])
        d.path.setText(str(path))
        return ok(d)

    odds: list[str] = []

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        d.choose("diplomacy")
        form = d.diplomacy
        _pick(form.action_box, "break")
        _pick(form.other_box, "romulan")
        _pick(form.treaty_box, "mutual_defense")
        odds.append(form.odds.text())
        if len(odds) > 1:  # the break is given: the scratch copy shows the treaty as it stands, then done
            d.choose("done")
        return ok(d)

    exported = _trigger(main, qtbot, "E&xport My Orders...", export, enter)
    assert errors == [] and path.exists()
    assert odds == [ODDS.split(": ", 1)[1]] * 2  # the same treaty at the same odds: nothing rolled on the copy
    box = exported.dialogs[-1]
    assert exported.seen[-1] == ("QMessageBox", "Orders exported")
    assert box.text().endswith(f"\n\n{ODDS}; no roll now: the GM rolls the d100 when the turn runs")
    assert "d100 " not in box.text().replace("the d100 when", "")
