"""The recovery offer names the phase as the phase bar does (issue 22's real-screen walk, killed
in the Space Combat Phase: the offer read "phase: battles (the file: orders)")."""
from __future__ import annotations

from rules.model.records import Phase
from tests.app.gui import Answerer
from tests.app.shell.test_recovery import _later_autosave, _own, _recover_box
from tests.app.test_manners import action


def test_the_offer_names_the_phases_in_words(window, tmp_path, qtbot):
    own = _own(tmp_path)
    window.open_campaign(own)
    action(window, "Open Default Campaign").trigger()
    _later_autosave(own, phase=Phase.BATTLES)
    seen: list = []
    answers = Answerer(_recover_box("Discard", seen))
    next(a for a in window.recent_menu.actions() if a.text().endswith("own.json")).trigger()
    qtbot.waitUntil(lambda: bool(seen), timeout=5000)
    answers.stop()
    assert "phase: Combat: Space Combat (Battle Hexes); the file is at Turn Orders" in seen[0][1], seen[0][1]
