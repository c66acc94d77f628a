"""The Fight list (Turn > Fight a Battle Hex, Ctrl+F) keeps its order from one opening to the next
(issue 22, real-screen pass at 1600x1000: four openings in one Space Combat Phase of the default
campaign showed the Battle Hexes in four orders - 0703, 0707, 0509, 0907 at one, 0707, 0509, 0703
at the next - as seed 004's order of systems was shuffled anew over the sectors left after each
battle, and the meeting fought next moved first in its sector). Each sector keeps its place in
this turn's order of systems; its meetings are listed by their sides."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.battle.window import BattleWindow
from tests.app.gui import Answerer, press, show_active
from tests.app.shell.test_fight_list_names_system import fight_list
from tests.app.test_gui_paths import end_movement
from tests.app.test_meetings_gui import pick


def test_the_fight_list_keeps_its_order_as_battles_are_fought_and_ruled(qtbot, tmp_path):
    from tests.app.gui import open_main_window
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    first = fight_list(main, qtbot)
    at_0703 = [i for i in first if i.startswith("0703: ")]
    assert len(at_0703) == 3 and at_0703 == sorted(at_0703)  # a sector's meetings by their sides
    assert first[first.index(at_0703[0]):][:3] == at_0703  # together
    assert fight_list(main, qtbot) == first  # opened twice: the same list

    later = at_0703[-1]  # its sector's last: fought next, it was moved first in the sector
    offered: list[list[str]] = []
    answerer = Answerer(pick(later, offered))
    show_active(main, qtbot)
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: any(isinstance(w, BattleWindow) and w.isVisible() for w in QApplication.topLevelWidgets()))
    answerer.stop()
    assert offered == [first]
    for w in QApplication.topLevelWidgets():
        if isinstance(w, BattleWindow) and w.isVisible():
            w.close()
    assert fight_list(main, qtbot) == first

    ruled = next(i for i in first if i.startswith("0509: "))  # the GM rules on 0509: one sector fewer
    offered = []
    answerer = Answerer(pick(ruled, offered))
    show_active(main, qtbot)
    press(main, "Ctrl+G")
    answerer.stop()
    assert offered == [first]
    assert fight_list(main, qtbot) == [i for i in first if i != ruled]
