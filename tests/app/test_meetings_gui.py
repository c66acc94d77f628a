"""Several meetings in one sector through the main window (issue 19): Fight a Battle Hex (Ctrl+F)
and GM Ruling (Ctrl+G) list each meeting by its sides and act on the one picked; a meeting whose
side the battle before it removed is settled, not listed. Generated campaign seed 9 in its Space
Combat Phase: Coalition, Concord and League met at 0301, and at 0102 Coalition, Alliance and Concord."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit

from app.battle.window import BattleWindow
from hexmap import Label
from tests.app.gui import Answerer, ok, press
from tests.app.test_combat_phase_gui import opened
from tests.rules.strategic.test_meetings import COALITION_V_CONCORD, SEED9_BATTLES, played

MEETINGS = ["0301: Coalition attacks Concord", "0301: Coalition attacks League", "0301: Concord attacks League",
            "0102: Coalition attacks Alliance", "0102: Coalition attacks Concord", "0102: Concord attacks Alliance"]


def pick(item: str, offered: list[list[str]]):
    """Answer the list dialog with ``item`` (noting what it offered), and a text dialog with a reason."""
    def handle(d) -> bool:
        if not isinstance(d, QInputDialog):
            return False
        if d.comboBoxItems():
            offered.append(list(d.comboBoxItems()))
            d.setTextValue(item)
        else:
            d.findChild(QLineEdit).setText("settled by treaty")
        return ok(d)
    return handle


def window(qtbot, tmp_path):
    return opened(qtbot, tmp_path, played(9, SEED9_BATTLES).campaign)


def fight(w, item: str) -> tuple[BattleWindow, list[str]]:
    offered: list[list[str]] = []
    answerer = Answerer(pick(item, offered))
    w.fight_action.trigger()  # Turn > Fight a Battle Hex (Ctrl+F)
    answerer.stop()
    windows = [x for x in QApplication.topLevelWidgets() if isinstance(x, BattleWindow) and x.isVisible()]
    assert len(windows) == 1 and offered
    return windows[0], offered[0]


def sides_at(w, at: str) -> list[tuple[str, str, bool, list]]:
    return [(r.attacker, r.defender, r.resolved, r.answers) for r in w.campaign.battle_hexes if r.at == Label.parse(at)]


def test_ctrl_f_lists_each_meeting_by_its_sides_and_fights_the_one_picked(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    bw, offered = fight(w, "0301: Concord attacks League")
    assert offered == MEETINGS
    assert (bw.ctl.run.record.attacker, bw.ctl.run.record.defender) == ("concord", "league")
    assert bw.ctl.answer(1) is None  # its first answer is stored in its own record, the others keep theirs
    assert sides_at(w, "0301") == [("concord", "league", False, [1]), ("coalition", "concord", False, []),
                                   ("coalition", "league", False, [])]
    bw.close()


def test_the_meeting_the_battle_ended_is_settled_and_no_longer_listed(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    bw, _ = fight(w, "0301: Coalition attacks Concord")
    for a in COALITION_V_CONCORD:  # the Coalition loses every unit it has at 0301
        assert bw.ctl.answer(a) is None
    assert sides_at(w, "0301") == [("coalition", "concord", True, COALITION_V_CONCORD),
                                   ("coalition", "league", True, []), ("concord", "league", False, [])]
    assert w.campaign.log[-1].text == "Battle Hex 0301 (Coalition v League) resolved: no units of Coalition remain"
    bw.close()
    _, offered = fight(w, "0301: Concord attacks League")
    assert offered == ["0301: Concord attacks League", *MEETINGS[3:]]


def test_ctrl_g_rules_on_the_one_meeting_picked(qtbot, tmp_path):
    w = window(qtbot, tmp_path)
    offered: list[list[str]] = []
    answerer = Answerer(pick("0102: Coalition attacks Concord", offered))
    press(w, "Ctrl+G")
    answerer.stop()
    assert offered == [MEETINGS]
    assert sides_at(w, "0102") == [("coalition", "alliance", False, []), ("coalition", "concord", True, []),
                                   ("concord", "alliance", False, [])]
    assert w.campaign.log[-1].text == "GM ruling: Battle Hex 0102 (Coalition v Concord) resolved: settled by treaty"
    assert w.gm_action.isEnabled() and not w.end_phase_action.isEnabled()  # the others at 0102 wait


def test_a_sector_s_menu_asks_which_of_its_meetings_to_fight(qtbot, tmp_path):
    from tests.app.strategic.test_menus import right_click, sector_pos

    w = window(qtbot, tmp_path)
    offered: list[list[str]] = []
    answerer = Answerer(pick("0301: Coalition attacks League", offered))
    seen = right_click(w, qtbot, sector_pos(w, "0301"), "Fight this Battle Hex")
    assert dict(seen)["Fight this Battle Hex"] is True
    qtbot.waitUntil(lambda: any(isinstance(x, BattleWindow) and x.isVisible() for x in QApplication.topLevelWidgets()))
    answerer.stop()
    assert offered == [MEETINGS[:3]]  # the sector's own meetings, by their sides
    bw = next(x for x in QApplication.topLevelWidgets() if isinstance(x, BattleWindow) and x.isVisible())
    assert (bw.ctl.run.record.attacker, bw.ctl.run.record.defender) == ("coalition", "league")
    bw.close()
