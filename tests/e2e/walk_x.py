"""The real-screen walk's driver (issue 19): the default campaign played on an X server for whole
turns by keys only, as a person at the keyboard would, and the "monkey" (keys, clicks and
drags at random).

Started by ``.ci/walk_x.sh`` (which owns the X server and the app, see ``xdrive``):

    walk_x.py --mode default [--turns 2]     every dialog's default (Return)
    walk_x.py --mode random --seed 7         seeded random choices (Tab, arrows, Space, then Return)
    walk_x.py --monkey 600 --seed 7          600 s of random keys, clicks and drags

A walk reads where the campaign stands from its autosave (the phase, the turn, the Battle Hexes
and their answers; before the first change, the default campaign's file: turn 1's Income Phase)
and presses what that phase needs: End Movement (Ctrl+E), End Phase
(Ctrl+Shift+E), Answer... (Ctrl+Shift+A) for a question the phase waits for, and in the Space
Combat Phase Fight (Ctrl+F) after choosing the battle system through Turn > Battle System for
New Battle Hexes (the six systems in turn, one battle each at least; B5 where both sides have B5
data), then the battle by keys.
A V13 battle is played on its map by keys (app/systems/v13/keys.py): each unit placed with Place...
(P, Tab to the next legal hex, [ ] the facing, Return), units selected with N and moved with
Move... (M, arrows, Return) or a step (W/Q/E/A/D), the clock with Space, and after some moves
the battle ended by the GM (Ctrl+Shift+X, A-59, as random play ends it). A B5 battle's set-up takes
each dialog's default (a meeting engagement), its ships are placed by typing a hex in the field under
the question (every ship of a side in one hex), and at the first turn the GM enters the results; an
STCS battle's acts are done with Return, then the GM resolves it (End, Return in the act list). In the random walk the
Troop Combat phase lands troops by keys: Turn > Cargo (Ctrl+Shift+C), "Land" typed, Return.
It fails (exit 1, naming the step) on a traceback in the app's log or error log, on the app's
exit, on a refused default answer, and on a phase or a battle that stops moving: the autosave
unchanged after STALL key presses. Not named ``test_*.py``: pytest does not collect it.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
import time
from pathlib import Path

from walk_keys import (B5_TURN, CARGO_DIALOG, STCS_ACTS, ask_for_cargo, b5_by_keys, b5_ready, land_by_keys,
                       stcs_by_keys, v13_by_keys)
from xdrive import (
    ART,
    BATTLE_WINDOW,
    FILE_DIALOG,
    Fail,
    activate,
    active,
    autosave,
    check_app,
    check_error_log,
    check_title,
    current_step,
    failure_note,
    key,
    log,
    snap,
    step,
    wait_main_window,
    xdo,
)

PHASES = ("income", "tech", "orders", "supply", "encounters", "battles", "bombardment", "troops", "construction",
          "update", "end")  # seed 004's whole turn (rules.model), as the default campaign runs it
DEFAULT_CAMPAIGN = Path(__file__).resolve().parents[2] / "scenarios" / "default_campaign.json"
SYSTEMS = ("v13", "table", "sidcors", "afef", "b5", "stcs")  # the order of Turn > Battle System for New Battle Hexes
STALL = 14             # key presses that change nothing before a phase counts as stopped (default answers)
STALL_RANDOM = 30      # the same with random choices (a Tab may land on Cancel, which changes nothing)
BATTLE_ANSWERS = 150   # answers after which a battle counts as never ending
ERROR_DIALOG = "BattleHex: something failed"  # app/shell/errors.py: an error caught at the app's edge
REASON = re.compile(r"^(Break off|GM ruling|End the battle)")  # dialogs that ask the GM's reason
# the rules texts' windows (Help > Rules, or a rule's link in a dialog): read, then closed
RULES_WINDOWS = {e["title"] for e in json.loads((Path(__file__).resolve().parents[2] / "assets" / "rules" /
                                                 "index.json").read_text(encoding="utf-8"))}


class Walk:
    """One walk over whole turns; ``rng`` is None for the default answers."""

    def __init__(self, rng: random.Random | None, turns: int, budget: float) -> None:
        self.rng = rng
        self.turns = turns
        self.deadline = time.monotonic() + budget
        self.main = ""
        self.fought: dict[str, str] = {}     # Battle Hex -> the system it was fought with
        self.ruled: list[str] = []           # Battle Hexes the GM ruled on, with why
        self.notes: list[str] = []           # what the walk met that keys cannot do
        self.presses = 0
        self.stalled = 0
        self._seen = ""
        self._next_system = 0
        self.started: dict[str, str] = {}    # Battle Hex -> the system chosen for it
        self._dialogs: list[str] = []        # the last dialogs answered (window ids)
        self._refused = 0                    # refusals in a row: then the next answers are the defaults
        self.phases: dict[int, list[str]] = {}  # turn -> the phases it went through, in order
        self.v13_moves: dict[str, int] = {}  # V13 Battle Hex -> combat answers before the GM ends it
        self.v13_keys: dict[str, list[str]] = {}  # V13 Battle Hex -> what its keys did (placed, moved...)
        self.landings: dict[int, str] = {}   # turn -> the cargo dialog's outcome in Troop Combat
        self._cargo_before: list[str] = []   # the cargo held when the cargo dialog was asked for
        self.in_b5 = False                   # a B5 battle's window is the last battle window seen
        self.b5_hex: dict[str, list[str]] = {}  # B5 Battle Hex -> the hexes typed for its placements
        self.b5_last: dict[str, tuple[int, int]] = {}  # B5 Battle Hex -> (its answers, the hex's turn) last typed
        self.stcs_keys: dict[str, list[str]] = {}  # STCS Battle Hex -> what its keys did

    # -- what the autosave says -------------------------------------------------------------------
    def state(self) -> dict:
        """The autosave; before the first change (none written yet) the default campaign the app opened."""
        saved = autosave()
        if saved is None:
            return json.loads(DEFAULT_CAMPAIGN.read_text(encoding="utf-8"))
        return saved

    def progress(self) -> None:
        """Count a key press that changed nothing; fail once STALL of them did nothing."""
        self.presses += 1
        data = self.state()
        sig = hashlib.sha1(repr(data).encode()).hexdigest()
        if sig != self._seen:
            self._seen, self.stalled, self._refused = sig, 0, 0
            return
        self.stalled += 1
        limit = STALL if self.rng is None else STALL_RANDOM
        if self.stalled >= limit:
            open_q = [f"{b.get('at')} ({len(b.get('answers') or [])} answers)" for b in data.get("battle_hexes", [])
                      if not b.get("resolved") and b.get("turn", 1) == data.get("turn", 1)] or ["none"]
            raise Fail(f"turn {data.get('turn', 1)}, phase {data.get('phase', 'orders')!r} stopped moving: {limit} "
                       f"key presses changed nothing in the autosave (open Battle Hexes: {', '.join(open_q)}; "
                       f"active window {active()[1]!r})")

    # -- the walk ---------------------------------------------------------------------------------
    def play(self) -> None:
        self.main = wait_main_window()
        first = self.state().get("turn", 1)
        while self.state().get("turn", 1) < first + self.turns:
            if time.monotonic() > self.deadline:
                raise Fail(f"the walk ran out of time in phase {self.state().get('phase', 'orders')!r}")
            check_app()
            check_error_log()
            wid, title = active()
            check_title(title)
            data = self.state()
            where = f"turn {data.get('turn', 1)} {data.get('phase', 'orders')}"
            if current_step() != where:
                step(where)
                self.phases.setdefault(data.get("turn", 1), []).append(data.get("phase", "orders"))
            if not wid or wid == self.main:
                self.on_main()
            elif (m := BATTLE_WINDOW.match(title)) is not None:
                self.in_battle(wid, m.group(1))
            else:
                self.dialog(wid, title)
            time.sleep(0.25)
        snap(f"turn-{self.state().get('turn', 1)}-reached")
        for turn in range(first, first + self.turns):
            if self.phases.get(turn) != list(PHASES):
                raise Fail(f"turn {turn} went through the phases {self.phases.get(turn)}, not {list(PHASES)}")
        if self.rng is not None and self._next_system < len(SYSTEMS):
            began = ", ".join(SYSTEMS[:self._next_system]) or "no system"
            raise Fail(f"{self.turns} turns with random choices began a battle only in {began}, not in every one "
                       f"of {', '.join(SYSTEMS)}")
        if self.rng is not None and "v13" not in self.fought.values():
            raise Fail("no V13 battle was played to its end by keys (placement and moves on the map): "
                       + ("; ".join(self.notes) or "none was begun"))
        missing = [s for s in SYSTEMS if s not in self.fought.values()]
        if self.rng is not None and missing:
            raise Fail(f"no battle of {', '.join(missing)} was played to its end by keys: "
                       + ("; ".join(self.notes) or "ruled instead"))

    def on_main(self) -> None:
        data = self.state()
        phase = data.get("phase", "orders")
        self.in_b5 = False
        if not activate(self.main, may_yield=True):
            return  # a dialog came up meanwhile (a morale check, a question): the loop answers it first
        snap(f"main-{phase}")
        if phase == "orders":
            key("ctrl+e")
        elif phase == "battles":
            self.fight_next(data)
        elif phase == "troops" and self.rng is not None and data.get("turn", 1) not in self.landings:
            ask_for_cargo(self, data)  # troops land by keys: Turn > Cargo...
        elif self.stalled % 2:  # the phase's questions, if End Phase waits for them
            key("ctrl+shift+a")
        else:
            key("ctrl+shift+e")
            self.settle(data)
        self.progress()

    def settle(self, before: dict, timeout: float = 4.0) -> None:
        """Wait for End Phase, pressed on the main window, to reach the autosave (or for a dialog it opened).

        The app writes the autosave 300 ms after a change, off the GUI thread; on a loaded machine
        later. Read before then, the walk saw the phase unchanged and pressed End Phase again: two CI
        runs went from Update Asset to turn 3 and never saw End of Turn. What is waited for is the
        turn or the phase changing, not any change: a late write of an earlier answer is not it.
        """
        was = (before.get("turn", 1), before.get("phase", "orders"))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            time.sleep(0.1)
            now = self.state()
            if (now.get("turn", 1), now.get("phase", "orders")) != was or active()[0] != self.main:
                return

    def fight_next(self, data: dict) -> None:
        """Fight a Battle Hex not begun with the next battle system, or rule on a begun one."""
        turn = data.get("turn", 1)
        open_ = [b for b in data.get("battle_hexes", []) if not b.get("resolved") and b.get("turn", 1) == turn
                 and b.get("encounter") in (None, "scenario")]
        if not open_ or self.stalled >= 4:
            key("ctrl+shift+e")  # nothing left to fight: End Phase (refused while one is open)
            self.settle(data)
            return
        fresh = [b for b in open_ if not b.get("answers")]
        if not fresh:
            self.rule_on(open_[0]["at"], "the walk's keys could not finish this battle")
            return
        if self._next_system < len(SYSTEMS):  # B5 needs both sides with B5 data: such a hex is kept for it
            ready = [b for b in fresh if b5_ready(data, b)]
            b5_left = SYSTEMS[self._next_system:].count("b5") > 0
            if SYSTEMS[self._next_system] == "b5":
                fresh = ready or fresh
            elif b5_left and len(fresh) > len(ready):
                fresh = [b for b in fresh if b not in ready]
        target = fresh[0] if self.rng is None else self.rng.choice(fresh)
        if self._next_system >= len(SYSTEMS):  # one battle per system fought: the GM rules on the rest
            self.rule_on(target["at"], "one battle per battle system is fought in this walk")
            return
        system = SYSTEMS[self._next_system]
        self._next_system += 1
        self.choose_system(system)
        self.started[target["at"]] = system
        key("ctrl+f")
        time.sleep(0.8)
        wid, title = active()
        if "Fight" not in title:
            snap("no-fight-dialog")
            return
        xdo("type", "--delay", "80", target["at"])  # the combo box's keyboard search picks it
        snap(f"fight-{target['at']}-{system}")
        key("Return")
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline and not BATTLE_WINDOW.match(active()[1]):
            check_app()
            time.sleep(0.3)

    def choose_system(self, system: str) -> None:
        """Turn > Battle System for New Battle Hexes > the ``system``th entry, by keys.

        The submenu is filled as it opens (the registry loads then); on a loaded machine an
        arrow key sent before it shows is lost (a CI run chose 'sidcors' for 'afef' so), so the
        walk waits for it, and tries again, slower, before it says the menu's order changed.
        """
        now = self.state().get("settings", {}).get("battle_system", "v13")
        for attempt in range(3):
            if now == system:
                return
            key("alt+t")
            time.sleep(0.3 + attempt)
            key("s")
            time.sleep(0.6 + attempt)
            for _ in range(SYSTEMS.index(system)):
                key("Down")
                time.sleep(0.1 * attempt)
            snap(f"battle-system-{system}" + (f"-try-{attempt + 1}" if attempt else ""))
            key("Return")
            time.sleep(0.5 + attempt)
            now = self.state().get("settings", {}).get("battle_system", "v13")
            if now != system:
                log(f"Turn > Battle System: {now!r}, not {system!r}, was chosen (try {attempt + 1} of 3)")
        if now != system:
            raise Fail(f"Turn > Battle System entry {SYSTEMS.index(system) + 1} chose {now!r}, not {system!r}, "
                       f"three times (the menu's order is no longer {', '.join(SYSTEMS)})")

    def rule_on(self, at: str, why: str) -> None:
        """The GM's ruling on the Battle Hex ``at`` (Ctrl+G, its two questions answered by keys)."""
        key("ctrl+g")
        time.sleep(0.8)
        if "GM ruling" not in active()[1]:
            snap("no-gm-ruling-dialog")
            return
        xdo("type", "--delay", "80", at)
        key("Return")
        time.sleep(0.6)
        xdo("type", "--delay", "20", f"walk: {why}")
        snap(f"gm-ruling-{at}")
        key("Return")
        self.ruled.append(f"{at} turn {self.state().get('turn', 1)}: {why}")

    def dialog(self, wid: str, title: str) -> None:
        """A dialog: its default (Return), or in a random walk a few Tab / arrow / Space presses first."""
        snap(f"dialog-{title.split(chr(0x2014))[0]}")
        self._dialogs = [*self._dialogs[-5:], wid]
        if title.startswith(ERROR_DIALOG):
            raise Fail(f"the app showed its error dialog {title!r} (the traceback is in its log)")
        if title.startswith("Refused"):
            if self.rng is None:
                raise Fail(f"a default answer was refused: {title!r}")
            self._refused += 1  # a random choice refused: another, then (twice refused) the default, which is legal
            log(f"refused: {title!r}: " + ("another choice" if self._refused < 2 else "the default next"))
        if title.startswith(CARGO_DIALOG):
            land_by_keys(self)
        elif "Battle Hexes" in title:  # End Movement's list (not modal): read, then closed
            key("Escape")
        elif title in RULES_WINDOWS:
            key("alt+F4")
        elif REASON.search(title):  # a GM's reason: an empty one is refused (AF/EF 4.2.d)
            # no space: in the dialog's first question (a closed combo box) Space would open the list
            xdo("type", "--delay", "20", "walk-reason")
            key("Return")
        elif FILE_DIALOG.search(title) and "Battle" not in title:
            key("Escape")
        elif title.startswith("Hand over"):  # a hot-seat hand-over: the next commander takes the screen
            key("Return")
        elif B5_TURN.search(title) and self.in_b5 and self.b5_hex:  # B5's turn (its ships placed by keys): the GM
            # enters the results (before the placements, the same title asks for a meeting engagement: Return)
            snap("b5-turn-results")
            key("Up", "Up", "Up", "Down", "Return")  # at the table, *results*, plot and move (whichever it opens at)
        elif self.in_b5:  # B5's set-up: each dialog's default (a meeting engagement: the walk's placements fit it)
            key("Return")
        elif self._dialogs.count(wid) >= 3:
            self._dialogs.clear()
            key("Escape")  # the same dialog open through three answers (Return on a rule's link): closed
        else:
            if self.rng is not None and self._refused < 2 and ("Encounters" not in title or self.rng.random() < 0.3):
                for _ in range(self.rng.randrange(4)):
                    key(self.rng.choice(["Tab", "Down", "Down", "Up", "space"]))
            elif self.rng is not None:  # mostly a demand's first scenario or a reply's Yes: battles to fight
                key("space")
            key("Return")
        self.progress()

    def in_battle(self, wid: str, at: str) -> None:
        """The battle window: take over at a hand-over (Return), else the keys its panel answers to;
        when nothing moves, the GM's ways out (break off, overrule the last refusal)."""
        data = self.state()
        rec = next((b for b in data.get("battle_hexes", []) if b.get("at") == at and not b.get("resolved")
                    and b.get("turn", 1) == data.get("turn", 1)), None)
        system = self.started.get(at) or data.get("settings", {}).get("battle_system", "v13")
        self.in_b5 = system == "b5"
        if "\u2014 replay," in active()[1]:  # a random key began the battle's replay: nothing is answered there
            key("Escape")  # leave the replay
            self.progress()
            return
        shown_resolved = "\u2014 resolved" in active()[1]  # another meeting may still be open in the sector
        if rec is None or shown_resolved:
            snap(f"battle-{at}-resolved")
            where = f"{at} turn {data.get('turn', 1)}"
            if shown_resolved or not any(r.startswith(where) for r in self.ruled):
                self.fought[f"{where} #{len(self.fought) + 1}"] = system
            key("alt+F4")  # the window manager closes it; the results are in the campaign
            self.progress()
            return
        answers = len(rec.get("answers") or [])
        if answers > BATTLE_ANSWERS:
            raise Fail(f"the {system} battle in {at} did not end after {answers} answers")
        s = self.stalled
        if s == 0 and not (system == "stcs" and answers >= STCS_ACTS):  # STCS's Return always goes on: resolved
            snap(f"battle-{at}-{system}-{answers:03d}")
            key("Return")  # a hand-over screen's button has the focus
        elif s >= (12 if self.rng is None else 24) and (system == "v13" or self.rng is not None):
            # the keys found no answer here: the GM rules, noted (and the walk fails below for the systems it must fight)
            self.notes.append(f"{at} ({system}): {s} key presses answered nothing (a step the keys do not reach?); "
                              "the GM rules on the battle")
            snap(f"battle-{at}-{system}-stuck")
            key("alt+F4")
            time.sleep(0.5)
            activate(self.main)
            self.rule_on(at, f"the {system} battle's keys answered nothing")
        elif system == "v13":
            v13_by_keys(self, at, rec.get("answers") or [], s)
        elif system == "b5" and s < 12:
            b5_by_keys(self, at, answers)
        elif system == "stcs" and s < 12:
            stcs_by_keys(self, at, answers, s)
        elif system == "sidcors" and s in (1, 2):
            key("alt+a")  # Answer...: a BIF or a unit to give up, which the panel takes as clicks, in the dialog
        elif system == "afef" and s in (1, 2):
            # Commit the plan as it stands (no dice: the keys place none); when a round is over
            # ("Another round" in Commit's place, Alt+O), break off (Alt+B, the reason typed by ``dialog``)
            key("alt+c" if s == 1 or answers < 4 else "alt+b")
        elif s in (6, 12, 18, 24):
            key("ctrl+shift+r")  # GM: overrule the last refusal (a break-off the seed leaves to the GM)
        elif s % 4 == 3:
            key("alt+a")  # Answer...: a question's dialog closed by a random Cancel opens again
        else:
            tabs = (s - 1) % 6 + 1 if self.rng is None else self.rng.randrange(1, 8)
            key(*["Tab"] * tabs, "space")
        self.progress()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--mode", choices=("default", "random"), default="default")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--turns", type=int, default=2)
    ap.add_argument("--budget", type=float, default=420, help="seconds for the whole walk")
    ap.add_argument("--monkey", type=float, default=0, help="seconds of random keys, clicks and drags")
    args = ap.parse_args()
    rng = random.Random(args.seed)
    label = f"monkey {args.monkey:.0f}s" if args.monkey else f"{args.mode} walk"
    log(f"{label}, seed {args.seed}; screenshots in {ART}")
    walk = None
    try:
        if args.monkey:
            from monkey_x import monkey
            monkey(args.monkey, rng)
        else:
            walk = Walk(rng if args.mode == "random" else None, args.turns, args.budget)
            walk.play()
        step("the app's logs")
        check_app()
        check_error_log()
    except Fail as e:
        print(f"WALK FAILED ({label}) at step {current_step()}: {e}{failure_note()}", file=sys.stderr, flush=True)
        report(walk)
        return 1
    finally:
        (ART / "probe.png").unlink(missing_ok=True)
    report(walk)
    log(f"{label} passed")
    return 0


def report(walk: Walk | None) -> None:
    if walk is None:
        return
    log(f"{walk.presses} key presses; battles fought: "
        + (", ".join(f"{at} ({s})" for at, s in walk.fought.items()) or "none"))
    for line in walk.ruled:
        log(f"GM ruling: {line}")
    for at, keys in walk.v13_keys.items():
        log(f"V13 {at} by keys: {len(keys)} key sequences; " + "; ".join(keys[:40]))
    for at, hexes in walk.b5_hex.items():
        log(f"B5 {at} by keys: ships placed by typing " + ", ".join(hexes))
    for at, keys in walk.stcs_keys.items():
        log(f"STCS {at} by keys: {len(keys)} key sequences; " + "; ".join(keys[:40]))
    for turn, what in sorted(walk.landings.items()):
        log(f"turn {turn} Troop Combat cargo: {what}")
    for line in dict.fromkeys(walk.notes):
        log(f"note: {line}")


if __name__ == "__main__":
    sys.exit(main())
