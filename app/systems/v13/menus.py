"""Right-click menus of the battle map: on a counter (select, move, turn, mark, declare a
disengagement or retreat, centre the view) and on a hex (centre the view, float the map
there, place the unit being placed). Each entry becomes an answer for the engine, which
checks it; a refusal shows its rule as any other answer does."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint
from PySide6.QtWidgets import QMenu

from app.systems.v13.map import centre_of
from hexmap import Facing, Hex
from rules.systems.v13.queries import Step, declarable
from rules.battlehex.questions import QKind
from rules.battlehex.roster import Role

if TYPE_CHECKING:
    from app.systems.v13.panel import V13Panel


def float_towards(centre: Hex, target: Hex) -> tuple[Facing, int] | None:
    """The direction and distance to float the map so its centre comes nearest ``target``
    along one hex row: the row whose direction is closest to the target's bearing."""
    d = target - centre
    if d == Hex(0, 0):
        return None
    best = min(Facing, key=lambda f: (centre + f.vector * max(1, d.length())).distance(target))
    k = max(1, min(d.length(), 40))
    return best, k


def battle_menu(w: V13Panel, uid: str | None, h: Hex) -> QMenu:
    """The menu for a right click on ``h`` (on the counter ``uid`` if there is one)."""
    menu = QMenu(w.win)
    b = w.b
    fighting = w.combat_mode()
    u = b.state.units.get(uid) if b is not None and uid else None
    if u is not None and u.pos is not None:
        menu.addSection(u.name)
        menu.addAction("Select", lambda: w.select(u.id))
        if fighting and u.present:
            w.select(u.id)
            steps = menu.addMenu("Move")
            for text, how in (("Forward (W)", Step.FORWARD), ("Turn left (Q)", Step.LEFT),
                              ("Turn right (E)", Step.RIGHT), ("Sideslip left (A)", Step.SLIP_LEFT),
                              ("Sideslip right (D)", Step.SLIP_RIGHT)):
                steps.addAction(text, lambda _h=how: w.combat.step(_h))
            steps.addSeparator()
            steps.addAction("To a hex by keys...\tM", lambda: (w.select(u.id), w.keys.move()))
            mark = menu.addMenu("Mark")
            for status in ("crippled", "destroyed", "captured", "active"):
                mark.addAction(status.title(), lambda s=status: w.act({"mark": u.id, "status": s}))
            if u in declarable(b.ctx, w.viewer or "gm"):
                word = "Declare disengagement" if u.role is Role.ATTACKER else "Declare retreat"
                rule = "V13.515" if u.role is Role.ATTACKER else "V13.615"
                menu.addAction(f"{word} of {u.name} ({rule})", lambda: w.act({"declare": u.id}))
        menu.addAction("Centre the view here", lambda: w.view.centerOn(centre_of(u.pos)))
        menu.addSeparator()
    label = w.b.ctx.where(h) if b is not None else ""
    menu.addSection(("Hex " + label if label[:1].isdigit() else label[:1].upper() + label[1:]) if label else "Map")
    menu.addAction("Centre the view here", lambda: w.view.centerOn(centre_of(h)))
    if fighting and b.state.centre is not None:
        way = float_towards(b.ctx.current_window().centre, h)
        if way is not None:
            f, k = way
            menu.addAction(f"Float the map {k} hex{'es' if k != 1 else ''} towards here (direction {f.name}, "
                           "V13.812)", lambda: w.combat.float_map(f, k))
    if b is not None and b.pending is not None and b.pending.kind is QKind.PLACE and w.selected_unit():
        name = b.state.units[w.selected_unit()].name
        menu.addAction(f"Place {name} here", lambda: w.drop(w.selected_unit(), h))
        menu.addAction(f"Place {name} by keys...\tP", w.keys.place)  # the keys, shown as a menu shows them
        menu.addAction("Next unit to place\tN", lambda: w.next_unit(1))
    elif fighting:
        menu.addAction("Select the next unit\tN", lambda: w.next_unit(1))
    return menu


def show_battle_menu(w: V13Panel, uid: str | None, h: Hex, at: QPoint) -> None:
    """Pop the menu up at the global point ``at``."""
    battle_menu(w, uid, h).popup(at)
