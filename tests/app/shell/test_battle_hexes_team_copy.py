"""The Battle Hexes list (Turn > Show Battle Hexes, Ctrl+B) in a Team copy says whose view it is
(issue 22, seen on the real screen: the Alliance's copy titled it "End of movement: Battle Hexes -
GM view" and its lines read "GM: Alliance has ...", though it shows only what the copy holds, the
Alliance's). As a player uses it: File > Open of the Alliance's copy after End Movement, then Ctrl+B."""
from __future__ import annotations

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QFileDialog

from app.shell.turn_dialogs import BattleHexesDialog
from app.shell.window import MainWindow
from rules.model import load_campaign, save_campaign
from rules.model.seals import Keyring, new_key, pin_of, unlock
from rules.model.secrets import with_key
from rules.model.team_copy import make_copy
from rules.turn.run import play
from tests.app.gui import press, show_active
from tests.app.shell.test_sealed_orders_gui import PASSES
from tests.app.shell.test_team_copy_gui import _action, _passphrase, _run
from tests.conftest import DEFAULT
from tests.rules.turn.test_encounter_facts import TO_ENCOUNTERS

TO_BATTLE_HEXES = TO_ENCOUNTERS[:TO_ENCOUNTERS.index("end_movement") + 4]
"""Turn 1 of the default campaign to End Movement and its three ignore questions (nobody ignores)."""


def _keyed():
    c, ring = play(load_campaign(DEFAULT), list(TO_BATTLE_HEXES)).campaign, Keyring()
    assert [b for b in c.battle_hexes if b.turn == c.turn]
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    return c


def _listing(qtbot) -> BattleHexesDialog:
    qtbot.waitUntil(lambda: any(isinstance(d, BattleHexesDialog) and d.isVisible()
                                for d in QApplication.topLevelWidgets()))
    return next(d for d in QApplication.topLevelWidgets() if isinstance(d, BattleHexesDialog) and d.isVisible())


def test_a_team_copys_battle_hexes_are_titled_and_worded_as_its_teams(qtbot, tmp_path, monkeypatch):
    c, file, copy = _keyed(), tmp_path / "K.json", tmp_path / "alliance-copy.json"
    save_campaign(c, file)
    copy.write_text(make_copy(c, "alliance", unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)), encoding="utf-8")
    main = MainWindow(file, campaign=c, offer_recovery=False,
                      settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *a, **k: (str(copy), ""))
    _run(main, qtbot, _action(main, "&Open..."), _passphrase(PASSES["alliance"]))
    assert main.campaign.team_copy is not None
    show_active(main, qtbot)
    press(main, "Ctrl+B")
    dialog = _listing(qtbot)
    text = dialog.browser.toPlainText()
    assert "GM view" not in dialog.windowTitle(), dialog.windowTitle()
    assert dialog.windowTitle() == "End of movement: Battle Hexes \u2014 Alliance's copy"
    assert "GM:" not in text, text
    assert "Alliance's copy: Alliance has" in text, text
    dialog.close()
