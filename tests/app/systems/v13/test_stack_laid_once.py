"""A stack laid again where it lies already sets no counter's look again (issue 21: every hover folds one fan and
opens another, laying the piles of both again, ~8 counters a move), and a counter fanned out in between (its
look set by the fan) is laid back on its stack when the fan folds."""
from __future__ import annotations

from PySide6.QtCore import QPointF

from app.systems.v13.counters import CounterItem
from app.systems.v13.map import BattleScene
from hexmap import Hex, MapWindow
from tests.app.systems.v13.test_map import spec


def _scene(qtbot) -> tuple[BattleScene, Hex]:
    scene = BattleScene(MapWindow(42, 30))
    h = Hex(0, 0)
    scene.set_units([spec(f"u{k}", h, name=f"Ship {k}") for k in range(3)])
    return scene, h


def _looks(scene: BattleScene, h: Hex) -> list[tuple[int, float, float, int]]:
    return [(i.px, i.offset.x(), i.offset.y(), i.badge) for i in scene.stacks[h]]


def test_a_stack_laid_again_where_it_lies_sets_no_look(qtbot, monkeypatch):
    scene, h = _scene(qtbot)
    before = _looks(scene, h)
    calls: list[str] = []
    real = CounterItem.set_look

    def counted(item, px, offset, badge):
        calls.append(item.uid)
        real(item, px, offset, badge)
    monkeypatch.setattr(CounterItem, "set_look", counted)
    scene._lay_out([h])  # as a hover laying a neighbouring pile's stack again
    assert calls == []  # the old code set all three looks again (each a QPointF made and compared)
    assert _looks(scene, h) == before


def test_a_fanned_stack_is_laid_back_on_its_hex_when_the_fan_folds(qtbot):
    scene, h = _scene(qtbot)
    stacked = _looks(scene, h)
    assert stacked[-1] == (stacked[-1][0], 0.0, 0.0, 3)  # the top one on the hex, the count on it
    scene.expand(h)
    fanned = _looks(scene, h)
    assert fanned != stacked and all(b == 0 for *_x, b in fanned)  # side by side, no count
    scene.expand(None)
    assert _looks(scene, h) == stacked
    assert all(isinstance(i.offset, QPointF) for i in scene.stacks[h])
