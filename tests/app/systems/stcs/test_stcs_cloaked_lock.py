"""Issue 25 in the GUI: a cloaked Romulan locks on in secret (rules.systems.stcs.cloaklock). The GM picks the Bird of
Prey's act in the panel's act list (its odds by range in its tooltip, the same wherever the ship is); the screen passes
to Red, whose own dialog lists the enemy ships with their range and odds and "no lock attempt"; the lock is drawn on
Red's and the GM's map as a dashed "secret lock" line, never on Blue's, even when Blue's scan has locked on the Bird
(it sees the ship then, not its lock)."""
from __future__ import annotations

from PySide6.QtCore import Qt

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.test_stcs_window import act, hand_over

PICK = {"/move/bop/points": "14", "/move/bop/path": "B:14", "/move/enterprise/points": "4",
        "/move/enterprise/path": "F:3", "/cloaklock/": "enterprise", "/cloakout/": "none"}
"""The Bird of Prey 14 hexes ahead in secret, the Enterprise 3 toward it: 7 hexes apart, a lock on D10 1-10."""
SEEN: dict[str, list[str]] = {}


def dialogs(d) -> bool:
    if not isinstance(d, QuestionDialog):
        return False
    key = d.q.key
    if key == "stcs/mode":
        d.group.button(0).setChecked(True)  # sub-light
    elif "/hidden/" in key:
        d.spin.setValue(3)  # table (1-5): stationary, holding a lock, 1-10 hexes: 1-6
    for part, want in PICK.items():
        if part in key:
            SEEN.setdefault(part, [d.q.to, *d.q.data["option_words"].values()])
            d.group.button(d.q.options.index(want)).setChecked(True)
    return ok(d)


def test_a_cloaked_romulan_locks_on_in_secret(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    answerer = Answerer(dialogs)
    at_act = lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act"  # noqa: E731
    hand_over(qtbot, bw, at_act)
    eng = bw.b.engine
    row = next(i for i in range(panel.acts.count()) if panel.acts.item(i).data(Qt.ItemDataRole.UserRole)
               == "cloaklock:bop")
    item = panel.acts.item(row)
    assert "side tries a sensor lock on an enemy ship, or none, in secret (cloaked)" in item.text()
    assert "22-28 hexes D10 1-7 (70%)" in item.toolTip() and "none beyond 36" in item.toolTip()
    act(qtbot, bw, panel, "move:bop")
    hand_over(qtbot, bw, lambda: at_act() and "bop" in eng.moves)
    act(qtbot, bw, panel, "move:enterprise")
    hand_over(qtbot, bw, lambda: at_act() and "enterprise" in eng.moves)
    assert eng.range("bop", "enterprise") == 7
    act(qtbot, bw, panel, "cloaklock:bop")
    hand_over(qtbot, bw, lambda: at_act() and "bop" in eng.locks)
    assert SEEN["/cloaklock/"] == ["red", "no lock attempt (Bird of Prey keeps its sensors quiet)",
                                   "lock on Enterprise at 7 hexes: D10 1-10 (100%)", "lock on Lexington at 12 hexes: D10 1-9 (90%)"]
    assert eng.locks == {"bop": "enterprise"}
    secret = [("bop", "enterprise", True)]
    for viewer, drawn in (("red", secret), ("gm", secret), ("blue", [])):
        panel.map.draw(bw.b, viewer)
        assert panel.map.locks == drawn, viewer
        texts = [i.text() for i in panel.map.scene_.items() if hasattr(i, "text")]
        assert ("secret lock: Bird of Prey on Enterprise" in texts) is bool(drawn)
    for _ in range(20):  # Blue's scans until one locks on the Bird (moving, holding a lock, 7 hexes: 1-8 or 3-10)
        act(qtbot, bw, panel, "scan:enterprise")
        hand_over(qtbot, bw, lambda: at_act() and bw.b.log.for_viewer("blue")[-2].text.startswith("Enterprise's scan"))
        if eng.locks.get("enterprise") == "bop":
            break
    answerer.stop()
    assert eng.locks == {"bop": "enterprise", "enterprise": "bop"}
    panel.map.draw(bw.b, "blue")  # Blue sees the Bird now, and its own lock on it, still not the Bird's lock
    assert "bop" in panel.map.shown and panel.map.locks == [("enterprise", "bop", False)]
    panel.map.draw(bw.b, "red")
    assert sorted(panel.map.locks) == [("bop", "enterprise", True), ("enterprise", "bop", False)]
    assert "Bird of Prey (cloaked) locks on" not in bw.b.events_json("blue")
    assert "Bird of Prey (cloaked) locks on Enterprise at 7 hexes" in bw.b.events_json("red")
