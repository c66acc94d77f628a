"""No import circles among the modules of app/ and rules/ (issue 21 part 3).

The graph has an arrow for every import a module makes when it runs: at the top and inside
functions (a deferred import is still a dependency; it only moves the moment). ``from pkg
import name`` points at ``pkg.name`` when that is a module, else at ``pkg``. Imports under
``if TYPE_CHECKING:`` are left out: they never run (annotations are strings here), so they
cannot make a circle when the program loads.
"""
from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import networkx as nx

from tests.conftest import ROOT

PACKAGES = ("app", "rules")


def _modules() -> dict[str, Path]:
    out: dict[str, Path] = {}
    for pkg in PACKAGES:
        for p in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(p.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = p
    return out


def _run_time_nodes(node: ast.AST) -> Iterator[ast.AST]:
    """Every node under ``node`` except the bodies of ``if TYPE_CHECKING:``."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and ast.unparse(child.test) in ("TYPE_CHECKING", "typing.TYPE_CHECKING"):
            for other in child.orelse:
                yield other
                yield from _run_time_nodes(other)
            continue
        yield child
        yield from _run_time_nodes(child)


def _targets(name: str, path: Path, node: ast.AST, modules: dict[str, Path]) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    if node.level:
        base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        base = base[:len(base) - (node.level - 1)]
        module = ".".join([*base, *([node.module] if node.module else [])])
    else:
        module = node.module or ""
    return [f"{module}.{a.name}" if f"{module}.{a.name}" in modules else module for a in node.names]


def import_graph() -> nx.DiGraph:
    """Module -> the modules of app/ and rules/ it imports when it runs."""
    modules = _modules()
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for node in _run_time_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            for target in _targets(name, path, node, modules):
                if target in modules and target != name:
                    graph.add_edge(name, target, line=getattr(node, "lineno", 0))
    return graph


def circles(graph: nx.DiGraph) -> list[str]:
    """One circle of each strongly connected group, as ``a:line -> b:line -> ... -> a``."""
    out = []
    for group in sorted((sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1)):
        cycle = nx.find_cycle(graph.subgraph(group), source=group[0])
        out.append(" -> ".join(f"{a}:{graph.edges[a, b]['line']}" for a, b in cycle) + f" -> {cycle[0][0]}")
    return out


def test_the_graph_sees_deferred_imports_and_skips_type_checking(tmp_path):
    """The graph finds an import inside a function, ignores one under TYPE_CHECKING and names
    the circle it makes (so the test below cannot pass by seeing nothing)."""
    sample = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import rules.b\n"
                       "def f():\n    from rules import c\n")
    found = {t for node in _run_time_nodes(sample)
             for t in _targets("rules.a", tmp_path / "a.py", node, {"rules.a": tmp_path, "rules.b": tmp_path,
                                                                     "rules.c": tmp_path})}
    assert found == {"typing", "rules.c"}
    graph = nx.DiGraph([("rules.a", "rules.c", {"line": 5}), ("rules.c", "rules.a", {"line": 9})])
    assert circles(graph) == ["rules.a:5 -> rules.c:9 -> rules.a"]
    assert import_graph().number_of_edges() > 500


def test_no_import_circles_among_app_and_rules():
    assert circles(import_graph()) == []
