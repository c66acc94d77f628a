"""BattleHex benchmarks: runs every bench, each in its own process, and prints one table per
bench (what | median | goal | verdict | naive baseline & ratio). Issue 21 part 5: a benchmark
that cannot rot.

    python bench/run.py            every bench at its sizes; exit 1 when a bench fails (raises,
                                   or prints no figures) or a figure misses its goal by more
                                   than its noise band (common.NOISE)
    python bench/run.py --smoke    every bench once at a small size (what CI runs): exit 1 only
                                   when a bench fails, never on a time (CI machines are noisy)
    python bench/run.py NAME...    only those benches (e.g. systems gui)

Sizes within a bench are measured in turn (common.interleaved) where a bench compares sizes.
Headless: QT_QPA_PLATFORM=offscreen unless set.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import Row, from_json, table  # noqa: E402

BENCHES = ("strategic", "strategic_map", "combat_phase", "battle", "replay", "replay_steps", "systems", "redraw",
           "maps", "gui", "startup", "b5", "economy")
"""Every bench in bench/ (a test checks that each bench/*.py but common and run is listed)."""
TIMEOUT = {"smoke": 600, "full": 3600}


def run_bench(name: str, smoke: bool) -> tuple[list[Row], str]:
    """``bench/NAME.py`` run in its own process: its rows, and why it failed ("" when it ran)."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               BATTLEHEX_BENCH_SMOKE="1" if smoke else "0")
    try:
        done = subprocess.run([sys.executable, str(ROOT / "bench" / f"{name}.py"), "--json"], cwd=ROOT, env=env,
                              capture_output=True, text=True, timeout=TIMEOUT["smoke" if smoke else "full"])
    except subprocess.TimeoutExpired:
        return [], f"no result within {TIMEOUT['smoke' if smoke else 'full']} s"
    if done.returncode:
        tail = "\n".join(done.stderr.strip().splitlines()[-12:])
        return [], f"exited {done.returncode}:\n{tail}"
    try:
        rows = from_json(done.stdout)
    except (IndexError, ValueError, TypeError) as e:
        return [], f"printed no figures ({e})"
    return rows, "" if rows else "printed no figures"


def main(argv: list[str]) -> int:
    smoke = "--smoke" in argv
    names = [a for a in argv if not a.startswith("--")] or list(BENCHES)
    unknown = [n for n in names if n not in BENCHES]
    if unknown:
        print(f"no bench {', '.join(unknown)}: one of {', '.join(BENCHES)}", file=sys.stderr)
        return 2
    failed: list[str] = []
    missed: list[str] = []
    for name in names:
        t = time.perf_counter()
        rows, why = run_bench(name, smoke)
        took = time.perf_counter() - t
        print(f"\n== bench/{name}.py ({took:.1f} s{', smoke: one run at a small size' if smoke else ''})")
        if why:
            print(f"FAILED: {why}")
            failed.append(name)
            continue
        print(table(rows))
        missed += [f"{name}: {r.what} ({r.ms:.2f} {r.unit}, goal {r.goal})" for r in rows if r.missed]
    print()
    if failed:
        print(f"benches that failed: {', '.join(failed)}")
    if missed and not smoke:
        print("figures that missed their goal by more than the noise band:\n  " + "\n  ".join(missed))
    if not failed and not (missed and not smoke):
        print(f"all {len(names)} benches ran" + ("" if smoke else ", every goal met within its noise band"))
    return 1 if failed or (missed and not smoke) else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
