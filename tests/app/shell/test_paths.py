"""Where the program finds its own files and what a stored start depends on (app/shell/paths.py)."""
from __future__ import annotations

import os

from PySide6.QtCore import QSettings

from app.shell import campaign_cache, first_frame, paths


def test_a_start_lists_each_source_folder_once_and_a_cleared_listing_sees_a_change(tmp_path, monkeypatch):
    """The kept first frame's key and the campaign cache's key both list the engine's sources: a
    start with nothing named listed rules/ and hexmap/ twice (~400 stats each time, issue 21)."""
    scanned: list[str] = []
    scandir = os.scandir

    def counted(folder):
        scanned.append(os.path.basename(str(folder)))
        return scandir(folder)
    monkeypatch.setattr(os, "scandir", counted)
    monkeypatch.setattr(campaign_cache, "_code", None)
    paths.source_listing.cache_clear()
    first_frame.start_key(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    campaign_cache.code_key()
    assert scanned.count("rules") == 1 and scanned.count("hexmap") == 1 and scanned.count("app") == 1
    folder = tmp_path / "src"
    folder.mkdir()
    (folder / "a.py").write_text("x = 1\n", encoding="utf-8")
    assert paths.source_listing(str(folder), "p/") == [f"p/a.py 6 {(folder / 'a.py').stat().st_mtime_ns}"]
    (folder / "b.py").write_text("y = 2\n", encoding="utf-8")
    assert len(paths.source_listing(str(folder))) == 1  # kept for the process: the code it runs
    paths.source_listing.cache_clear()
    assert [line.split()[0] for line in paths.source_listing(str(folder))] == ["a.py", "b.py"]
