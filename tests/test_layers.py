"""The layering rules of ARCHITECTURE.md: rules/ and hexmap/ import no Qt and no app/;
hexmap/ imports no rules/."""
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


def test_the_checker_sees_a_violation(tmp_path):
    bad = tmp_path / "x.py"
    bad.write_text("from PySide6.QtCore import Qt\nimport rules.dice\n")
    assert _imports(bad) == {"PySide6", "rules"}
