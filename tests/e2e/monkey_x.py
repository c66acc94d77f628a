"""The real-screen "monkey" (issue 19): keys, clicks and drags at random on the app for a while,
failing on a traceback in its log or error log or on its exit. Started by ``.ci/walk_x.sh
--monkey SECONDS`` through ``walk_x.py --monkey``; standard library only, as ``xdrive``."""
from __future__ import annotations

import random
import time

from xdrive import (
    BATTLE_WINDOW,
    FILE_DIALOG,
    activate,
    active,
    autosave,
    check_app,
    check_error_log,
    geometry,
    key,
    log,
    snap,
    step,
    wait_main_window,
    xdo,
)


def monkey(seconds: float, rng: random.Random) -> None:
    """Keys, clicks and drags at random for ``seconds``; a dialog is mostly answered (an option,
    then Return), file dialogs are closed (nothing is typed into them), Quit is never pressed."""
    main = wait_main_window()
    step(f"monkey for {seconds:.0f} s")
    # the phase's own keys and Return weigh more, so that the monkey gets past the first dialogs
    keys = ["ctrl+e"] * 2 + ["ctrl+shift+e"] * 3 + ["ctrl+shift+a"] * 2 + ["ctrl+f"] * 2 + ["Return"] * 6 + [
        "space"] * 3 + ["Tab"] * 2 + [
        "ctrl+g", "ctrl+b", "ctrl+z", "ctrl+shift+z", "ctrl+1", "ctrl+2", "ctrl+3", "ctrl+0", "ctrl+plus",
        "ctrl+minus", "ctrl+t", "ctrl+n", "ctrl+d", "ctrl+shift+r", "Escape", "shift+Tab", "Up", "Down", "Left",
        "Right", "bracketleft", "bracketright", "w", "q", "e", "a", "d", "alt+c", "alt+b", "Delete", "alt+t", "alt+v",
        "p", "m", "n", "shift+n", "ctrl+shift+c"]
    end = time.monotonic() + seconds
    last_shot = 0.0
    events = 0
    seen: dict[str, int] = {}
    while time.monotonic() < end:
        check_app()
        check_error_log()
        wid, title = active()
        if not wid:
            activate(main)
            continue
        if FILE_DIALOG.search(title) and not title.startswith(("BattleHex", "Battle Hex")):
            key("Escape")
            continue
        x, y, w, h = geometry(wid)
        r = rng.random()
        if not title.startswith("BattleHex") and not BATTLE_WINDOW.match(title) and r < 0.6:
            # a dialog: mostly answered (an option, then OK), so that the monkey gets past it
            key(*[rng.choice(["Down", "Up", "space"]) for _ in range(rng.randrange(3))], "Return")
        elif r < 0.5:
            key(rng.choice(keys))
        elif r < 0.8:
            xdo("mousemove", str(x + rng.randrange(w)), str(y + rng.randrange(h)), "click",
                "3" if rng.random() < 0.15 else "1")
        else:
            x0, y0 = x + rng.randrange(w), y + rng.randrange(h)
            x1, y1 = x + rng.randrange(w), y + rng.randrange(h)
            xdo("mousemove", str(x0), str(y0), "mousedown", "1")
            for i in range(1, 9):
                xdo("mousemove", str(x0 + (x1 - x0) * i // 8), str(y0 + (y1 - y0) * i // 8), "sleep", "0.03")
            xdo("mouseup", "1")
        events += 1
        if time.monotonic() - last_shot > 15:
            last_shot = time.monotonic()
            data = autosave() or {}
            seen.setdefault(f"turn {data.get('turn', 1)} {data.get('phase', 'orders')}", events)
            snap(f"monkey-{events:05d}")
        time.sleep(0.1)
    log(f"monkey: {events} events, no traceback; where it stood (with the event it was first seen at): "
        + ", ".join(f"{k} ({v})" for k, v in seen.items()))
