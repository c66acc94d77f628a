"""The layering rules of ARCHITECTURE.md: rules/ and hexmap/ import no Qt and no app/;
hexmap/ imports no rules/; the campaign layer (rules/strategic/) is below the battle and
imports no rules/battle/."""
from __future__ import annotations

import ast
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
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _modules(path: Path) -> set[str]:
    """Full dotted names imported by a file (``from rules import battle`` gives ``rules.battle``)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{a.name}" for a in node.names}
    return names


# Sub-packages that must not import another sub-package of the same package.
FORBIDDEN_WITHIN = {"rules/strategic": {"rules.battle"}}


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
    """Importing every module of rules/strategic/ loads nothing of rules/battle/, even indirectly."""
    modules = [".".join(p.relative_to(ROOT).with_suffix("").parts) for p in (ROOT / folder).rglob("*.py")]
    code = ("import importlib, sys\n"
            f"for m in {modules!r}: importlib.import_module(m.removesuffix('.__init__'))\n"
            f"prefixes = {sorted(FORBIDDEN_WITHIN[folder])!r}\n"
            "bad = sorted(m for m in sys.modules if any(m == p or m.startswith(p + '.') for p in prefixes))\n"
            "print(bad)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_checker_sees_a_violation(tmp_path):
    bad = tmp_path / "x.py"
    bad.write_text("from PySide6.QtCore import Qt\nimport rules.dice\n")
    assert _imports(bad) == {"PySide6", "rules"}


def test_the_within_checker_sees_a_violation(tmp_path):
    bad = tmp_path / "x.py"
    bad.write_text("from rules import battle\nfrom rules.battle.sublight import scrap_value\nimport rules.dice\n")
    assert sorted(m for m in _modules(bad) if _forbidden(m, {"rules.battle"})) == [
        "rules.battle", "rules.battle.sublight", "rules.battle.sublight.scrap_value"]
    assert not _forbidden("rules.battlefield", {"rules.battle"})


def test_start_up_loads_neither_the_battle_window_nor_the_battle_engine():
    """The first window imports the battle window and the battle engine (with shapely) only
    when a Battle Hex is fought or a fleet is inspected: they are half the start-up time."""
    code = ("import sys\nimport app.main_window\n"
            "print(sorted(m for m in sys.modules if m in ('app.battle_window', 'rules.battle') "
            "or m.split('.')[0] == 'shapely'))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
