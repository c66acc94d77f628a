"""The app draws what the engine answers and decides no rule itself (ARCHITECTURE, issue 10):
it may use the engine's questions, answers, queries and reports, never the modules that work
the rules out (zones, placement, combat, exits, endings...)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_WORKINGS = {
    "rules.systems.v13.zones", "rules.systems.v13.placement", "rules.systems.v13.placement_steps", "rules.systems.v13.combat", "rules.systems.v13.exits",
    "rules.systems.v13.centre", "rules.systems.v13.endings", "rules.systems.v13.pursuit", "rules.systems.v13.approach",
    "rules.systems.v13.opening_range", "rules.systems.v13.weapon_status", "rules.battlehex.results", "rules.systems.v13.autoplay",
    "rules.strategic.supply", "rules.strategic.control", "rules.dice",
}


def imports_of(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def test_app_imports_no_module_that_works_out_a_rule():
    bad = {f"{p.relative_to(ROOT)} imports {m}" for p in (ROOT / "app").rglob("*.py") for m in imports_of(p)
           if m in RULE_WORKINGS}
    assert not bad, sorted(bad)


def test_the_check_would_catch_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from rules.systems.v13.combat import current_window\n", encoding="utf-8")
    assert imports_of(sample) & RULE_WORKINGS == {"rules.systems.v13.combat"}


RULE_NUMBER = re.compile(r"^V13\.\d+$")


def rule_literals(path: Path) -> list[str]:
    """Where ``path`` compares something with a rule number (a log looked up by rule: the engine's
    to name) or writes V13.632's 32 impulses into its own text (the engine's count)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            for c in (node.left, *node.comparators):
                if isinstance(c, ast.Constant) and isinstance(c.value, str) and RULE_NUMBER.match(c.value):
                    found.append(f"{path.name}:{node.lineno} compares with {c.value!r}")
        elif isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str))
            if "/32" in text or " of 32 " in text:
                found.append(f"{path.name}:{node.lineno} writes the 32 impulses itself")
    return sorted(found)


def test_the_app_asks_the_engine_for_rule_events_and_counts():
    """app/systems/v13/panel.py looked the corrected facing up by its rule number ("V13.443") and wrote
    "/32" for V13.632's count (issue 21): the engine names both (rules.systems.v13.queries.corrected_facing,
    ThroughEnemyCounter.mark/words)."""
    assert [f for p in sorted((ROOT / "app").rglob("*.py")) for f in rule_literals(p)] == []


def test_the_rule_literal_check_would_catch_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text('n = 3\nx = [e for e in log if e.rule == "V13.443"]\ny = f"{n}/32"\n', encoding="utf-8")
    assert rule_literals(sample) == ["sample.py:2 compares with 'V13.443'", "sample.py:3 writes the 32 impulses itself"]
