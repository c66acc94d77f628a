"""A base's damage levels on the screen (issue 23; docs/combat_phase.md, "Base damage levels"): the GM
clicks Starbase 11's sector and the inspector says how many levels it has to repair; in Turn > Turn
Orders for a Power... the Federation's Repair list offers, in the engine's words, only the one level its
Point Pool (11 4/5) can pay at 25% of 40 = 10 a level; OK orders it; the next dialog offers nothing
and says why (the pool cannot pay), and "My orders are done" closes it."""
from __future__ import annotations

from fractions import Fraction

from PySide6.QtCore import QPointF, Qt

from rules.model import dumps, parse_campaign
from rules.turn.run import play
from tests.app.gui import answering, choose_item, menu_action, ok, open_campaign
from tests.rules.turn.test_purchases import TO_ORDERS, crippled, with_list


def campaign():
    """The economy scenario at Turn Orders (Point Pool 11 4/5): Starbase 11 at 0207, cost 40, crippled with
    three damage levels."""
    c = crippled(with_list(), ("fed-sb-11", 40))
    c.sector_at("0207").garrison[0].damage_levels = 3
    c.settings.turn_orders = "gm"
    return parse_campaign(dumps(play(parse_campaign(dumps(c)), TO_ORDERS).campaign))


def inspected(main, qtbot, label: str) -> str:
    """The inspector's text after a click on sector ``label``."""
    view = main.strategic_view
    item = view.scene().sector_items[label]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.mapFromScene(item.scenePos()
                                                                                         + QPointF(0, -22)))
    return main.inspector.toPlainText()


def test_the_repair_of_a_base_is_offered_by_its_levels_refused_when_the_pool_cannot_pay(qtbot, tmp_path):
    from app.shell.orders_dialog import OrdersDialog

    c = campaign()
    assert c.power("fed").economy.point_pool == Fraction(59, 5)
    main = open_campaign(qtbot, tmp_path, c, size=(1400, 900))
    text = inspected(main, qtbot, "0207")
    assert "Starbase 11" in text and "crippled, 3 damage levels to repair" in text
    seen: dict[str, object] = {}
    steps = iter(["repair", "again"])

    def enter(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        step = next(steps)
        d.choose("repair")
        box = d.lists["repair"]
        seen[step] = ([box.itemText(i) for i in range(box.count())], d.notes["repair"].text(),
                      d.ok_button.isEnabled())
        if step == "again":  # nothing to order: "My orders are done" closes the dialog
            d.choose("done")
        return ok(d)

    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("United Federation"),
              enter, until=lambda: "again" in seen, timeout=20000)
    items, note, enabled = seen["repair"]
    line = "orders Starbase 11's repair at Vanguard II (0207): 25% of 40 = 10 per damage level, 1 of 3 = 10"
    assert len(items) == 1 and line in items[0] and enabled  # all three (30) and two (20) are more than 11 4/5
    assert note.startswith("Paid now, as the engine logs it:") and "Point Pool 11 4/5 to 1 4/5" in note
    items, note, enabled = seen["again"]
    assert items == [] and not enabled
    assert note == ("Nothing can be ordered so now - for instance Turn Orders Phase: United Federation of Planets' "
                    "Point Pool 1 4/5 cannot pay Starbase 11's repair: 25% of 40 = 10 per damage level, 2 of 3 = 20.")
    eco = main.campaign.power("fed").economy
    assert [(j.repair_of, j.levels, j.cost) for j in eco.projects] == [("fed-sb-11", 1, 10)]
    assert eco.point_pool == Fraction(9, 5)
    assert "crippled, 3 damage levels to repair" in inspected(main, qtbot, "0207")  # done at Construction Completion
