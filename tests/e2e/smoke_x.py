"""The end-to-end smoke test's driver (issue 9): BattleHex on a real X server, used as a person
would, with keys and the mouse by xdotool and eyes by screenshots (ImageMagick).

Started by ``.ci/smoke_x.sh``, which owns the X server, the window manager and the app and
passes them in through the environment (see ``xdrive``, the X and app helpers it shares with
``walk_x.py``), with SMOKE_HEX (the Battle Hex to fight). Not named ``test_*.py``: pytest does
not collect it. Standard library only, so it runs with the system ``python3`` before or without
the project's venv.

Steps: 1 the main window; 1b seed 004's Income and Tech Phases (the default campaign starts in turn
1's Income Phase): Answer (Ctrl+Shift+A) and End Phase (Ctrl+Shift+E), every dialog's default
(Return), up to Turn Orders; 2 End Movement by Ctrl+E; 2b seed 004's Combat Phase: End Phase
(Ctrl+Shift+E) from Supply to Encounters, each encounter question answered in its dialog with
keys (a demand: the default, a Deep Space encounter; a reply: Space on Yes, agree), End Phase
again to Space Combat; 3 Fight a Battle Hex by Ctrl+F;
4 hand-overs and set-up questions up to the placement step; 5 a unit dragged from the roster
onto the map, checked in the autosave; 6 the report exported by Ctrl+Shift+S; 7 no traceback.
Every wait is bounded; a failure names its step and exits 1.
"""
from __future__ import annotations

import json
import os
import re
import sys
import time
from itertools import pairwise

from xdrive import (
    ART,
    Fail,
    Shot,
    activate,
    active,
    autosave,
    check_app,
    check_title,
    click,
    current_step,
    failure_note,
    geometry,
    key,
    log,
    near,
    press_for_window,
    step,
    wait_main_window,
    windows,
    xdo,
)

WANTED_HEX = os.environ.get("SMOKE_HEX", "0604")

YELLOW = (242, 194, 48)      # the hand-over button (#f2c230)
HIGHLIGHT = (48, 140, 198)   # Fusion's selection colour: the roster's current item


# -- eyes ------------------------------------------------------------------------------------------
def zone_green(p) -> bool:
    """The legal zone's outline (pen 20,190,80 over the map), antialiased edges included
    (a thin pen's diagonals are mostly blended pixels such as 156,200,131)."""
    r, g, b = p
    return g - r >= 40 and g - b >= 40


def bbox(points):
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def largest_cluster(points, reach: int):
    """The connected group of ``points`` (neighbours within ``reach`` pixels) with the largest
    bounding box: the zone's outline, not a legend's sample line."""
    left, best, best_area = set(points), [], -1
    while left:
        seed = left.pop()
        group, todo = [seed], [seed]
        while todo:
            x, y = todo.pop()
            for dx in range(-reach, reach + 1):
                for dy in range(-reach, reach + 1):
                    q = (x + dx, y + dy)
                    if q in left:
                        left.remove(q)
                        group.append(q)
                        todo.append(q)
        x0, y0, x1, y1 = bbox(group)
        if (x1 - x0) * (y1 - y0) > best_area:
            best, best_area = group, (x1 - x0) * (y1 - y0)
    return best


def wide_button(points, min_width: int = 150):
    """The centre of the widest horizontal run of ``points`` (sampled every 3 pixels), if at
    least ``min_width`` wide: the hand-over button, not a small yellow tool button."""
    rows: dict[int, list[int]] = {}
    for x, y in points:
        rows.setdefault(y, []).append(x)
    best = None
    for y, xs in rows.items():
        xs.sort()
        start = prev = xs[0]
        for x in [*xs[1:], None]:
            if x is not None and x - prev <= 4:
                prev = x
                continue
            if prev - start >= min_width and (best is None or prev - start > best[0]):
                best = (prev - start, (start + prev) // 2, y)
            if x is not None:
                start = prev = x
    if best is None:
        return None
    tall = [y for y, xs in rows.items() if xs[-1] - xs[0] >= best[0] * 0.8 and abs(y - best[2]) < 80]
    return best[1], (min(tall) + max(tall)) // 2


def placements(at: str) -> list[dict]:
    data = autosave() or {}
    rec = next((b for b in data.get("battle_hexes", []) if b.get("at") == at), None)
    answers = (rec or {}).get("answers") or []
    return [a for a in answers if isinstance(a, dict) and "unit" in a and "at" in a]


# -- the steps -------------------------------------------------------------------------------------
def to_turn_orders(main: str) -> None:
    """The default campaign starts in turn 1's Income Phase (seed 004's empire turn run by BattleHex):
    the GM confirms the ledgers (Answer), End Phase opens Tech, whose investment questions each power
    answers behind its hand-over (the defaults), and End Phase again reaches Turn Orders."""
    step("1b Income and Tech: Answer (Ctrl+Shift+A), End Phase (Ctrl+Shift+E), each dialog's default")
    deadline = time.monotonic() + 90
    presses = dialogs = 0
    while time.monotonic() < deadline:
        time.sleep(0.7)
        check_app()
        saved = autosave()
        phase = "income" if saved is None else saved.get("phase", "orders")
        if phase == "orders":
            log(f"Turn Orders reached: {presses} key presses on the main window, {dialogs} dialogs answered")
            return
        if phase not in ("income", "tech"):
            raise Fail(f"the autosave went from Income to phase {phase!r}, not to Tech and Turn Orders")
        wid, title = active()
        check_title(title)
        if wid and wid != main:
            if title.startswith("Refused"):
                Shot("empire-refused")
                raise Fail(f"a default answer was refused: {title!r}")
            if dialogs < 4:
                Shot(f"empire-dialog-{dialogs + 1:02d}")
            log(f"{title!r} -> Return (its default)")
            key("Return")
            dialogs += 1
            continue
        activate(main)
        if presses == 0:
            Shot("income-phase")
        # the phase's question first (the Income's confirmation), then End Phase; a key that does
        # nothing here (End Phase before the confirmation) changes nothing
        key("ctrl+shift+a" if presses % 2 == 0 else "ctrl+shift+e")
        presses += 1
    raise Fail(f"Turn Orders not reached within 90 s; the autosave says phase "
               f"{(autosave() or {}).get('phase', 'orders')!r}, active window {active()[1]!r}")


def end_movement(main: str) -> None:
    step("2 End Movement (Ctrl+E)")
    activate(main)
    key("ctrl+e")
    saw_ignore = listed = False
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not listed:
        time.sleep(0.7)
        check_app()
        wid, title = active()
        check_title(title)
        if wid == main or not wid:
            continue
        if re.search(r"Battle Hexes", title):
            Shot("battle-hexes-list")
            key("Escape")
            listed = True
        elif re.search(r"ignore|V13\.1[68]|Movement Phase", title, re.IGNORECASE):
            log(f"ignore questions or their hand-over: {title!r} -> Return (the defaults: show me; pay "
                "attention, fight)")
            Shot("ignore-questions")
            key("Return")
            saw_ignore = True
        else:
            log(f"an unexpected window {title!r} -> Return")
            Shot("unexpected-window")
            key("Return")
    if not listed:
        raise Fail(f"no 'Battle Hexes' list within 20s (ignore dialog seen: {saw_ignore}); "
                   f"active window: {active()[1]!r}")
    data = autosave() or {}
    formed = [b.get("at") for b in data.get("battle_hexes", [])]
    if not formed:
        raise Fail("End Movement formed no Battle Hex in the autosave")
    log(f"autosave: Battle Hexes {', '.join(map(str, formed))}")


def to_space_combat(main: str) -> None:
    """The default campaign plays seed 004's Combat Phase: Battle Hexes are fought only in its
    Space Combat Phase, once a side has demanded a scenario in the Encounters Phase."""
    step("2b Combat Phase: End Phase (Ctrl+Shift+E), the encounter questions, End Phase")
    phase = (autosave() or {}).get("phase")
    if phase != "supply":
        raise Fail(f"after End Movement the autosave is in phase {phase!r}, not the Supply Phase")
    activate(main)
    key("ctrl+shift+e")
    answered = idle = 0
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        time.sleep(0.7)
        check_app()
        wid, title = active()
        check_title(title)
        if not wid or wid == main:
            idle += 1
            if idle >= (3 if answered else 8):
                break
            continue
        idle = 0
        if title.startswith("Refused"):
            Shot(f"encounter-refused-{answered:02d}")
            raise Fail(f"an encounter answer was refused: {title!r}")
        if "Encounters Phase" not in title:
            Shot("unexpected-window")
            raise Fail(f"an unexpected window {title!r} in the Encounters Phase")
        if title.startswith("Hand over"):  # the next commander takes the screen (its button has the focus)
            if answered < 2:
                Shot(f"encounter-handover-{answered + 1:02d}")
            key("Return")
            continue
        if answered < 2:
            Shot(f"encounter-{answered + 1:02d}")
        # the focus starts on the first choice: a demand's "Deep Space" (already chosen) or a
        # reply's "Yes" (not chosen: No is the default); Space chooses it, Return is OK
        key("space")
        key("Return")
        answered += 1
    if not answered:
        raise Fail(f"End Phase opened no encounter question; active window: {active()[1]!r}")
    data = autosave() or {}
    if data.get("phase") != "encounters":
        raise Fail(f"after {answered} encounter answers the autosave is in phase {data.get('phase')!r}")
    states = {b.get("at"): b.get("encounter") for b in data.get("battle_hexes", []) if not b.get("resolved")}
    log(f"{answered} encounter answers; meetings: {states}")
    if states.get(WANTED_HEX) != "scenario":
        raise Fail(f"Battle Hex {WANTED_HEX} generated no scenario: {states}")
    activate(main)
    key("ctrl+shift+e")
    for _ in range(20):
        time.sleep(0.5)
        if (autosave() or {}).get("phase") == "battles":
            Shot("space-combat-phase")
            return
    raise Fail(f"End Phase did not reach the Space Combat Phase: {(autosave() or {}).get('phase')!r}")


def fight(main: str) -> tuple[str, str]:
    step("3 Fight a Battle Hex (Ctrl+F)")
    time.sleep(0.5)
    title = press_for_window(main, "ctrl+f")
    if not re.search(r"Fight|Battle Hex", title):
        raise Fail(f"Ctrl+F opened no 'Fight a Battle Hex' question; active window: {title!r}")
    check_title(title)
    Shot("fight-which-hex")
    xdo("type", "--delay", "80", WANTED_HEX)  # the combo box's keyboard search picks it
    time.sleep(0.3)
    Shot(f"fight-{WANTED_HEX}-chosen")
    key("Return")
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        time.sleep(0.5)
        check_app()
        found = [pair for pair in windows("^Battle Hex ") if pair[0] != main]
        if found:
            wid, title = found[0]
            log(f"battle window {wid}: {title!r}")
            check_title(title)
            if not title.startswith("Battle Hex "):
                raise Fail(f"the battle window is titled {title!r}")
            m = re.match(r"Battle Hex (\d{4})", title)
            if not m:
                raise Fail(f"the battle window's title {title!r} names no Battle Hex")
            if m.group(1) != WANTED_HEX:
                log(f"note: asked for {WANTED_HEX}, got {m.group(1)}")
            time.sleep(1)
            activate(wid)
            Shot("battle-window")
            return wid, m.group(1)
    raise Fail(f"no window titled 'Battle Hex ...' within 15s; active window: {active()[1]!r}")


def roster_item(shot: Shot, box) -> tuple[int, int, int, int] | None:
    """The roster's current item (the selection highlight in the left dock), or None."""
    x, y, w, h = box
    pts = shot.find(near(HIGHLIGHT, 10), (x, y, x + w // 3, y + h), stride=2)
    if len(pts) < 40:
        return None
    b = bbox(pts)
    return b if b[2] - b[0] >= 60 else None


def roster_area(shot: Shot, box) -> tuple[int, int] | None:
    """A point inside the roster list (the first tall white area in the left dock)."""
    x, y, _, h = box
    for cx in (x + 60, x + 120, x + 30):
        run_start, length = None, 0
        for yy in range(y, y + h):
            if all(c >= 250 for c in shot.px(cx, yy)):
                run_start = yy if length == 0 else run_start
                length += 1
                if length >= 80:
                    return cx, run_start + 40
            else:
                length = 0
    return None


def to_placement(bw: str) -> Shot:
    step("4 hand-overs and set-up questions up to placement")
    idle = 0
    for n in range(1, 41):
        time.sleep(0.7)
        check_app()
        wid, title = active()
        check_title(title)
        if wid == bw:
            box = geometry(bw)
            shot = Shot(f"battle-{n:02d}", keep=False)
            yellow = shot.find(near(YELLOW, 6), (box[0], box[1], box[0] + box[2], box[1] + box[3]), stride=3)
            button = wide_button(yellow) if len(yellow) >= 30 else None
            if button:
                Shot(f"hand-over-{n:02d}")
                log(f"hand-over screen: click the yellow button at {button}")
                click(*button)
                idle = 0
                continue
            if roster_item(shot, box):
                log("the roster 'Units to place' has items: placement")
                return Shot("placement")
            idle += 1
            if idle >= 2:  # no dialog opened by itself: press Answer... (above the roster)
                spot = roster_area(shot, box)
                if spot is None:
                    Shot(f"stuck-{n:02d}")
                    raise Fail("the battle window shows no dialog, hand-over or roster to work with")
                Shot(f"no-dialog-{n:02d}")
                log("no question dialog opened by itself: focus the roster, Shift+Tab to 'Answer...', Space")
                click(*spot)
                key("shift+Tab")
                key("space")
                idle = 0
            continue
        idle = 0
        if not wid:
            activate(bw)
        elif re.search(r"^Refused", title):
            Shot(f"refused-{n:02d}")
            raise Fail(f"a default answer was refused: {title!r}")
        elif re.search(r"^BattleHex", title):
            activate(bw)
        else:
            kind = "Weapon Status" if "Weapon Status" in title else "question"
            tag = re.sub(r"[^A-Za-z0-9.]+", "-", title.split("\u2014")[0]).strip("-")[:30]
            Shot(f"{kind.split()[0].lower()}-{n:02d}-{tag}")
            log(f"{kind} {title!r} -> Return (the default answer)")
            key("Return")
    raise Fail("40 steps without reaching the placement step (the roster never had a unit)")


def candidates(shot: Shot, box) -> list[tuple[int, int]]:
    """Points inside the legal zone: on scan lines across the green outline, the middle of
    the first and of the last gap between two crossings of it."""
    x, y, w, h = box
    pts = shot.find(zone_green, (x + w // 5, y, x + w, y + h), stride=2)
    if len(pts) < 20:
        raise Fail("no legal zone (green outline) on the map after Fit (Ctrl+0)")
    boxes = list(dict.fromkeys([bbox(largest_cluster(pts, reach=12)), bbox(pts)]))
    log(f"legal zone outline (x0, y0, x1, y1): {' or '.join(map(str, boxes))}")
    found: list[tuple[int, int]] = []

    def crossings(values):
        runs, start, last = [], None, None
        for v in values:
            if start is None:
                start = last = v
            elif v - last > 4:
                runs.append((start, last))
                start = last = v
            else:
                last = v
        if start is not None:
            runs.append((start, last))
        return runs

    for (x0, y0, x1, y1), f in ((b, f) for b in boxes for f in (0.5, 0.35, 0.65, 0.2, 0.8)):
        yy = int(y0 + (y1 - y0) * f)
        runs = crossings([xx for xx in range(x0, x1 + 1) if zone_green(shot.px(xx, yy))])
        gaps = [(a[1], b[0]) for a, b in pairwise(runs) if b[0] - a[1] >= 12]
        for g in (gaps[:1] + gaps[-1:]) if gaps else []:
            found.append(((g[0] + g[1]) // 2, yy))
        xx = int(x0 + (x1 - x0) * f)
        runs = crossings([v for v in range(y0, y1 + 1) if zone_green(shot.px(xx, v))])
        gaps = [(a[1], b[0]) for a, b in pairwise(runs) if b[0] - a[1] >= 12]
        for g in (gaps[:1] + gaps[-1:]) if gaps else []:
            found.append((xx, (g[0] + g[1]) // 2))
    return list(dict.fromkeys(found))[:12]


def hover_verdict(x: int, y: int) -> str:
    """'legal', 'illegal' or 'none': the colour of the hover hex the map draws under a drag."""
    shot = Shot("drag", keep=False)
    green = red = 0
    for px in shot.find(lambda p: True, (x - 8, y - 8, x + 9, y + 9)):
        r, g, _ = shot.px(*px)
        green += g - r > 30 and g > 180
        red += r - g > 30 and r > 180
    return "legal" if green > max(40, red) else "illegal" if red > 40 else "none"


def place_by_drag(bw: str, at: str) -> None:
    step("5 place a unit by dragging it from the roster onto the map")
    activate(bw)
    key("ctrl+0")  # Fit: the sheet, the counters and the legal zone
    time.sleep(1)
    box = geometry(bw)
    shot = Shot("placement-fitted")
    item = roster_item(shot, box)
    if item is None:
        raise Fail("the roster's current item is not visible")
    sx, sy = item[0] + 30, (item[1] + item[3]) // 2
    before = len(placements(at))
    points = candidates(shot, box)
    if not points:
        raise Fail("found no point inside the green outline of the legal zone")
    log(f"{len(points)} candidate drop points: {points}")
    attempts = 0
    tried = 0
    while tried < len(points) and attempts < 4:
        attempts += 1
        xdo("mousemove", str(sx), str(sy), "sleep", "0.2", "mousedown", "1", "sleep", "0.2")
        cx, cy = sx, sy
        verdict = "none"
        while tried < len(points):
            tx, ty = points[tried]
            tried += 1
            for i in range(1, 11):
                xdo("mousemove", str(cx + (tx - cx) * i // 10), str(cy + (ty - cy) * i // 10), "sleep", "0.04")
            cx, cy = tx, ty
            time.sleep(0.4)
            verdict = hover_verdict(tx, ty)
            log(f"dragging over ({tx}, {ty}): the map says {verdict}")
            if verdict != "illegal":
                break
        if verdict == "legal":
            Shot("drag-over-legal-hex")
        elif verdict == "illegal":
            Shot("drag-over-illegal-hexes")
            xdo("sleep", "0.2", "mouseup", "1")
            raise Fail(f"while dragging, the map called all {len(points)} points found inside the green "
                       f"outline illegal: {points}")
        xdo("sleep", "0.2", "mouseup", "1")
        deadline = time.monotonic() + 6
        while time.monotonic() < deadline:
            time.sleep(0.5)
            check_app()
            now = placements(at)
            if len(now) > before:
                log(f"autosave: Battle Hex {at} answers gained {json.dumps(now[-1])}")
                Shot("unit-placed")
                return
        log(f"drop at ({cx}, {cy}) ({verdict}) changed nothing in the autosave")
        if active()[0] != bw:
            activate(bw)
    raise Fail(f"no placement reached the autosave after {attempts} drags over {tried} points")


def export_report(bw: str) -> None:
    step("6 export the report (Ctrl+Shift+S)")
    title = press_for_window(bw, "ctrl+shift+s")
    if not re.search(r"Export.*report", title, re.IGNORECASE):
        Shot("no-export-dialog")
        raise Fail(f"Ctrl+Shift+S opened no 'Export battle report' file dialog; active window: {title!r}")
    check_title(title)
    Shot("export-dialog")
    target = ART / "battle-report.html"
    key("ctrl+a")
    xdo("type", "--delay", "20", str(target), timeout=30)
    time.sleep(0.3)
    key("Return")
    deadline = time.monotonic() + 15
    size = -1
    while time.monotonic() < deadline:
        time.sleep(0.5)
        check_app()
        if target.exists() and target.stat().st_size == size > 0:
            break
        size = target.stat().st_size if target.exists() else -1
    else:
        Shot("export-failed")
        raise Fail(f"{target} was not written within 15s; active window: {active()[1]!r}")
    text = target.read_text(errors="replace")
    if "<html" not in text.lower() and "Battle" not in text:
        raise Fail(f"{target} has neither '<html' nor 'Battle' ({len(text)} characters)")
    log(f"report written: {target} ({size} bytes)")
    time.sleep(0.5)
    wid, title = active()
    check_title(title)
    Shot("report-exported")
    if wid != bw:
        raise Fail(f"after the export the active window is {title!r}, not the battle window")


def main() -> int:
    try:
        main_wid = wait_main_window()
        to_turn_orders(main_wid)
        end_movement(main_wid)
        to_space_combat(main_wid)
        bw, at = fight(main_wid)
        to_placement(bw)
        place_by_drag(bw, at)
        export_report(bw)
        step("7 the app's log")
        check_app()
    except Fail as e:
        print(f"SMOKE FAILED at step {current_step()}: {e}{failure_note()}", file=sys.stderr, flush=True)
        return 1
    finally:
        (ART / "probe.png").unlink(missing_ok=True)
    log("all steps passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
