"""The battle systems' registry (issue 21 part 2): one entry per system, from the
``battlehex.systems`` entry points, with the built-in ones found even where the installed
metadata predates them; an unknown key in a file is refused naming its field."""
from __future__ import annotations

import json
import tomllib

import pytest

from rules.systems import registry
from rules.systems.registry import BUILTIN, GROUP, BattleSystem
from tests.conftest import DEFAULT, ROOT
from tests.test_main_cli import _run


@pytest.fixture
def fresh(monkeypatch):
    """The registry read again, and again after the test."""
    registry.reset()
    yield monkeypatch
    registry.reset()


def _dist_info(folder, name: str, entries: dict[str, str]):
    """An installed distribution ``name`` in ``folder`` declaring ``entries`` in the group."""
    info = folder / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n" + "".join(f"{k} = {v}\n" for k, v in entries.items()),
                                           encoding="utf-8")


def test_pyproject_declares_the_built_in_table():
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["entry-points"][GROUP]
    assert declared == BUILTIN


def test_without_metadata_the_built_in_systems_are_found(fresh):
    """A checkout whose ``pip install -e .`` predates the entry points (no metadata at all)."""
    fresh.setattr(registry, "entry_points", lambda group: [])
    assert registry.keys() == ("v13", "table", "sidcors", "afef", "b5", "stcs")
    found = registry.systems()
    assert all(isinstance(s, BattleSystem) and s.key == k and s.title and s.blurb for k, s in found.items())


def test_the_metadata_alone_gives_the_systems(fresh, tmp_path):
    """Installed metadata (a dist-info on the path) is read: with no built-in table at all, its
    entries are the systems, each loaded only when asked for."""
    _dist_info(tmp_path, "battlehex_fake", BUILTIN)
    fresh.syspath_prepend(str(tmp_path))
    fresh.setattr(registry, "BUILTIN", {})
    assert set(registry.keys()) == set(BUILTIN)
    assert registry.get("sidcors").engine == "rules.systems.sidcors.battle:SidcorsBattle"


def test_an_entry_that_is_not_its_system_is_refused(fresh, tmp_path):
    _dist_info(tmp_path, "battlehex_wrong", {"chess": "rules.systems.table.entry:SYSTEM"})
    fresh.syspath_prepend(str(tmp_path))
    with pytest.raises(TypeError, match="chess"):
        registry.get("chess")


def test_every_built_in_engine_and_panel_resolves():
    for s in registry.systems().values():
        assert callable(registry.load(s.engine)) and callable(registry.load(s.headless))
        module, _, attr = s.panel.partition(":")
        assert module.startswith("app.") and attr  # loaded by the window (tests/app), never by rules/


@pytest.mark.parametrize("where", ["settings", "record"])
def test_check_names_the_field_of_an_unknown_system(tmp_path, where):
    """``main.py --check`` on a file naming a system nobody registered: refused naming the field
    and the registered systems (it listed a Literal's values, with nothing on where they come from)."""
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    if where == "settings":
        data["settings"]["battle_system"] = "chess"
        field = "settings.battle_system"
    else:
        data["battle_hexes"] = [{"at": "0509", "turn": 1, "attacker": data["teams"][0]["id"], "defender": data["teams"][1]["id"],
                                 "system": "chess"}]
        field = "battle_hexes[0].system"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    r = _run("--check", str(bad))
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"{field}: no battle system 'chess': one of v13, table, sidcors, afef" in r.stdout + r.stderr
    assert GROUP in r.stdout + r.stderr
