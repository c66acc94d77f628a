"""What the real-screen drivers share (``smoke_x.py``, ``walk_x.py``): BattleHex on an X server,
driven with keys and the mouse by xdotool, seen by screenshots (ImageMagick), with the app's
log and autosave read back.

``.ci/x_session.sh`` owns the X server, the window manager and the app and passes them in
through the environment: DISPLAY, E2E_ART (the artefacts folder), E2E_APP_PID, E2E_APP_LOG,
BATTLEHEX_DATA, E2E_START_TIMEOUT (seconds for the run command's install and the main window).
Standard library only, so it runs with the system ``python3`` before or without the venv.
"""
from __future__ import annotations

import glob
import json
import os
import re
import subprocess
import time
from pathlib import Path

ART = Path(os.environ.get("E2E_ART", "/tmp/battlehex-e2e"))
APP_PID = int(os.environ.get("E2E_APP_PID", "0") or 0)
APP_LOG = Path(os.environ.get("E2E_APP_LOG", ART / "app.log"))
DATA = Path(os.environ.get("BATTLEHEX_DATA", ART / "data"))
START_TIMEOUT = float(os.environ.get("E2E_START_TIMEOUT", "180"))

BAD_TITLE = re.compile(r"\b(False|None)\b")
BATTLE_WINDOW = re.compile(r"^Battle Hex (\d{4}) \u2014")
FILE_DIALOG = re.compile(r"Open|Save|Export|Choose|Select", re.IGNORECASE)

_t0 = time.monotonic()
_shots = 0
_step = "setup"


class Fail(Exception):
    """A step failed; the message says what was seen."""


def log(text: str) -> None:
    print(f"[{time.monotonic() - _t0:6.1f}s] {text}", flush=True)


def step(name: str) -> None:
    """Name the step now played (a failure names it)."""
    global _step
    _step = name
    log(f"== step {name}")


def current_step() -> str:
    return _step


# -- X and the app ---------------------------------------------------------------------------------
def run(*args: str, timeout: float = 10, check: bool = False) -> str:
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        raise Fail(f"{args[0]} did not answer within {timeout:.0f}s: {' '.join(args)}") from None
    if check and p.returncode != 0:
        raise Fail(f"{' '.join(args)} failed: {p.stderr.strip()}")
    return p.stdout.strip()


def xdo(*args: str, timeout: float = 10) -> str:
    return run("xdotool", *args, timeout=timeout)


def active() -> tuple[str, str]:
    """The active window's id and title ('' when there is none)."""
    wid = xdo("getactivewindow")
    if not wid.isdigit() or wid == "0":
        return "", ""
    return wid, xdo("getwindowname", wid)


def windows(pattern: str) -> list[tuple[str, str]]:
    found = []
    for wid in xdo("search", "--onlyvisible", "--name", pattern).split():
        found.append((wid, xdo("getwindowname", wid)))
    return found


def geometry(wid: str) -> tuple[int, int, int, int]:
    """Absolute x, y, width, height of a window's client area (xwininfo: frame-proof)."""
    info = run("xwininfo", "-id", wid)
    get = {k: int(re.search(rf"{k}:\s+(-?\d+)", info).group(1))
           for k in ("Absolute upper-left X", "Absolute upper-left Y", "Width", "Height")}
    return (get["Absolute upper-left X"], get["Absolute upper-left Y"], get["Width"], get["Height"])


def activate(wid: str, may_yield: bool = False) -> bool:
    """Raise ``wid``; True when it is the active window.

    With ``may_yield``, a window that will not come up because a modal dialog of the app
    opened meanwhile (the window manager keeps the dialog above its parent, and
    ``windowactivate --sync`` then waits forever) is not a failure: False, and the caller
    lets its loop answer the dialog first.
    """
    try:
        xdo("windowactivate", "--sync", wid, timeout=5)
    except Fail:
        now = active()
        if now[0] == wid:
            return True  # it came up, late (a loaded machine)
        if not may_yield or not now[0]:
            raise
        log(f"window {wid} did not come up: {now[1]!r} (a dialog) is active; it is answered first")
        return False
    time.sleep(0.3)
    return True


def key(*keys: str) -> None:
    xdo("key", "--delay", "80", *keys)


def click(x: int, y: int) -> None:
    xdo("mousemove", str(x), str(y), "sleep", "0.15", "click", "1")


def check_app() -> None:
    """The app still runs and has not printed a traceback."""
    text = APP_LOG.read_text(errors="replace") if APP_LOG.exists() else ""
    if "Traceback" in text:
        tail = text[text.index("Traceback"):][:2000]
        raise Fail(f"the app printed a traceback:\n{tail}")
    if APP_PID:
        try:
            os.kill(APP_PID, 0)
        except OSError:
            raise Fail("the app exited; the end of its log:\n" + "\n".join(text.splitlines()[-25:])) from None


def check_error_log() -> None:
    """An error the app caught at its edge and wrote to a log in its data folder fails the walk too."""
    for path in sorted(DATA.rglob("*.log")):
        text = path.read_text(errors="replace")
        if "Traceback" in text:
            raise Fail(f"the app wrote a traceback to {path}:\n{text[text.index('Traceback'):][:2000]}")


def check_title(title: str) -> None:
    if BAD_TITLE.search(title):
        raise Fail(f"a window is titled {title!r} (a bool or None leaked into a title)")


def press_for_window(window: str, keys: str, wait: float = 10) -> str:
    """Press ``keys`` on ``window``; the title of the window that then becomes active
    (bounded wait), or the last active title if none other does."""
    activate(window)
    key(keys)
    deadline = time.monotonic() + wait
    title = ""
    while time.monotonic() < deadline:
        time.sleep(0.5)
        check_app()
        wid, title = active()
        if wid and wid != window:
            break
    return title


# -- eyes ------------------------------------------------------------------------------------------
class Shot:
    """A screenshot of the whole screen, kept as an artefact; pixels read through ImageMagick."""

    def __init__(self, name: str, keep: bool = True) -> None:
        self.path = numbered(name) if keep else ART / "probe.png"
        run("import", "-window", "root", str(self.path), timeout=20, check=True)
        size = run("identify", "-format", "%w %h", str(self.path), check=True)
        self.w, self.h = (int(v) for v in size.split())
        self.raw = subprocess.run(["convert", str(self.path), "-depth", "8", "rgb:-"], capture_output=True,
                                  timeout=20, check=True).stdout
        if keep:
            log(f"screenshot {self.path.name}")

    def px(self, x: int, y: int) -> tuple[int, int, int]:
        i = 3 * (y * self.w + x)
        return self.raw[i], self.raw[i + 1], self.raw[i + 2]

    def find(self, match, box, stride: int = 1) -> list[tuple[int, int]]:
        x0, y0, x1, y1 = self.clip(box)
        return [(x, y) for y in range(y0, y1, stride) for x in range(x0, x1, stride) if match(self.px(x, y))]

    def clip(self, box):
        x0, y0, x1, y1 = box
        return max(0, x0), max(0, y0), min(self.w, x1), min(self.h, y1)


def numbered(name: str) -> Path:
    """The artefacts folder's next screenshot file, numbered in the order taken."""
    global _shots
    _shots += 1
    return ART / f"{_shots:03d}-{re.sub(r'[^A-Za-z0-9.]+', '-', name).strip('-')[:60]}.png"


def snap(name: str) -> None:
    """A screenshot kept as an artefact, where only the picture matters (no pixels read)."""
    path = numbered(name)
    run("import", "-window", "root", str(path), timeout=20, check=True)
    log(f"screenshot {path.name}")


def near(color, tol: int = 8):
    return lambda p: all(abs(a - b) <= tol for a, b in zip(p, color))


def failure_note() -> str:
    """A last screenshot for a failure message (or why there is none)."""
    try:
        return f" (screen: {Shot('failure').path.name})"
    except (Fail, OSError, subprocess.SubprocessError) as shot_error:
        return f" (no screenshot: {shot_error})"


# -- the autosave ----------------------------------------------------------------------------------
def autosave() -> dict | None:
    files = sorted(glob.glob(str(DATA / "autosave" / "*.autosave.json")), key=os.path.getmtime)
    for _ in range(5):  # the app may be writing it right now
        try:
            return json.loads(Path(files[-1]).read_text()) if files else None
        except (OSError, ValueError):
            time.sleep(0.2)
    return None


# -- the steps -------------------------------------------------------------------------------------
def wait_main_window() -> str:
    step("1 start the app with README's run command")
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        check_app()
        found = windows("^BattleHex")
        if found:
            time.sleep(1.5)  # let it finish painting
            # a start that repeats the last one shows its kept first frame in a stand-in window first,
            # which the real window replaces (app/shell/stand_in.py): the window found now is the real one
            wid, title = (windows("^BattleHex") or found)[0]
            log(f"main window {wid}: {title!r}")
            check_title(title)
            activate(wid)
            Shot("main-window")
            return wid
        time.sleep(1)
    raise Fail(f"no window titled 'BattleHex...' within {START_TIMEOUT:.0f}s (pip install and start-up)")
