"""What the bench scripts share."""
from __future__ import annotations

import statistics
import time


def median_ms(fn, repeat: int = 30) -> float:
    """The median wall time of ``repeat`` calls of ``fn``, in milliseconds."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)
