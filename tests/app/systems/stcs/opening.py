"""The STCS battle window opened as a GM opens it, shared by the STCS window tests (they repeated it)."""
from __future__ import annotations

from pathlib import Path

from rules.model import Campaign, save_campaign
from tests.app.gui import Answerer, choose_item, open_main_window, press
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
