"""Campaign > Settings... (issue 23): the GM switches the default campaign to seed 004's economy,
Turn Orders by the powers, Random Events and AF/EF in the dialog's widgets, as one undoable step;
a planet whose economy fields were never filled refuses the switch, named in the dialog."""
from __future__ import annotations

from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from rules.model import save_campaign
from tests.app.gui import Answerer, cancel, ok, press, show_active
from tests.rules.turn.test_settings_change import default


def the_action(main, menu: str, words: str):
    m = next(a.menu() for a in main.menuBar().actions() if a.text().replace("&", "") == menu)
    return next(a for a in m.actions() if a.text().replace("&", "") == words)


def _window(qtbot, tmp_path, c) -> MainWindow:
    path = tmp_path / "c.json"
    save_campaign(c, path)
    main = MainWindow(path, settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    main.resize(1400, 900)
    show_active(main, qtbot)
    return main


def test_the_gm_switches_the_settings_and_undoes_it(qtbot, tmp_path):
    from app.shell.settings_dialog import SettingsDialog

    main = _window(qtbot, tmp_path, default())

    def settings(d) -> bool:
        if not isinstance(d, SettingsDialog):
            return False
        assert d.empire_box.currentData() == "by_hand" and d.system_box.currentData() == "v13"
        d.empire_box.setCurrentIndex(d.empire_box.findData("seed004"))
        d.orders_box.setCurrentIndex(d.orders_box.findData("powers"))
        d.system_box.setCurrentIndex(d.system_box.findData("afef"))
        d.events_box.click()
        return ok(d)

    answerer = Answerer(settings)
    try:
        the_action(main, "Campaign", "Settings...").trigger()
        qtbot.waitUntil(lambda: bool(answerer.seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    s = main.campaign.settings
    assert (s.empire_turn, s.turn_orders, s.random_events, s.battle_system) == ("seed004", "powers", True, "afef")
    assert main.campaign.log[-1].text.startswith("The GM changes the campaign's settings: empire turn from kept by hand to run by BattleHex")
    show_active(main, qtbot)
    press(main, "Ctrl+Z")
    qtbot.waitUntil(lambda: main.campaign.settings.empire_turn == "by_hand")
    assert main.campaign.settings.battle_system == "v13"


def test_a_planet_never_filled_refuses_the_economy_in_the_dialog(qtbot, tmp_path):
    from app.shell.settings_dialog import SettingsDialog

    c = default()
    planet = next(pl for s in c.map.sectors for pl in (s.star_system.planets if s.star_system else [])
                  if pl.name == "Ktharn III")
    planet.census = planet.productivity = 0
    main = _window(qtbot, tmp_path, c)
    said: list[str] = []

    def settings(d) -> bool:
        if not isinstance(d, SettingsDialog):
            return False

        def refused() -> None:  # the same dialog open again, saying why
            if not (d.isVisible() and d.refusal.isVisible()):
                QTimer.singleShot(50, refused)
                return
            said.append(d.refusal.text())
            cancel(d)
        d.empire_box.setCurrentIndex(d.empire_box.findData("seed004"))
        QTimer.singleShot(50, refused)
        return ok(d)

    answerer = Answerer(settings)
    try:
        the_action(main, "Campaign", "Settings...").trigger()
        qtbot.waitUntil(lambda: bool(said) and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert "missing: Ktharn III (0404): Census, Productivity and RAW" in said[0]
    assert "004" not in said[0]  # the rule in words, no seed number (issue 22)
    assert main.campaign.settings.empire_turn == "by_hand"


def _choose(box, words: str) -> None:
    i = next(i for i in range(box.count()) if box.itemText(i).startswith(words))
    box.setCurrentIndex(i)


def test_the_gm_chooses_the_b5_readings_in_the_dialog_and_undoes_them(qtbot, tmp_path):
    """Issue 24: the readings a GM may choose for B5 battles, in words, one undoable step."""
    from app.shell.settings_dialog import SettingsDialog

    main = _window(qtbot, tmp_path, default())
    seen: list[str] = []

    def settings(d) -> bool:
        if not isinstance(d, SettingsDialog):
            return False
        d.tabs.setCurrentIndex(1)
        boxes = d.b5_boxes
        seen.extend(boxes["declared_fire"].itemText(i) for i in range(boxes["declared_fire"].count()))
        seen.append(boxes["dogfight"].currentText())
        _choose(boxes["dogfight"], "By the chart's pattern")
        _choose(boxes["morale_rounding"], "Half the starting level rounded up")
        _choose(boxes["declared_fire"], "Always shot by shot")
        return ok(d)

    answerer = Answerer(settings)
    try:
        the_action(main, "Campaign", "Settings...").trigger()
        qtbot.waitUntil(lambda: bool(answerer.seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert seen == ["As the rules have it (battles saved before keep shot by shot)",
                    "Always declared as a whole, then its damage resolved",
                    "Always shot by shot, each shot resolved as it is named",
                    'As the text has it ("7 or higher: 6")']
    b = main.campaign.settings.b5
    assert (b.dogfight, b.morale_rounding, b.declared_fire) == ("pattern", "up", False)
    assert main.campaign.settings.empire_turn == "by_hand"  # the first tab's settings as they were
    text = main.campaign.log[-1].text
    assert text.startswith("The GM changes the campaign's settings: B5 dogfight chart past 6 kills from as the text")
    assert "B5 squadron fire from as the seed has it" in text and "to always shot by shot" in text
    show_active(main, qtbot)
    press(main, "Ctrl+Z")
    qtbot.waitUntil(lambda: main.campaign.settings.b5.dogfight == "text")
    assert main.campaign.settings.b5 == default().settings.b5


def test_a_b5_battle_under_way_refuses_a_new_reading_in_the_dialog(qtbot, tmp_path):
    from app.shell.settings_dialog import SettingsDialog
    from rules.systems import start
    from tests.rules.systems.b5.helpers import b5_campaign
    from tests.rules.systems.v13.helpers import AT

    run = start(b5_campaign(), AT)
    run.answer("meeting engagement")
    main = _window(qtbot, tmp_path, run.saved())
    before = main.campaign.settings.b5
    said: list[str] = []

    def settings(d) -> bool:
        if not isinstance(d, SettingsDialog):
            return False

        def refused() -> None:
            if not (d.isVisible() and d.refusal.isVisible()):
                QTimer.singleShot(50, refused)
                return
            said.append(d.refusal.text())
            cancel(d)
        assert d.b5_boxes["declared_fire"].currentText().startswith("Always shot by shot")  # the file's reading
        _choose(d.b5_boxes["command_by_race"], "By race")
        QTimer.singleShot(50, refused)
        return ok(d)

    answerer = Answerer(settings)
    try:
        the_action(main, "Campaign", "Settings...").trigger()
        qtbot.waitUntil(lambda: bool(said) and QApplication.activeModalWidget() is None, timeout=10000)
    finally:
        answerer.stop()
    assert "while a B5 battle is under way" in said[0] and f"{AT} (turn 1, 1 answer given)" in said[0]
    assert main.campaign.settings.b5 == before


def test_every_b5_choice_shows_its_words_whole_and_the_dialog_fits_the_screen(qtbot, tmp_path):
    """Seen on the real screen at scale 2: 'As the seed has it (battles saved before keep shot by' cut."""
    from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

    from app.shell.settings_dialog import SettingsDialog

    main = _window(qtbot, tmp_path, default())
    cut: list[str] = []
    fits: list[bool] = []

    def settings(d) -> bool:
        if not isinstance(d, SettingsDialog):
            return False
        d.tabs.setCurrentIndex(1)
        QApplication.processEvents()
        for box in d.b5_boxes.values():
            for i in range(box.count()):
                box.setCurrentIndex(i)
                opt = QStyleOptionComboBox()
                box.initStyleOption(opt)
                room = box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                                  QStyle.SubControl.SC_ComboBoxEditField, box).width()
                if box.fontMetrics().horizontalAdvance(box.itemText(i)) > room:
                    cut.append(box.itemText(i))
        screen = d.screen().availableGeometry()
        fits.append(d.width() <= screen.width() and d.height() <= screen.height())
        return cancel(d)

    answerer = Answerer(settings)
    try:
        the_action(main, "Campaign", "Settings...").trigger()
        qtbot.waitUntil(lambda: bool(answerer.seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    assert cut == [] and fits == [True]


PROBE = """
import json, sys
from PySide6.QtWidgets import QApplication, QComboBox, QFormLayout, QStyle, QStyleOptionComboBox
app = QApplication(sys.argv)
from app.shell.settings_dialog import SettingsDialog
from tests.rules.turn.test_settings_change import default
d = SettingsDialog(default())
d.tabs.setCurrentIndex(1)
d.show()
app.processEvents()
rows = []
for box in d.b5_boxes.values():
    form = box.parentWidget().findChildren(QFormLayout)[0]
    label = form.labelForField(box)
    for i in range(box.count()):
        box.setCurrentIndex(i)
        opt = QStyleOptionComboBox()
        box.initStyleOption(opt)
        room = box.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, opt,
                                          QStyle.SubControl.SC_ComboBoxEditField, box).width()
        rows.append([label.text(), label.width(), label.sizeHint().width(), box.itemText(i), room,
                     box.fontMetrics().horizontalAdvance(box.itemText(i))])
area = d.screen().availableGeometry()
print(json.dumps({"rows": rows, "dialog": [d.width(), d.height()], "screen": [area.width(), area.height()]}))
"""


def test_the_b5_tab_is_whole_at_scale_factor_2(tmp_path):
    """Seen on the real screen (1600 x 1000, QT_SCALE_FACTOR=2): the dialog opened two thirds of the
    screen wide (Qt's first size for wrapped words), its B5 readings' labels squeezed to nothing."""
    import json
    import os
    import subprocess
    import sys
    import textwrap
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "small", "x": 0, "y": 0, "width": 1600, "height": 1000,
                                               "logicalDpi": 96, "logicalBaseDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "QT_SCALE_FACTOR": "2"}
    r = subprocess.run([sys.executable, "-c", textwrap.dedent(PROBE)], cwd=root, env=env, check=False,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert out["screen"] == [800, 500]
    for label, width, needed, words, room, advance in out["rows"]:
        assert width >= needed and room >= advance, (label, width, needed, words, room, advance, out["dialog"])
    w, h = out["dialog"]
    assert w <= 800 and h <= 500
