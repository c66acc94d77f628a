"""The impulse engine's damage and a cloaked ship's Emergency Heading Change in the battle window, as the GM plays
them: the GM enters a hit through the Klothos' shields on its impulse engine (the hit's dialogs: what it struck, then
its points) and the ships' sheet reads "impulse 1/4" where it read "impulse 4/4"; then the GM takes the cloaked Bird of
Prey's Emergency Heading Change from the act list, its way in a dialog: its heading turns, and its damage is in Red's
report, never in Blue's."""
from __future__ import annotations

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok
from tests.app.systems.stcs.opening import fight_stcs
from tests.app.systems.stcs.steps import at_act, pick
from tests.app.systems.stcs.test_stcs_window import act, hand_over

PICK = {"stcs/mode": "sublight", "/hit/d7": "impulse"}


def test_a_hit_on_the_impulse_engine_and_a_cloaked_ships_secret_heading_change(qtbot, tmp_path):
    main, bw, path = fight_stcs(qtbot, tmp_path)
    panel = bw.panel
    assert isinstance(panel, STCSPanel)
    asked: list[str] = []

    def dialogs(d) -> bool:
        if not isinstance(d, QuestionDialog):
            return False
        key = d.q.key
        asked.append(d.q.text)
        if d.q.kind is QKind.NUMBER:  # the hit's points
            d.spin.setValue(3)
            return ok(d)
        if key == "stcs/arrivals" or "/heading/bop" in key:
            return ok(d)  # none arriving; one hex side right
        pick(d, PICK)
        return ok(d)

    answerer = Answerer(dialogs)
    try:
        hand_over(qtbot, bw, at_act(bw, 1))
        eng = bw.b.engine
        assert "Klothos</b> (Klingon, Class VIII): at hex 0,0; CE 61, warp 20/20, impulse 4/4," in panel._ships
        act(qtbot, bw, panel, "hit:d7")
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act"
                  and eng.impulse_hits.get("d7") == 3)
        assert "Game Master: how many points of damage on the impulse engine (4 power boxes left)?" in asked
        qtbot.waitUntil(lambda: "CE 61, warp 20/20, impulse 1/4," in panel._ships, timeout=20000)
        heading = eng.facing["bop"]
        act(qtbot, bw, panel, "heading:bop")
        hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act"
                  and eng.secret_turns.get("bop") == 1)
    finally:
        answerer.stop()
    assert eng.facing["bop"] is heading.rotate(1)
    assert "Bird of Prey loses 1 superstructure point (an Emergency Heading Change)" in panel.report("red")
    blue = panel.report("blue")
    assert "Bird of Prey" not in blue and "Emergency Heading" not in blue
