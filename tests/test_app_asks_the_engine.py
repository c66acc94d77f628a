"""The app draws what the engine answers and decides no rule itself (ARCHITECTURE, issue 10):
it may use the engine's questions, answers, queries and reports, never the modules that work
the rules out (zones, placement, combat, exits, endings...)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_WORKINGS = {
    "rules.battle.zones", "rules.battle.placement", "rules.battle.placement_steps", "rules.battle.combat", "rules.battle.exits",
    "rules.battle.centre", "rules.battle.endings", "rules.battle.pursuit", "rules.battle.approach",
    "rules.battle.opening_range", "rules.battle.weapon_status", "rules.battle.results", "rules.battle.autoplay",
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
    bad = {f"{p.relative_to(ROOT)} imports {m}" for p in (ROOT / "app").glob("*.py") for m in imports_of(p)
           if m in RULE_WORKINGS}
    assert not bad, sorted(bad)


def test_the_check_would_catch_one(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from rules.battle.combat import current_window\n", encoding="utf-8")
    assert imports_of(sample) & RULE_WORKINGS == {"rules.battle.combat"}
