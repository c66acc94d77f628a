"""The lists file of ``main.py unit-lists`` read as the dialog's rows (rules/turn/unit_lists_headless.py):
a template's class, name and factors with what the row gives winning, a table left out kept as it
stands, a file nested too deep refused naming it. The command itself: tests/test_main_cli_unit_lists.py."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.model import load_campaign
from rules.turn.unit_lists import ClassRow, GroundRow, PowerLists, change, rows_of, template
from rules.turn.unit_lists_headless import lists_of, read_lists
from tests.conftest import DEFAULT


def test_a_template_row_takes_the_counter_and_the_row_wins():
    c = load_campaign(DEFAULT)
    (fed,) = lists_of(c, {"fed": {"classes": [{"template": "kli-d7-kumara", "class": "D7X", "cost": 12,
                                               "in_service": None}]}})
    base = template(c, "kli-d7-kumara")
    assert fed == PowerLists("fed", (ClassRow("D7X", base.name, base.factors, "12", "", ""),), None)


def test_a_table_left_out_is_kept_as_it_stands():
    c = change(load_campaign(DEFAULT), [PowerLists("fed", (), (GroundRow("Marines", "2", "1"),))])
    (fed,) = lists_of(c, {"fed": {"classes": []}})
    assert fed == PowerLists("fed", (), None)  # None: change() keeps the list exactly
    assert change(c, [fed]) is c and rows_of(c, "fed").grounds == (GroundRow("Marines", "2", "1", "", False, False),)
    with pytest.raises(RuleError, match=r"United Federation of Planets, ground class row 1, marines: true or false"):
        lists_of(c, {"fed": {"grounds": [{"name": "M", "attrition": 1, "cost": 1, "marines": "yes"}]}})
    with pytest.raises(RuleError, match=r"United Federation of Planets: an object with \"classes\" and \"grounds\""):
        lists_of(c, {"fed": {"ships": []}})


def test_a_file_nested_too_deep_is_refused_naming_it(tmp_path):
    (tmp_path / "deep.json").write_text("[" * 40 + "]" * 40)
    with pytest.raises(ValueError, match=r"deep.json: nested 40 levels deep"):
        read_lists(str(tmp_path / "deep.json"))
