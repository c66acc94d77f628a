"""A class's factors in Campaign > Unit Lists... (issue 22 plain text, issue 23): the table shows
the counter in words, not as the JSON the engine reads (seen on the real screen: a class added
from the USS Kongo showed '{"afef": {"af": 4, "damaged_af": 2, ...'), and the class is still built
from the JSON kept behind the words."""
from __future__ import annotations

from PySide6.QtWidgets import QApplication

from app.shell.unit_factors import factors_words
from tests.app.gui import Answerer, menu_action, ok, open_campaign
from tests.app.shell.test_unit_lists_dialog import enter_class


def test_the_factors_cell_reads_in_words_and_the_class_is_built_from_its_json(qtbot, tmp_path):
    from app.shell.unit_lists_dialog import UnitListsDialog

    main = open_campaign(qtbot, tmp_path)
    shown: list[str] = []

    def lists(d) -> bool:
        if not isinstance(d, UnitListsDialog):
            return False
        enter_class(d, "fed", "CA \u2014 USS Kongo", "12", "")
        shown.append(d.classes.item(d.classes.rowCount() - 1, 5).text())
        return ok(d)

    answerer = Answerer(lists)
    try:
        menu_action(main, "Unit Lists...").trigger()
        qtbot.waitUntil(lambda: bool(answerer.seen) and QApplication.activeModalWidget() is None)
    finally:
        answerer.stop()
    (words,) = shown
    assert not set('{}"[]') & set(words), words
    assert "combat bpv 125" in words and "afef: af 4" in words, words
    (b,) = main.campaign.power("fed").unit_list
    kongo = next(u for f in main.campaign.fleets for u in f.units if u.name == "USS Kongo")
    assert (b.unit.class_designation, b.unit.combat_bpv, b.unit.afef) == ("CA", kongo.combat_bpv, kongo.afef)


def test_factors_in_words():
    assert factors_words('{"afef": {"af": 4, "ef": 8}, "combat_bpv": 125, "stealth": true, "traits": []}') == \
        "afef: af 4, ef 8, combat bpv 125, stealth yes, traits none"
    assert factors_words("{}") == "a new unit's (every factor its default)"
    assert factors_words('{"warp": ') == '{"warp": '  # typed, not JSON: shown as typed (refused on OK, named)
