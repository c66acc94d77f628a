"""The walk's keys for what used to take the mouse (issue 19): a V13 battle played on its map
by keys (app/systems/v13/keys.py), a B5 battle's ships placed by typing their hexes, an STCS
battle's acts done and resolved from the act list, and troops landed through Turn > Cargo
(app/shell/cargo_dialog.py). Used by ``walk_x.py``; standard library only, as ``xdrive``."""
from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from xdrive import active, key, log, snap, xdo

if TYPE_CHECKING:
    from walk_x import Walk

CARGO_DIALOG = "Cargo: embark, land, deploy"  # app/shell/cargo_dialog.py
V13_ACTIONS = ("clock", "move", "mark", "declare", "float")  # the keys of a V13 combat answer
V13_MOVES = 6          # combat answers before the default walk's GM ends a V13 battle
B5_HEXES = ("1030", "8030", "4550")  # a side's ships all in one hex: one side, the other 45+ hexes off, a patrol
B5_TURN = re.compile(r"^B5 Turn Sequence")  # the title of B5's turn question (the GM: at the table, results, plot)
STCS_ACTS = 6          # acts done (Return: the act the list opens at) before the walk's GM resolves the battle


def b5_ready(data: dict, rec: dict) -> bool:
    """Both sides of the Battle Hex ``rec`` have a unit with Babylon 5 data there (else B5 refuses to start)."""
    powers = {f.get("power") for f in data.get("fleets", []) if f.get("sector") == rec.get("at")
              and any("b5" in u for u in f.get("units", []))}
    return len(powers) >= 2


def b5_by_keys(walk: Walk, at: str, answers: int) -> None:
    """A B5 placement by keys: the hex field under the question has the focus (a plot or orders there
    open at their default, which the Return before this gave); the hex typed over what it holds, Return.
    Every ship of a side goes in one hex (a squadron within 3 hexes of its command ship, commanders within
    15 of the flagship); when a hex typed placed nothing (the other side's: fleets begin 45 hexes apart),
    the next one is typed."""
    hexes = walk.b5_hex.setdefault(at, [])
    last = walk.b5_last.get(at)
    turn = 0 if last is None else last[1] + (last[0] == answers)  # the same answers since: refused, the next
    where = B5_HEXES[turn % len(B5_HEXES)]
    walk.b5_last[at] = (answers, turn)
    key("ctrl+a")
    xdo("type", "--delay", "60", where)
    if len(hexes) < 3:
        snap(f"battle-{at}-b5-place-{where}")
    key("Return")
    hexes.append(where)


def stcs_by_keys(walk: Walk, at: str, answers: int, s: int) -> None:
    """An STCS act by keys: Return does the act the list opens at (the engine's default); after
    STCS_ACTS answers the act list takes the focus (Tab to it) and its last act, resolve the battle, is done
    (End, Return): the GM resolves it at the table."""
    log_ = walk.stcs_keys.setdefault(at, [])
    if answers < STCS_ACTS:
        key("Return")
        log_.append("Return")
        return
    tabs = max(s - 1, 0)  # the focus moved on one more each time nothing moved
    if walk.rng is not None:  # random keys: Return always goes on (end this segment), so nothing stalls;
        tabs = sum(1 for x in log_ if x != "Return") % 8  # each try moves the focus one further
    seq = ["Tab"] * tabs + ["End", "Return"]
    if len(log_) < 40:
        snap(f"battle-{at}-stcs-resolve-{s}")
    key(*seq)
    log_.append(" ".join(seq))


def v13_by_keys(walk: Walk, at: str, answers: list, s: int) -> None:
    """One V13 answer by the map's keys. Before the first combat answer: Place... (P), the cursor
    on the unit's legal zone (random: N for another unit, arrows, [ ] first), Return; then
    Alt+A (Answer...: a question's dialog closed by a random Cancel opens again), then a combat
    key (Space in combat advances the clock; in set-up it answers nothing), which finds the
    combat's start. In combat: N selects a unit, then Move... (M) and
    an arrow, or a step (W/Q/E/A/D), or Space for the clock; after enough of them the GM ends
    the battle (Ctrl+Shift+X, the reason typed by ``dialog``)."""
    rng = walk.rng
    acts = [a for a in answers if isinstance(a, dict) and any(k in a for k in V13_ACTIONS)]
    placed = [a for a in answers if isinstance(a, dict) and "unit" in a and "at" in a]
    log_ = walk.v13_keys.setdefault(at, [])
    moves = walk.v13_moves.setdefault(at, V13_MOVES if rng is None else rng.randint(2, 10))
    if not acts and s % 4 in (1, 2):
        seq = ["n"] * (rng.randrange(3) if rng else 0) + ["p"]
        if rng is not None:
            # no Tab: where P placed nothing (combat begun, a question's dialog closed) Tab would move the
            # focus, e.g. onto a rule's link in the log, which Return opens (pytest-qt tests cover Tab)
            seq += [rng.choice(["bracketleft", "bracketright", "Up", "Down", "Left", "Right"])
                    for _ in range(rng.randrange(6))]
        key(*seq)
        if s == 1 and len(placed) in (0, 3):  # the cursor on the first unit, and on an attacker's
            snap(f"battle-{at}-v13-place-cursor-{len(placed)}")
        key("Return")
        log_.append(" ".join([*seq, "Return"]))
    elif not acts and s % 4 == 3:  # a question's dialog closed by a random Cancel: Answer... again
        key("alt+a")
        log_.append("Alt+A")
    elif len(acts) >= moves:
        snap(f"battle-{at}-v13-before-end")
        key("ctrl+shift+x")  # End battle (GM): its reason dialog is answered by ``dialog``
        log_.append("Ctrl+Shift+X")
    elif not acts:  # combat's start, if it has begun: Space advances the clock (in set-up it answers nothing)
        key("space")
        log_.append("space")
    else:
        turn = len(acts) + s
        if rng is None:
            seq = (["space"] if turn % 3 == 2 else
                   ["n", "m", ("Up", "Down", "Left", "Right")[turn % 4], "Return"] if turn % 3 == 0 else
                   ["n", ("w", "q", "e", "a", "d")[turn % 5]])
        else:
            roll = rng.random()
            seq = ["n"] * rng.randrange(1, 4)
            if roll < 0.25:
                seq = ["space"]
            elif roll < 0.7:
                seq += ["m"] + [rng.choice(["Up", "Down", "Left", "Right", "bracketleft", "bracketright"])
                                for _ in range(rng.randrange(1, 5))] + ["Return"]
            else:
                seq.append(rng.choice(["w", "q", "e", "a", "d"]))
        if "m" in seq and len(acts) < 2:
            key(*seq[:-1])
            snap(f"battle-{at}-v13-move-cursor")
            key(seq[-1])
        else:
            key(*seq)
        log_.append(" ".join(seq))


def ask_for_cargo(walk: Walk, data: dict) -> None:
    """In the random walk's Troop Combat: Turn > Cargo: Embark, Land, Deploy... (Ctrl+Shift+C)."""
    turn = data.get("turn", 1)
    walk.landings[turn] = "asked"
    walk._cargo_before = cargo_held(data)
    key("ctrl+shift+c")
    time.sleep(0.6)
    if not active()[1].startswith(CARGO_DIALOG):
        walk.landings[turn] = "no cargo action offered (no dialog)"
        walk.notes.append(f"turn {turn} Troop Combat: Ctrl+Shift+C offered no cargo action")


def land_by_keys(walk: Walk) -> None:
    """Turn > Cargo's dialog (app/shell/cargo_dialog.py): the landings are listed first, so typing "Land"
    finds the first one (random walk: sometimes the next line); Return does it. Whether cargo moved
    is read back from the autosave."""
    snap("cargo-dialog")
    xdo("type", "--delay", "80", "Land")
    if walk.rng is not None and walk.rng.random() < 0.3:
        key("Down")  # another landing, or another cargo action
    snap("cargo-dialog-chosen")
    key("Return")
    time.sleep(0.8)
    turn = walk.state().get("turn", 1)
    after = cargo_held(walk.state())
    off, on = sorted(set(walk._cargo_before) - set(after)), sorted(set(after) - set(walk._cargo_before))
    walk.landings[turn] = "; ".join(([f"landed or deployed by keys: {', '.join(off)}"] if off else [])
                                    + ([f"embarked by keys: {', '.join(on)}"] if on else [])) \
        or "the cargo dialog's choice moved no cargo"
    log(f"turn {turn} Troop Combat: {walk.landings[turn]}")


def cargo_held(data: dict) -> list[str]:
    """The ids of the cargo the fleets hold, from the autosave."""
    return [c.get("id", "") for f in data.get("fleets", []) for c in f.get("cargo") or []]
