"""The stcs battle system's panel: the tactical map (the ships the viewer may see, locks, each warp arrival's
dispersion drawn from its target hex to where it came out, with its dice), the ships' sheet, and the segment's acts
with their exact odds (double-click or Do it answers); every other question is asked by the shared window's dialog.
What is not built yet is said on top in a few lines, what is built in its tooltip (scale 2: 280 of 930 pixels)."""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QFontMetrics, QPainterPath, QPen, QPolygonF, QTextOption
from PySide6.QtWidgets import (QGraphicsScene, QGraphicsSimpleTextItem, QLabel, QListWidget, QListWidgetItem,
                               QPushButton, QSplitter, QStyle, QTextBrowser, QVBoxLayout, QWidget)

from app.battle.panel import PanelBase
from app.systems.stcs import bodies, hexnames, locklines, wrecks
from app.widgets.zoom_view import ZoomableView
from hexmap.hexes import Facing, Hex, hex_ring, hexes_within
from hexmap.layout import Layout
from rules.battlehex.change import BattleChange
from rules.battlehex.log import GM
from rules.battlehex.questions import Question
from rules.battlehex.roster import Status
from rules.model.stcs import Nation
from rules.model.visibility import TABLE
from rules.systems.stcs import casualty_track, contact, engines, movement, power, sensors, shieldcontrol, tractors
from rules.systems.stcs.battle import STCSBattle

if TYPE_CHECKING:
    from app.battle.window import BattleWindow

BUILT = ("Built: combat mode, turn order by tactical advantage, sensor locks by range (a cloaked ship's in secret, "
         "drawn dashed here for its side and the GM), area scans for cloaked ships on the secret Cloak Detection "
         "Tables, cloaking (a cloaked ship's warp out chosen by its side in secret), warping in (dispersion drawn "
         "here) and out (the Striking Table for an object on the path), fire with its To-Hit odds on the seeded "
         "dice, shields absorbing damage (the shield facing the firer), hits through the shields (superstructure, "
         "grid, sensor, shield and weapon boxes, engines: 70% loss bars warping out and forces an uncloak; locks "
         "lost), Bridge hits, crew casualties, repairs (tenders' Repair Teams and Shuttles), explosions (blast rings"
         " drawn here), blasts on each caught ship's facing shield, mines (deploying, scanning a hex, locking on and"
         " firing at one), weapons recharging, self-destruct, shut-down engines and their restart, sensor shadows, "
         "only class and engines beyond 36 hexes, movement (each ship's latest move drawn here; its speed read by "
         "the To-Hit; a cloaked ship moved by its side in secret; in reverse too), Emergency Heading Changes, "
         "ramming, tractor beams and towing (beams drawn here), transporters (abandoning ship too), boarding and "
         "shipboard melee (crew, marines, military passengers), Shield Control (a side lowers shields in secret; "
         "transporters, tractor beams and Repair Teams read them; a lock tells the shields powered and down), the "
         "Power Allocation Phase (each side in secret), mines going off on ships, with exact odds.")
NOT_BUILT = ("<b>Not built yet</b>, played at the table: the base game's power ratios a ship's record does not "
             "give, the Firing Charts, damage tables, Turning Stress Chart and Not Firing chart (these rules do "
             "not print them: the GM is asked); the Game Master enters the ships destroyed. (Hover for what is built.)")
SIDE_CHARS = 36
"""The side's least width in average characters: a ship's name never breaks mid-word (at QT_SCALE_FACTOR=2
the sheet was squeezed to about 180 pixels and wrapped "Enterpr ise")."""
ACT_CHARS = 90
"""An act longer ends with FAR_ODDS, its odds atop the sheet while chosen (issue 22: cut with '...' at scale 2)."""
FAR_ODDS = "[choose it: odds below]"
ACT_LINES = 9
"""The act list's least height in lines."""
SIZE = 12.0
NATIONS = {Nation.FEDERATION: "Federation", Nation.KLINGON: "Klingon", Nation.ROMULAN: "Romulan",
           Nation.OTHER: "another nation"}
"""A ship's nation in words on the sheet."""
COLOURS = ("#2f6fd0", "#c8402f")


class MapView(ZoomableView):
    """The tactical map around the ships."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("stcs_map")
        self.layout_ = Layout(SIZE, SIZE + 2, SIZE + 2)
        self.scene_ = QGraphicsScene(self)
        self.setScene(self.scene_)
        self.setBackgroundBrush(QColor("#0d1118"))
        self.shown: list[str] = []  # the ship ids drawn, in order (what a test reads)
        self.rings: list[tuple[str, int, int]] = []  # the blast rings drawn: (exploded ship, hexes out, points)
        self.trails: list[tuple[str, int]] = []  # the latest moves drawn: (ship, speed)
        self.beams: list[tuple[str, str]] = []  # the tractor beams drawn: (towing ship, towed ship)
        self.wrecks: list[tuple[str, str]] = []  # the wrecks drawn: (ship, label) (:mod:`.wrecks`)
        self.locks: list[tuple[str, str, bool]] = []  # the locks drawn: (ship, locked on, secret) (:mod:`.locklines`)
        self._fit_rect: QRectF | None = None
        """What the last draw fitted: the ships and every label (a resize fits it again)."""
        self._fitted = self.transform()

    def _blasts(self, run: STCSBattle, font: QFont) -> None:
        """Each explosion's blast as rings of hexes, each ring with its points (seed 002)."""
        self.rings = []
        for b in run.engine.blasts:
            centre = Hex(*b["at"])
            for n, points in enumerate(b["rings"]):
                ring = QPainterPath()
                for h in hex_ring(centre, n) if n else [centre]:
                    pts = [QPointF(x, y) for x, y in self.layout_.corners(h)]
                    ring.addPolygon(QPolygonF(pts + [pts[0]]))
                alpha = max(40, 200 - 40 * n)
                self.scene_.addPath(ring, QPen(QColor(255, 140, 40, alpha), 1.5),
                                    QBrush(QColor(255, 110, 30, alpha // 3)))
                t = self.scene_.addSimpleText(str(points), font)
                t.setBrush(QColor("#ffb060"))
                t.setPos(self.at(centre.neighbor(Facing.A, n)) - QPointF(3, 5))
                self.rings.append((b["ship"], n, points))

    def _trails(self, run: STCSBattle, ships: list[str], font: QFont) -> None:
        """Each seen ship's latest move: a dashed line from its start; its speed above, on the line's far side."""
        self.trails = []
        for x in ships:
            move = run.engine.moves.get(x)
            if move is None:
                continue
            a, b = self.at(move[2]), self.at(run.engine.at[x])
            self.scene_.addLine(a.x(), a.y(), b.x(), b.y(), QPen(QColor("#9fb4d8"), 1.2, Qt.PenStyle.DashLine))
            t = self.scene_.addSimpleText(f"speed {move[1]}" + movement.backed(run.engine, x) * " in reverse", font)
            t.setBrush(QColor("#9fb4d8"))
            t.setPos(b.x() - SIZE - (t.boundingRect().width() - 2 * SIZE) * (a.x() > b.x()),  # a body's name: under
                     b.y() + SIZE * (1.9 if run.engine.at[x] in run.engine.bodies else -1.9))
            self.trails.append((x, move[1]))

    def at(self, h: Hex) -> QPointF:
        x, y = self.layout_.to_pixel(h)
        return QPointF(x, y)

    def draw(self, run: STCSBattle, viewer: str) -> None:
        e = self.scene_
        e.clear()
        eng = run.engine
        ships = [x for x in eng.at if eng.units[x].status is Status.PRESENT and wrecks.sees(run, viewer, x)]
        self.shown = ships  # a ship destroyed leaves them: drawn as a wreck (:mod:`.wrecks`)
        spots = [eng.at[x] for x in ships] + [Hex(*d["target"]) for d in eng.dispersions] + [*eng.bodies] \
            + [Hex(*b["at"]) for b in eng.blasts] + [eng.moves[x][2] for x in ships if x in eng.moves]
        cq = sum(h.q for h in spots) // len(spots) if spots else 12
        cr = sum(h.r for h in spots) // len(spots) if spots else 0
        centre = Hex(cq, cr)
        reach = min(40, max((centre.distance(h) for h in spots), default=8) + 3)
        grid = QPainterPath()
        for h in hexes_within(centre, reach):
            pts = [QPointF(x, y) for x, y in self.layout_.corners(h)]
            grid.addPolygon(QPolygonF(pts + [pts[0]]))
        e.addPath(grid, QPen(QColor("#263042"), 0))
        font = QFont()
        font.setPointSizeF(7)
        self.bodies = bodies.draw(self, run, font, spots)  # under the ships, every viewer's (:mod:`.bodies`)
        for d in eng.dispersions:
            if not wrecks.sees(run, viewer, d["ship"]):
                continue
            a, b = self.at(Hex(*d["target"])), self.at(Hex(*d["landed"]))
            e.addEllipse(a.x() - SIZE, a.y() - SIZE, 2 * SIZE, 2 * SIZE, QPen(QColor("#e0c040"), 1.5,
                                                                              Qt.PenStyle.DashLine))
            e.addLine(a.x(), a.y(), b.x(), b.y(), QPen(QColor("#e0c040"), 1.5, Qt.PenStyle.DashLine))
            t = e.addSimpleText(f"{'major' if d['major'] else 'minor'} error, bearing {d['bearing']:03d}, "
                                f"D10 {d['d10'] % 10} + Warp {d['warp']} = {d['distance']} hexes", font)
            t.setBrush(QColor("#e0c040"))
            t.setPos(a.x() - 2 * SIZE, a.y() + SIZE * 1.1)  # under the target ring, clear of the ship's name
        self._blasts(run, font)
        self.wrecks = wrecks.draw(self, run, viewer, font)
        self._trails(run, ships, font)
        self.beams = [(x, y) for x, y in tractors.held(eng) if x in ships and y in ships]
        for x, y in self.beams:
            p, q = self.at(eng.at[x]), self.at(eng.at[y])
            e.addLine(p.x(), p.y(), q.x(), q.y(), QPen(QColor("#c090ff"), 2.5, Qt.PenStyle.DashDotLine))
        self.locks = locklines.draw(self, run, viewer, ships, font)  # a cloaked ship's: its side's and the GM's
        sharing: dict[Hex, int] = {}  # ships drawn so far in each hex: the next beside them, named below
        for x in ships:
            u = eng.units[x]
            k = sharing[eng.at[x]] = sharing.get(eng.at[x], -1) + 1
            p = self.at(eng.at[x]) + QPointF(k * SIZE * 0.8, 0)
            colour = QColor(COLOURS[0 if u.team == eng.defender else 1])
            pen = QPen(QColor("#ffffff"), 1, Qt.PenStyle.DotLine if eng.cloaked[x] else Qt.PenStyle.SolidLine)
            e.addEllipse(p.x() - SIZE * 0.7, p.y() - SIZE * 0.7, SIZE * 1.4, SIZE * 1.4, pen,
                         QBrush(colour if not eng.cloaked[x] else QColor(colour.red(), colour.green(), colour.blue(),
                                                                        90)))
            f = eng.facing.get(x)
            if f is not None:
                n = self.at(eng.at[x].neighbor(f))
                e.addLine(p.x(), p.y(), (p.x() + n.x()) / 2, (p.y() + n.y()) / 2, QPen(QColor("#ffffff"), 1.5))
            seen = engines.shown(eng, x, viewer)
            far = sensors.long_range_only(eng, x, viewer)  # beyond 36 hexes: class and engines only
            sd = eng.data(x)
            t = e.addSimpleText("a ship (engines shut down)" if seen == "presence" else
                                f"Class {sensors.roman(sd.class_size)}, {sd.name_of_engines or sd.nation.value} engines"
                                if far else u.name + (" (cloaked)" if eng.cloaked[x] else " (engines shut down)"
                                                      if x in eng.shutdown else ""), font)
            t.setBrush(QColor("#d8dde8"))
            t.setPos(p.x() - SIZE - k * SIZE * 0.8, p.y() + SIZE * (0.8 + 1.1 * k))
        for x, h in eng.shadowed.items():  # off the board in a sensor shadow: its side's and the GM's
            if viewer == GM or eng.units[x].team == viewer:
                p = self.at(h)
                e.addEllipse(p.x() - SIZE * 0.7, p.y() - SIZE * 0.7, SIZE * 1.4, SIZE * 1.4,
                             QPen(QColor("#9aa3b5"), 1, Qt.PenStyle.DashLine))
                t = e.addSimpleText(f"{eng.ship(x)} (in a sensor shadow)", font)
                t.setBrush(QColor("#9aa3b5"))
                t.setPos(p.x() - SIZE, p.y() + SIZE * 0.8)
        self.setSceneRect(e.itemsBoundingRect().adjusted(-20, -20, 20, 20))
        pts = [self.at(h) for h in spots] or [self.at(centre)]
        xs, ys = [p.x() for p in pts], [p.y() for p in pts]
        m = 4 * SIZE
        rect = QRectF(min(xs) - m, min(ys) - m, max(xs) - min(xs) + 2 * m, max(ys) - min(ys) + 2 * m)
        for item in e.items():  # room for every label ("Battle Station Tau" was cut at the right edge)
            if isinstance(item, QGraphicsSimpleTextItem):
                rect = rect.united(item.sceneBoundingRect().adjusted(-SIZE / 2, -SIZE / 2, SIZE / 2, SIZE / 2))
        self.fit(rect)

    def fit(self, rect: QRectF) -> None:
        """Show ``rect`` whole, and again when the view is resized until the user zooms. Scaled to the view's room
        less both scroll bars, never to the viewport: the bar a fit to it brought shrank it, the refit took the bar
        away, and so on for ever (issue 25: 0509 with a moon at 12,-12 hung at 790x466)."""
        self._fit_rect, bar = rect, self.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent, None, self) + 4
        room = self.maximumViewportSize()  # the same whichever bars show: 2 px kept each side, as fitInView does
        s = max(1e-6, min((room.width() - bar) / max(rect.width(), 1), (room.height() - bar) / max(rect.height(), 1)))
        self.setTransform(self.transform().fromScale(s, s))
        self.centerOn(rect.center())
        self._fitted = self.transform()

    def resizeEvent(self, event) -> None:  # noqa: N802
        super().resizeEvent(event)
        if self._fit_rect is not None and self.transform() == self._fitted:
            self.fit(self._fit_rect)


class STCSPanel(PanelBase):
    """The map, the ships' sheet and the segment's acts of an STCS battle."""

    def __init__(self, window: BattleWindow) -> None:
        super().__init__(window)
        self.map = MapView()
        hexnames.install(self.map)  # the hex under the pointer named as the sheet names it
        self.sheet = QTextBrowser()
        self.sheet.setObjectName("stcs_sheet")
        self.acts = QListWidget()
        self.acts.setObjectName("stcs_acts")
        self.acts.itemDoubleClicked.connect(lambda _item: self.do_it())
        self._ships = ""  # the sheet's ships; the chosen act's long odds go above them
        self.acts.currentItemChanged.connect(self._show_odds)
        self.do_button = self.primary = QPushButton("&Do it")  # Return presses it too (the act chosen)
        self.do_button.setObjectName("stcs_do")
        self.do_button.clicked.connect(self.do_it)
        self.prompt = QLabel()
        self.prompt.setObjectName("stcs_prompt")
        self.prompt.setWordWrap(True)
        self.prompt.setTextFormat(Qt.TextFormat.RichText)
        side = QWidget()
        lay = QVBoxLayout(side)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addWidget(self.prompt)
        lay.addWidget(self.acts, 2)
        lay.addWidget(self.do_button)
        lay.addWidget(self.sheet, 3)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.map)
        split.addWidget(side)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)
        self.map.setMinimumWidth(360)
        side.setMaximumWidth(560)  # the act list's long lines would otherwise squeeze the map to nothing
        side.setMinimumWidth(QFontMetrics(self.sheet.font()).averageCharWidth() * SIDE_CHARS)
        self.sheet.setWordWrapMode(QTextOption.WrapMode.WordWrap)  # "Enterprise", never "Enterpr ise"
        self.sheet.document().setIndentWidth(QFontMetrics(self.sheet.font()).averageCharWidth() * 2)  # not 40 px
        self.acts.setWordWrap(True)  # each act's words whole (issue 22: cut with '...' at QT_SCALE_FACTOR=2)
        self.acts.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.acts.setResizeMode(QListWidget.ResizeMode.Adjust)  # wrapped again at the list's width
        self.acts.setMinimumHeight(QFontMetrics(self.acts.font()).height() * ACT_LINES)  # a few acts, not a fragment
        self.built = QLabel(NOT_BUILT)
        self.built.setObjectName("stcs_not_built")
        self.built.setToolTip(f"<p>{BUILT}</p>")
        self.built.setWordWrap(True)
        self.built.setTextFormat(Qt.TextFormat.RichText)
        box = QWidget()
        outer = QVBoxLayout(box)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.built)
        outer.addWidget(split, 1)
        self.central: QWidget = box
        self.widgets: list[QWidget] = []

    def _run(self) -> STCSBattle | None:
        b = self.win.b
        return b if isinstance(b, STCSBattle) else None

    def _viewer(self) -> str:
        return self.win.viewer or TABLE

    # -- the panel seam ----------------------------------------------------------------------------
    def handles(self, q: Question) -> bool:
        """The segment's acts are chosen in the list beside the map."""
        return q.key.endswith("/act")

    def unit_names(self) -> dict[str, str]:
        run = self._run()
        return run.unit_names() if run is not None else {}

    def refused(self, text: str) -> None:
        self.prompt.setText(f"<span style='color:#c01010'><b>Refused</b>: {escape(text)}</span>")

    def _show_odds(self, item: QListWidgetItem | None, _old: object = None) -> None:
        """The chosen act's odds, when too long for the list, atop the sheet (which scrolls, as a label had no room)."""
        odds = item.data(Qt.ItemDataRole.UserRole + 1) if item is not None else ""
        self.sheet.setHtml((f"<p id='stcs_odds'><b>{escape(odds)}</b></p>" if odds else "") + self._ships)

    def hide_secrets(self) -> None:
        self.map.scene_.clear()
        self.map.shown = []
        self._ships = ""  # before the list is emptied (its odds shown again with the ships)
        self.acts.clear()
        self.sheet.clear()
        self.prompt.clear()

    def do_it(self) -> None:
        """Answer the pending act with the one chosen in the list."""
        run = self._run()
        item = self.acts.currentItem()
        q = run.pending if run is not None else None
        if q is None or item is None or not self.handles(q) or self._viewer() not in (q.to, GM):
            return
        self.win.answer(item.data(Qt.ItemDataRole.UserRole))

    # -- drawing -----------------------------------------------------------------------------------
    def draw(self, change: BattleChange | None) -> None:
        run = self._run()
        if run is None:
            return
        viewer = self._viewer()
        self.map.draw(run, viewer)
        self._ships = self._sheet(run, viewer)
        self.sheet.setHtml(self._ships)
        self.acts.clear()
        q = run.pending
        mine = q is not None and self.handles(q) and viewer in (q.to, GM)
        self.do_button.setEnabled(mine and not self.win.replay.on)  # no act to do: resolved, or a replay's step
        if mine and q is not None:
            odds = run.question_odds()
            words = q.data.get("option_words", {})
            for opt in q.options:
                said, odd = words.get(opt, opt), odds.get(opt, "")
                whole = said + (f"  [{odd}]" if odd else "")
                far = bool(odd) and len(whole) > ACT_CHARS  # (long words alone wrap: no odds to put below)
                item = QListWidgetItem(f"{said}  {FAR_ODDS}" if far else whole)
                item.setToolTip(whole)
                item.setData(Qt.ItemDataRole.UserRole + 1, f"Odds: {odd}" if far else "")
                item.setData(Qt.ItemDataRole.UserRole, opt)
                self.acts.addItem(item)
            self.acts.setCurrentRow(q.options.index(q.default) if q.default in q.options else 0)  # Return: legal
            barred = q.data.get("barred", {})
            self.prompt.setText(escape(q.text) + "".join(f"<br><i>{escape(k)}: barred - {escape(v)}</i>"
                                                         for k, v in barred.items()))
        else:
            self.prompt.setText(escape(q.text) if q is not None else escape(run.status().resolution or ""))
        self.acts.setVisible(self.acts.count() > 0)  # empty, its room cut a side's long question (scale 2)

    def _sheet(self, run: STCSBattle, viewer: str) -> str:
        eng = run.engine
        rows = []
        for team in (eng.defender, eng.attacker):
            rows.append(f"<h3>{escape(eng.name(team))}</h3><ul>")
            for x, u in eng.units.items():
                if u.team != team or (x in eng.at and not wrecks.sees(run, viewer, x)) or (
                        u.team != viewer and viewer != GM and eng.cloaked.get(x) and x not in eng.at):
                    continue
                if x in eng.shadowed and u.team != viewer and viewer != GM:
                    continue  # off the board in a sensor shadow: its side's
                if x in eng.at and engines.shown(eng, x, viewer) == "presence":
                    rows.append(f"<li>a ship at {_hex(eng.at[x])} (only its presence is detected)</li>")
                    continue
                if sensors.long_range_only(eng, x, viewer):
                    rows.append(f"<li>{escape(sensors.long_range_words(eng, x))} (beyond 36 hexes: no more is "
                                "known)</li>")
                    continue
                d = eng.data(x)
                where = (u.status.value if u.status is not Status.PRESENT  # destroyed at the end: not "at hex"
                         else f"at {_hex(eng.at[x])}" if x in eng.at
                         else f"in a sensor shadow, off the board at {_hex(eng.shadowed[x])}"
                         if x in eng.shadowed
                         else "arriving by warp" if x in eng.offmap else u.status.value)
                lock = f", locked on {eng.ship(eng.locks[x])}" if x in eng.locks and (
                    u.team == viewer or viewer == GM) else ""
                kind = f"{NATIONS[d.nation]}, Class {sensors.roman(d.class_size)}"  # as the map's ship tip says
                rows.append(f"<li><b>{escape(u.name)}</b> ({kind}): {where}; "
                            f"CE {d.crew_efficiency}, {escape(engines.power_words(eng, x))}, "
                            f"cruising {d.cruising_warp}, emergency {d.emergency_warp}, speed {movement.speed(eng, x)}"
                            f"{', cloaked' if eng.cloaked.get(x) else ''}{', engines shut down' if x in eng.shutdown else ''}"
                            f"{escape(lock)}{escape(contact.words(eng, x))}"
                            f"{escape(shieldcontrol.words(eng, x, viewer))}{escape(power.words(eng, x, viewer))}"
                            f"{escape(casualty_track.sheet_words(eng, x, viewer))}</li>")
            rows.append("</ul>")
        return "".join(rows)

    def report(self, viewer: str) -> str:
        run = self._run()
        body = self._sheet(run, viewer) if run is not None else ""
        return (f"<html><body><h1>Battle Hex {self.win.at} (STCS)</h1>{body}"
                f"<h2>Log</h2>{self.report_log(run, viewer)}</body></html>")


def _hex(h: Hex) -> str:
    """A board hex as the STCS questions name it ("hex 24,-12")."""
    return f"hex {h.q},{h.r}"

