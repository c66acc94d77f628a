"""A default-campaign Battle Hex resolved by SIDCORS as the players do it (issue 12): the
system chosen in the Turn menu, Ctrl+E, Ctrl+F, each side's secret Battle Intensity clicked
behind its own hand-over (with the exact odds shown before the click), damage allocated by
clicking counters, the other questions answered in their dialogs, results in the campaign."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu, QPushButton

from app.systems.sidcors import SidcorsPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok, open_main_window
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement_and_fight
from tests.hand_kept import hand_kept


def dialogs(d) -> bool:
    """Directed Damage: none; transfer: as offered; retreat: no (fight on)."""
    if isinstance(d, QuestionDialog):
        return ok(d)
    return False


def test_a_battle_hex_resolved_by_sidcors_with_bif_buttons_and_counter_clicks(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    assert main.campaign.settings.battle_system == "sidcors"
    bw = end_movement_and_fight(main, qtbot, "0604")
    assert isinstance(bw.panel, SidcorsPanel)
    answerer = Answerer(dialogs)
    seen_odds, bif_clicks, counter_clicks = [], [], 0
    for _ in range(400):
        run = bw.b
        if run.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)  # the counters drawn for the new viewer show once the event loop runs
            continue
        q = run.pending
        kind = q.key.split("/")[2] if q.key.count("/") >= 2 else ""
        if kind == "bif":
            assert bw.panel.choice.isVisible() and bw.panel.odds.isVisible()
            seen_odds.append(bw.panel.odds.toPlainText())
            qtbot.mouseClick(bw.panel.central.findChild(QPushButton, "bif_2"), Qt.MouseButton.LeftButton)
            bif_clicks.append(q.to)
        elif kind == "allocate":
            target = next((b for b in bw.panel.central.findChildren(QPushButton)
                          if b.objectName().startswith("counter_") and b.isEnabled() and b.isVisible()), None)
            assert target is not None, q.data  # the engine offers a unit to damage
            qtbot.mouseClick(target, Qt.MouseButton.LeftButton)
            counter_clicks += 1
        else:
            qtbot.waitUntil(lambda q=q: bw.b.pending is not q or bw.b.status().resolved, timeout=5000)
        qtbot.wait(5)
    answerer.stop()
    assert bw.b.status().resolved, bw.b.pending
    assert {"coalition", "alliance"} <= set(bif_clicks) and counter_clicks > 0
    assert "you deal" in seen_odds[0] and "you take" in seen_odds[0]
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0604")
    assert rec.resolved and rec.system in ("", "sidcors") and rec.secret_answers  # the BIFs were secret
    fates = {u.id: (u.crippled) for f in main.campaign.fleets for u in f.units}
    gone = [u.id for u in bw.b.units("alliance") + bw.b.units("coalition") if u.destroyed]
    assert all(uid not in fates for uid in gone)  # destroyed units left their fleets
    assert any(fates.get(u.id) for u in bw.b.units("alliance") + bw.b.units("coalition") if u.crippled
               and not u.destroyed) or gone


def test_the_directed_damage_choice_names_units_not_ids(qtbot):
    from PySide6.QtWidgets import QRadioButton

    from app.widgets.question_dialogs import QuestionDialog
    from hexmap import Label
    from rules.strategic import build_graph
    from rules.strategic.turn import end_movement
    from rules.systems import start
    from rules.battlehex.headless_systems import with_system

    c = hand_kept()
    asked = end_movement(c, build_graph(c)).questions
    formed = end_movement(c, build_graph(c), {(q.at, q.team, q.other): False for q in asked}).campaign
    run = start(with_system(formed, Label.parse("0604"), "sidcors", 3), Label.parse("0604"))
    run.answer(2)
    run.answer(2)
    q = run.pending
    assert q.key == "sidcors/1/directed/coalition"
    d = QuestionDialog(q, "Coalition", run.unit_names())
    qtbot.addWidget(d)
    texts = [b.text() for b in d.findChildren(QRadioButton)]
    names = run.unit_names()
    assert texts[0] == "None" and all(t in names.values() or t in ("None", "Its fighters") for t in texts), texts
    assert not [t for t in texts if t in names]  # no raw ids


def test_a_side_retreats_by_the_direction_it_chooses_in_the_dialog(qtbot, tmp_path):
    """After the first round the Alliance answers Yes to retreat, then picks its way out among
    the sectors the dialog names; the units' next strategic move is forced that way."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0604")
    ways: list[str] = []

    def retreat(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        if "/retreat/alliance" in d.q.key:
            d.group.button(0).setChecked(True)  # Yes
        elif "/direction/" in d.q.key:
            ways.extend(b.text() for b in d.group.buttons())
            d.group.buttons()[-1].setChecked(True)
        return ok(d)
    answerer = Answerer(retreat)
    for _ in range(200):
        if bw.b.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            qtbot.wait(5)
            continue
        q = bw.b.pending
        kind = q.key.split("/")[2] if q.key.count("/") >= 2 else ""
        if kind == "bif":
            qtbot.mouseClick(bw.panel.central.findChild(QPushButton, "bif_1"), Qt.MouseButton.LeftButton)
        elif kind == "allocate":
            target = next(b for b in bw.panel.central.findChildren(QPushButton)
                          if b.objectName().startswith("counter_") and b.isEnabled() and b.isVisible())
            qtbot.mouseClick(target, Qt.MouseButton.LeftButton)
        else:
            qtbot.waitUntil(lambda q=q: bw.b.pending is not q or bw.b.status().resolved, timeout=5000)
        qtbot.wait(5)
    answerer.stop()
    assert bw.b.status().resolved and bw.b.round == 1
    assert ways and all(w[0] in "ABCDEF" and ": 0" in w for w in ways)  # "F: 0503 friendly", not a bare letter
    chosen = ways[-1][0]
    forced = {u.forced_strategic_direction.name for f in main.campaign.fleets for u in f.units
              if u.forced_strategic_direction is not None}
    assert forced == {chosen}
    assert f"next strategic move in direction {chosen}" in bw.b.status().resolution
    shown = [b.text() for uid, b in bw.panel.counters.items() if bw.b.state.units[uid].status.value == "retreated"]
    assert shown and all(t.endswith(", retreated") for t in shown)  # the counters say so
    assert any(e.text == "Alliance: retreat: yes" for e in bw.b.log.events)


def test_the_battle_intensity_rating_dialog_shows_the_odds_as_a_table_in_words(qtbot, tmp_path):
    """0509: the Alliance has only units that cannot retreat, so the Coalition chooses the BIR
    alone in the shared dialog (issue 22): the dialog shows the engine's odds for each rating
    2-8 as a table in words (computed when shown), not nothing and not a dict."""
    main = open_main_window(qtbot, tmp_path)
    system_action(main.findChild(QMenu, "battle_systems_menu"), "sidcors").trigger()
    bw = end_movement_and_fight(main, qtbot, "0509")
    shown: list[tuple[str, str]] = []

    def bir(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        if "/bir" in d.q.key:
            label = d.odds
            shown.append((label.text() if label is not None else "", label.textFormat().name if label else ""))
        return ok(d)
    answerer = Answerer(bir)
    for _ in range(100):
        if shown or bw.b.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
        elif bw.b.pending is not None and bw.panel.handles(bw.b.pending):
            qtbot.mouseClick(bw.panel.central.findChild(QPushButton, "bif_2"), Qt.MouseButton.LeftButton)
        qtbot.wait(20)
    bw.auto_dialogs = False  # the next question's dialog, queued after the BIR answer, is not opened
    bw.close()  # once the answerer is gone (it would wait for an answer after the test)
    qtbot.wait(20)
    answerer.stop()
    assert shown, "no Battle Intensity Rating question was asked"
    html, fmt = shown[0]
    assert fmt == "RichText" and "<table" in html and "Battle Intensity Rating" in html
    assert "Coalition deals" in html and "Coalition takes" in html
    assert all(f"<b>{n}</b>" for n in range(2, 9) if f"<b>{n}</b>" in html) and html.count("<tr>") == 8
    assert "{" not in html and "'" not in html and "expected" not in html  # words, not a dict
    assert "odds" not in bw.b.pending.data if bw.b.pending is not None else True  # never stored in the question
