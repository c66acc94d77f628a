"""The engine's patterns refuse a long run of blanks in linear time (issue 19): no pattern read
against a file's or an answer's text lets two repeats share one run of characters
(tests/linear_patterns.py says why that is what made ``--check`` take 11 s on a 20,000-space
sector). What this replaces was a timed assertion (``--check took < 1.0 s``); the time itself
is bench/startup.py's hostile-files rows."""
from __future__ import annotations

import ast
import importlib
import pkgutil
import re

import pytest

from tests.conftest import ROOT
from tests.linear_patterns import ambiguous_runs

OLD_LABEL = r"^\s*(\d{4})\s*$|^\s*\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?\s*$"
"""hexmap/labels.py's pattern before f00b480 (a 20,000-space sector: 5 s; 50,000 newlines: over 30 s)."""
OLD_DICE = r"^\s*(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?\s*$"
"""rules/dice.py's pattern before f00b480 (20,000 spaces: 3.5 s)."""
OLD_SECONDARY = r"^(?P<names>.+?)\s+at\s+(?P<hex>\S+)\s+(?P<facing>[a-fA-F])\s+turn\s+(?P<turn>\d+)$"
"""rules/systems/b5/jumping.py's secondary jump point answer before this check found it (an answer
of two words 8,000 spaces apart: 0.9 s, 20,000: some 5 s)."""


@pytest.mark.parametrize("pattern", [OLD_LABEL, OLD_DICE, OLD_SECONDARY, r"\d+\d*", r"(\s*)*x", r"(?:\s*x?)*y",
                                     r"a\s*(b?)\s*c"])
def test_the_check_finds_two_repeats_sharing_a_run(pattern):
    assert ambiguous_runs(pattern), pattern


@pytest.mark.parametrize("pattern", [r"(\d{4})|\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?", r"(\d*)\s*[dD]\s*(\d+)\s*(?:([+-])\s*(\d+))?",
                                     r'"[^"\\]*(?:\\.[^"\\]*)*(?:"|\Z)', r"\s*\d+\s*", r"\S+\s+\S+", r"(?>\s*)\s*x",
                                     r"\s*+\s*x"])
def test_the_check_passes_patterns_that_take_each_character_one_way(pattern):
    assert ambiguous_runs(pattern) == [], pattern


def _engine_patterns() -> dict[str, re.Pattern[str]]:
    """Every compiled text pattern a module of hexmap/ or rules/ holds, by its dotted name."""
    out = {}
    for name in ("hexmap", "rules"):
        package = importlib.import_module(name)
        for info in pkgutil.walk_packages(package.__path__, f"{name}."):
            module = importlib.import_module(info.name)
            out.update({f"{info.name}.{k}": v for k, v in vars(module).items()
                        if isinstance(v, re.Pattern) and isinstance(v.pattern, str)})
    return out


def test_no_pattern_of_the_engine_lets_two_repeats_share_a_run():
    """Every compiled pattern of hexmap/ and rules/ (the label, the dice, the JSON nesting scan's
    string, the B5 secondary jump point answer, ...)."""
    patterns = _engine_patterns()
    assert {"hexmap.labels._LABEL_RE", "rules.dice._EXPR_RE", "rules.model.json_value._STRING",
            "rules.systems.b5.jumping.SECONDARY_FORM"} <= set(patterns), sorted(patterns)
    assert [(n, p.pattern, ambiguous_runs(p)) for n, p in sorted(patterns.items()) if ambiguous_runs(p)] == []


def _literal_patterns() -> dict[str, str]:
    """Every pattern written as a string literal in a call of ``re`` (``re.match(r"...", text)``,
    ``re.compile(...)``) in app/, hexmap/, rules/ and main.py, by file and line."""
    files = [p for package in ("app", "hexmap", "rules") for p in sorted((ROOT / package).rglob("*.py"))]
    out = {}
    for path in [*files, ROOT / "main.py"]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and isinstance(node.func.value, ast.Name) and node.func.value.id == "re" and node.args
                    and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                out[f"{path.relative_to(ROOT).as_posix()}:{node.lineno}"] = node.args[0].value
    return out


def test_no_pattern_written_in_a_call_of_re_lets_two_repeats_share_a_run():
    patterns = _literal_patterns()
    assert len(patterns) >= 20, sorted(patterns)
    assert [(where, p, ambiguous_runs(p)) for where, p in sorted(patterns.items()) if ambiguous_runs(p)] == []
