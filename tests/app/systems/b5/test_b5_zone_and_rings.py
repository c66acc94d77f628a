"""Issue 24 audit (pytest-qt): what the B5 board draws is what the engine says. At every placement
of a jump-in at 0604, fought as a person does (dialogs answered through their widgets, the gate and
the secondary jump point typed in the bar, every ship placed by a click on the board's viewport),
the green zone drawn (the board's zone_item) is exactly the engine's legal hexes, and a command ring
is drawn about each command ship on the board with the radius the engine gives it (the campaign's
command radius by race: 6, 4 and 5 here, so a ring of any fixed size is caught). LSS Night Prowler
has a jump engine here, so squadron Fang comes through two vortices (seed 003: "A single squadron
can use multiple gates"), its command ship's zone being its own vortex."""
from __future__ import annotations

import json

from PySide6.QtCore import Qt

from app.systems.b5.board import BoardView
from app.systems.b5.panel import B5Panel
from app.systems.b5.rings import RING, WIDTH
from app.widgets.question_dialogs import QuestionDialog
from hexmap import Label
from hexmap.labels import axial_to_offset
from rules.battlehex.questions import QKind
from tests.app.gui import Answerer, ok
from tests.app.systems.b5.test_b5_board_fit import take_over
from tests.app.systems.b5.test_b5_window import click_hex
from tests.hand_kept import hand_kept_data

RACES = {"kz-cv-claw": "minbari", "lyr-ca-pride": "earth"}
"""Command radius by race (settings.b5.command_by_race): Claw 6, Pride 4, the others 5."""
OPENERS = ("lyr-ca-pride", "lyr-dd-1", "lyr-cw-1")


def campaign(third: bool = False) -> dict:
    """The hand-kept default campaign (in Turn Orders) with the races and Night Prowler's jump engine;
    ``third``: squadron Fang gets a third ship, LSS Quiet Stalker, a copy of Night Prowler."""
    data = hand_kept_data()
    data.setdefault("settings", {}).setdefault("b5", {})["command_by_race"] = True
    for f in data["fleets"]:
        for u in f["units"]:
            if u["id"] in RACES:
                u["b5"]["race"] = RACES[u["id"]]
            if u["id"] == "lyr-dd-1":
                u["b5"]["jump_engine"] = True
        if third and any(u["id"] == "lyr-dd-1" for u in f["units"]):
            dd = next(u for u in f["units"] if u["id"] == "lyr-dd-1")
            f["units"].append(json.loads(json.dumps(dict(dd, id="lyr-dd-2", name="LSS Quiet Stalker"))))
    return data


def dialogs(d, openers: tuple[str, ...] = OPENERS) -> bool:
    """A jump-in; the Coalition opens vortices with ``openers``; the Alliance at speed 3; the rest as
    the dialogs open."""
    if not isinstance(d, QuestionDialog):
        return False
    if d.q.key == "b5/scenario":
        d.group.button(1).setChecked(True)
    elif d.q.key == "b5/jump/openers":
        for i in range(d.list.count()):
            item = d.list.item(i)
            mine = item.data(Qt.ItemDataRole.UserRole) in openers  # (the dialog opens at one a squadron)
            item.setCheckState(Qt.CheckState.Checked if mine else Qt.CheckState.Unchecked)
    elif d.q.key == "b5/speed/alliance":
        d.spin.setValue(3)
    return ok(d)


def drawn_zone(view: BoardView) -> list[Label]:
    """The hexes the zone item draws: each of its hexagons' centre, as a board hex."""
    out = []
    for poly in view.zone_item.path().toSubpathPolygons():
        c = poly.boundingRect().center()
        col, row = axial_to_offset(view.layout_.from_pixel(c.x(), c.y()))
        out.append(Label(col, row))
    return out


def drawn_rings(view: BoardView) -> dict[Label, float]:
    """Each command ring drawn: the hex at its centre -> its radius in hexes (the scene's hex step)."""
    step = view.layout_.size * 1.732
    out: dict[Label, float] = {}
    for it in view.scene_.items():
        if it.data(0) == RING and it.toolTip():
            rect = it.rect()
            c = rect.center()
            col, row = axial_to_offset(view.layout_.from_pixel(c.x(), c.y()))
            out[Label(col, row)] = rect.width() / 2 / step
    return out


def test_the_zone_drawn_is_the_engines_legal_hexes_and_a_ring_about_each_command_ship(qtbot, b5_window):
    main, bw = b5_window(campaign=campaign())
    placed, sizes = place_all(qtbot, bw, OPENERS)
    assert placed["b5/arrive/lyr-cw-1"] == 1  # Silent Pounce at its own vortex, one hex
    assert placed["b5/arrive/lyr-dd-1"] == 19  # Night Prowler within 2 of it
    assert placed["b5/vortex/lyr-dd-1"] > 19 and placed["b5/place/kz-aac-1"] > 19
    assert sizes == {6.0, 4.0, 5.0}, sizes  # Claw's 6, Pride's 4, Fang's 5 drawn
    e = bw.b.engine
    assert e.at["lyr-cw-1"] == e.vortices["lyr-cw-1"] != e.vortices["lyr-dd-1"]
    assert WIDTH >= 2  # (the ring's width in screen pixels; looked at on the real screen)


def test_a_command_ship_that_opened_no_vortex_is_offered_its_squadrons_two(qtbot, b5_window):
    """Fang of three: Night Prowler and Quiet Stalker open vortices, Silent Pounce none: its zone
    drawn is the two vortices' hexes (seed 003: "A single squadron can use multiple gates")."""
    main, bw = b5_window(campaign=campaign(third=True))
    placed, _sizes = place_all(qtbot, bw, ("lyr-ca-pride", "lyr-dd-1", "lyr-dd-2"))
    e = bw.b.engine
    assert placed["b5/arrive/lyr-cw-1"] == len({e.vortices["lyr-dd-1"], e.vortices["lyr-dd-2"]}) == 2
    assert e.at["lyr-cw-1"] in (e.vortices["lyr-dd-1"], e.vortices["lyr-dd-2"])
    assert placed["b5/arrive/lyr-dd-1"] == placed["b5/arrive/lyr-dd-2"] == 19


def place_all(qtbot, bw, openers: tuple[str, ...]) -> tuple[dict[str, int], set[float]]:
    """The jump-in to turn 1, checking at each placement the zone and the rings drawn; each ship
    placed by a click on the middle hex of its zone. ``(placement key -> hexes in its zone, ring
    radii drawn)``."""
    bw.auto_dialogs = True
    answerer = Answerer(lambda d: dialogs(d, openers))
    panel = bw.panel
    assert isinstance(panel, B5Panel)
    view = panel.board
    placed, ringed, sizes = [], 0, set()
    try:
        for _ in range(80):
            run = bw.b
            if run.pending is not None and run.pending.key == "b5/1/turn":
                break
            if bw.handing_over():
                take_over(qtbot, bw)
                continue
            q = run.pending
            if q.key in ("b5/jump/gate", "b5/jump/secondary"):  # typed in the bar: none
                panel.hex_edit.selectAll()
                qtbot.keyClicks(panel.hex_edit, "none")
                qtbot.keyClick(panel.hex_edit, Qt.Key.Key_Return)
                assert run.pending is not q, panel.prompt.text()
            elif q.kind is QKind.PLACE:
                legal = run.legal()
                drawn = drawn_zone(view)
                assert len(drawn) == len(set(drawn)) and set(drawn) == set(legal), (q.key, len(drawn), len(legal))
                e = run.engine
                commands = {s.command for f in e.forces.values() for s in f.squadrons}
                rings = drawn_rings(view)
                on_board = {e.at[x]: e.ring(x) for x in commands if x in e.at}
                assert rings == on_board, (q.key, rings, on_board)  # one about each, the engine's radius
                ringed += len(rings)
                sizes |= set(rings.values())
                if q.key == "b5/jump/aim":
                    at = Label(45, 30)
                else:
                    at = legal[len(legal) // 2] if legal else Label(45, 30)
                panel.facing.setCurrentText("D" if q.to == "alliance" else "A")
                before = len(run.answers)
                click_hex(qtbot, panel, at)  # on the board's viewport
                assert len(run.answers) == before + 1, (q.key, at, panel.prompt.text())
                placed.append((q.key, len(legal)))
            else:
                qtbot.waitUntil(lambda q=q: bw.b.pending is not q, timeout=5000)
    finally:
        answerer.stop()
    assert bw.b.pending.key == "b5/1/turn", bw.b.pending.key
    assert ringed
    return dict(placed), sizes
