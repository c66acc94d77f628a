"""The owner colours' strip under the strategic map stays whole above the horizontal scroll bar: zoomed in with
the wheel, the bar came under the map and covered the strip's second line (Neutral Zone, Unowned) in a window of
the default campaign (seen on the real screen at 5 notches, and on ee4f200 too): the strip was placed a bar's
height below the viewport's margin, where the bar already lay, and not placed again when the bar came."""
from __future__ import annotations

from PySide6.QtCore import QPoint, QRect

from app.strategic.overlays import Overlays
from tests.app.strategic.test_strategic_look import ROOT, wheel
from app.strategic.scene import StrategicScene
from app.strategic.view import StrategicView
from rules.model.io import load_campaign


def in_view(view: StrategicView, widget) -> QRect:
    return QRect(view.mapFromGlobal(widget.mapToGlobal(QPoint(0, 0))), widget.size())


def test_the_owner_strip_is_whole_above_the_scroll_bar_after_a_wheel_zoom(qtbot):
    campaign = load_campaign(ROOT / "scenarios" / "default_campaign.json")
    view = StrategicView()
    view.setScene(StrategicScene(campaign))
    qtbot.addWidget(view)
    view.resize(800, 730)
    view.show()
    view.show_legend(Overlays(), campaign)
    qtbot.waitExposed(view)
    strip, bar = view.owners, view.horizontalScrollBar()
    assert strip.isVisible() and strip.height() == strip.heightForWidth(view.width()) and not bar.isVisible()
    assert in_view(view, strip).bottom() < view.height()
    for notches in (5, -2, 3):
        wheel(view, notches, QPoint(400, 300))
        qtbot.waitUntil(lambda: not view.quick, timeout=20000)
        assert bar.isVisible()
        shown, under = in_view(view, strip), in_view(view, bar)
        assert shown.top() == in_view(view, view.viewport()).bottom() + 1
        assert shown.bottom() < under.top(), f"the strip {shown} runs under the scroll bar {under}"
    view.fit()
    shown = in_view(view, strip)
    assert shown.top() == in_view(view, view.viewport()).bottom() + 1 and shown.bottom() < view.height()
    assert not bar.isVisible() or shown.bottom() < in_view(view, bar).top()
