"""The Empire Sheet's charts (issue 23): the series drawn from a power's Income Phase lines, their
inline SVG for the HTML export, and the QPainter view (empty until a line is kept)."""
from __future__ import annotations

from fractions import Fraction

from PySide6.QtGui import QColor

from app.shell.empire_charts import POOL_COLOR, TDP_COLOR, ChartView, charts, svg
from rules.model.economy_model import TurnFigures

HISTORY = [TurnFigures(turn=1, tdp=20, pool=Fraction(109, 5), strength=Fraction(300)),
           TurnFigures(turn=2, tdp=18, pool=Fraction(158, 5), strength=Fraction(250))]


def test_the_series_are_the_kept_figures_turn_by_turn():
    income, strength = charts(HISTORY)
    assert [s.name for s in income.series] == ["Total Domestic Product", "Point Pool"]
    assert income.series[0].points == ((1, 20.0), (2, 18.0)) and income.series[1].points == ((1, 21.8), (2, 31.6))
    assert strength.series[0].points == ((1, 300.0), (2, 250.0))


def test_the_svg_draws_each_series_with_its_range_and_turns():
    page = svg(charts(HISTORY)[0])
    assert page.startswith("<svg") and page.endswith("</svg>")
    assert page.count("<polyline") == 2 and page.count("<circle") == 4
    assert "31.6" in page and "turn 1" in page and "turn 2" in page and TDP_COLOR in page and POOL_COLOR in page
    assert svg(charts(HISTORY)[0]) == page  # the same figures, the same bytes


def test_the_view_draws_the_lines_and_is_empty_without_history(qtbot):
    view = ChartView()
    qtbot.addWidget(view)
    view.resize(400, 180)
    view.set_chart(charts(HISTORY)[0])
    image = view.grab().toImage()
    want = QColor(TDP_COLOR).rgb()
    assert view.plotted() == 4
    assert sum(1 for x in range(image.width()) for y in range(image.height()) if image.pixel(x, y) == want) > 20
    view.set_chart(charts([])[0])
    image = view.grab().toImage()
    assert view.plotted() == 0
    assert not any(image.pixel(x, y) == want for x in range(image.width()) for y in range(image.height()))


def test_no_legend_name_is_cut_at_the_charts_edge(qtbot):
    """T18's charts3.png: in the dock at its narrowest, "Point Pool" ran past the chart's right
    edge. Each name is now written whole inside the view, the plot below the last legend row."""
    view = ChartView()
    qtbot.addWidget(view)
    for width in (240, 300, 420):
        view.resize(width, 150)
        view.set_chart(charts(HISTORY)[0])
        view.grab()
        metrics = view.fontMetrics()
        assert [n for n, _ in view.legend] == ["Total Domestic Product", "Point Pool"]
        for name, box in view.legend:
            assert box.left() >= 0 and box.right() <= width, (width, name, box)
            assert box.width() >= metrics.horizontalAdvance(name), (width, name)
        a, b = (box for _, box in view.legend)
        assert not a.intersects(b)
