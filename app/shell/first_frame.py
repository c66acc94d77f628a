"""The main window's first frame, kept for the next start (issue 21: start to an interactive window
within 3x the bare PySide6 import).

A start with nothing named opens the built-in campaign; its window's first frame waited for
pydantic and the campaign's 46 record classes (~110 ms of ~370). The picture of that first frame
is stored in the cache folder under a key of everything the frame depends on: the built-in
campaign's bytes, the settings (the main window's geometry and docks, recent files; not the places
of the battle windows and dialogs, which the first frame does not show), its
autosave's size and time (a recovery offer), the sources of ``app/``, ``rules/`` and ``hexmap/``
(paths, sizes, times), the Python and Qt versions, the platform, the screens and the scale. The
next start with the same key shows the picture in a stand-in window (:mod:`app.shell.stand_in`)
while the real window is built; any other start (a file named, a changed key, no picture) is the
plain start, which stores a new picture after its first frame. The picture holds only what that
first frame showed: the table's view of the campaign the start opened, the built-in one or the last
file reopened (its bytes' size and time and its autosave are in the key; a file with sealed
secrets is never kept).
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QByteArray, QSettings
from PySide6.QtGui import QGuiApplication, QImage
from PySide6.QtWidgets import QMainWindow

from app.shell.paths import DEFAULT_CAMPAIGN, PACKAGE, ROOT, autosave_file, legacy_autosave_file, source_listing

PICTURE_NAME = "first_frame.bin"
MAGIC = b"BattleHex first frame 1\n"
IMAGE_FORMAT = QImage.Format.Format_ARGB32_Premultiplied
OTHER_WINDOWS, MAIN_WINDOW = "windows/", "windows/main_window/"
"""The settings of each window's place (app/shell/window_state.py): only the main window's are in
the key (a battle window or a dialog moved in the last session does not change the first frame)."""


@dataclass(frozen=True)
class Picture:
    """A stored first frame: the window's title and saved geometry, and its image."""

    title: str
    geometry: bytes
    image: QImage


def picture_file() -> Path:
    """Where the picture is kept: beside the cached built-in campaign (``BATTLEHEX_DATA/cache``
    in tests, else the user's cache folder)."""
    data = os.environ.get("BATTLEHEX_DATA")
    if data:
        return Path(data) / "cache" / PICTURE_NAME
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("BattleHex", "BattleHex")) / PICTURE_NAME


def _stat(path: Path) -> str:
    try:
        stat = path.stat()
    except OSError:
        return f"{path} none"
    return f"{path} {stat.st_size} {stat.st_mtime_ns}"


def _first_recent(settings: QSettings) -> list[object]:
    """The file a start reopens when it is there (``recent_files``' first: app/shell/files.py)."""
    value = settings.value("recent_files", [])
    return ([value] if isinstance(value, str) else list(value or []))[:1]


def _plain(value: object) -> object:
    """A setting as a later start reads it back: the INI file keeps an empty list as no value, a
    list of one as its item, a number or a flag as its text; the process that wrote it still holds
    what it wrote (the key made at the exit, :func:`keep_for_next_start`, must be the next start's)."""
    if isinstance(value, (list, tuple)):
        return None if not value else _plain(value[0]) if len(value) == 1 else [_plain(v) for v in value]
    if isinstance(value, (bool, int, float)):
        return str(value).lower()
    if isinstance(value, QByteArray):
        return bytes(value.data())
    return value


def start_key(settings: QSettings) -> str:
    """The key of a start with nothing named (64 hex digits): what its first frame depends on.
    Call it before the window is made (the window writes the settings it reads)."""
    import PySide6

    app = QGuiApplication.instance()
    screens = [f"{s.name()} {s.geometry().getRect()} {s.availableGeometry().getRect()} {s.devicePixelRatio()} "
               f"{s.logicalDotsPerInch()}" for s in QGuiApplication.screens()]
    parts = [MAGIC.decode(), sys.version, PySide6.__version__, QGuiApplication.platformName(), *screens,
             *(f"{k}={v}" for k, v in sorted(os.environ.items()) if k.startswith("QT_")),
             app.font().toString() if isinstance(app, QGuiApplication) else "",
             _stat(autosave_file(DEFAULT_CAMPAIGN)), _stat(legacy_autosave_file(DEFAULT_CAMPAIGN)),
             _stat(ROOT / "main.py")]
    for f in _first_recent(settings):  # the file a start reopens (kept too: app/shell/opening.py) and its autosave
        last = Path(str(f))
        parts.extend((_stat(last), _stat(autosave_file(last)), _stat(legacy_autosave_file(last))))
    for folder in (PACKAGE, ROOT / "rules", ROOT / "hexmap"):
        parts.extend(source_listing(str(folder), f"{folder.name}/"))
    parts.extend(f"{k}={_plain(settings.value(k))!r}" for k in sorted(settings.allKeys())  # any platform's settings
                 if not k.startswith(OTHER_WINDOWS) or k.startswith(MAIN_WINDOW))
    digest = hashlib.sha256("\n".join(parts).encode("utf-8", "surrogateescape"))
    try:
        digest.update(b"\0" + DEFAULT_CAMPAIGN.read_bytes())
    except OSError:
        digest.update(b"\0none")
    return digest.hexdigest()


def read_picture(key: str) -> Picture | None:
    """The picture stored for ``key``, or None (none stored, another key, unreadable)."""
    try:
        with open(picture_file(), "rb") as f:  # the head first: a picture for another key is not read
            if f.read(len(MAGIC)) != MAGIC:
                return None
            head = json.loads(f.readline(1 << 16))
            if head.get("key") != key:
                return None
            bits = f.read()
        w, h, line = int(head["width"]), int(head["height"]), int(head["bytes_per_line"])
        if len(bits) != h * line:
            return None
        image = QImage(bits, w, h, line, IMAGE_FORMAT).copy()  # its own bits: ``bits`` goes
        image.setDevicePixelRatio(float(head["ratio"]))
        return Picture(str(head["title"]), bytes.fromhex(head["geometry"]), image)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def store_picture(window: QMainWindow, key: str, geometry: QByteArray | bytes | None = None) -> bool:
    """Keep ``window``'s frame as it is now for the next start with ``key`` (atomically); a
    window with a floating dock is not kept (the picture would not show it). ``geometry``: where
    the stand-in is put (the window's own place by default). Returns whether kept."""
    from PySide6.QtWidgets import QDockWidget

    if any(d.isFloating() and d.isVisible() for d in window.findChildren(QDockWidget)):
        return False
    image = window.grab().toImage().convertToFormat(IMAGE_FORMAT)
    geometry = window.saveGeometry() if geometry is None else geometry
    head = {"key": key, "title": window.windowTitle(), "width": image.width(), "height": image.height(),
            "bytes_per_line": image.bytesPerLine(), "ratio": image.devicePixelRatio(),
            "geometry": bytes(geometry.data() if isinstance(geometry, QByteArray) else geometry).hex()}
    store = picture_file()
    try:
        store.parent.mkdir(parents=True, exist_ok=True)
        temp = store.with_name(f"{store.name}.{os.getpid()}.tmp")
        bits = image.constBits()
        temp.write_bytes(MAGIC + json.dumps(head).encode() + b"\n" + bytes(bits)[:image.sizeInBytes()])
        os.replace(temp, store)
    except OSError:  # a picture that cannot be kept only costs the next start its head start
        return False
    return True


def keep_for_next_start(settings: QSettings | None = None) -> bool:
    """At the exit, keep the first frame the next start with nothing named will show, when the
    frame kept is not already for its key: the session changed the settings (the window's place,
    the last file), saved the file it reopens, or began with a file named. Without it the start
    after playing was the plain one (pydantic and the records on its path, issue 21). The window is
    made as that start makes it (the file it reopens or the built-in campaign), shown off the
    screen (Qt lays it out and fits the map as on the screen: the same pixels), grabbed, and
    deleted without a close (a close keeps its place in the settings). Nothing is kept when that
    start would ask something first or show something else: a file with sealed secrets (its
    passphrases), one that cannot be opened (its error), a newer autosave (the recovery offer), the
    leftovers of a save cut short (a message), or settings the window itself changed. Returns
    whether a frame for the next start is kept."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QApplication

    from app.shell.files import recovery_offer
    from app.shell.window import MainWindow
    from rules.model import CampaignError
    from rules.opening import open_campaign_file

    settings = settings or QSettings("BattleHex", "BattleHex")
    settings.sync()
    key = start_key(settings)
    if read_picture(key) is not None:
        return True
    window = MainWindow(None, settings, offer_recovery=False, open_later=True)
    try:
        path = window.start_file()
        if path != DEFAULT_CAMPAIGN:
            try:
                open_campaign_file(path)  # a sealed file (SealedError) or a bad one: not opened silently
            except CampaignError:
                return False
        window.open_start()
        session = window.session
        if session is None or window.campaign_path != path or session.campaign.keys or session.keyring.names \
                or window.statusBar().currentMessage().startswith("Removed") \
                or recovery_offer(session.campaign, path) is not None:
            return False
        window.setAttribute(Qt.WidgetAttribute.WA_DontShowOnScreen, True)
        window.show()
        for _ in range(5):  # the show's own events, the refit and the map's fit (0 ms timers)
            QApplication.processEvents()
        settings.sync()
        if start_key(settings) != key or window.isWindowModified() or session.undo_stack.count():
            return False
        placed = settings.value(f"{MAIN_WINDOW}geometry")  # where the next start's window is put (framed)
        return isinstance(placed, (QByteArray, bytes)) and store_picture(window, key, placed)
    finally:
        window.deleteLater()
        QApplication.processEvents()
