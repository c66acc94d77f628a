"""No class over 300 lines and no module over 400 in app/, rules/ and hexmap/ (issue 21 part 3):
a bigger one is split by responsibility, not waved through."""
from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import ROOT

PACKAGES = ("app", "rules", "hexmap")
MODULE_MOST = 400
CLASS_MOST = 300


def too_big(path: Path) -> list[str]:
    """The module ``path`` and its classes (nested ones too) over their limits, with their sizes."""
    text = path.read_text(encoding="utf-8")
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path.name
    out = []
    lines = len(text.splitlines())
    if lines > MODULE_MOST:
        out.append(f"{name}: {lines} lines (a module has at most {MODULE_MOST})")
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.ClassDef):
            size = (node.end_lineno or node.lineno) - node.lineno + 1
            if size > CLASS_MOST:
                out.append(f"{name}: class {node.name}: {size} lines (a class has at most {CLASS_MOST})")
    return out


def test_no_class_over_300_lines_and_no_module_over_400():
    files = [p for pkg in PACKAGES for p in sorted((ROOT / pkg).rglob("*.py"))]
    assert len(files) > 100
    assert [f for p in files for f in too_big(p)] == []


def test_the_size_check_would_catch_them(tmp_path):
    body = "\n".join(f"    x{i} = {i}" for i in range(300))
    sample = tmp_path / "big.py"
    sample.write_text(f"class Big:\n{body}\n" + "\n" * 100, encoding="utf-8")
    assert too_big(sample) == ["big.py: 401 lines (a module has at most 400)",
                               "big.py: class Big: 301 lines (a class has at most 300)"]
