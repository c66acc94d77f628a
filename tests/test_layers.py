"""The layering rules of ARCHITECTURE.md: rules/ and hexmap/ import no Qt and no app/;
hexmap/ imports no rules/; the campaign layer (rules/strategic/) is below the battle and
imports no battle system; the shared machinery imports no system, and no system
another; docs/ARCHITECTURE.md's picture matches the folders."""
from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
    return names


FORBIDDEN = {"rules": {"PySide6", "app", "shiboken6"}, "hexmap": {"PySide6", "app", "shiboken6", "rules"}}


@pytest.mark.parametrize("package", sorted(FORBIDDEN))
def test_static_imports(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    bad = {str(f.relative_to(ROOT)): sorted(_imports(f) & FORBIDDEN[package]) for f in files}
    assert {f: b for f, b in bad.items() if b} == {}


def test_no_qt_loaded_at_run_time():
    """Importing every module of rules/ and hexmap/ pulls in no Qt, even indirectly."""
    modules = [".".join(p.relative_to(ROOT).with_suffix("").parts) for pkg in FORBIDDEN
               for p in (ROOT / pkg).rglob("*.py")]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m.removesuffix('.__init__'))\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6', 'app'))\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=120)
    assert out.stdout.strip() == "[]"


def _modules(path: Path) -> set[str]:
    """Full dotted names imported by a file (``from rules import battle`` gives ``rules.systems.v13``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


# Sub-packages that must not import another sub-package of the same package.
FORBIDDEN_WITHIN = {"rules/strategic": {"rules.systems.v13"}}


def _forbidden(name: str, prefixes: set[str]) -> bool:
    return any(name == p or name.startswith(p + ".") for p in prefixes)


@pytest.mark.parametrize("folder", sorted(FORBIDDEN_WITHIN))
def test_static_imports_within(folder):
    files = sorted((ROOT / folder).rglob("*.py"))
    assert files
    bad = {str(f.relative_to(ROOT)): sorted(m for m in _modules(f) if _forbidden(m, FORBIDDEN_WITHIN[folder]))
           for f in files}
    assert {f: b for f, b in bad.items() if b} == {}


@pytest.mark.parametrize("folder", sorted(FORBIDDEN_WITHIN))
def test_no_forbidden_sub_package_loaded_at_run_time(folder):
    """Importing every module of rules/strategic/ loads nothing of rules/systems/v13/, even indirectly."""
    modules = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in (ROOT / folder).rglob("*.py")]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m.removesuffix('.__init__'))\n"
            f"prefixes = {sorted(FORBIDDEN_WITHIN[folder])!r}\n"
            "bad = sorted(m for m in sys.modules if any(m == p or m.startswith(p + '.') for p in prefixes))\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=120)
    assert out.stdout.strip() == "[]"


def test_the_checker_sees_a_violation(tmp_path):
    bad = tmp_path / "x.py"
    bad.write_text("from PySide6.QtCore import Qt\nimport rules.dice\n")
    assert _imports(bad) == {"PySide6", "rules"}


def test_the_within_checker_sees_a_violation(tmp_path):
    bad = tmp_path / "x.py"
    bad.write_text("from rules.systems import v13\nfrom rules.systems.v13.sublight import scrap_value\nimport rules.dice\n")
    assert sorted(m for m in _modules(bad) if _forbidden(m, {"rules.systems.v13"})) == [
        "rules.systems.v13", "rules.systems.v13.sublight", "rules.systems.v13.sublight.scrap_value"]
    assert not _forbidden("rules.systems.v13x", {"rules.systems.v13"})


def test_start_up_loads_neither_the_battle_window_nor_the_battle_engine():
    """The first window imports the battle window and the battle engine (with shapely) only
    when a Battle Hex is fought or a fleet is inspected: they are half the start-up time."""
    code = ("import sys\nimport app.shell.window\n"
            "print(sorted(m for m in sys.modules if m in ('app.battle.window', 'rules.systems.v13') "
            "or m.split('.')[0] == 'shapely'))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                         timeout=120)
    assert out.stdout.strip() == "[]"


# Issue 21 part 3: the folders show the seam. The shared machinery (rules/battlehex, app/battle)
# knows no system; a system knows no other system; the strategic map knows no battle window.
SYSTEMS = ("v13", "sidcors", "afef", "table")
SEAM_RULES = {
    "rules/battlehex": {f"rules.systems.{s}" for s in SYSTEMS} | {"app"},
    **{f"rules/systems/{s}": {f"rules.systems.{o}" for o in SYSTEMS if o != s} for s in SYSTEMS},
    "rules/strategic": {"rules.battlehex", "rules.systems"},
    "app/battle": {"app.systems"},
    "app/strategic": {"app.battle", "app.systems"},
    **{f"app/systems/{s}": {f"app.systems.{o}" for o in SYSTEMS if o != s} for s in SYSTEMS},
}


def _files_of(folder: str) -> list[Path]:
    """A package folder's modules, or the one module ``folder.py`` (app/systems/afef.py)."""
    if (ROOT / folder).is_dir():
        return sorted((ROOT / folder).rglob("*.py"))
    return [ROOT / f"{folder}.py"] if (ROOT / f"{folder}.py").is_file() else []


# Arrows against the seam that the re-layout found in the code (issue 21, still to remove): the
# test fails on any other, and on one of these once it is gone (then take it off this list).
LEFT = {
    'rules/battlehex/headless.py': ['rules.systems.v13.procedure'],
    'rules/battlehex/results.py': ['rules.systems.v13.sublight'],
    'rules/battlehex/state.py': ['rules.systems.v13.exits'],
}


@pytest.mark.parametrize("folder", sorted(SEAM_RULES))
def test_the_seam_in_the_folders(folder):
    files = _files_of(folder)
    assert files, folder
    bad = {str(f.relative_to(ROOT)): sorted({m.rsplit(".", 1)[0] if m.rsplit(".", 1)[0] in _modules(f) else m
                                             for m in _modules(f) if _forbidden(m, SEAM_RULES[folder])})
           for f in files}
    assert {f: b for f, b in bad.items() if b} == {f: b for f, b in LEFT.items() if f in bad}


def _picture() -> str:
    text = (ROOT / "docs" / "ARCHITECTURE.md").read_text(encoding="utf-8")
    return text.split("## Layers", 1)[1].split("```", 2)[1]


def test_the_architecture_picture_matches_the_folders():
    """docs/ARCHITECTURE.md's picture names every package of app/ rules/ hexmap/ (a line that
    starts with its folder) and, in that package's entry, every module in it; and no other."""
    entries: dict[str, str] = {}
    current = None
    for line in _picture().splitlines():
        head = line.split(" ", 1)[0]
        if head.endswith("/"):
            current = head.rstrip("/")
            entries[current] = line[len(head):]
        elif current:
            entries[current] += " " + line
    folders = sorted(str(p.parent.relative_to(ROOT)) for top in ("app", "rules", "hexmap")
                     for p in (ROOT / top).rglob("__init__.py"))
    assert sorted(entries) == folders
    missing = {f: sorted(m.stem for m in (ROOT / f).glob("*.py")
                         if m.stem != "__init__" and not re.search(rf"\b{m.stem}\b", entries[f]))
               for f in folders}
    assert {f: m for f, m in missing.items() if m} == {}
