"""bench/systems.py's flat figures compare like with like (issue 21): random play ends the two
sizes after different numbers of answers (AF/EF 100 v 100 after 9, 300 v 300 after 149), so the
bench also fights the longer battle cut at the shorter one's length, and the flat figures of
what grows with the log (the file opened again, the cold reopen: the bigger size over the
smaller) compare two battles of the same length: growth in units, not in battle length. Undo
and reopen, bounded by checkpoints, compare each size at its battle's last question. Run as CI
runs it (``--smoke``: one run at 10 and 20 a side)."""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import from_json  # noqa: E402


def test_each_flat_figure_compares_two_battles_of_the_same_length():
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "systems.py"), "--smoke", "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = from_json(done.stdout)
    battles = {m.group(1, 2, 3) for r in rows if (m := re.match(r"(\w+) (\d+) v \d+ \((\d+) answers\):", r.what))}
    flat = [r for r in rows if r.what.endswith("(flat)")]
    assert len(flat) == 8, [r.what for r in flat]  # undo, reopen, file opened again, cold: two systems
    for r in flat:
        if re.match(r"\w+: (undo|reopen) ", r.what):  # bounded by checkpoints: each at its battle's last question
            assert r.what.endswith("each at its battle's last question (flat)"), r.what
            continue
        m = re.match(r"(\w+): .* (\d+) v \d+ over (\d+) v \d+, both (\d+) answers \(flat\)", r.what)
        assert m, r.what
        system, big, small, length = m.groups()
        assert {(system, big, length), (system, small, length)} <= battles, (r.what, sorted(battles))
    lengths = {(s, n): sorted(int(a) for s2, n2, a in battles if (s2, n2) == (s, n)) for s, n, _a in battles}
    assert any(len(v) == 2 for v in lengths.values()), lengths  # a longer battle, measured in full and cut
