"""The minimal example system (examples/coin_system) proves "Adding a battle system"
(docs/ARCHITECTURE.md): registered only through a distribution's ``battlehex.systems`` entry
point, it is chosen in a campaign file and the Turn menu, fought through the shared run
(replay, checkpoints, undo, reopen, save, write-back, the same bytes) and the shared battle
window (hand-over, dialogs, Ctrl+Z), with no line of BattleHex changed for it."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QMenu

from examples.coin_system.battle import CoinBattle, CoinEngine
from examples.coin_system.panel import CoinPanel
from rules.errors import RuleError
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import registry, start, system_for
from tests.app.gui import Answerer, choose_item, ok, open_main_window, press
from tests.app.systems.test_table import system_action, units
from tests.app.test_gui_paths import battle_windows, end_movement_and_fight
from tests.rules.systems.v13.helpers import AT, duel, unit


def _install(folder) -> None:
    """A distribution in ``folder`` declaring the coin system, as ``pip install`` would leave it."""
    info = folder / "battlehex_coin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: battlehex-coin\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text("[battlehex.systems]\ncoin = examples.coin_system:SYSTEM\n",
                                           encoding="utf-8")


@pytest.fixture
def coin(tmp_path, monkeypatch):
    """The coin system registered (its entry point on the path), and forgotten afterwards."""
    site = tmp_path / "site"
    site.mkdir()
    _install(site)
    monkeypatch.syspath_prepend(str(site))
    registry.reset()
    yield
    registry.reset()


def formed(n: int = 3):
    c = duel([unit(f"b{i}") for i in range(n)], [unit(f"r{i}") for i in range(n)])
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "coin"
    c = type(c).model_validate(data)  # as a file naming the system is read
    return end_movement(c, build_graph(c)).campaign


def events(run) -> list[dict]:
    return [e.to_dict() for e in run.log.events]


def test_unregistered_the_key_is_refused_naming_the_field():
    registry.reset()
    with pytest.raises(ValueError, match="no battle system .coin."):
        formed()
    with pytest.raises(RuleError, match="no battle system 'coin'"):
        registry.get("coin")


def test_registered_it_is_fought_through_the_shared_run(coin):
    c = formed(10)
    assert system_for(c, AT).title == "Coin toss (example)"
    run = start(c, AT)
    assert isinstance(run, CoinBattle) and run.pending.key == "coin/1/toss"
    seen = [events(run)]
    while not run.status().resolved:
        run.answer("toss")
        seen.append(events(run))
        if len(run.answers) == 5:
            mid = run.saved()  # saved while open: the record keeps the seed and the answers
    assert run.pending is None and "has no units left" in run.status().resolution
    n = len(run.answers)
    fresh = start(c, AT)
    with pytest.raises(RuleError, match="coin: answer toss or stop"):  # refused, naming the rule, kept nowhere
        fresh.answer("flip")
    assert fresh.answers == [] and fresh.pending.key == "coin/1/toss"
    # the same scenario, seed and answers: the same events, to the byte
    again = start(c, AT)
    for a in run.answers:
        again.answer(a)
    assert json.dumps(events(again)) == json.dumps(seen[-1])
    # reopen from the campaign saved mid-battle: the battle where it was, to the byte
    assert json.dumps(events(start(mid, AT))) == json.dumps(seen[5])
    saved = run.saved()
    # undo resumes from the shared run's checkpoints, not from the first round
    calls = []
    original = CoinEngine.run
    try:
        CoinEngine.run = lambda self: calls.append(1) or original(self)
        run.undo(1)
        assert events(run) == seen[n - 1] and run.pending.key.endswith("/toss")
        run.undo(3)
        assert events(run) == seen[n - 4]
    finally:
        CoinEngine.run = original
    assert calls == []  # both undos went on from a checkpoint
    # the write-back: the units lost leave their fleets
    lost = {e["data"]["unit"] for e in seen[-1] if e["kind"] == "ruling" and "unit" in e.get("data", {})}
    left = {u.id for f in saved.fleets for u in f.units}
    assert lost and not lost & left
    assert next(r for r in saved.battle_hexes if r.at == AT).resolved


def test_registered_it_is_fought_in_the_shared_battle_window(coin, qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    menu = main.findChild(QMenu, "battle_systems_menu")
    system_action(menu, "coin").trigger()  # listed by the registry: nothing else names it
    assert main.campaign.settings.battle_system == "coin"
    bw = end_movement_and_fight(main, qtbot, "0604")
    assert isinstance(bw.panel, CoinPanel) and bw.handover_label.text() == "Pass the screen to the Game Master"
    answerer = Answerer(ok)  # each round: "toss", the dialog's first choice
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=10000)
    answerer.stop()
    assert "has no units left" in bw.step_label.text()
    sheet = bw.panel.sheet.toPlainText()
    assert "destroyed" in sheet
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0604")
    assert rec.resolved and set(rec.answers) == {"toss"}
    lost = [u.id for u in bw.b.state.units.values() if u.status.value == "destroyed"]
    assert lost and not set(lost) & set(units(main.campaign))  # written back
    # Ctrl+Z in the battle window takes the last toss back, and the units return
    bw.auto_dialogs = False
    bw.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is bw)
    press(bw, "Ctrl+Z")
    assert not bw.b.status().resolved and len(bw.b.answers) == len(rec.answers) - 1
    assert set(lost) <= set(units(main.campaign)) | {lost[-1]} and lost[-1] in units(main.campaign)
    # closed and fought again (Ctrl+F): the battle reopens where it was, the same sheet
    sheet, answers = bw.panel.sheet.toPlainText(), list(bw.b.answers)
    bw.close()  # (the window goes: its controller, kept by the session, holds the battle)
    qtbot.waitUntil(lambda: not battle_windows())
    main.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is main)
    answerer = Answerer(choose_item("0604"))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    again = battle_windows()[-1]
    assert isinstance(again.panel, CoinPanel) and again.b.answers == answers
    again.auto_dialogs = False  # the next toss's dialog stays shut: the sheet is what is looked at
    qtbot.mouseClick(again.handover_button, Qt.MouseButton.LeftButton)  # the GM takes the screen
    qtbot.waitUntil(lambda: again.panel.sheet.toPlainText() == sheet)
