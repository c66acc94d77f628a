"""Issue 21 start-up: the built-in campaign is validated once and kept; a later start takes it
from the cache, unless its file, or the code, changed; a corrupt cache falls back."""
from __future__ import annotations

import json
import shutil

import pytest
from PySide6.QtCore import QSettings

import app.shell.files as files
from app.shell import campaign_cache
from app.shell.campaign_cache import cache_file, open_cached
from app.shell.paths import DEFAULT_CAMPAIGN
from app.shell.window import MainWindow
from rules.model import CampaignError, dumps
from rules.opening import open_campaign_file


def _start(qtbot, tmp_path) -> MainWindow:
    """A start with no file named and fresh settings: the built-in campaign."""
    w = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat), offer_recovery=False)
    qtbot.addWidget(w)
    return w


@pytest.fixture
def validations(monkeypatch) -> list[str]:
    """The files the window validated (rules.opening.open_campaign_file) from now on."""
    seen: list[str] = []

    def counted(path, *args, **kwargs):
        seen.append(str(path))
        return open_campaign_file(path, *args, **kwargs)

    monkeypatch.setattr(files, "open_campaign_file", counted)
    return seen


def test_a_second_start_takes_the_built_in_campaign_from_the_cache(qtbot, tmp_path, validations):
    first = _start(qtbot, tmp_path)
    assert validations == [str(DEFAULT_CAMPAIGN)] and cache_file().exists()
    second = _start(qtbot, tmp_path)
    assert validations == [str(DEFAULT_CAMPAIGN)], "the second start validated the built-in campaign again"
    assert second.campaign == first.campaign and dumps(second.campaign) == dumps(first.campaign)
    assert second.campaign is not first.campaign
    fleet = second.campaign.fleets[0]  # its records still validate an assignment (built at first use)
    with pytest.raises(ValueError):
        fleet.sector = "no such label"


def _copy(tmp_path):
    path = tmp_path / "default_campaign.json"
    shutil.copyfile(DEFAULT_CAMPAIGN, path)
    return path


def test_a_changed_file_is_validated_again(tmp_path):
    path = _copy(tmp_path)
    open_cached(path, open_campaign_file)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["fleets"][0]["sector"] = "no such label"  # a file edited since: refused, not taken from the cache
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CampaignError):
        open_cached(path, open_campaign_file)


def test_a_changed_code_is_not_trusted(tmp_path, monkeypatch):
    path = _copy(tmp_path)
    open_cached(path, open_campaign_file)
    monkeypatch.setattr(campaign_cache, "_code", campaign_cache.code_key() + "\nrules/model/units.py 1 2")
    called: list[object] = []
    c = open_cached(path, lambda p: called.append(p) or open_campaign_file(p))
    assert called == [path] and c == open_campaign_file(path)


def test_a_corrupt_cache_falls_back_and_is_written_again(tmp_path):
    path = _copy(tmp_path)
    open_cached(path, open_campaign_file)
    held = cache_file().read_bytes()
    cache_file().write_bytes(held[:65] + b"not a pickle")  # the right key, a spoilt campaign
    called: list[object] = []
    c = open_cached(path, lambda p: called.append(p) or open_campaign_file(p))
    assert called == [path] and c == open_campaign_file(path)
    assert cache_file().read_bytes()[:65] == held[:65] and open_cached(path, pytest.fail) == c


def test_the_code_key_names_every_engine_source():
    key = campaign_cache.code_key()
    assert "\nmodel/campaign.py " in key and "\nhexes.py " in key and "\nstrategic/supply.py " in key
