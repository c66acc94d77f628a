"""A Team copy with orders plotted and not exported, closed (issue 23): File > Quit asked "Save
changes?" like a GM file, and its Save only met "Cannot save a Team copy". It now asks whether to
export the orders: Export My Orders... (then the export's own dialogs), Discard or Cancel, each
answered through the message box's buttons; no Save is offered, and no file is written but the
exported orders."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox

from app.shell.window import MainWindow
from rules.model import save_campaign
from rules.model.seals import GM, unlock
from rules.model.team_copy import make_copy
from tests.app.gui import Answerer, menu_action, ok, show_active
from tests.app.shell.test_sealed_orders_gui import PASSES, keyed
from tests.app.shell.test_team_copy_gui import _passphrase, _run
from tests.app.strategic.test_gui import drag


def opened_copy(qtbot, tmp_path, monkeypatch):
    """The Alliance's copy (made by the engine as File > Export Team Copy... makes it), opened with
    File > Open and its passphrase, the Logistics Group dragged to 0308: orders not exported."""
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    c, file = keyed(), tmp_path / "K.json"
    save_campaign(c, file)
    copy = tmp_path / "alliance-copy-turn1.json"
    copy.write_text(make_copy(c, "alliance", unlock(c.keys[GM], PASSES["gm"], "the GM", c.keys)), encoding="utf-8")
    main = MainWindow(file, campaign=c, offer_recovery=False,
                      settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(copy), ""))
    _run(main, qtbot, menu_action(main, "Open..."), _passphrase(PASSES["alliance"]))
    assert main.campaign.team_copy is not None and main.campaign_path == copy
    drag(main, "fed-logistics", "0308")
    assert not main.session.undo_stack.isClean()
    main.errors = errors
    return main, {p: p.read_bytes() for p in (file, copy)}


def quit_answering(main, qtbot, choice: str | list[str], *handlers) -> list[list[str]]:
    """File > Quit, its question answered with the button reading ``choice`` (a list: one for each
    time it is asked); the buttons and the words of each such question asked."""
    asked: list[list[str]] = []
    choices = [choice] if isinstance(choice, str) else list(choice)

    def answer(d) -> bool:
        if not isinstance(d, QMessageBox) or d.objectName() != "unexported_orders":
            return False
        asked.append([b.text().replace("&", "") for b in d.buttons()])
        asked[-1].append(d.text())
        words = choices[min(len(asked), len(choices)) - 1]
        next(b for b in d.buttons() if b.text().replace("&", "") == words).click()
        return True

    answerer = Answerer(answer, *handlers)
    try:
        menu_action(main, "Quit").trigger()
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    return asked


def test_cancel_keeps_the_copy_open_with_its_orders(qtbot, tmp_path, monkeypatch):
    main, files = opened_copy(qtbot, tmp_path, monkeypatch)
    asked = quit_answering(main, qtbot, "Cancel")
    assert len(asked) == 1, asked
    assert sorted(asked[0][:3]) == ["Cancel", "Discard", "Export My Orders..."], asked  # no Save
    assert "United Federation of Planets'</b> movement orders plotted in this copy are not exported" in asked[0][3]
    assert main.isVisible() and main.campaign.team_copy is not None and not main.session.undo_stack.isClean()
    assert [str(x) for x in next(f for f in main.campaign.fleets if f.id == "fed-logistics").orders] == ["0308"]
    assert main.errors == [] and all(p.read_bytes() == b for p, b in files.items())


def test_discard_closes_and_writes_nothing(qtbot, tmp_path, monkeypatch):
    main, files = opened_copy(qtbot, tmp_path, monkeypatch)
    asked = quit_answering(main, qtbot, "Discard")
    assert len(asked) == 1 and not main.isVisible()
    assert main.errors == [] and all(p.read_bytes() == b for p, b in files.items())
    assert sorted(x.name for x in tmp_path.iterdir() if x.suffix == ".json") == ["K.json", "alliance-copy-turn1.json"]


def test_export_writes_the_orders_then_closes(qtbot, tmp_path, monkeypatch):
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.sealed_orders_gui import ExportOrdersDialog

    main, files = opened_copy(qtbot, tmp_path, monkeypatch)
    orders = tmp_path / "fed.battlehex-orders"

    def export_orders(d) -> bool:
        if not isinstance(d, ExportOrdersDialog):
            return False
        d.passphrase.setText(PASSES["alliance"])
        d.path.setText(str(orders))
        return ok(d)

    def done(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        d.choose("done")
        return ok(d)

    def exported(d) -> bool:
        return isinstance(d, QMessageBox) and d.windowTitle() == "Orders exported" and ok(d)

    asked = quit_answering(main, qtbot, "Export My Orders...", export_orders, done, exported)
    qtbot.waitUntil(lambda: not main.isVisible())
    assert len(asked) == 1 and orders.exists() and main.errors == []
    assert all(p.read_bytes() == b for p, b in files.items())  # the copy and the GM's file as they were


def test_an_export_cancelled_keeps_the_copy_open(qtbot, tmp_path, monkeypatch):
    from app.shell.sealed_orders_gui import ExportOrdersDialog

    main, _files = opened_copy(qtbot, tmp_path, monkeypatch)
    seen: list[str] = []

    def cancel_export(d) -> bool:
        if not isinstance(d, ExportOrdersDialog):
            return False
        seen.append("export")
        d.reject()
        return True

    quit_answering(main, qtbot, "Export My Orders...", cancel_export)
    assert seen == ["export"] and main.isVisible() and not main.session.undo_stack.isClean()


def test_each_power_of_the_team_is_exported_before_the_copy_closes(qtbot, tmp_path, monkeypatch):
    """The Alliance plays the Federation and the Kzinti: with both powers' fleets dragged, exporting
    the Federation's orders marked the copy exported and File > Quit closed it, the Kzinti's
    movement orders lost unasked. The question now comes back for the Kzinti, whose export opens
    at the Kzinti, and only then does the copy close."""
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.sealed_orders_gui import ExportOrdersDialog

    main, files = opened_copy(qtbot, tmp_path, monkeypatch)
    target = next(t for t in ("0502", "0601", "0702", "0603", "0701") if main.preview("kz-frontier", t)[1])
    drag(main, "kz-frontier", target)
    exported: list[str] = []

    def export_orders(d) -> bool:
        if not isinstance(d, ExportOrdersDialog):
            return False
        exported.append(str(d.power_box.currentData()))
        d.passphrase.setText(PASSES["alliance"])
        d.path.setText(str(tmp_path / f"{d.power_box.currentData()}.battlehex-orders"))
        return ok(d)

    def done(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        d.choose("done")
        return ok(d)

    def box(d) -> bool:
        return isinstance(d, QMessageBox) and d.windowTitle() == "Orders exported" and ok(d)

    asked = quit_answering(main, qtbot, ["Export My Orders...", "Cancel"], export_orders, done, box)
    assert exported == ["fed"] and len(asked) == 2, (exported, asked)
    assert "Kzinti Hegemony's</b> movement orders plotted in this copy are not exported" in asked[1][3], asked
    assert main.isVisible() and (tmp_path / "fed.battlehex-orders").exists()
    asked = quit_answering(main, qtbot, "Export My Orders...", export_orders, done, box)
    qtbot.waitUntil(lambda: not main.isVisible())
    assert exported == ["fed", "kzinti"] and len(asked) == 1 and (tmp_path / "kzinti.battlehex-orders").exists()
    assert main.errors == [] and all(p.read_bytes() == b for p, b in files.items())
