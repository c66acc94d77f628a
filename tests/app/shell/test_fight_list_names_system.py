"""A Battle Hex given its own battle system (its right-click menu's "Fight it with") says so
(issue 22, real-screen pass at 1600x1000): seen on the screen, picking "Starship Tactical Combat
Simulator" for 0509 changed nothing a person could see (no message), and Fight a Battle Hex
(Ctrl+F) listed every meeting alike, so the GM could not check which one would be fought how
(where three Teams met, the choice had gone to the first meeting alone). The status bar now
says it, and the Fight list names the system of each meeting that has its own."""
from __future__ import annotations

from PySide6.QtWidgets import QInputDialog

from app.strategic.menus import sector_menu
from tests.app.gui import Answerer, cancel, open_main_window, press, show_active
from tests.app.systems.test_table import system_action
from tests.app.test_gui_paths import end_movement


def fight_list(main, qtbot) -> list[str]:
    """The meetings Fight a Battle Hex (Ctrl+F) offers, then cancelled."""
    offered: list[list[str]] = []

    def note(d) -> bool:
        if not isinstance(d, QInputDialog):
            return False
        offered.append(list(d.comboBoxItems()))
        return cancel(d)
    answerer = Answerer(note)
    try:
        show_active(main, qtbot)  # keys go to the main window once it is active again, as a person's do
        press(main, "Ctrl+F")
    finally:
        answerer.stop()
    assert len(offered) == 1, offered
    return offered[0]


def test_a_battle_hex_s_own_system_is_said_and_named_in_the_fight_list(qtbot, tmp_path):
    main = open_main_window(qtbot, tmp_path)
    end_movement(main, qtbot)
    before = fight_list(main, qtbot)
    assert "0604: Coalition attacks Alliance" in before and not any("\u2014" in i for i in before)
    with_menu = next(a.menu() for a in sector_menu(main.strategic_view, "0604").actions() if a.menu() is not None)
    system_action(with_menu, "table").trigger()  # right-click 0604 > Fight it with > Fought at the table
    assert main.statusBar().currentMessage().startswith("Battle Hex 0604 will be fought with: Fought at the table")
    after = fight_list(main, qtbot)
    assert "0604: Coalition attacks Alliance \u2014 Fought at the table" in after
    assert [i for i in after if "\u2014" in i] == ["0604: Coalition attacks Alliance \u2014 Fought at the table"]
    assert len(after) == len(before)  # the others keep the campaign's system, unnamed
    system_action(with_menu, "v13").trigger()  # back to the campaign's own: no name in the list, none promised
    assert main.statusBar().currentMessage() == ("Battle Hex 0604 will be fought with: Tactical Combat Interface "
                                                 "(V13), the campaign's own")
    assert fight_list(main, qtbot) == before
