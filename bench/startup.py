"""Start-up bench (issues 10 and 21): ``main.py`` with no arguments (the built-in campaign),
from the process's start to its first frame painted and the event loop idle (``main.py
--startup-probe`` reports it), beside the floor measured in the same run: a fresh process that
only imports ``PySide6.QtWidgets`` (goal: within 3x of it). Such a start shows the first frame
the last such start kept (app/shell/first_frame.py) while the window is built in slices behind
it (app/shell/stand_in.py): the probe also reports the window ready and the longest stall of the
event loop in between (what a key or a click waited at most: the frame takes input only if it is
short, goal < 50 ms). The plain start, with no kept frame (the first start after a change of the
code or the screen, or of the file it opens outside BattleHex: a change a session makes itself, its
settings or its saves, is kept for the next start at the exit; the picture is removed before it), is
measured too. Then the first
Fight of a fresh process (``main.py FILE --fight-probe 0604``: the default campaign with V13's
Combat Phase after End Movement, Fight pressed 1 s after the window became interactive, timed
to the battle window's first frame). The three are measured in turn, run after run, so the
machine's drift falls on each alike. Medians of 5 runs, offscreen, with settings and autosaves
in a temporary folder; never asserts times.

Then ``main.py --check`` (in-process) on the hostile files of issue 19 (tests/test_main_cli_files.py,
tests/fuzz_cases.py): each took seconds to minutes before, goal < 1 s; the tests check the
mechanisms that keep them fast (tests/test_linear_patterns.py), this bench the time, never as
an assertion (it fails only if --check does not refuse the file as the tests expect).

Start-up is measured with the bytecode cached (what a user sees from the second start of an
installed or checked-out copy: one start before the measured ones fills the cache, kept apart
in a temporary folder) and with none (``PYTHONDONTWRITEBYTECODE``: every module compiled again).

    python bench/startup.py
"""
from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

from common import SMOKE, Row, main, median_ms  # noqa: E402

GOAL = "< 500 ms"
STALL_GOAL = "< 50 ms"
MEASURED = "fresh process start to its first frame painted and the event loop idle, offscreen"
BARE = "import time; import PySide6.QtWidgets; print(time.process_time(), time.time())"
"""The floor: a process that imports Qt's widgets and nothing of BattleHex."""
FIGHT_AFTER_MS = 1000
"""When the first Fight is pressed after the window became interactive (a user's first key)."""


def start_once(env: dict[str, str], plain: bool = False) -> tuple[float, float, float, float, bool, float]:
    """One start of main.py: milliseconds from the process's start to the first frame and the
    event loop idle, the process's CPU time by then, milliseconds to the window ready, the
    longest stall in between, whether the kept first frame was shown, and the CPU time of the
    longest stall (what a busy machine does not change). ``plain``: the kept
    frame removed first (the start after a change)."""
    if plain:
        (Path(env["BATTLEHEX_DATA"]) / "cache" / "first_frame.bin").unlink(missing_ok=True)
    env = dict(env, BATTLEHEX_T0=repr(time.time()))
    out = _run([sys.executable, "main.py", "--startup-probe"], env, 60)
    first = next(x for x in out.splitlines() if x.startswith("startup to interactive window"))
    ready = next(x for x in out.splitlines() if x.startswith("window ready"))
    return (_after(first, "from process start"), _after(first, "; cpu"), _after(ready, "from process start"),
            _after(ready, "longest stall"), ready.endswith("(kept first frame shown)"), _after(ready, "(cpu"))


def _run(args: list[str], env: dict[str, str], timeout: int) -> str:
    """What ``args`` printed; a process that fails raises with the end of what it printed to stderr (a start
    that died of SIGABRT once in a bench run under load 10 said nothing else, and did not again in 12 more)."""
    done = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    if done.returncode:
        tail = "\n".join(done.stderr.strip().splitlines()[-15:])
        raise RuntimeError(f"{' '.join(args[1:])} exited {done.returncode}:\n{tail}")
    return done.stdout


def _after(line: str, word: str) -> float:
    return float(line.split(word, 1)[1].split()[0])


def bare_once(env: dict[str, str]) -> tuple[float, float]:
    """One fresh process importing PySide6.QtWidgets: (ms from its start to the import done,
    its CPU time by then)."""
    t0 = time.time()
    out = subprocess.run([sys.executable, "-c", BARE], cwd=ROOT, env=env, capture_output=True, text=True,
                         check=True, timeout=60).stdout
    cpu, now = out.split()[-2:]
    return (float(now) - t0) * 1000, float(cpu) * 1000


def battle_file(folder: Path) -> Path:
    """The default campaign with V13's Combat Phase after End Movement (``main.py turn``), its turn 1's
    Income and Tech Phases played first (the GM confirms, nobody invests)."""
    data = json.loads((ROOT / "scenarios" / "default_campaign.json").read_text(encoding="utf-8"))
    data["settings"]["combat_phase"] = "v13"
    campaign, answers, out = folder / "v13.json", folder / "answers.json", folder / "battles.json"
    campaign.write_text(json.dumps(data), encoding="utf-8")
    empire = ["confirm", "end_phase", 0, 0, 0, 0, 0, "end_phase"]  # Income, Tech (five powers with points)
    answers.write_text(json.dumps([*empire, "end_movement", False, False, False]), encoding="utf-8")
    subprocess.run([sys.executable, "main.py", "turn", str(campaign), "--answers", str(answers), "--out", str(out)],
                   cwd=ROOT, capture_output=True, text=True, check=True, timeout=120)
    return out


def fight_once(env: dict[str, str], path: Path) -> tuple[float, int, float]:
    """One fresh start on ``path`` and its first Fight of 0604: (ms, modules the Fight imported, the
    Fight's CPU time on the GUI thread in ms)."""
    env = dict(env, BATTLEHEX_FIGHT_AFTER=str(FIGHT_AFTER_MS))
    out = _run([sys.executable, "main.py", str(path), "--fight-probe", "0604"], env, 120)
    line = next(x for x in out.splitlines() if x.startswith("first fight: "))
    assert "(no battle window)" not in line, line
    return float(line.split()[2]), int(line.split("; ")[1].split()[0]), float(line.split("(cpu ", 1)[1].split()[0])


def rows(runs: int = 5) -> list[Row]:
    with tempfile.TemporaryDirectory(prefix="battlehex-startup-") as tmp:
        base = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=tmp, XDG_CONFIG_HOME=tmp)
        cached = dict(base, PYTHONPYCACHEPREFIX=str(Path(tmp) / "pycache"))
        cached.pop("PYTHONDONTWRITEBYTECODE", None)
        path = battle_file(Path(tmp))
        fight_home = str(Path(tmp) / "fight")  # its own settings: the file it opens is not the starts' last file
        for _ in range(6):  # fills the bytecode cache; the first start keeps its frame, its close the settings
            if start_once(cached)[4]:
                break
        bare_once(cached)
        starts, plains, bares, fights, imported, fight_cpu = [], [], [], [], [], []
        for _ in range(runs):  # in turn: drift falls on each alike
            bares.append(bare_once(cached))
            starts.append(start_once(cached))
            plains.append(start_once(cached, plain=True))
            ms, n, cpu = fight_once(dict(cached, BATTLEHEX_DATA=fight_home, XDG_CONFIG_HOME=fight_home), path)
            fights.append(ms)
            imported.append(n)
            fight_cpu.append(cpu)
        cold = statistics.median(start_once(dict(base, PYTHONDONTWRITEBYTECODE="1"))[0] for _ in range(runs))
    shown = sum(s[4] for s in starts)
    med = statistics.median
    kept = [(s, b) for s, b in zip(starts, bares) if s[4]] or list(zip(starts, bares))  # a source changed meanwhile: none
    return [Row(f"bare 'import PySide6.QtWidgets', fresh process (the floor; median of {runs})", med(b for b, _ in bares)),
            Row(f"start-up to an interactive main window: the kept first frame shown ({shown} of {runs} starts; "
                f"median of those)", med(s[0] for s, _b in kept), GOAL),
            Row("  against the bare import in the same run (within 3x)",
                med(s[0] / b for s, (b, _d) in kept), "< 3 x", unit="x"),
            Row("  its CPU time against the bare import's", med(s[1] / d for s, (_b, d) in kept), unit="x"),
            Row("  the longest stall of the event loop until the window is ready (input waits at most this)",
                med(s[3] for s, _b in kept), STALL_GOAL),
            Row("  the longest stall's CPU time (the process's own, however busy the machine)",
                med(s[5] for s, _b in kept), STALL_GOAL),
            Row("  start to the window ready, the campaign's model loaded", med(s[2] for s, _b in kept)),
            Row("start-up with no kept first frame (the first start after a change), to the window",
                med(p[0] for p in plains), GOAL),
            Row("  against the bare import in the same run",
                med(p[0] / b for p, (b, _d) in zip(plains, bares)), unit="x"),
            Row("  its CPU time against the bare import's", med(p[1] / d for p, (_b, d) in zip(plains, bares)),
                unit="x"),
            Row("start-up, no bytecode cache (the kept first frame shown)", cold),
            Row(f"first Fight of a fresh process, {FIGHT_AFTER_MS} ms after the window is interactive "
                f"(modules it imported: {max(imported)})", med(fights), "< 150 ms"),
            Row("  its CPU time (the GUI thread's own, however busy the machine)", med(fight_cpu), "< 150 ms")]


HOSTILE_GOAL = "< 1000 ms"


def _spoilt(folder: Path, name: str, change: Any) -> Path:
    data = json.loads((ROOT / "scenarios" / "default_campaign.json").read_text(encoding="utf-8"))
    change(data)
    path = folder / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def hostile_rows() -> list[Row]:
    """``main.py --check`` on each hostile file, and the turn command on a hostile answers file
    (median of 3; once in smoke mode); then the slowest ``--check`` of the fuzz's spoilt files."""
    import contextlib
    import io

    sys.path.insert(0, str(ROOT))
    import main as battlehex
    from rules.turn.headless import run as run_turn

    def sector(text: str) -> Any:
        return lambda d: d["fleets"][0].update(sector=text)

    out = []
    with tempfile.TemporaryDirectory(prefix="battlehex-hostile-") as tmp:
        folder = Path(tmp)
        quotes = '\\"' * 25_000
        (folder / "open.json").write_text('{"format": "battlehex-campaign", "name": "' + quotes, encoding="utf-8")
        (folder / "deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
        (folder / "answers.json").write_text('["' + quotes, encoding="utf-8")
        files = [("a sector of 20,000 spaces", _spoilt(folder, "spaces.json", sector(" " * 20_000))),
                 ("a sector of 50,000 newlines", _spoilt(folder, "newlines.json", sector("\n" * 50_000))),
                 ("a dice text of 20,000 spaces", _spoilt(folder, "dice.json", lambda d: d["map"].update(random_terrain={
                     "dice": " " * 20_000 + "d", "entries": [{"low": 1, "high": 6, "terrain": "none"}]}))),
                 ("a string of 25,000 escaped quotes never closed", folder / "open.json"),
                 ("nested 100,000 deep", folder / "deep.json"),
                 ("2,000 fleets of an unknown field (12,000 problems)",
                  _spoilt(folder, "many.json", lambda d: d.update(fleets=[{"x": 1}] * 2000)))]

        def check(path: Path) -> None:
            with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
                code = battlehex.main(["--check", str(path)])
            assert code == 1 and "Traceback" not in err.getvalue(), f"--check {path.name}: exit {code}"

        for what, path in files:
            out.append(Row(f"main.py --check, {what}", median_ms(lambda p=path: check(p), 3), HOSTILE_GOAL))

        def turn() -> None:
            err = io.StringIO()
            code = run_turn(["turn", str(ROOT / "scenarios" / "default_campaign.json"), "--answers",
                             str(folder / "answers.json")][1:], io.StringIO(), err)
            assert code == 2 and "JSON syntax error" in err.getvalue(), err.getvalue()[-300:]
        out.append(Row("main.py turn --answers, an answer string of 25,000 escaped quotes never closed",
                       median_ms(turn, 3), HOSTILE_GOAL))
        from tests.fuzz_cases import cases

        n = 8 if SMOKE else 400
        slowest, which = 0.0, -1
        path = folder / "case.json"
        for i, raw, what in cases(n):
            path.write_bytes(raw)
            t = time.perf_counter()
            with contextlib.redirect_stderr(io.StringIO()) as err, contextlib.redirect_stdout(io.StringIO()):
                code = battlehex.main(["--check", str(path)])
            took = (time.perf_counter() - t) * 1000
            assert code in (0, 1) and "Traceback" not in err.getvalue(), f"case {i} ({what}): exit {code}"
            if took > slowest:
                slowest, which = took, i
        out.append(Row(f"main.py --check, the slowest of the fuzz's first {n} spoilt files (case {which})", slowest,
                       HOSTILE_GOAL))
    return out


if __name__ == "__main__":
    main(lambda: hostile_rows() + rows(1 if SMOKE else 5))
