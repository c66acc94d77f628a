"""The V13 placement controls in view on a small screen (issue 22, seen on the real 1600x1000 screen at
QT_SCALE_FACTOR=2, 0907: the side panel's roster took 192 pixels for one unit and pushed the facing,
the speed before Turn 1 and the drop's verdict below the panel's fold; a refused drop was only seen cut
short in the status bar, 'the first defending unit goes near one map edge: it is 1')."""
from __future__ import annotations

from PySide6.QtWidgets import QScrollArea

from tests.app.systems.v13.test_keys import battle_0604


def test_the_roster_facing_speed_and_verdict_are_in_the_panel_without_scrolling(qtbot, tmp_path):
    _main, bw = battle_0604(qtbot, tmp_path)
    bw.resize(792, 466)  # the battle window on the 1600x1000 screen at scale 2 (logical pixels)
    p = bw.panel
    area = next(a for a in bw.findChildren(QScrollArea) if a.widget() is not None and a.widget().isAncestorOf(p.setup))
    qtbot.waitUntil(lambda: bw.height() == 466 and 250 < area.viewport().height() < 400, timeout=20000)
    assert p.roster.count() == 3 and "legal hexes" in p.verdict_label.text()
    vp = area.viewport()
    for name, w in (("units to place", p.roster), ("facing", p.setup.facing_label), ("speed", p.speed),
                    ("verdict", p.verdict_label)):
        top, bottom = w.mapTo(vp, w.rect().topLeft()).y(), w.mapTo(vp, w.rect().bottomLeft()).y()
        assert w.isVisible() and 0 <= top and bottom < vp.height(), f"{name} at {top}-{bottom}, shown 0-{vp.height()}"
    last = p.roster.visualItemRect(p.roster.item(p.roster.count() - 1))
    assert p.roster.viewport().rect().contains(last), "the roster's last unit is not in its box"
    bw.close()
