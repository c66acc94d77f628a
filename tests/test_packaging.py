"""``pip install .`` gives a working program: the wheel holds the rules texts, the default
campaign and the icons as package data, and the installed copy finds them with no checkout
around it (issue 9, section 4).

The wheel is built offline (``--no-build-isolation --no-index``) from a copy of the sources,
so the test needs no network and leaves no build/ folder in the working tree."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

SOURCES = ("pyproject.toml", "README.md", "main.py", "app", "hexmap", "rules", "assets", "scenarios")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("dist")
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                        "-q", str(src), "-w", str(out)], check=False, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    [built] = out.glob("battlehex-*.whl")
    return built


def test_the_wheel_holds_the_rules_texts_the_default_campaign_and_the_icons(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    data = {f"app/assets/{p.relative_to(ROOT / 'assets').as_posix()}" for p in (ROOT / "assets").rglob("*")
            if p.is_file()}
    data |= {f"app/scenarios/{p.name}" for p in (ROOT / "scenarios").glob("*.json")}
    assert "app/scenarios/default_campaign.json" in data and "app/assets/rules/index.json" in data
    assert any(n.startswith("app/assets/icons/") for n in data)
    missing = sorted(data - names)
    assert not missing, f"not in the wheel: {missing}"


def test_the_wheel_holds_every_package(wheel):
    """pyproject.toml lists the packages by hand: a new package folder must be added there."""
    names = set(zipfile.ZipFile(wheel).namelist())
    packages = {p.parent.relative_to(ROOT).as_posix() for top in ("app", "hexmap", "rules")
                for p in (ROOT / top).rglob("__init__.py")}
    modules = {p.relative_to(ROOT).as_posix() for top in ("app", "hexmap", "rules")
               for p in (ROOT / top).rglob("*.py") if p.parent.relative_to(ROOT).as_posix() in packages}
    missing = sorted(modules - names)
    assert not missing, f"add their packages to [tool.setuptools] packages: {missing}"
    assert "main.py" in names


def test_the_wheel_declares_the_battlehex_command(wheel):
    z = zipfile.ZipFile(wheel)
    entry = next(n for n in z.namelist() if n.endswith(".dist-info/entry_points.txt"))
    text = z.read(entry).decode()
    assert "[gui_scripts]" in text and "battlehex = main:main" in text


def test_the_installed_copy_finds_its_files_and_runs(wheel, tmp_path):
    """The wheel unpacked as pip installs it, run from elsewhere: its own data, not the checkout's."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    shot = tmp_path / "shot.png"
    code = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "import main, app.shell.paths as p\n"
        "from app.shell.rules_texts import rules_texts\n"
        "assert str(p.DEFAULT_CAMPAIGN).startswith(sys.argv[1]), p.DEFAULT_CAMPAIGN\n"
        "texts = rules_texts()\n"
        "assert texts and all(t.path.is_file() and str(t.path).startswith(sys.argv[1]) for t in texts)\n"
        "assert (p.ICONS / 'battlehex.svg').is_file()\n"
        "code = main.main(['--check', str(p.DEFAULT_CAMPAIGN)])\n"
        "sys.exit(code or main.main(['--screenshot', sys.argv[2], '--size', '900x600']))\n")
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "BATTLEHEX_DATA": str(tmp_path / "data")}
    env.pop("PYTHONPATH", None)
    r = subprocess.run([sys.executable, "-I", "-c", code, str(site), str(shot)], cwd=tmp_path, env=env,
                       check=False, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "OK (The Ardana Crisis" in r.stdout and shot.stat().st_size > 10_000


def test_the_installed_copy_finds_its_battle_systems_in_its_metadata(wheel, tmp_path):
    """The wheel's ``battlehex.systems`` entry points are what an installed copy reads (with the
    built-in fallback table emptied, every system is still found, from the installed metadata)."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    code = ("import sys; sys.path.insert(0, sys.argv[1])\n"
            "from rules.systems import registry\n"
            "registry.BUILTIN.clear()\n"
            "found = registry.systems()\n"
            "assert all(sys.modules[type(s).__module__].__file__.startswith(sys.argv[1]) for s in found.values())\n"
            "print(' '.join(found))\n")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    r = subprocess.run([sys.executable, "-I", "-c", code, str(site)], cwd=tmp_path, env=env, check=False,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert sorted(r.stdout.split()) == ["afef", "b5", "sidcors", "stcs", "table", "v13"]
