"""bench/run.py cannot rot (issue 21 part 5): it runs every bench in bench/, says a failed bench
and exits 1, judges each figure against its goal with a noise band (not in smoke mode, where
only a bench that raises fails), and ``--smoke`` really runs a bench."""
from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _runner():
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_bench_in_the_folder_is_run():
    run = _runner()
    benches = {p.stem for p in (ROOT / "bench").glob("*.py")} - {"common", "run"}
    assert set(run.BENCHES) == benches


def test_a_bench_that_raises_fails_the_run_smoke_or_not(tmp_path, monkeypatch, capsys):
    run = _runner()
    (tmp_path / "bench").mkdir()
    (tmp_path / "bench" / "boom.py").write_text("raise RuntimeError('the bench no longer runs')\n")
    monkeypatch.setattr(run, "ROOT", tmp_path)
    monkeypatch.setattr(run, "BENCHES", ("boom",))
    assert run.main(["--smoke"]) == 1
    assert run.main([]) == 1
    out = capsys.readouterr().out
    assert "FAILED" in out and "the bench no longer runs" in out and "benches that failed: boom" in out


def test_a_missed_goal_fails_a_full_run_but_not_a_smoke_run(monkeypatch, capsys):
    run = _runner()
    row = run.Row
    slow = [row("an operation", 151.0, "< 100 ms"), row("a redraw", 7.0, "< 8 ms, >= 2x naive", 6.5)]
    monkeypatch.setattr(run, "BENCHES", ("x",))
    monkeypatch.setattr(run, "run_bench", lambda name, smoke: (slow, ""))
    assert run.main([]) == 1
    assert "an operation (151.00 ms, goal < 100 ms)" in capsys.readouterr().out
    assert run.main(["--smoke"]) == 0
    fine = [row("an operation", 140.0, "< 100 ms"), row("a ratio", 2.5, "< 2 x", unit="x")]
    monkeypatch.setattr(run, "run_bench", lambda name, smoke: (fine, ""))
    assert run.main([]) == 0  # within the noise band (50% of the goal)
    assert [r.verdict for r in fine] == ["over (in noise)", "over (in noise)"]
    assert [r.verdict for r in slow] == ["MISSED", "MISSED"]  # 6.5 / 7 is 0.9x naive: short of 2x beyond the band


@pytest.mark.parametrize("name", ["systems"])
def test_smoke_runs_a_real_bench_and_reads_its_figures(name):
    done = subprocess.run([sys.executable, str(ROOT / "bench" / "run.py"), "--smoke", name], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "undo the last answer" in done.stdout and "all 1 benches ran" in done.stdout
