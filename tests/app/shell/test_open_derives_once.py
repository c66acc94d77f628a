"""Issue 21 (open + Fight < 100 ms): File > Open built the campaign's lane graph and strategic state twice,
once in the opening check (rules/opening.py) and again for the window's session right after it; the
session now takes the check's (rules.opening.derived), for that very campaign only."""
from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QSettings

import app.shell.session as session_module
import rules.strategic
from app.shell.window import MainWindow
from rules.opening import derived, opening_problems
from rules.model import load_campaign

ROOT = Path(__file__).resolve().parents[3]


def _counted(monkeypatch) -> list[int]:
    built: list[int] = []
    build = rules.strategic.build_graph

    def counting(c):  # the check imports it from rules.strategic, the session holds its own name
        built.append(1)
        return build(c)
    monkeypatch.setattr(rules.strategic, "build_graph", counting)
    monkeypatch.setattr(session_module, "build_graph", counting)
    return built


def test_file_open_builds_the_lane_graph_once(qtbot, tmp_path, monkeypatch):
    path = tmp_path / "c.json"
    path.write_text((ROOT / "scenarios" / "default_campaign.json").read_text(encoding="utf-8"), encoding="utf-8")
    main = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    built = _counted(monkeypatch)
    assert main.open_campaign(path)
    assert len(built) == 1, built  # the check's, taken by the session
    s = main.session
    assert s.state.campaign is s.campaign and s.state.graph is s.graph
    assert sorted(map(str, s.graph.neighbours(s.campaign.map.sectors[0].at))) == sorted(
        map(str, rules.strategic.state.build_graph(s.campaign).neighbours(s.campaign.map.sectors[0].at)))


def test_the_check_hands_its_graph_to_that_campaign_alone_and_once(tmp_path):
    data = json.loads((ROOT / "scenarios" / "default_campaign.json").read_text(encoding="utf-8"))
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    checked, other = load_campaign(path), load_campaign(path)
    assert opening_problems(checked) == []
    assert derived(other) is None  # an equal campaign, not the one checked: its own graph
    assert opening_problems(checked) == []
    got = derived(checked)
    assert got is not None and got[1].campaign is checked
    assert derived(checked) is None  # once
