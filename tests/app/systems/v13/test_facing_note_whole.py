"""The V13.443 facing correction read whole (issue 22, seen on the real 1600x1000 screen at QT_SCALE_FACTOR=2,
display :83, 0907: the note was shown only in the status bar, which cut it at the screen's edge after
'...which is the Direction of Retreat or next to it (D); corrected to': the facing it was corrected to was
lost). The side panel shows it first and whole, word-wrapped, scrolled into view (there, with the forced facing
of the next unit on two lines, it ran below the panel's fold); the status bar still says it."""
from __future__ import annotations

from PySide6.QtWidgets import QScrollArea

from hexmap import Facing
from rules.battlehex.questions import QKind
from rules.battlehex.state import Step
from tests.app.battle.test_window import drag_drop, main, open_battle, take_over  # noqa: F401 (main: a fixture)


def test_the_corrected_facing_is_said_whole_in_the_panel(main, qtbot):  # noqa: F811
    bw = open_battle(main, qtbot, "0604")
    bw.resize(792, 360)  # that screen's window at scale 2, shorter: there the next unit's forced facing took two lines
    take_over(bw)
    bw.answer(False)  # no withdrawal
    take_over(bw)
    bw.answer(False)  # no approach battle
    while bw.b.pending.kind is not QKind.PLACE:
        take_over(bw)
        q = bw.b.pending
        bw.answer(None if q.kind is QKind.OPTIONAL_NUMBER else 50 if q.low <= 50 <= q.high else q.low)
    take_over(bw)
    bw.panel.facing = Facing.D  # the carrier faces D: the Direction of Retreat is A
    for uid, at in (("kz-cv-claw", "2103"), ("kz-aac-1", "2107"), ("kz-eff-1", "2108")):
        drag_drop(bw, uid, at)
    take_over(bw)
    assert bw.b.state.step is Step.PLACE_ATTACKER
    bw.panel.facing = Facing.D  # would make the DoD the DoR: corrected (V13.443)
    drag_drop(bw, "lyr-ca-pride", f"21{8 + bw.b.state.min_range:02d}")
    assert bw.b.state.units["lyr-ca-pride"].facing is Facing.F
    assert "V13.443" in bw.statusBar().currentMessage()
    said = bw.panel.verdict_label.text()
    assert said.startswith("V13.443") and "corrected to facing F" in said, said
    label, area = bw.panel.verdict_label, next(a for a in bw.findChildren(QScrollArea)
                                                if a.widget() is not None and a.widget().isAncestorOf(bw.panel.setup))
    vp = area.viewport()

    def whole() -> bool:
        top, bottom = label.mapTo(vp, label.rect().topLeft()).y(), label.mapTo(vp, label.rect().bottomLeft()).y()
        return bw.height() == 360 and label.isVisible() and 0 <= top and bottom < vp.height()
    qtbot.waitUntil(whole, timeout=20000)
    bw.close()
