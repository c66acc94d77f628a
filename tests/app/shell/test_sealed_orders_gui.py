"""File > Export My Orders... and File > Import Orders... (issue 23, play by e-mail), as people use
them: the Federation's Team picks its power, types its passphrase and a file, enters an FF in its
orders dialog and 'done' (its campaign unchanged); the GM imports the file with its passphrase and
the Federation's orders are given as one undoable step; a changed file is refused naming it, and
nothing changes."""
from __future__ import annotations

import json
from fractions import Fraction

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from rules.model import save_campaign
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.turn.run import play
from PySide6.QtWidgets import QFileDialog, QLabel

from tests.app.gui import Answerer, click_button, ok, press, show_active
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS

PASSES = {"gm": "game master pass", "alliance": "alliance pass", "coalition": "coalition pass"}


def keyed():
    c, ring = play(by_powers(), TO_ORDERS).campaign, Keyring()
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    return c


def keyed_window(qtbot, tmp_path, monkeypatch, size: tuple[int, int] | None = (1400, 900)):
    """The keyed campaign saved as K.json and open in the main window (no recovery offer), resized to
    ``size`` (None: as it opens) and shown active; the errors it shows are collected in the list
    returned with it and the campaign."""
    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    c, file = keyed(), tmp_path / "K.json"
    save_campaign(c, file)
    main = MainWindow(file, campaign=c, offer_recovery=False,
                      settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    if size is not None:
        main.resize(*size)
    show_active(main, qtbot)
    return main, c, errors


def _trigger(main, qtbot, text, *handlers):
    action = next(a for a in main.findChildren(QAction) if a.text() == text)
    answerer = Answerer(*handlers)
    try:
        action.trigger()
        qtbot.wait(300)  # what the action opens once the event loop runs (the next power's hand-over) is answered too
        qtbot.waitUntil(lambda: QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    return answerer


def test_export_then_import_sealed_orders(qtbot, tmp_path, monkeypatch):
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.sealed_orders_gui import ExportOrdersDialog, ImportOrdersDialog

    main, c, errors = keyed_window(qtbot, tmp_path, monkeypatch)
    path = tmp_path / "fed.battlehex-orders"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(path), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", lambda *a, **k: ([str(path)], ""))

    def export(d) -> bool:
        if not isinstance(d, ExportOrdersDialog):
            return False
        d.power_box.setCurrentIndex(d.power_box.findData("fed"))
        d.passphrase.setText(PASSES["alliance"])
        assert d.path.text() == str(tmp_path / "fed-orders-turn1.battlehex-orders")  # beside the campaign
        assert click_button(d, "Browse") and d.path.text() == str(path)  # File > Save As's dialog names it
        labels = {w.text(): w.buddy() for w in d.findChildren(QLabel)}  # Alt+F reaches the file (no bare "&")
        assert labels["&File:"] is d.path and labels["&Power:"] is d.power_box
        return ok(d)

    entered: list[str] = []

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        if not entered:
            d.choose("purchase")
            d.class_box.setCurrentIndex(d.class_box.findData("FF"))
            d.planet_box.setCurrentIndex(next(i for i in range(d.planet_box.count())
                                              if d.planet_box.itemData(i)[1] == "Vanguard II"))
        else:
            d.choose("done")
        entered.append(str(d.answer()))
        return ok(d)

    exported = _trigger(main, qtbot, "E&xport My Orders...", export, enter)
    assert errors == [] and len(entered) == 2 and path.exists()
    assert exported.seen[-1] == ("QMessageBox", "Orders exported") and str(path) in exported.dialogs[-1].text()
    assert main.campaign.power("fed").economy.projects == []  # the exporter's campaign is not changed
    assert "Vanguard" not in path.read_text()

    def import_(names: str, passphrase: str = PASSES["gm"]):
        def handle(d) -> bool:
            if not isinstance(d, ImportOrdersDialog):
                return False
            assert d.files.tabChangesFocus() and d.width() >= 560  # seen on a real screen: Tab typed a tab, title cut
            if names:
                d.files.setPlainText("\n".join(str(tmp_path / n) for n in names.split("\n")))
            else:  # the GM picks the file in the open-files dialog
                assert click_button(d, "Browse") and d.paths() == [str(path)]
            d.passphrase.setText(passphrase)
            return ok(d)
        return handle

    sealed = path.read_text()
    data = json.loads(sealed)
    old, kzinti, changed = dict(data, turn=2), dict(data, power="kzinti"), json.loads(sealed)
    flip = changed["sealed"]["data"]
    changed["sealed"]["data"] = ("B" if flip[0] == "A" else "A") + flip[1:]
    for name, value in (("old", old), ("kzinti", kzinti), ("changed", changed)):
        (tmp_path / f"{name}.battlehex-orders").write_text(json.dumps(value))
    before, undo_before = main.campaign, main.undo_group.undoText()
    refusals = (("old.battlehex-orders", "turn 2, this is turn 1"),
                ("kzinti.battlehex-orders", "does not open as Kzinti"),
                ("changed.battlehex-orders", "changed after it was sealed"),
                (f"{path.name}\n{tmp_path / 'changed.battlehex-orders'}", "changed after it was sealed"))
    for n, (names, why) in enumerate(refusals, start=1):  # every file is read first: one bad file refuses them all
        _trigger(main, qtbot, "&Import Orders...", import_(names))
        assert len(errors) == n and why in errors[-1][1], errors[-1]
        assert names.split("\n")[-1].rsplit("/", 1)[-1] in errors[-1][1] and "no orders were imported" in errors[-1][1]
        assert main.campaign is before and main.undo_group.undoText() == undo_before  # nothing applied
    _trigger(main, qtbot, "&Import Orders...", import_(path.name, passphrase="not the GM's"))
    assert len(errors) == 5 and main.campaign is before
    d_empty = _trigger(main, qtbot, "&Import Orders...", lambda d: isinstance(d, ImportOrdersDialog) and ok(d))
    assert len(errors) == 6 and "no sealed orders file" in errors[-1][1] and main.campaign is before, d_empty.seen
    errors.clear()

    answerer = _trigger(main, qtbot, "&Import Orders...", import_(""))  # then the next hand-over: "Not now"
    assert errors == [] and answerer.seen[-1][0] == "HandOverDialog"  # the Kzinti's orders are asked next
    fed = main.campaign.power("fed").economy
    assert [j.unit_class for j in fed.projects] == ["FF"] and fed.point_pool == Fraction(59, 5) - 3
    assert "orders/fed" in main.campaign.turn_asked
    answerer = Answerer()  # undo may reopen the hand-over: "Not now"
    try:
        show_active(main, qtbot)  # the hand-over closed: the campaign window has the keyboard again
        press(main, "Ctrl+Z")
        qtbot.waitUntil(lambda: main.campaign.power("fed").economy.projects == [])
    finally:
        answerer.stop()
    assert "orders/fed" not in main.campaign.turn_asked


def test_export_refused_with_another_teams_passphrase(qtbot, tmp_path, monkeypatch):
    """The Coalition's passphrase does not seal the Federation's orders: refused, no orders asked,
    no file written; a Team that cancels its orders dialog writes no file either."""
    from app.shell.orders_dialog import OrdersDialog
    from app.shell.sealed_orders_gui import ExportOrdersDialog

    main, c, errors = keyed_window(qtbot, tmp_path, monkeypatch, None)

    def export(passphrase: str):
        def handle(d) -> bool:
            if not isinstance(d, ExportOrdersDialog):
                return False
            d.power_box.setCurrentIndex(d.power_box.findData("fed"))
            d.passphrase.setText(passphrase)
            return ok(d)
        return handle

    seen = _trigger(main, qtbot, "E&xport My Orders...", export(PASSES["coalition"])).seen
    assert len(errors) == 1 and "passphrase" in errors[0][1] and "Alliance" in errors[0][1], errors
    assert not any(k == "OrdersDialog" for k, _ in seen)
    seen = _trigger(main, qtbot, "E&xport My Orders...", export(PASSES["alliance"]),
                    lambda d: isinstance(d, OrdersDialog) and d.reject() is None).seen
    assert [k for k, _ in seen] == ["ExportOrdersDialog", "OrdersDialog"] and len(errors) == 1
    assert list(tmp_path.glob("*.battlehex-orders")) == [] and main.campaign is c


def test_import_refuses_a_path_blocked_on_the_gms_file(qtbot, tmp_path, monkeypatch):
    """The Alliance's copy did not hold the cloaked Romulan squadron arriving at 0607 along the lane
    from 0608; its Third Fleet was plotted 0607 -> 0608 there. On the GM's file that lane is
    blocked (004 Movement Phase): File > Import Orders... refuses the file naming it, the fleet and
    the rule, and nothing is given (no step, the Turn Orders in the same file neither)."""
    from app.shell.sealed_orders_gui import ImportOrdersDialog
    from hexmap import Label
    from rules.model.seals import unlock
    from rules.model.team_copy import make_copy
    from rules.strategic.state import build_graph
    from rules.turn.sealed_orders import export, moves_of, plot
    from tests.rules.model.test_team_copy import _open

    errors: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: errors.append((title, text)))
    c = keyed()
    c = c.model_copy(update={"fleets": [f.model_copy(update={"in_transit_to": Label.parse("0607"),
                                                              "orders": [Label.parse("0607")]})
                                        if f.id == "rom-shadow" else f for f in c.fleets]})
    copy = _open(make_copy(c, "alliance", unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)))
    copy = plot(copy, build_graph(copy), "fed-third", [Label.parse("0608")])
    key = unlock(copy.keys["alliance"], PASSES["alliance"], "Alliance", copy.keys)
    sealed = tmp_path / "fed.battlehex-orders"
    sealed.write_text(export(copy, "fed", [{"intel": {"points": 2}}], key, moves_of(copy, "fed")))
    file = tmp_path / "K.json"
    save_campaign(c, file)
    main = MainWindow(file, campaign=c, offer_recovery=False,
                      settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    before, steps = main.campaign, main.session.undo_stack.count()

    def import_(d) -> bool:
        if not isinstance(d, ImportOrdersDialog):
            return False
        d.files.setPlainText(str(sealed))
        d.passphrase.setText(PASSES["gm"])
        return ok(d)

    _trigger(main, qtbot, "&Import Orders...", import_)
    assert len(errors) == 1, errors
    assert errors[0][1] == (f"004 Movement Phase (between sectors): {sealed}: Third Fleet to 0608: Shadow Squadron "
                            "(cloaked) arrived from 0608 and blocks that lane this turn; no orders were given")
    assert main.campaign is before and main.session.undo_stack.count() == steps
