"""Issue 24 in the GUI: a jump-in Babylon 5 battle in the default campaign's Battle Hex 0604,
chosen from its right-click menu and fought with Ctrl+F from deployment to its end: dialogs
answered through their widgets, ships placed by clicks (and one by its own counter dragged from its tray) on the
board's legal hexes, one refused hex shown; the Coalition's secret jump-in hex kept from the Alliance."""
from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QComboBox, QSpinBox

from app.systems.b5.panel import B5Panel
from app.widgets.question_dialogs import QuestionDialog
from app.strategic.menus import sector_menu
from hexmap import Facing, Label
from hexmap.labels import axial_to_offset
from rules.battlehex.questions import QKind
from rules.systems.b5.deploy import hex_of
from rules.systems.b5.movement import pulse_moves
from tests.app.gui import Answerer, choose_item, ok, open_main_window, press
from tests.app.systems.test_table import system_action, units
from tests.app.test_gui_paths import battle_windows, end_movement

AIM = "4530"
FIRED: list[str] = []


def dialogs(d) -> bool:
    """The GM picks a jump-in, the Coalition opens both its vortices, the Alliance moves at 3,
    two plotted turns (no fire in the first, a jump-in's), the GM enters the results after turn 2
    (the Lyran destroyer destroyed)."""
    if not isinstance(d, QuestionDialog):
        return False
    key = d.q.key
    if "/fire/" in key and not FIRED:  # one shot in turn 2 (none in a jump-in's first turn), then done
        FIRED.append(key)
        d.group.button(d.q.options.index("fire")).setChecked(True)
    elif "/fire/" in key and "resolve" in d.q.options:  # that shot alone: the squadron's others not declared
        d.group.button(d.q.options.index("resolve")).setChecked(True)
    elif "/fire/" in key:  # then done (the dialog opens at the best-odds shot while one has a chance)
        d.group.button(d.q.options.index("done")).setChecked(True)
    elif key.endswith("/target"):  # the engine's exact odds shown with the choice
        FIRED.append(d.odds.text() if d.odds is not None else "")
    elif key == "b5/scenario":
        d.group.button(1).setChecked(True)  # jump-in
    elif key.endswith("/turn"):  # turns 1 and 2: plot and move; turn 3: enter the results
        d.group.button(d.q.options.index("plot and move" if key in ("b5/1/turn", "b5/2/turn") else "results")
                       ).setChecked(True)
    elif key == "b5/speed/alliance":
        d.spin.setValue(3)
    elif key == "b5/1/morale/lyr-cw-1":
        d.spin.setValue(1)  # one grey box of squadron Fang's 5
    elif key in ("b5/jump/openers", "b5/results/destroyed", "b5/1/morale"):
        for i in range(d.list.count()):
            item = d.list.item(i)
            want = {"b5/results/destroyed": "lyr-dd-1", "b5/1/morale": "lyr-cw-1"}.get(key)
            if key == "b5/jump/openers" or item.data(Qt.ItemDataRole.UserRole) == want:
                item.setCheckState(Qt.CheckState.Checked)
    return ok(d)


def click_hex(qtbot, panel: B5Panel, at: Label, drag: bool = False) -> None:
    """A click on hex ``at``, or (``drag``) the waiting ship's own counter dragged from its tray to it."""
    view = panel.board
    pos = view.mapFromScene(view.centre(at))
    if not drag:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
        return
    w = view.waiting
    assert w.item is not None and w.name == panel.unit_names()[panel.win.b.pending.data["unit"]]
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(w.home))
    qtbot.mouseMove(view.viewport(), pos)
    assert view.label_at(view.mapFromScene(w.item.pos()).toPointF()) == at  # the counter follows the pointer
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)


def shift_order(run, command: str, speed: int) -> str:
    """`` shift SHIP HEX`` for a member of ``command``'s squadron to a free board hex next to it
    (empty: no member, or a speed with a pulse of no hexes)."""
    e = run.engine
    s = e.forces[e.units[command].team].squadron_of(command)
    members = [m for m in s.members if m in e.at] if s else []
    if not members or min(pulse_moves(speed)) == 0:
        return ""
    m = members[0]
    to = next(lab for f in Facing for lab in [Label(*axial_to_offset(hex_of(e.at[m]).neighbor(f)))]
              if e.board.on(lab) and lab not in e.at.values())
    return f" shift {e.units[m].unit.name} {to}"


def test_a_jump_in_battle_from_deployment_to_its_end(qtbot, tmp_path):
    FIRED.clear()
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    menu = sector_menu(main.strategic_view, "0604")
    with_menu = next(a.menu() for a in menu.actions() if a.menu() is not None)
    system_action(with_menu, "b5").trigger()
    answerer = Answerer(choose_item("0604"))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    qtbot.waitExposed(bw)
    panel = bw.panel
    assert isinstance(panel, B5Panel) and "Not built yet" in panel.built.text()
    assert "Built: deployment" in panel.built.toolTip()  # what is built: a hover away
    for built in ("ELINT orders", "energy mines launched", "the defender choosing which weapon", "relative formation"):
        assert built in panel.built.toolTip() and built not in panel.built.text()
    assert "declared as a whole" not in panel.built.text()  # built, the default (issue 24): a hover away
    assert "a squadron's fire declared as a whole" in panel.built.toolTip() and "Ex-Fighter Ops" in panel.built.toolTip()
    assert "long-range anti-fighter mode" in panel.built.toolTip()
    assert "fighter flights on the board" in panel.built.toolTip()
    assert "Improved Command Network" in panel.built.toolTip()  # the details a hover away
    size = bw.size()
    bw.resize(790, 466)  # the 1600x1000 screen at QT_SCALE_FACTOR=2: the banner keeps to a few lines
    qtbot.waitUntil(lambda: bw.height() <= 520)
    assert panel.built.heightForWidth(panel.built.width()) <= bw.height() // 6, panel.built.width()
    bw.resize(size)
    helpers = panel.helpers
    assert helpers.findChild(QComboBox, "b5_dogfight_reading").currentText() == "text"  # settings.b5
    helpers.findChild(QSpinBox, "b5_pulse_need").setValue(12)
    helpers.findChild(QSpinBox, "b5_pulse_rolled").setValue(14)
    assert helpers.results["pulse"].text() == "3 pulses hit"  # the seed's example
    helpers.findChild(QSpinBox, "b5_ballistic_hexes").setValue(21)
    assert helpers.results["ballistic"].text() == "hits 3 pulses after launch"
    answerer = Answerer(dialogs)
    seen_by_alliance: list[str] = []
    refused = dragged = False
    plotted = 0
    plot_sides: list[tuple[str, bool]] = []
    shifted = typed_then_undone = False
    for _ in range(200):
        run = bw.b
        if run.status().resolved:
            break
        if bw.handing_over():
            qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            continue
        q = run.pending
        if "plot" in q.data:  # typed in the panel's bar, Return gives it
            assert panel.place_button.text() == "&Give plot" and not panel.facing.isVisible()
            plot = " ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))
            assert panel.hex_edit.text() == plot == q.default  # the bar opens at straight on (issue 22)
            if plotted == 4 and not typed_then_undone:  # turn 2's second plot (Pride's after Claw's secret one):
                # typed, not given, then Undo answer: Claw's secret plot came before Pride's hand-over, not
                # Pride's to take back (issue 22): Undo stops there, no hand-over, Pride's typing stays its own
                typed_then_undone = True
                qtbot.keyClicks(panel.hex_edit, " shift SECRET")
                bw.undo_action.trigger()  # the toolbar's Undo answer (Ctrl+Z in the bar undoes the typing)
                assert not bw.handing_over() and not bw.undo_action.isEnabled()
                assert run.pending is q and "SECRET" in panel.hex_edit.text()
                panel.hex_edit.selectAll()
                qtbot.keyClicks(panel.hex_edit, q.default)  # the bar put back as it opened
                continue
            if not shifted:  # one squadron commander shifts a ship a hex first (once a turn; seed 003)
                extra = shift_order(run, q.data["plot"], q.data["speed"])
                shifted = "shift" in extra
                panel.hex_edit.end(False)
                qtbot.keyClicks(panel.hex_edit, extra)  # typed after the plot the bar opened at
            qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
            assert run.pending is not q, panel.prompt.text()
            plotted += 1
            plot_sides.append((q.key, bool(q.data.get("secret"))))
        elif "fighter_orders" in q.data or "flights" in q.data:  # the Claw's flight: typed in the bar, none
            assert panel.hex_edit.text() == "none" and panel.place_button.text() == "&Give orders"
            qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
            assert run.pending is not q, panel.prompt.text()
        elif q.key == "b5/jump/secondary":  # asked whatever the answer; typed in the bar: no secondary jump point
            assert panel.prompt.text() == "Jump point:" and panel.hex_edit.text() == "none"
            assert panel.place_button.text() == "&Give orders" and not panel.facing.isVisible()
            qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
            assert run.pending is not q, panel.prompt.text()
        elif q.key == "b5/jump/gate":  # no gate in this system: typed in the bar
            assert "type none" in panel.prompt.text()
            qtbot.keyClicks(panel.hex_edit, "none")
            qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
            assert run.pending is not q, panel.prompt.text()
        elif q.kind is QKind.PLACE:
            if bw.viewer == "alliance":
                bw.log_dock.details.setChecked(True)  # the raw answers too
                seen_by_alliance.append(bw.log_dock.view.toPlainText())
                seen_by_alliance += [panel.sheet.toPlainText(), panel.prompt.text(), bw.question_label.text()]
            legal = run.legal()
            if q.key == "b5/jump/aim":
                at = Label.parse(AIM)
            elif q.key == "b5/place/kz-aac-1" and not refused:
                far = next(x for x in panel.board_labels() if x not in legal)
                click_hex(qtbot, panel, far)
                assert "Refused" in panel.prompt.text() and run.pending.key == q.key
                refused = True
                continue
            else:
                at = legal[len(legal) // 2]
            before = len(run.answers)
            panel.facing.setCurrentText("D" if q.to == "alliance" else "A")  # the Alliance at the top faces down
            if q.key == "b5/place/kz-eff-1":
                click_hex(qtbot, panel, at, drag=True)
                dragged = True
            else:
                click_hex(qtbot, panel, at)
            assert len(run.answers) == before + 1, (q.key, at, panel.prompt.text())
        else:
            qtbot.waitUntil(lambda q=q: bw.b.pending is not q or bw.b.status().resolved, timeout=5000)
    answerer.stop()
    assert bw.b.status().resolved and refused and dragged and plotted == 6
    # turn 1: the Coalition jumps in and plots in secret first; the Alliance's Claw responds openly
    # (seed 003 Jump-In Scenarios: the defender does not plot its first turn); turn 2: Claw first, in secret
    assert [k.split("/")[1] + (" secret" if sec else " open") for k, sec in plot_sides] == \
        ["1 secret", "1 secret", "1 open", "2 secret", "2 secret", "2 secret"], plot_sides
    assert len(FIRED) == 2 and "chance to hit" in FIRED[1] and " a die, x" in FIRED[1]
    assert any(re.search(r" hits? on armor ", e.text) for e in bw.b.log.events)  # the shot resolved on the dice
    assert any("plotted" in e.text for e in bw.b.log.events)
    assert shifted and any("'s commander shifts " in e.text for e in bw.b.log.events)
    assert "destroyed: LSS Night Prowler;" in bw.b.status().resolution
    assert "squadron Fang: LSS Silent Pounce" not in panel.sheet.toPlainText()  # Fang's line carries its morale:
    assert "squadron Fang (morale 4 of 5): LSS Silent Pounce" in panel.sheet.toPlainText()
    assert "lyr-dd-1" not in units(main.campaign)
    keys = [a for a in bw.b.answers]
    assert keys[0] == "jump-in" and {"at": AIM, "facing": "A"} in keys
    assert seen_by_alliance and not any(AIM in s for s in seen_by_alliance)
    e = bw.b.engine
    assert panel.board.flights == [(e.vortex_from[x], e.vortices[x]) for x in e.vortices]  # each scatter flown
    qtbot.waitUntil(lambda: not panel.board.animations, timeout=3000)
    vortices = [e.text for e in bw.b.log.events if "vortex forms at" in e.text]
    assert len(vortices) == 2 and all(e.kind == "roll" for e in bw.b.log.events if "vortex d" in e.text)
    hit = {x: n for x, n in e.structure_lost.items() if n}
    assert hit, "the shot did no damage: the sheet's damage is not shown"
    for uid, n in hit.items():  # fire's damage on the Forces sheet, as the engine marked it
        base = e.units[uid].unit.b5
        assert base is not None
        assert f"{e.units[uid].unit.name} at {e.at[uid]}" in panel.sheet.toPlainText()
        assert f"[structure {max(0, base.structure - n)} of {base.structure}" in panel.sheet.toPlainText()


def test_a_b5_battle_that_cannot_start_says_so_in_words(qtbot, tmp_path):
    """H10's real-screen pass: B5 at 0509 (the Alliance's ships there had no Babylon 5 data):
    the title read "no open Battle Hex here" though 0509 is open, and the refusal showed the
    internal key "(b5)". The default campaign's units all have B5 data now: the Alliance's at 0509
    (the Tau Ceti garrison) are stripped of theirs here, as a GM's own campaign may lack it."""
    import json

    from app.shell.window import MainWindow
    from PySide6.QtCore import QSettings
    from tests.app.gui import show_active
    from tests.hand_kept import hand_kept_file

    path = hand_kept_file(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    for sector in data["map"]["sectors"]:
        for unit in sector.get("garrison") or [] if sector["at"] == "0509" else []:
            unit.pop("b5", None)
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    end_movement(main, qtbot)
    menu = sector_menu(main.strategic_view, "0509")
    with_menu = next(a.menu() for a in menu.actions() if a.menu() is not None)
    system_action(with_menu, "b5").trigger()
    answerer = Answerer(choose_item("0509"))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    qtbot.waitExposed(bw)
    title = bw.windowTitle()
    assert title.startswith("Battle Hex 0509 \u2014 Babylon 5 Fleet Action cannot start") and "no open" not in title
    shown = bw.step_label.text()
    assert "has no ship with Babylon 5 data in this battle" in shown and "(b5)" not in shown
    bw.close()
