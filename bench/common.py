"""What the bench scripts share: the median timer, sizes measured in turn, the one table they
all print, and how a bench is run (issue 21 part 5: benchmarks that cannot rot).

Every bench's ``__main__`` calls :func:`main` with its ``rows`` function: it prints the table,
or with ``--json`` the rows as JSON (what ``bench/run.py`` reads). ``--smoke`` (or
``BATTLEHEX_BENCH_SMOKE=1``) runs each measure once at a small size (:data:`SMOKE`): CI runs every
bench that way, so a bench that no longer runs fails CI; its times mean nothing.
"""
from __future__ import annotations

import json
import os
import re
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

SMOKE = "--smoke" in sys.argv or os.environ.get("BATTLEHEX_BENCH_SMOKE") == "1"
"""Run once at a small size: only that the bench still runs counts."""
NOISE = 0.5
"""A figure misses its goal when it is over the goal by more than this share of it (a shared,
noisy 2-core machine: medians of the same code vary by a third from run to run)."""
JSON_MARK = "BENCH-ROWS-JSON: "
K = TypeVar("K")


def median_ms(fn: Callable[[], object], repeat: int = 30) -> float:
    """The median wall time of ``repeat`` calls of ``fn``, in milliseconds (one call in smoke mode)."""
    times = []
    for _ in range(1 if SMOKE else repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def interleaved(fns: Mapping[K, Callable[[], object]], repeat: int = 9,
                before: Mapping[K, Callable[[], object]] | None = None) -> dict[K, float]:
    """The median ms of each of ``fns``, measured in turn (one call of each, ``repeat`` times),
    so the machine's drift falls on every size alike instead of reading as growth with size.
    ``before[k]`` runs untimed before each call of ``fns[k]``."""
    times: dict[K, list[float]] = {k: [] for k in fns}
    for _ in range(1 if SMOKE else repeat):
        for k, fn in fns.items():
            if before and k in before:
                before[k]()
            t = time.perf_counter()
            fn()
            times[k].append((time.perf_counter() - t) * 1000)
    return {k: statistics.median(v) for k, v in times.items()}


def sizes(full: Iterable[K], small: Iterable[K]) -> tuple[K, ...]:
    """The sizes to measure: ``small`` in smoke mode."""
    return tuple(small if SMOKE else full)


_GOAL = re.compile(r"<\s*([0-9.]+)\s*(ms|x)\b")
_RATIO = re.compile(r">=\s*([0-9.]+)\s*x naive")


@dataclass(frozen=True)
class Row:
    """One measured figure: ``ms`` is a median in milliseconds (or a ratio, ``unit`` "x");
    ``goal`` what the issues ask ("" when they ask nothing; "< N ms" or "< N x" is checked);
    ``naive_ms`` the naive way's median measured in the same run; ``noise`` the share of the
    goal a figure may exceed it by before it counts as missed."""

    what: str
    ms: float
    goal: str = ""
    naive_ms: float | None = None
    unit: str = "ms"
    noise: float = NOISE

    @property
    def limit(self) -> float | None:
        """The goal's bound, when the goal is "< N ms" (or "< N x" for a ratio)."""
        m = _GOAL.search(self.goal)
        return float(m.group(1)) if m and m.group(2) == self.unit else None

    @property
    def ratio(self) -> float | None:
        """The goal's "N times faster than the naive way", when the goal says ">= Nx naive"."""
        m = _RATIO.search(self.goal)
        return float(m.group(1)) if m and self.naive_ms is not None else None

    def _over(self, band: float) -> bool:
        limit, ratio = self.limit, self.ratio
        slow = limit is not None and self.ms > limit * (1 + band)
        behind = ratio is not None and self.naive_ms is not None and self.ms > 0 \
            and self.naive_ms / self.ms < ratio * (1 - band)
        return slow or behind

    @property
    def missed(self) -> bool:
        """Over the goal (or short of its ratio to the naive way) by more than the noise band."""
        return self._over(self.noise)

    @property
    def verdict(self) -> str:
        """'ok', 'over (in noise)', 'MISSED' or '' (no goal to check)."""
        if self.limit is None and self.ratio is None:
            return ""
        return "MISSED" if self.missed else "over (in noise)" if self._over(0.0) else "ok"


def table(rows: Iterable[Row]) -> str:
    """The rows as one plain-text table: what | median | goal | verdict | naive baseline & ratio."""
    rows = list(rows)
    width = max([len(r.what) for r in rows] + [4])
    lines = [f"{'what':<{width}}  {'median':>10}  {'goal':<22}  {'verdict':<15}  naive baseline (ratio)",
             "-" * (width + 78)]
    for r in rows:
        naive = f"{r.naive_ms:8.2f} ms ({r.naive_ms / r.ms:.1f}x)" if r.naive_ms is not None and r.ms > 0 else ""
        lines.append(f"{r.what:<{width}}  {r.ms:7.2f} {r.unit:<2}  {r.goal:<22}  {r.verdict:<15}  {naive}".rstrip())
    return "\n".join(lines)


def to_json(rows: Iterable[Row]) -> str:
    """The rows as one line of JSON (what ``bench/run.py`` reads from a bench's output)."""
    return JSON_MARK + json.dumps([asdict(r) for r in rows])


def from_json(text: str) -> list[Row]:
    """The rows a bench printed with :func:`to_json` (the last such line of ``text``)."""
    line = [x for x in text.splitlines() if x.startswith(JSON_MARK)][-1]
    data: list[dict[str, Any]] = json.loads(line[len(JSON_MARK):])
    return [Row(**d) for d in data]


def main(rows: Callable[[], list[Row]]) -> None:
    """Run a bench: print its table, or its rows as JSON with ``--json``."""
    out = rows()
    print(to_json(out) if "--json" in sys.argv else table(out))
