"""The B5 GUI tests' shared set-up (the fixtures of tests/app/systems/b5/conftest.py use these): a
Babylon 5 battle window, opened as the GM opens it, its first answers given."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hexmap import Label


def open_b5_window(qtbot, folder: Path, answers: Any = (), campaign: Any = None, at: str = "0604", hold: bool = True,
                   size: tuple[int, int] | None = None):
    """``(main, battle window)``. ``at`` "0604" (the default): the hand-kept default campaign
    (tests/hand_kept.py, in turn 1's Turn Orders), or ``campaign`` (its data as a dict, from the same
    Turn Orders) opened by File > Open; End Movement, then Fight it with > Babylon 5 Fleet Action from
    0604's right-click menu. Another ``at``: ``campaign`` (a Campaign already fought with b5, its Battle
    Hexes formed: the rules tests' 0304 battles) opened, and that Battle Hex fought. ``hold``: the
    window's dialogs wait (``auto_dialogs`` False; the test answers through ``bw.answer`` or turns them
    on); ``size``: the window resized before it is shown. ``answers`` are given in order through the
    window."""
    from app.strategic.menus import sector_menu
    from rules.model import io
    from tests.app.gui import open_main_window
    from tests.app.systems.test_table import system_action
    from tests.app.test_gui_paths import end_movement

    main = open_main_window(qtbot, folder)
    if campaign is not None:
        path = folder / "b5_campaign.json"
        path.write_text(json.dumps(campaign) if isinstance(campaign, dict) else io.dumps(campaign), encoding="utf-8")
        assert main.open_campaign(path)
    if at == "0604":
        end_movement(main, qtbot)
        menu = sector_menu(main.strategic_view, at)
        system_action(next(a.menu() for a in menu.actions() if a.menu() is not None), "b5").trigger()
    bw = main.fight(Label.parse(at))
    if hold:
        bw.auto_dialogs = False
    if size is not None:
        bw.resize(*size)
    qtbot.waitExposed(bw)
    for answer in answers:
        bw.answer(answer)
    return main, bw


def open_b5_by_ctrl_f(qtbot, folder: Path, campaign: Any, at: str = "0304"):
    """``(main, battle window)``: ``campaign`` (a Campaign) saved and opened as the main window's file,
    and its Battle Hex ``at`` fought as a person does: Ctrl+F, the Battle Hex chosen in the dialog; the
    battle window shown (its dialogs open as they come)."""
    from PySide6.QtCore import QSettings

    from app.shell.window import MainWindow
    from rules.model import io
    from tests.app.gui import Answerer, choose_item, press, show_active
    from tests.app.test_gui_paths import battle_windows

    path = folder / "b5_campaign.json"
    path.write_text(io.dumps(campaign), encoding="utf-8")
    main = MainWindow(path, settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    show_active(main, qtbot)
    answerer = Answerer(choose_item(at), cancel_others=False)
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    qtbot.waitExposed(bw)
    return main, bw
