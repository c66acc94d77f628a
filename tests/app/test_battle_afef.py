"""A Battle Hex fought by AF/EF on the battle line as the players do it (issue 12): the
system chosen in the Turn menu, each side's plan made by dragging from its counters to the
enemy's behind its own hand-over (odds shown before Commit), the GM's round questions on the
panel, results in the campaign."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsRectItem, QMenu

from app.battle_afef import AfefPanel
from app.main_window import MainWindow
from rules.model import load_campaign, save_campaign
from rules.model.units import AFEFFactors
from tests.app.gui import Answerer, choose_item, show_active, type_text
from tests.app.test_battle_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight
from tests.conftest import DEFAULT


def with_afef(tmp_path):
    """The default campaign with AF/EF values for every unit (AF 2-4, EF 4-6)."""
    c = load_campaign(DEFAULT)
    fleets = [f.model_copy(update={"units": [u.model_copy(update={"afef": AFEFFactors(
        af=2 + i % 3, ef=4 + i % 3, damaged_af=1)}) for i, u in enumerate(f.units)]}) for f in c.fleets]
    sectors = [s.model_copy(update={"garrison": [u.model_copy(update={"afef": AFEFFactors(af=3, ef=6, damaged_af=1)})
                                                 for u in s.garrison]}) for s in c.map.sectors]
    c = c.model_copy(update={"fleets": fleets, "map": c.map.model_copy(update={"sectors": sectors})})
    path = tmp_path / "afef.json"
    save_campaign(c, path)
    return path


def centre(view, uid: str) -> QPoint:
    rect = next(i for i in view.scene().items() if isinstance(i, QGraphicsRectItem) and i.data(0) == uid)
    return view.mapFromScene(rect.sceneBoundingRect().center())


def drag(view, src: str, dst: str) -> None:
    """Shift+drag from ``src``'s counter to ``dst``'s: all of its dice on that target."""
    a, b = centre(view, src), centre(view, dst)
    vp = view.viewport()
    QTest.mousePress(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, a)
    QTest.mouseMove(vp, (a + b) / 2)
    QTest.mouseMove(vp, b)
    QTest.mouseRelease(vp, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.ShiftModifier, b)


def test_a_battle_hex_fought_on_the_afef_battle_line(qtbot, tmp_path):
    main = MainWindow(with_afef(tmp_path), settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "afef").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    assert isinstance(bw.panel, AfefPanel)
    bw.auto_dialogs = False
    panel, view = bw.panel, bw.panel.view
    seen_odds, drags, rounds = [], 0, 0
    for _ in range(300):
        run = bw.b
        if run.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        q = run.pending
        kind = q.key.split("/")[2]
        if kind in ("declare", "return", "breakthrough", "breakthrough_return"):
            owed = q.data.get("must_match", {})
            for shooter in q.data["dice"]:
                targets = owed.get(shooter, {}).get("attackers") or q.data["targets"]
                if targets:
                    drag(view, shooter, targets[0])
                    drags += 1
            seen_odds.append(panel.odds.toPlainText())
        if kind == "continue":
            rounds += 1
            if rounds >= 3:  # the GM ends it: a ruling with its reason
                pick, reason = choose_item("attacker"), type_text("the GM ends it after three rounds")
                answerer = Answerer(lambda d: pick(d) if getattr(d, "comboBoxItems", list)() else reason(d))
                assert panel.break_button.isVisible()
                qtbot.mouseClick(panel.break_button, Qt.MouseButton.LeftButton)
                answerer.stop()
                continue
        qtbot.mouseClick(panel.commit_button, Qt.MouseButton.LeftButton)
        qtbot.wait(5)
    assert bw.b.status().resolved, bw.b.pending
    assert drags > 0 and any("damaged" in t and "destroyed" in t for t in seen_odds)
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0604")
    assert rec.resolved and rec.answers
