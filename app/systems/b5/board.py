"""The b5 board: the hex grid, the legal zone of the ship being placed, the ships placed (by the
viewer's sight), each command ship's command ring, the vortices, the fighter flights and their
dogfights. The ship waiting to be placed has its own counter in a tray beside the zone, dragged to its hex and
turned while carried (waiting.py); a click on a hex places it there too, facing as the bar says (the engine checks
both)."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, QVariantAnimation
from PySide6.QtGui import QBrush, QColor, QMouseEvent, QPainter, QPainterPath, QPen, QPolygonF, QTransform
from PySide6.QtWidgets import QGraphicsScene, QGraphicsView, QLabel, QMainWindow

from app.systems.b5.counters import Counters
from app.systems.b5.grid import BOARD, GridPicture
from app.systems.b5.rings import RING, TEAM_COLOURS, Rings, command_ring
from app.systems.b5.scatter import fly
from app.systems.b5.ship_labels import HexNumbers, ShipLabels
from app.systems.b5.waiting import Waiting
from app.widgets.zoom_view import QuickZoomView
from hexmap import Facing, Label, grid_hex
from hexmap.labels import axial_to_offset
from hexmap.layout import Layout

SIZE = 10.0
MARGIN = 6
"""Hexes of room a fitted board keeps about the ships, the zone and the vortices (a command
ring's 5 hexes and a name)."""
LEAST = 24
"""The fewest hexes across a fitted board shows (one ship alone is not blown up to fill it)."""


class BoardView(QuickZoomView):
    """The board of ``cols`` x ``rows`` hexes; ``on_hex(label)`` when a hex is clicked or dropped on; drawn
    sharp (names laid out) once the wheel rests, its picture scaled while it turns (issue 21)."""

    def __init__(self, cols: int, rows: int, on_hex: Callable[[Label], None]) -> None:
        super().__init__()
        self.setObjectName("b5_board")
        self.cols, self.rows, self.on_hex = cols, rows, on_hex
        self.layout_ = Layout(SIZE, SIZE + 2, SIZE + 2)
        self.scene_ = QGraphicsScene(self)
        self.setScene(self.scene_)
        self.setBackgroundBrush(BOARD)
        # each item sets the pen and brush it draws with, or saves and restores what else it changes
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState)
        self._grid()
        board = self.sceneRect()
        self.labels = ShipLabels(lambda: self.mapToScene(self.viewport().rect()).boundingRect(),
                                 board.adjusted(-board.width(), -board.height(), board.width(), board.height()))
        self.scene_.addItem(self.labels)
        self.dots, self.facings, self.marks = Counters(4), Counters(5), Counters(6)
        """The ships' dots, their facing lines (over the names: added after them) and the flights' diamonds
        and dogfight rings, each level drawn in one paint (counters.py)."""
        for counters in (self.dots, self.facings, self.marks):
            self.scene_.addItem(counters)
        self.numbers = HexNumbers(self.labels, lambda c, r: self.centre(Label(c, r)), cols, rows, SIZE)
        self.grid.numbers = self.numbers
        self.zone_item = self.scene_.addPath(QPainterPath(), QPen(Qt.PenStyle.NoPen), QBrush(QColor(80, 200, 120, 90)))
        self.zone_item.setZValue(1)
        self.rings = Rings()
        """The command rings, drawn in one paint (rings.py)."""
        self.scene_.addItem(self.rings)
        self.items_: list = []
        self.flight_items: list = []
        """The fighter flights' counters and dogfight rings (:meth:`show_flights`)."""
        self.animations: list[QVariantAnimation] = []
        self.waiting = Waiting(self)
        """The ship waiting to be placed: its counter in its tray, picked up by a press on it (waiting.py)."""
        self.on_drop: Callable[[Label, Facing], None] = lambda at, _facing: on_hex(at)
        """Called with the hex and the facing the waiting counter was let go on."""
        self._pressed: Label | None = None
        """The hex the left button went down on (not on the waiting counter): released there, a click."""
        self.flights: list[tuple[Label, Label]] = []
        """Every scatter shown, (aimed at, formed at), in order."""
        self.auto_fit = True
        """Keep fitting what matters (:meth:`focus_rect`) until the user zooms or pans."""
        self._fitted = self.transform()
        self._fit_size = QSize()
        """The view's size at the last fit: a resize refits only when it changes (not the viewport's,
        which the scroll bars a fit brings or takes away change, fitting again for ever)."""
        self._whole = False
        self._focus: list[QPointF] = []
        """The centres of the ships and vortices shown, for :meth:`focus_rect`."""
        for bar in (self.horizontalScrollBar(), self.verticalScrollBar()):
            bar.actionTriggered.connect(self._panned)  # the user's own scrolling, not a fit's

    def centre(self, at: Label) -> QPointF:
        return QPointF(*self.layout_.to_pixel(grid_hex(at)))

    def _hex_path(self, path: QPainterPath, at: Label) -> None:
        pts = [QPointF(x, y) for x, y in self.layout_.corners(grid_hex(at))]
        path.addPolygon(QPolygonF(pts + [pts[0]]))

    def _grid(self) -> None:
        self.grid = GridPicture(self.layout_, self.cols, self.rows)  # the hex numbers: :class:`HexNumbers`, readable at every zoom
        self.scene_.addItem(self.grid)
        self.setSceneRect(self.grid.boundingRect().adjusted(-10, -10, 10, 10))

    def show_zone(self, hexes: Iterable[Label]) -> None:
        path = QPainterPath()
        for at in hexes:
            self._hex_path(path, at)
        self.zone_item.setPath(path)
        self.keep_focus()

    def show_ships(self, ships: list[tuple[str, Label, Facing, int, bool]], rings: list[tuple[Label, int, int]],
                   vortices: list[tuple[str, Label]]) -> None:
        """``ships``: (name, hex, facing, team index, command ship); ``rings``: (hex, radius,
        team index); ``vortices``: (label, hex)."""
        for it in self.items_:
            self.scene_.removeItem(it)
        self.items_ = []
        self.dots.clear()
        self.facings.clear()
        step = self.layout_.size * 1.732
        self.rings.clear()
        for at, radius, team in rings:  # light, cosmetic, over a dark halo (rings.py)
            self.items_ += command_ring(self.scene_, self.rings, self.centre(at), radius * step,
                                        TEAM_COLOURS[team % 4], f"{RING} of {at}: {radius} hexes")
        for name, at in vortices:
            p = self.centre(at)
            v = self.scene_.addEllipse(QRectF(p.x() - 8, p.y() - 8, 16, 16), QPen(QColor("#e0c040"), 2),
                                       QBrush(QColor(224, 192, 64, 60)))
            v.setZValue(3)
            v.setToolTip(f"vortex: {name} ({at})")
            self.items_.append(v)
        names = []
        for name, at, facing, team, command in ships:
            p = self.centre(at)
            r = 5.5 if command else 4.0
            colour = QColor(TEAM_COLOURS[team % 4])
            dot = self.scene_.addEllipse(QRectF(p.x() - r, p.y() - r, 2 * r, 2 * r), QPen(QColor("white"), 0.8),
                                         QBrush(colour))
            dot.setZValue(4)
            dot.setToolTip(f"{name} at {at}, facing {facing.name}")
            v = facing.vector
            tip = self.layout_.to_pixel(grid_hex(at) + v)
            line = self.scene_.addLine(p.x(), p.y(), p.x() + (tip[0] - p.x()) * 0.6, p.y() + (tip[1] - p.y()) * 0.6,
                                       QPen(QColor("white"), 1.2))
            line.setZValue(5)
            self.items_ += [self.dots.add(dot), self.facings.add(line)]
            names.append((name, p, r))
        self.labels.set_ships(names)
        self._focus = [self.centre(at) for _, at, _, _, _ in ships] + [self.centre(at) for _, at in vortices]
        self.keep_focus()

    def show_flights(self, flights: list[tuple[str, Label, int, str]], dogfights: Iterable[Label] = ()) -> None:
        """Fighter flight counters: (name with its fighters, hex, team index, tooltip), a small
        diamond each (several in a hex fanned out), and a red ring about each dogfight's hex."""
        for it in self.flight_items:
            self.scene_.removeItem(it)
        self.flight_items = []
        self.marks.clear()
        stacked: dict[Label, int] = {}
        names = []
        for name, at, team, tip in flights:
            n = stacked[at] = stacked.get(at, -1) + 1
            p = self.centre(at) + QPointF(-5.0, -4.0 + 5.5 * n)  # a column at the hex's left, a row a flight
            d = 3.2
            diamond = self.scene_.addPolygon(QPolygonF([p + QPointF(0, -d), p + QPointF(d, 0), p + QPointF(0, d),
                                                        p + QPointF(-d, 0)]),
                                             QPen(QColor("#f4f4a0"), 0.7), QBrush(QColor(TEAM_COLOURS[team % 4])))
            diamond.setZValue(6)
            diamond.setToolTip(tip)
            self.flight_items.append(self.marks.add(diamond))
            names.append((name, p, d))
        for at in dogfights:
            p = self.centre(at)
            ring = self.scene_.addEllipse(QRectF(p.x() - 9, p.y() - 9, 18, 18), QPen(QColor("#ff5040"), 1.2))
            ring.setZValue(6)
            ring.setToolTip(f"dogfight at {at}")
            self.flight_items.append(self.marks.add(ring))
        self.labels.set_flights(names)  # named beside each diamond, readable at every zoom (ship_labels.py)
        self._focus += [self.centre(at) for _, at, _, _ in flights]
        self.keep_focus()

    # -- fitting -----------------------------------------------------------------------------------
    def focus_rect(self) -> QRectF:
        """What a fitted board shows: the ships, the vortices and the legal zone, with
        :data:`MARGIN` hexes of room, at least :data:`LEAST` hexes across, within the board;
        the whole board when none is shown."""
        step = self.layout_.size * 1.732
        zone = self.zone_item.path().boundingRect()
        focus = self._focus + self.waiting.focus()
        xs = [p.x() for p in focus] + ([zone.left(), zone.right()] if not zone.isEmpty() else [])
        ys = [p.y() for p in focus] + ([zone.top(), zone.bottom()] if not zone.isEmpty() else [])
        board = self.sceneRect()
        if not xs:
            return board
        rect = QRectF(QPointF(min(xs), min(ys)), QPointF(max(xs), max(ys)))
        rect = rect.adjusted(-MARGIN * step, -MARGIN * step, MARGIN * step, MARGIN * step)
        least = LEAST * step
        if rect.width() < least:
            rect.adjust(-(least - rect.width()) / 2, 0, (least - rect.width()) / 2, 0)
        if rect.height() < least * 0.6:
            grow = (least * 0.6 - rect.height()) / 2
            rect.adjust(0, -grow, 0, grow)
        return rect.intersected(board)

    def fit(self, whole: bool = False) -> None:
        """Fit the ships, vortices and zone (``whole``: the whole board), and keep them fitted
        when the view is resized or a ship moves out of it, until the user zooms or pans."""
        self._whole = whole
        self.auto_fit = True
        self._fitted = self.transform()
        self._fit()

    def keep_focus(self) -> None:
        """A fitted board that no longer shows all it would fit, or shows it as a speck (less
        than a quarter of the view: the board was bare behind a hand-over screen), fits again;
        else nothing moves. A bare board (nothing shown) keeps the view it has."""
        self.rest()  # what it shows changed: no zoom's picture holds
        if not (self.auto_fit and self.isVisible()) or self._whole or \
                not (self._focus or self.waiting.focus() or self.zone_item.path().elementCount()):
            return
        seen, focus = self.mapToScene(self.viewport().rect()).boundingRect(), self.focus_rect()
        if not seen.contains(focus) or focus.width() * focus.height() < seen.width() * seen.height() / 4:
            self._fit()

    def _fit(self) -> None:
        if self.transform() != self._fitted:  # zoomed since (the wheel): the user's view stays
            self.auto_fit = False
            return
        rect = self.sceneRect() if self._whole else self.focus_rect()
        self._fit_size = self.size()
        # fitted in the view with room for both scroll bars, shown or not (issue 22: fitted to the viewport, a bar
        # that came with the fit narrowed it and covered the ships' room at the right, QT_SCALE_FACTOR=2)
        whole, bars = self.contentsRect().size(), QSize(self.verticalScrollBar().sizeHint().width(),
                                                         self.horizontalScrollBar().sizeHint().height())
        room = whole - bars - QSize(4, 4)
        scale = min(room.width() / rect.width(), room.height() / rect.height()) if not rect.isEmpty() else 0.0
        if room.width() > 0 and room.height() > 0 and scale > 0:
            self.setTransform(QTransform.fromScale(*[min(max(scale, self.MIN_SCALE), self.MAX_SCALE)] * 2))
        else:  # not laid out yet
            self.zoom(1.0)
        k, now = 2 * self.transform().m11(), self.viewport().size()  # centred in what the bars leave, come or not
        self.centerOn(rect.center() + QPointF(0 if now.width() < whole.width() else bars.width() / k,
                                              0 if now.height() < whole.height() else bars.height() / k))
        self._fitted = self.transform()

    def drawBackground(self, painter: QPainter, rect: QRectF) -> None:  # noqa: N802 (Qt's name)
        """Nothing where the grid's picture will be painted (it is opaque over the whole viewport, painted when
        what is drawn meets the grid); the board's colour elsewhere."""
        if not (self.grid.isVisible() and self.grid.boundingRect().intersects(rect)):
            super().drawBackground(painter, rect)

    def scrollContentsBy(self, dx: int, dy: int) -> None:  # noqa: N802 (Qt's name)
        super().scrollContentsBy(dx, dy)
        self.viewport().update()  # the names are laid out for the part seen: all of it again

    def _panned(self, _action: int) -> None:
        self.auto_fit = False

    def wheelEvent(self, event) -> None:  # noqa: N802
        """Zooms; turns the waiting counter while it is carried (waiting.py)."""
        if not self.waiting.wheel(event):
            super().wheelEvent(event)
            self.auto_fit = False

    def keyPressEvent(self, event) -> None:  # noqa: N802
        if not self.waiting.key(event):  # Left/Right turn the waiting counter while it is carried
            super().keyPressEvent(event)

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self.auto_fit and self.size() != self._fit_size:  # the view resized, not its scroll bars toggled
            self._fit()

    def animate(self, start: Label, end: Label, ms: int = 700) -> None:
        """The scatter shown: a marker flies from the hex a vortex was aimed at to where it formed (scatter.py)."""
        fly(self.scene_, self.centre(start), self.centre(end), ms, self.animations)
        self.flights.append((start, end))

    def label_at(self, pos: QPointF) -> Label | None:
        """The board hex under a viewport point, or None off the board."""
        sp = self.mapToScene(pos.toPoint())
        h = self.layout_.from_pixel(sp.x(), sp.y())
        c, r = axial_to_offset(h)
        return Label(c, r) if 1 <= c <= self.cols and 1 <= r <= self.rows else None

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """A press on the waiting ship's counter picks it up (a press elsewhere picks up nothing)."""
        on_it = self.waiting.hit(self.mapToScene(event.position().toPoint()))
        if event.button() == Qt.MouseButton.LeftButton and on_it:
            self.waiting.pick_up()
            self.setFocus()  # the Left/Right keys turn it while it is carried
            event.accept()
            return
        self._pressed = self.label_at(event.position()) if event.button() == Qt.MouseButton.LeftButton else None
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """The counter picked up follows the pointer, snapped to the hex under it; the hex is said
        in the window's status bar (between the numbers shown, the one to type)."""
        at = self.label_at(event.position())
        if self.waiting.carried:
            self.waiting.carry(at, self.mapToScene(event.position().toPoint()))
        say_hex(self, at)
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        say_hex(self, None)
        super().leaveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt's name)
        """The waiting counter let go on a hex places its ship there, facing as it was carried (off the board: back
        to its tray); a click on a hex places the pending ship there, facing as the bar says (the engine checks it)."""
        if event.button() == Qt.MouseButton.LeftButton and self.waiting.carried:
            dropped = self.waiting.drop()
            if dropped is not None:
                self.on_drop(*dropped)
            event.accept()
            return
        if event.button() == Qt.MouseButton.LeftButton:
            at = self.label_at(event.position())
            if at is not None and at == self._pressed:  # a click (a drag from elsewhere carries nothing)
                self.on_hex(at)
            self._pressed = None
        super().mouseReleaseEvent(event)

    def showEvent(self, event) -> None:  # noqa: N802
        super().showEvent(event)
        if self.auto_fit:
            self._fit()


def say_hex(view: QGraphicsView, at: Label | None) -> None:
    """``Hex 3427`` in the window's status bar while the pointer is on that hex, in a label of its own
    beside the bar's message (a replay's 'Replay: answer k of n' stays); emptied as it leaves the board."""
    win = view.window()
    if not isinstance(win, QMainWindow):
        return
    bar = win.statusBar()
    label = bar.findChild(QLabel, "b5_hex_under_pointer")
    if label is None:
        if at is None:
            return
        label = QLabel(bar)
        label.setObjectName("b5_hex_under_pointer")
        bar.addPermanentWidget(label)
    text = f"Hex {at}" if at is not None else ""
    if label.text() != text:  # a new hex (not each pixel moved)
        label.setText(text)
