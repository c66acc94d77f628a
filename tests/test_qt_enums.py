"""Qt enums are written through their enum type: ``Qt.AlignmentFlag.AlignCenter``, never the
short ``Qt.AlignCenter`` (issue 10 part 6).

The short spelling works only through PySide6's "forgiveness mode", which Qt for Python means
to drop, and it hides which enum a value belongs to from readers and type checkers. The scan
reads each source file with ``ast``, resolves the names its ``PySide6`` imports bind, and flags
every ``X.Y`` where ``X`` is a PySide6 class (or ``Qt``) and ``Y`` an enum member reached past
its enum type. ``python tests/test_qt_enums.py --fix FILE...`` inserts the enum type's name in
place (the value is the same object, so behaviour cannot change).
"""
from __future__ import annotations

import ast
import enum
import importlib
import sys
from dataclasses import dataclass
from pathlib import Path

from shiboken6 import Shiboken

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ["app", "main.py", "bench", "tests"]
FIRST_PARTY = {"app", "bench", "tests", "main"}


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    old: str  # e.g. "Qt.AlignCenter"
    new: str  # e.g. "Qt.AlignmentFlag.AlignCenter"
    insert_at: tuple[int, int]  # (line, byte column) just after ``X``, where ".EnumType" goes
    enum_name: str | None  # None: the enum type is not reachable through X (fix by hand)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.old} -> {self.new}"


def _bindings(tree: ast.AST) -> dict[str, object]:
    """The names the file's PySide6 and first-party imports bind (anywhere in the file), to the
    objects; a class the file defines on a Qt base stands for that base (its enums are the base's)."""
    names: dict[str, object] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] in FIRST_PARTY:
            try:
                module = importlib.import_module(node.module)
            except ImportError:
                continue
            for alias in node.names:
                obj = getattr(module, alias.name, None)
                if _is_qt_class(obj):
                    names[alias.asname or alias.name] = obj
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0 \
                and node.module.split(".")[0] == "PySide6":
            module = importlib.import_module(node.module)
            for alias in node.names:
                if alias.name == "*":
                    names.update({k: v for k, v in vars(module).items() if not k.startswith("_")})
                    continue
                try:
                    obj = getattr(module, alias.name)
                except AttributeError:
                    obj = importlib.import_module(f"{node.module}.{alias.name}")
                names[alias.asname or alias.name] = obj
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] != "PySide6":
                    continue
                if alias.asname:
                    names[alias.asname] = importlib.import_module(alias.name)
                else:
                    importlib.import_module(alias.name)
                    names["PySide6"] = importlib.import_module("PySide6")
    for node in ast.walk(tree):  # after the imports: the bases are imported names
        if isinstance(node, ast.ClassDef):
            base = next((b for b in (_resolve(e, names) for e in node.bases) if _is_qt_class(b)), None)
            if base is not None:
                names[node.name] = base
    return names


def _resolve(node: ast.expr, names: dict[str, object]) -> object | None:
    if isinstance(node, ast.Name):
        return names.get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _resolve(node.value, names)
        if owner is not None:
            return getattr(owner, node.attr, None)
    return None


def _is_qt_class(obj: object) -> bool:
    """A PySide6 class, ``Qt`` or a subclass of one (not an enum type)."""
    return isinstance(obj, type) and issubclass(obj, Shiboken.Object)


def scan_source(source: str, path: str = "<source>") -> list[Finding]:
    tree = ast.parse(source, filename=path)
    names = _bindings(tree)
    if not names:
        return []
    lines = source.splitlines()
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute):
            continue
        owner = _resolve(node.value, names)
        if not _is_qt_class(owner):
            continue
        value = getattr(owner, node.attr, None)
        if not isinstance(value, enum.Enum):
            continue
        enum_type = type(value)
        assert node.value.end_lineno is not None and node.value.end_col_offset is not None
        reachable = getattr(owner, enum_type.__name__, None) is enum_type \
            and getattr(enum_type, node.attr, None) is value
        owner_src = ast.get_source_segment(source, node.value) or lines[node.lineno - 1]
        new = f"{owner_src}.{enum_type.__name__}.{node.attr}" if reachable \
            else f"{enum_type.__qualname__}.{value.name}"
        found.append(Finding(path, node.lineno, f"{owner_src}.{node.attr}", new,
                             (node.value.end_lineno, node.value.end_col_offset),
                             enum_type.__name__ if reachable else None))
    return sorted(found, key=lambda f: f.insert_at)


def fix_source(source: str, findings: list[Finding]) -> str:
    """Insert ``.EnumType`` after each finding's class, last first so offsets hold."""
    lines = source.splitlines(keepends=True)
    for f in sorted(findings, key=lambda f: f.insert_at, reverse=True):
        if f.enum_name is None:
            continue
        row, col = f.insert_at
        raw = lines[row - 1].encode("utf-8")
        lines[row - 1] = (raw[:col] + f".{f.enum_name}".encode() + raw[col:]).decode("utf-8")
    return "".join(lines)


def sources() -> list[Path]:
    files = []
    for entry in SCANNED:
        p = ROOT / entry
        files.extend([p] if p.is_file() else sorted(p.rglob("*.py")))
    return files


def _rel(p: Path) -> str:
    return p.relative_to(ROOT).as_posix()


def test_the_scan_finds_and_fixes_short_enums():
    src = ("from PySide6.QtCore import Qt\nfrom PySide6 import QtWidgets\n"
           "from PySide6.QtWidgets import QLabel as L\n"
           "a = Qt.AlignLeft | Qt.AlignTop\nb = QtWidgets.QDialog.Accepted\nc = L.NoFrame\n"
           "d = Qt.AlignmentFlag.AlignLeft\ne = Qt.Key.Key_A\nf = Qt.red\ng = x.AlignLeft\n"
           "class D(QtWidgets.QDialog):\n    pass\nh = (\"ünï\", D.Rejected)  # byte columns\n")
    found = scan_source(src)
    assert [f.old for f in found] == ["Qt.AlignLeft", "Qt.AlignTop", "QtWidgets.QDialog.Accepted", "L.NoFrame",
                                      "Qt.red", "D.Rejected"]
    fixed = fix_source(src, found)
    assert "a = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop\n" in fixed
    assert "b = QtWidgets.QDialog.DialogCode.Accepted\n" in fixed
    assert "c = L.Shape.NoFrame\n" in fixed
    assert "f = Qt.GlobalColor.red\n" in fixed and 'h = ("ünï", D.DialogCode.Rejected)' in fixed
    assert scan_source(fixed) == []


def test_qt_enums_are_qualified():
    bad = [str(f) for p in sources() for f in scan_source(p.read_text(encoding="utf-8"), _rel(p))]
    assert not bad, "write Qt enums through their enum type:\n" + "\n".join(bad)


def main(argv: list[str]) -> int:
    fix = "--fix" in argv
    paths = [ROOT / a for a in argv if a != "--fix"] or sources()
    left = 0
    for p in paths:
        src = p.read_text(encoding="utf-8")
        found = scan_source(src, _rel(p))
        for f in found:
            print(f, "" if f.enum_name else "  (by hand)")
        left += sum(f.enum_name is None for f in found) if fix else len(found)
        if fix and found:
            p.write_text(fix_source(src, found), encoding="utf-8")
    return 1 if left else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))  # the first-party imports, run as a script
    sys.exit(main(sys.argv[1:]))
