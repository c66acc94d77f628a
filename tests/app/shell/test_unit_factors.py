"""A class's factors in Campaign > Unit Lists... (issue 22 plain text, issue 23): the table shows
the counter in words, not as the JSON the engine reads (seen on the real screen: a class added
from the USS Kongo showed '{"afef": {"af": 4, "damaged_af": 2, ...'), and the class is still built
from the JSON kept behind the words."""
from __future__ import annotations

import re
from html import unescape

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
    assert "combat BPV 125" in words and "AF/EF: attack factor 4" in words, words
    (b,) = main.campaign.power("fed").unit_list
    kongo = next(u for f in main.campaign.fleets for u in f.units if u.name == "USS Kongo")
    assert (b.unit.class_designation, b.unit.combat_bpv, b.unit.afef) == ("CA", kongo.combat_bpv, kongo.afef)


def test_factors_in_words():
    assert factors_words('{"afef": {"af": 4, "ef": 8}, "combat_bpv": 125, "stealth": true, "race_flags": []}') == \
        "AF/EF: attack factor 4, endurance factor 8; Counter: race none, stealth, combat BPV 125"
    assert factors_words('{"fe": {"attack": 6, "c_attack": 3, "defense": 4}, "fe_command_rating": 7, '
                         '"strategic_movement_capable": false, "kind": "ground_base", "hull_type": "-"}') == \
        ("F&E (SIDCORS): attack 6, defence 4, crippled attack 3, command rating 7; Counter: ground base, "
         "no strategic movement")
    assert factors_words('{"b5": {"category": "heavy", "weapons": [{"name": "Disruptor", "cls": "particle", "shots": '
                         '1, "ranges": [30], "fire_control": ["d10", "d8", "d4"], "damage": ["d8"], "x": 2}]}}') == \
        ("Babylon 5: heavy, weapons: Disruptor (particle, 1 shot a turn, range 30, fire control d10/d8/d4, damage d8, "
         "x2 into its best arc)")
    assert factors_words('{"stcs": {"nation": "klingon", "class_size": 8, "captain": 71, "crew": 430, "crew_quality": '
                         '"crack", "weapons": [{"kind": "beam", "name": "KD-4 disruptors", "reach": 18}]}, '
                         '"officers": {"captain": 4, "helmsman": -1}}') == \
        ("STCS: Klingon, Class VIII, weapons: KD-4 disruptors (beam, reach 18), 430 crew, crack crew, rating of its "
         "captain 71; Counter: officers: captain +4, helmsman -1")
    assert factors_words("{}") == "a new unit's (every factor its default)"
    assert factors_words('{"warp": ') == '{"warp": '  # typed, not JSON: shown as typed (refused on OK, named)


def test_every_field_of_a_counter_has_its_words():
    """A field added to the Unit record or a system's block is given its words here, or the table shows its key."""
    from app.shell.unit_factors import LABELS, MODELS

    missing = [f"{block or 'unit'}.{f}" for block, model in MODELS for f in model.model_fields if f not in LABELS]
    assert not missing, missing


KEY_SHOWN = re.compile(r"\b[a-z]+_[a-z_]+\b|\b(?:afef|b5|stcs|fe|bpv|af|ef|cls)\b|\bx \d|[{}\[\]\"]")
"""What the Factors column showed on the real screen (issue 22): the record's keys ("afef: af 4, ef 8", "b5:",
"combat bpv", "x 2", "fire_control"), JSON."""


def test_every_template_of_the_default_campaign_reads_in_words():
    """Every counter Add from Template offers in the shipped campaign: its factors and their tooltip name no record
    key, each battle system's block under its name."""
    from app.shell.unit_factors import factors_tip
    from rules.model import load_campaign
    from rules.turn.unit_lists import template, templates
    from tests.conftest import DEFAULT

    c = load_campaign(DEFAULT)
    shown = {t.words: (factors_words(template(c, t.unit).factors), factors_tip(template(c, t.unit).factors))
             for t in templates(c)}
    assert len(shown) > 20
    keys = [k for k in shown if KEY_SHOWN.search(k)]  # the template's own words: "(..., ground_base)" was shown
    assert not keys and any(k.endswith(", ground base)") for k in shown), keys
    shown = {k: (w, unescape(re.sub(r"</p>", "\n", re.sub(r"<p>", "", t)))) for k, (w, t) in shown.items()}
    bad = {k: KEY_SHOWN.findall(w + t) for k, (w, t) in shown.items() if KEY_SHOWN.search(w + t)}
    assert not bad, bad
    words, tip = next(v for k, v in shown.items() if "IKV Kumara" in k)
    for block in ("F&E (SIDCORS): ", "AF/EF: attack factor 5, endurance factor 8", "Babylon 5: heavy, speed 8",
                  "STCS: Klingon, Class VIII"):
        assert block in words and tip.startswith(block) or f"\n{block}" in tip, (block, words, tip)
    assert words.startswith("F&E (SIDCORS): attack 9, defence 4"), words  # the combat factors first: shown whole
