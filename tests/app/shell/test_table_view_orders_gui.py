"""The table's view keeps every Team's plotted orders (issue 22, hot-seat secrecy): the main window
opened on the shipped default drew both sides' dashed movement orders, and the Sector inspector
read them out, until the first hand-over, to whoever sat at the screen (seen on the real screen:
the Alliance's and the Coalition's orders side by side at turn 1's Income Phase). The engine says
who sees a fleet's orders (rules.strategic.table_view.orders_seen_by): the GM view every fleet's,
the Team that took the screen its own, the table none."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from tests.app.gui import Answerer, press
from tests.app.shell.test_handover_cover_gui import KEPT, drawn_orders
from tests.app.strategic.test_gui import drag
from tests.app.systems.test_table import results, system_action
from tests.app.test_gui_paths import end_movement_and_fight


def plotted(w) -> set[str]:
    """The Teams with a fleet whose orders are plotted in the campaign now."""
    return {w.campaign.team_of_power(f.power).id for f in w.campaign.fleets
            if f.orders and w.campaign.team_of_power(f.power) is not None}


def test_the_shipped_default_opens_with_no_teams_orders_drawn(shipped_window, qtbot):
    w = shipped_window
    assert plotted(w) == {"alliance", "coalition"}  # both sides' standing orders are in the file
    assert drawn_orders(w) == set()
    w.inspect_fleet("kz-claw-cvg")  # an Alliance fleet with orders
    assert KEPT in w.inspector.toPlainText()
    w.inspect_fleet("lyr-red-claw")  # a Coalition one
    assert KEPT in w.inspector.toPlainText()
    press(w, "Ctrl+Shift+G")  # the GM view (no passphrase held): every fleet's orders
    assert w.gm_view_action.isChecked() and drawn_orders(w) == {"alliance", "coalition"}
    press(w, "Ctrl+Shift+G")
    assert not w.gm_view_action.isChecked() and drawn_orders(w) == set()


def test_a_fleet_dragged_at_the_tables_view_shows_its_own_teams_orders_only(window, qtbot):
    assert plotted(window) == {"alliance", "coalition"} and drawn_orders(window) == set()
    drag(window, "fed-logistics", "0308")  # whoever drags a Federation fleet is the Alliance's commander
    assert [str(x) for x in next(f for f in window.campaign.fleets if f.id == "fed-logistics").orders] == ["0308"]
    assert drawn_orders(window) == {"alliance"}
    window.inspect_fleet("lyr-red-claw")
    assert KEPT in window.inspector.toPlainText()


def test_a_battle_fought_at_the_table_shows_no_teams_orders_before_and_after_its_hand_over(window, qtbot):
    """Turn > Battle System > table, Ctrl+F and the Fight dialog, as the GM does: the main window
    behind the battle window draws no Team's orders, before the hand-over to the Game Master and
    after it (the GM's seat outside the GM view draws none either)."""
    main = window
    menu = main.findChild(QMenu, "battle_systems_menu")
    system_action(menu, "table").trigger()
    assert main.campaign.settings.battle_system == "table"
    assert drawn_orders(main) == set()
    bw = end_movement_and_fight(main, qtbot, "0604")
    assert bw.stack.currentIndex() == 1  # the hand-over screen
    assert drawn_orders(main) == set()
    answerer = Answerer(results(destroyed=["lyr-dd-1"]))
    qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bw.b.status().resolved, timeout=5000)
    answerer.stop()
    assert drawn_orders(main) == set()


def test_a_phase_ended_gives_the_screen_back_to_the_table(shipped_window, qtbot):
    """The Tech Phase's investments are asked behind each Team's hand-over, the Coalition's last:
    after the GM ended the phase (Ctrl+Shift+E) the Turn Orders Phase still drew the Coalition's
    orders to whoever sat down next (seen on the real screen at QT_SCALE_FACTOR=2). A phase that
    ends gives the screen back to the table: no Team's orders drawn."""
    from tests.app.gui import to_turn_orders

    to_turn_orders(shipped_window, qtbot)
    assert plotted(shipped_window) == {"alliance", "coalition"}
    assert drawn_orders(shipped_window) == set()
