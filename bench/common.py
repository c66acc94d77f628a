"""What the bench scripts share: the median timer and the one table they all print."""
from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass


def median_ms(fn: Callable[[], object], repeat: int = 30) -> float:
    """The median wall time of ``repeat`` calls of ``fn``, in milliseconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


@dataclass(frozen=True)
class Row:
    """One measured figure: ``ms`` is a median in milliseconds; ``goal`` what the issues ask
    ("" when they ask nothing); ``naive_ms`` the naive way's median measured in the same run."""

    what: str
    ms: float
    goal: str = ""
    naive_ms: float | None = None


def table(rows: Iterable[Row]) -> str:
    """The rows as one plain-text table: what | median | goal | naive baseline & ratio."""
    rows = list(rows)
    width = max([len(r.what) for r in rows] + [4])
    lines = [f"{'what':<{width}}  {'median':>10}  {'goal':<22}  naive baseline (ratio)",
             "-" * (width + 60)]
    for r in rows:
        naive = f"{r.naive_ms:8.2f} ms ({r.naive_ms / r.ms:.1f}x)" if r.naive_ms is not None and r.ms > 0 else ""
        lines.append(f"{r.what:<{width}}  {r.ms:7.2f} ms  {r.goal:<22}  {naive}".rstrip())
    return "\n".join(lines)
