"""A Team's own copy of the campaign for play by e-mail (issue 23), as people use it: the GM's
File > Export Team Copy... writes the Alliance's copy; File > Open of it asks the Alliance's
passphrase alone (a wrong one is asked again), shows the banner and the Team's own hidden units,
and disables what a copy cannot do with a tooltip saying why; the banner's Export My Orders...
writes the Federation's orders; the GM opens the campaign's own file again (everything back)
and imports them."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMenu, QToolBar

from app.shell.window import MainWindow
from rules.model import save_campaign
from tests.app.gui import Answerer, ok, show_active
from tests.app.strategic.test_gui import drag
from tests.app.shell.test_sealed_orders_gui import PASSES, keyed, keyed_window


def _action(main, text):
    return next(a for a in main.findChildren(QAction) if a.text() == text)


def _run(main, qtbot, act, *handlers):
    answerer = Answerer(*handlers)
    try:
        act.trigger()
        qtbot.wait(300)
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    return answerer


def _passphrase(*typed):
    left = list(typed)

    def handle(d) -> bool:
        if d.objectName() != "team_copy_passphrase" or not left:
            return False
        assert d.width() >= 500  # its title names the file (a real screen cut it at 320 px)
        handle.labels.append(" ".join(w.text().replace("&", "") for w in d.findChildren(QLabel)))
        d.passphrase.setText(left.pop(0))
        return ok(d)
    handle.labels = []
    return handle


def test_the_gm_exports_a_team_copy_the_player_orders_from_it_the_gm_imports(qtbot, tmp_path, monkeypatch):
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.sealed_orders_gui import ExportOrdersDialog, ImportOrdersDialog
    from app.shell.team_copy_gui import ExportTeamCopyDialog

    main, _, errors = keyed_window(qtbot, tmp_path, monkeypatch)
    file = tmp_path / "K.json"  # the campaign as keyed_window saved it
    copy = tmp_path / "alliance-copy-turn1.json"

    def export_copy(d) -> bool:
        if not isinstance(d, ExportTeamCopyDialog):
            return False
        d.team_box.setCurrentIndex(d.team_box.findData("alliance"))
        assert d.path.text() == str(copy)  # beside the campaign, named by the Team and the turn
        d.passphrase.setText(PASSES["gm"])
        return ok(d)

    seen = _run(main, qtbot, _action(main, "Export &Team Copy..."), export_copy).seen
    assert errors == [] and copy.exists() and seen[-1] == ("QMessageBox", "Team copy exported")
    assert "Shadow Squadron" not in copy.read_text()  # the Coalition's cloaked squadron is not in it

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(copy), ""))
    asked = _passphrase(PASSES["coalition"], PASSES["alliance"])
    seen = _run(main, qtbot, _action(main, "&Open..."), asked).seen
    assert errors == [] and [k for k, _ in seen] == ["TeamPassphraseDialog"] * 2  # the wrong one asked again
    assert "Alliance's passphrase" in asked.labels[0] and "not the passphrase of Alliance" in asked.labels[1]
    assert main.campaign.team_copy is not None and main.campaign_path == copy
    banner = main.findChild(QLabel, "team_copy_banner")
    assert banner is not None and banner.isVisible()
    assert banner.text() == "Team copy for Alliance, turn 1: drag your fleets, enter your orders and export them"
    for text, why in (("&Save", "never saved"), ("&Import Orders...", "GM's work"),
                      ("&Fight a Battle Hex (set-up)...", "fights no battle"),
                      ("Replay a &Battle...", "replays no battle"),
                      ("&Unit Lists...", "GM's work"),  # the GM's entry: no other power's list in a copy
                      ("&Settings...", "GM's work"),  # the campaign's settings are the GM's
                      ("End &Movement (execute orders)", "runs no phase")):
        act = _action(main, text)
        assert not act.isEnabled() and why in act.toolTip(), (text, act.toolTip())
        assert all(m.toolTipsVisible() for m in act.associatedObjects() if isinstance(m, QMenu))  # shown on hover
    assert not main.end_phase_action.isEnabled() and "runs no phase" in main.end_phase_action.toolTip()
    assert main.gm_view_action.isChecked() and not main.gm_view_action.isEnabled()  # the Team's view
    scene = main.strategic_view.scene()
    shown = " ".join(i.toolTip() for i in scene.items())
    assert "Shadow Squadron" not in shown

    assert main.preview("fed-logistics", "0308")[1]
    drag(main, "fed-logistics", "0308")  # its own fleet: the drag gives its orders in the copy, as in the full file
    assert [str(x) for x in next(f for f in main.campaign.fleets if f.id == "fed-logistics").orders] == ["0308"]
    assert main.session.undo_stack.count() == 1 and "orders 0308" in main.statusBar().currentMessage()
    path, legal, why = main.preview("kli-deep-strike", "0509")  # another Team's fleet: refused, as the drop is
    assert not legal and "not a fleet of your Team" in why.replace("\n", " ")
    before = main.campaign
    drag(main, "kli-home-guard", "1108")
    assert main.campaign is before and main.session.undo_stack.count() == 1
    assert "Home Guard to 1108: Home Guard is not a fleet of your Team" in main.statusBar().currentMessage()
    main.session.flush()
    assert main.session.last_autosave is None  # a copy is never written, even to the autosave

    orders = tmp_path / "fed.battlehex-orders"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(orders), ""))

    def export_orders(d) -> bool:
        if not isinstance(d, ExportOrdersDialog):
            return False
        assert [d.power_box.itemData(i) for i in range(d.power_box.count())] == ["fed", "kzinti"]  # its own
        carried = d.findChild(QLabel, "export_moves").text()
        assert "Vanguard Logistics Group \u2192 0308" in carried and "Third Fleet \u2192 0707" in carried, carried
        d.passphrase.setText(PASSES["alliance"])
        d.path.setText(str(orders))
        return ok(d)

    entered: list[str] = []

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        d.choose("intel" if not entered else "done")
        if not entered:
            d.intel_box.setValue(2)
        entered.append(str(d.answer()))
        return ok(d)

    bar = main.findChild(QToolBar, "team_copy_bar")
    export = next(a for a in bar.actions() if a.text() == "Export My Orders...")
    seen = _run(main, qtbot, export, export_orders, enter).seen
    assert errors == [] and orders.exists() and seen[-1] == ("QMessageBox", "Orders exported"), (errors, seen)
    assert "movement orders of 3 fleets" in exported_box(main) and "0308" not in orders.read_text()
    assert main.session.undo_stack.isClean()  # exported: opening the GM's file asks nothing

    def gm_unlock(d) -> bool:
        if d.objectName() != "unlock_secrets":
            return False
        d.holder.setCurrentIndex(d.holder.findData("gm"))
        d.passphrase.setText(PASSES["gm"])
        d.unlock_button.click()
        return True

    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(file), ""))
    _run(main, qtbot, _action(main, "&Open..."), gm_unlock)
    assert errors == [] and main.campaign.team_copy is None and main.findChild(QLabel, "team_copy_banner") is None
    assert _action(main, "&Save").isEnabled() and _action(main, "&Import Orders...").isEnabled()
    assert not main.gm_view_action.isChecked() and main.gm_view_action.isEnabled()
    assert "never saved" not in _action(main, "&Save").toolTip()

    def import_(d) -> bool:
        if not isinstance(d, ImportOrdersDialog):
            return False
        d.files.setPlainText(str(orders))
        d.passphrase.setText(PASSES["gm"])
        return ok(d)

    intel = main.campaign.power("fed").economy.intel_points
    assert next(f for f in main.campaign.fleets if f.id == "fed-logistics").orders == []
    _run(main, qtbot, _action(main, "&Import Orders..."), import_)
    assert errors == [], errors
    assert main.campaign.power("fed").economy.intel_points == intel + 2 and "orders/fed" in main.campaign.turn_asked
    assert [str(x) for x in next(f for f in main.campaign.fleets if f.id == "fed-logistics").orders] == ["0308"]
    assert main.undo_group.undoText() == "Turn Orders: sealed orders of 1 power imported"  # one step


def exported_box(main) -> str:
    return main.export_done_box.text()


def test_a_copy_over_the_open_campaign_s_own_file_is_refused(qtbot, tmp_path, monkeypatch):
    """File > Export Team Copy... with the campaign's own file typed as the copy's wrote the copy over
    it: the GM's campaign, every other Team's secret, gone. Now refused in words, the file kept."""
    from app.shell.team_copy_gui import ExportTeamCopyDialog

    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    c, file = keyed(), tmp_path / "K.json"
    save_campaign(c, file)
    before = file.read_bytes()
    main = MainWindow(file, campaign=c, offer_recovery=False,
                      settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)

    def export_copy(d) -> bool:
        if not isinstance(d, ExportTeamCopyDialog):
            return False
        d.team_box.setCurrentIndex(d.team_box.findData("alliance"))
        d.path.setText(str(tmp_path / "." / "K.json"))
        d.passphrase.setText(PASSES["gm"])
        return ok(d)

    seen = _run(main, qtbot, _action(main, "Export &Team Copy..."), export_copy).seen
    assert file.read_bytes() == before and ("QMessageBox", "Team copy exported") not in seen
    assert len(errors) == 1 and "K.json is the campaign's own file" in errors[0][1], errors
