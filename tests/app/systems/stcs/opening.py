"""The STCS battle window opened as a GM opens it, shared by the STCS window tests (they repeated it)."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.systems.stcs.panel import STCSPanel
from app.widgets.question_dialogs import QuestionDialog
from rules.model import Campaign, save_campaign
from tests.app.gui import Answerer, choose_item, ok, open_main_window, press
from tests.app.test_gui_paths import battle_windows
from tests.rules.systems.stcs.helpers import stcs_campaign


def fight_stcs(qtbot, tmp_path: Path, campaign: Campaign | None = None, at: str = "0304"):
    """The campaign (the STCS test campaign by default) saved and opened in a main window, then Fight
    (Ctrl+F) with the Battle Hex ``at`` chosen in its list: (the main window, the battle window shown,
    the file)."""
    path = tmp_path / "stcs.json"
    save_campaign(stcs_campaign() if campaign is None else campaign, path)
    main = open_main_window(qtbot, tmp_path)
    assert main.open_campaign(path)
    answerer = Answerer(choose_item(at))
    press(main, "Ctrl+F")
    qtbot.waitUntil(lambda: bool(battle_windows()))
    answerer.stop()
    bw = battle_windows()[-1]
    qtbot.waitExposed(bw)
    return main, bw, path


def to_first_act(qtbot, bw):
    """The battle window ``bw`` taken from its set-up to the first segment's act list, as the GM does it: each
    question dialog answered at its default (OK), each hand-over page's button clicked. Shared by the tests that fight
    a default campaign's Battle Hex (test_stcs_resolved.to_acts, test_stcs_table_losses.to_acts_v13)."""
    answerer = Answerer(lambda d: isinstance(d, QuestionDialog) and ok(d))
    try:
        for _ in range(50):
            if bw.handing_over():
                qtbot.mouseClick(bw.handover_button, Qt.MouseButton.LeftButton)
            if bw.b.pending is not None and bw.b.pending.key.endswith("/act") and not bw.handing_over():
                break
            qtbot.wait(20)
    finally:
        answerer.stop()
    assert isinstance(bw.panel, STCSPanel) and bw.b.pending.key.endswith("/act")
    return bw
