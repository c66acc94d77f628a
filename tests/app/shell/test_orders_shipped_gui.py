"""The GM's Turn Orders on the shipped default campaign (issue 22, what a new GM sees): Turn >
Turn Orders for a Power..., the power chosen in its widget, each kind picked in the Order list.
The shipped powers have no unit list: "Buy a unit" showed an empty Unit list and an OK that only
led to a refusal; the Productivity list read "Productivity 6 -> 7 for 70", the head "0
project(s) waiting"."""
from __future__ import annotations

from PySide6.QtWidgets import QLabel

from app.shell.orders_dialog import OrdersDialog
from tests.app.gui import answering, cancel, choose_item, menu_action, open_campaign, press, to_turn_orders


def test_a_new_gm_reads_the_federations_orders_in_words(qtbot, tmp_path):
    main = open_campaign(qtbot, tmp_path)
    to_turn_orders(main, qtbot)
    seen: dict[str, object] = {}

    def read(d) -> bool:
        if not isinstance(d, OrdersDialog):
            return False
        seen["head"] = next(lb.text() for lb in d.findChildren(QLabel) if " orders for turn " in lb.text())
        d.kind_box.setCurrentIndex(d.kind_box.findText("Buy a unit"))
        seen["units"] = d.class_box.count()
        seen["buy ok"] = d.ok_button.isEnabled()
        note = [lb.text() for lb in d.pages.currentWidget().findChildren(QLabel) if lb.isVisible()]
        seen["buy note"] = " ".join(note)
        d.kind_box.setCurrentIndex(d.kind_box.findText("Buy a planet's next Productivity point"))
        seen["grow"] = [d.grow_box.itemText(i) for i in range(d.grow_box.count())]
        seen["grow ok"] = d.ok_button.isEnabled()
        return cancel(d)

    answering(qtbot, menu_action(main, "Turn Orders for a Power...").trigger, choose_item("United Federation"), read,
              until=lambda: "grow" in seen, timeout=20000)
    assert "no project waiting" in str(seen["head"]) and "(s)" not in str(seen["head"]), seen["head"]
    assert seen["units"] == 0 and seen["buy ok"] is False, seen
    assert "has no unit list" in str(seen["buy note"]), seen["buy note"]
    grow = seen["grow"]
    assert isinstance(grow, list) and grow and seen["grow ok"] is True
    assert all(" -> " not in g and "Productivity from " in g for g in grow), grow


def test_buy_a_unit_says_in_words_why_nothing_can_be_bought(qtbot, tmp_path):
    """Turn > Buy a Unit (Ctrl+Shift+U) on the shipped default read "No power has a unit list to
    buy from (powers[].unit_list)": a key of the file, not words."""
    main = open_campaign(qtbot, tmp_path)
    to_turn_orders(main, qtbot)
    press(main, "Ctrl+Shift+U")
    said = main.statusBar().currentMessage()
    assert "no power has a unit list" in said and "[" not in said and "_" not in said, said
