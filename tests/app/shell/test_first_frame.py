"""The first frame kept for the next start (issue 21, app/shell/first_frame.py): kept under a key of
what the frame depends on, read back only for that key, never kept with a floating dock."""
from __future__ import annotations

import json
import os

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow

from app.shell import first_frame
from app.shell.paths import DEFAULT_CAMPAIGN, autosave_file


def _settings(tmp_path) -> QSettings:
    return QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)


def _window(qtbot) -> QMainWindow:
    w = QMainWindow()
    w.setWindowTitle("BattleHex \u2014 test [x.json][*]")
    w.setCentralWidget(QLabel("a frame"))
    w.resize(320, 200)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    return w


def test_a_kept_frame_is_read_back_for_its_key_only(qtbot, tmp_path):
    w = _window(qtbot)
    key = first_frame.start_key(_settings(tmp_path))
    assert first_frame.read_picture(key) is None  # none kept yet
    assert first_frame.store_picture(w, key)
    got = first_frame.read_picture(key)
    assert got is not None and got.title == w.windowTitle() and bytes(w.saveGeometry().data()) == got.geometry
    assert got.image == w.grab().toImage().convertToFormat(first_frame.IMAGE_FORMAT)
    assert first_frame.read_picture("0" * 64) is None


def test_the_key_changes_with_the_settings_the_autosave_and_the_last_file(tmp_path):
    settings = _settings(tmp_path)
    key = first_frame.start_key(settings)
    assert first_frame.start_key(settings) == key  # nothing changed
    settings.setValue("windows/main_window/size", "800x600")
    settings.sync()
    moved = first_frame.start_key(settings)
    assert moved != key
    autosave = autosave_file(DEFAULT_CAMPAIGN)
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text("{}", encoding="utf-8")  # a recovery would be offered
    offered = first_frame.start_key(settings)
    assert offered != moved
    mine = tmp_path / "mine.json"
    settings.setValue("recent_files", [str(mine)])
    settings.sync()
    gone = first_frame.start_key(settings)
    mine.write_text("{}", encoding="utf-8")  # the last file is there again: the start reopens it
    reopened = first_frame.start_key(settings)
    assert reopened != gone
    autosave_file(mine).write_text("{}", encoding="utf-8")  # its recovery would be offered (its frame is kept too)
    assert first_frame.start_key(settings) != reopened


def test_a_cut_short_or_foreign_picture_is_not_read(qtbot, tmp_path):
    w = _window(qtbot)
    key = first_frame.start_key(_settings(tmp_path))
    assert first_frame.store_picture(w, key)
    store = first_frame.picture_file()
    data = store.read_bytes()
    store.write_bytes(data[:-10])
    assert first_frame.read_picture(key) is None
    head, _, bits = data[len(first_frame.MAGIC):].partition(b"\n")
    store.write_bytes(b"something else\n" + head + b"\n" + bits)
    assert first_frame.read_picture(key) is None
    assert json.loads(head)["key"] == key


def test_a_window_with_a_floating_dock_is_not_kept(qtbot, tmp_path):
    w = _window(qtbot)
    dock = QDockWidget("floating", w)
    w.addDockWidget(dock_area(), dock)
    dock.setFloating(True)
    dock.show()
    qtbot.waitExposed(dock)
    assert not first_frame.store_picture(w, first_frame.start_key(_settings(tmp_path)))
    assert not first_frame.picture_file().exists()


def dock_area():
    from PySide6.QtCore import Qt

    return Qt.DockWidgetArea.RightDockWidgetArea


def test_another_windows_place_keeps_the_key(tmp_path):
    """A battle window or a dialog moved in the last session (its place kept in the settings) does
    not change the main window's first frame: the next start still shows the kept one. A setting
    of the main window's own does (above)."""
    settings = _settings(tmp_path)
    key = first_frame.start_key(settings)
    for name in ("battle_window", "battle_hexes_dialog"):
        settings.setValue(f"windows/{name}/geometry", b"\x01\x02")
        settings.setValue(f"windows/{name}/size", "900x700")
    settings.sync()
    assert first_frame.start_key(settings) == key
    settings.setValue("windows/main_window/open_docks", "log")
    settings.sync()
    assert first_frame.start_key(settings) != key


def _reopening(tmp_path, last) -> QSettings:
    settings = _settings(tmp_path)
    settings.setValue("recent_files", [str(last)])
    settings.setValue("windows/main_window/geometry", b"")  # a place to put the stand-in
    settings.sync()
    return settings


def test_the_exit_keeps_no_frame_of_a_start_that_would_ask_or_say_something_first(qapp, tmp_path, default_data):
    """keep_for_next_start (the exit) keeps nothing when the next start would not show its window's
    plain frame first: the last file cannot be opened (an error box; it falls back), or its autosave
    holds later work (the recovery offer). The same file as it is keeps its frame."""
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert not first_frame.keep_for_next_start(_reopening(tmp_path, bad))
    assert not first_frame.picture_file().exists()
    mine = tmp_path / "mine.json"
    mine.write_text(json.dumps(default_data), encoding="utf-8")
    default_data["name"] = "Played on, not saved"
    autosave = autosave_file(mine)
    autosave.parent.mkdir(parents=True, exist_ok=True)
    autosave.write_text(json.dumps(default_data), encoding="utf-8")
    os.utime(autosave, (mine.stat().st_mtime + 10,) * 2)
    settings = _reopening(tmp_path, mine)
    assert not first_frame.keep_for_next_start(settings)
    assert not first_frame.picture_file().exists()
    autosave.unlink()
    assert first_frame.keep_for_next_start(settings)
    picture = first_frame.read_picture(first_frame.start_key(settings))
    assert picture is not None and "[mine.json]" in picture.title


def test_the_exit_keeps_no_frame_of_a_file_with_sealed_secrets_and_asks_nothing(qapp, tmp_path):
    """A file with sealed secrets (the GM's passphrase set) is reopened behind its passphrase
    dialog, so no frame of it is kept; the exit asks for no passphrase (no dialog at all)."""
    from rules.model import load_campaign, save_campaign
    from rules.model.seals import Keyring, new_key
    from rules.model.secrets import with_key

    ring = Keyring()
    gm, private = new_key("game master pass", 10, holder="gm")
    ring.add("gm", private)
    sealed = tmp_path / "sealed.json"
    save_campaign(with_key(load_campaign(DEFAULT_CAMPAIGN), "gm", gm, ring), sealed)
    assert '"keys"' in sealed.read_text(encoding="utf-8")
    assert not first_frame.keep_for_next_start(_reopening(tmp_path, sealed))
    assert not first_frame.picture_file().exists()
