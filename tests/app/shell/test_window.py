"""The main window, driven like a user would with pytest-qt."""
from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QEvent, QPoint, QPointF, QSettings, Qt
from PySide6.QtGui import QImage, QMouseEvent
from PySide6.QtWidgets import QApplication

from app.shell.window import MainWindow
from app.shell.paths import DEFAULT_CAMPAIGN
from app.shell.rules_texts import rules_texts
from app.strategic.items import FleetCounterItem, SectorItem
from app.strategic.tactical_view import TacticalHexItem
from hexmap import Facing, Hex


@pytest.fixture
def settings(tmp_path):
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def errors(monkeypatch):
    shown: list[tuple[str, str]] = []
    monkeypatch.setattr(MainWindow, "show_error", lambda self, title, text: shown.append((title, text)))
    return shown


@pytest.fixture
def window(qtbot, settings, errors):
    w = MainWindow(settings=settings)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def _not_blank(img: QImage, step: int = 20, at_least: int = 12) -> bool:
    colours = {img.pixel(x, y) for x in range(0, img.width(), step) for y in range(0, img.height(), step)}
    return len(colours) >= at_least


def test_opens_on_the_default_campaign(window, errors):
    assert window.campaign is not None and window.campaign_path == DEFAULT_CAMPAIGN
    assert "The Ardana Crisis" in window.windowTitle()
    assert errors == []


def test_strategic_scene_has_one_item_per_sector(window):
    scene = window.strategic_view.scene()
    sectors = [i for i in scene.items() if isinstance(i, SectorItem)]
    assert len(sectors) == len(window.campaign.map.sectors) == 140
    assert len({s.label for s in sectors}) == 140
    counters = {i.fleet.id: i for i in scene.items() if isinstance(i, FleetCounterItem)}
    assert len(counters) == len(window.campaign.fleets)
    alliance = next(t for t in window.campaign.teams if t.id == "alliance")
    assert counters["kz-claw-cvg"].team_color.name() == counters["fed-third"].team_color.name() == alliance.color


def test_tactical_scene_holds_1260_hexes(window, qtbot):
    """Its hexes are made when View > Tactical Map first opens the dock (closed at start: not
    before the window's first frame, issue 21 start-up), and then they are all there."""
    assert not window.tactical_dock.isVisible()
    assert not [i for i in window.tactical_scene.items() if isinstance(i, TacticalHexItem)]
    window.tactical_dock.toggleViewAction().trigger()
    qtbot.waitUntil(window.tactical_view.isVisible)
    hexes = [i for i in window.tactical_scene.items() if isinstance(i, TacticalHexItem)]
    assert len(hexes) == 1260
    centre = window.tactical_scene.item_at_label("2115")
    assert centre.is_centre and sum(h.is_centre for h in hexes) == 1
    assert {h.label for h in hexes} >= {"0101", "4230", "2115"}


def test_tactical_labels_follow_a_float(window):
    """V13.812's example, on screen: float ten hexes down and the old 2115 reads 2105."""
    scene = window.tactical_scene
    scene.set_window(scene.window.floated(Facing.D, 10))
    assert scene.hex_items[Hex(0, 0)].label == "2105"
    assert len([i for i in scene.items() if isinstance(i, TacticalHexItem)]) == 1260


def test_window_grab_is_not_blank(window, qtbot):
    assert _not_blank(window.grab().toImage())
    window.tactical_dock.toggleViewAction().trigger()  # View > Tactical Map
    qtbot.waitUntil(window.tactical_view.isVisible)
    assert _not_blank(window.tactical_view.grab().toImage(), at_least=3)


def test_clicking_a_sector_fills_the_inspector(window, qtbot):
    view = window.strategic_view
    item = view.scene().sector_items["0509"]
    point = view.mapFromScene(item.scenePos() + QPointF(0, -22))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    html = window.inspector.toPlainText()
    assert "Sector 0509" in html and "Battle Station Tau" in html and "incidental" in html


def test_drag_pans_the_map(window, qtbot):
    view = window.strategic_view
    view.zoom(3.0)
    bar = view.horizontalScrollBar()
    before = bar.value()
    vp = view.viewport()
    start = vp.rect().center()
    qtbot.mousePress(vp, Qt.MouseButton.LeftButton, pos=start)
    for dx in range(20, 201, 20):  # QTest.mouseMove sends no held button: send real drag moves
        pos = QPointF(start + QPoint(dx, 0))
        QApplication.sendEvent(vp, QMouseEvent(QEvent.Type.MouseMove, pos, vp.mapToGlobal(pos), Qt.MouseButton.NoButton,
                                               Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
    qtbot.mouseRelease(vp, Qt.MouseButton.LeftButton, pos=start + QPoint(200, 0))
    assert bar.value() == before - 200, "dragging 200 px right scrolls the map 200 px"


def test_hover_names_the_sector_in_the_status_bar(window, qtbot):
    view = window.strategic_view
    item = view.scene().sector_items["0705"]
    qtbot.mouseMove(view.viewport(), view.mapFromScene(item.scenePos() + QPointF(0, -20)))
    assert window._hover_label.text() == "0705"


def test_start_page_explains_the_symbols(window):
    assert "Map legend" in window.inspector.toPlainText()


def test_sector_tooltip(window):
    item = window.strategic_view.scene().sector_items["0705"]
    assert "Black Hole" in item.toolTip() and "Neutral Zone" in item.toolTip()


def test_wheel_zooms(window, qtbot):
    view = window.strategic_view
    before = view.transform().m11()
    view.zoom(1.5)
    assert view.transform().m11() == pytest.approx(before * 1.5)
    view.zoom(1e6)
    assert view.transform().m11() == pytest.approx(view.MAX_SCALE)


def test_malformed_file_shows_error_and_keeps_campaign(window, errors, tmp_path):
    data = json.loads(DEFAULT_CAMPAIGN.read_text(encoding="utf-8"))
    data["fleets"][0]["units"][0]["tactical"] = {"position": "2115", "facing": "G"}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    before = window.campaign
    assert window.open_campaign(bad) is False
    assert errors == [("Cannot open campaign",
                       "bad.json cannot be opened; the campaign that was open stays open.\n\n"
                       "\u2022 fleets[0].units[0].tactical.facing: 'G' is not a facing A-F\n\n"
                       f"File: {bad}")]
    assert window.campaign is before and window.campaign_path == DEFAULT_CAMPAIGN
    assert str(bad.resolve()) not in window.recent_files()


def test_save_as_then_open_adds_recent_files(window, tmp_path):
    target = tmp_path / "mine.json"
    assert window.save_to(target)
    assert target.read_text(encoding="utf-8") == DEFAULT_CAMPAIGN.read_text(encoding="utf-8")
    assert window.open_campaign(target)
    assert window.recent_files()[0] == str(target.resolve())
    labels = [a.text() for a in window.recent_menu.actions()]
    assert labels[0].endswith(str(target.resolve()))


def test_reopening_the_file_heading_open_recent_leaves_the_settings_file_alone(window, settings, tmp_path):
    """Issue 21 (bench/gui.py's cold reopen: open the file, Fight): opening the file that already
    heads File > Open Recent set the same list again, and QSettings wrote its whole file again
    for it (a value set is written even when it is the same: ~2 ms, more on a busy disk)."""
    from pathlib import Path
    target = tmp_path / "mine.json"
    assert window.save_to(target)
    assert window.open_campaign(target)
    QApplication.processEvents()  # the new list written
    ini = Path(settings.fileName())
    before = (ini.stat().st_ino, ini.stat().st_mtime_ns)
    first = window.recent_menu.actions()[0]
    assert first.text().endswith(str(target.resolve()))
    first.trigger()  # File > Open Recent > 1: the same file again
    QApplication.processEvents()
    assert window.campaign_path == target and window.recent_files()[0] == str(target.resolve())
    assert (ini.stat().st_ino, ini.stat().st_mtime_ns) == before
    other = tmp_path / "other.json"
    assert window.save_to(other) and window.open_campaign(other)  # another file: the list changes
    QApplication.processEvents()
    assert window.recent_files()[:2] == [str(other.resolve()), str(target.resolve())]
    assert QSettings(settings.fileName(), QSettings.Format.IniFormat).value("recent_files")[:2] == \
        window.recent_files()[:2]
    assert [a.text()[3:] for a in window.recent_menu.actions()[:2]] == window.recent_files()[:2]


def test_save_never_overwrites_the_built_in_campaign(window, monkeypatch):
    asked = []
    monkeypatch.setattr(window, "save_as_dialog", lambda: asked.append(True) or False)
    window.save()
    assert asked == [True]


def test_tactical_map_floats_in_its_own_window(window, qtbot):
    window.float_tactical()
    assert window.tactical_dock.isFloating() and window.tactical_dock.isVisible()
    window.float_tactical()
    assert not window.tactical_dock.isFloating()


def test_menus(window):
    titles = [a.text().replace("&", "") for a in window.menuBar().actions()]
    assert titles == ["File", "Edit", "Turn", "Campaign", "View", "Help"]
    file_items = [a.text().replace("&", "") for a in window.menuBar().actions()[0].menu().actions() if a.text()]
    assert {"Open...", "Save As...", "Quit", "Open Recent"} <= set(file_items)


def test_rules_texts_open_and_find(window):
    texts = rules_texts()
    assert len(texts) == 5 and all(t.path.exists() for t in texts)
    viewer = window.show_rules(texts[0])
    viewer.find.setText("V13.812")
    assert viewer.find_next(from_top=True)
    assert viewer.view.textCursor().selectedText() == "V13.812"
    viewer.find.setText("no such words anywhere")
    assert not viewer.find_next()
    assert viewer.status.text() == "not found"
    viewer.close()


def test_tactical_wheel_zoom_is_clamped(window):
    view = window.tactical_view
    view.zoom(1e6)
    assert view.transform().m11() == pytest.approx(view.MAX_SCALE)
    view.zoom(1e-6)
    assert view.transform().m11() == pytest.approx(view.MIN_SCALE)


def test_a_campaign_loaded_by_the_caller_is_not_read_again(qtbot, settings, errors, tmp_path):
    from rules.model import load_campaign
    campaign = load_campaign(DEFAULT_CAMPAIGN)
    gone = tmp_path / "already_read.json"  # does not exist: reading it would be an error
    w = MainWindow(gone, settings=settings, campaign=campaign)
    qtbot.addWidget(w)
    assert w.campaign is campaign and w.campaign_path == gone and errors == []
    assert w.recent_files()[0] == str(gone.resolve())
