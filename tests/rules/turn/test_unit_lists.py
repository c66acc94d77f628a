"""The GM's unit lists (rules/turn/unit_lists.py, issue 23): each power's buildable classes and
ground classes entered as rows, checked by the campaign model, applied as one logged change or
refused naming the power, the row and the field, nothing changed."""
from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.model import dumps, load_campaign, parse_campaign
from rules.model.economy_model import Project
from rules.model.records import Phase
from rules.turn.purchases import order
from rules.turn.unit_lists import (ClassRow, GroundRow, PowerLists, RowRefused, change, rows_of, template,
                                   templates)
from tests.conftest import DEFAULT


def shipped():
    return load_campaign(DEFAULT)


def ff_row(c, **kw) -> ClassRow:
    """The Federation FF class built as the USS Wasp, 3 EP, in service Y150."""
    ff = next(u for f in c.fleets if f.id == "fed-second" for u in f.units if u.class_designation == "FF")
    return replace(template(c, ff.id), cost="3", in_service="150", **kw)


def test_the_shipped_default_has_no_list_and_offers_every_counter_as_a_template():
    c = shipped()
    assert all(not p.unit_list and not p.ground_list for p in c.powers)
    assert rows_of(c, "fed") == PowerLists("fed")
    ids = [t.unit for t in templates(c)]
    assert len(ids) == len(set(ids)) and "kli-d7-kumara" in ids
    d7 = next(t for t in templates(c) if t.unit == "kli-d7-kumara")
    assert (d7.words, d7.power) == ("D7C \u2014 IKV Kumara (Klingon Empire, ship)", "klingon")


def test_a_template_leaves_its_state_behind():
    c = shipped()
    ff = next(u for f in c.fleets if f.id == "fed-second" for u in f.units if u.class_designation == "FF")
    ff.crippled, ff.internal_hits, ff.crew_units_current = True, 7, 3
    row = template(c, ff.id)
    assert (row.class_designation, row.name) == ("FF", ff.name)
    assert "crippled" not in row.factors and "internal_hits" not in row.factors
    assert '"crew_units_current": 12' in row.factors and '"fe_command_rating": 5' in row.factors
    with pytest.raises(RuleError, match="no unit 'nope'"):
        template(c, "nope")


def test_a_list_entered_is_logged_for_its_team_and_bought_from():
    c = shipped()
    new = change(c, [PowerLists("fed", (ff_row(c, maintenance="1/2"),), (GroundRow("Marines", "2", "9/2",
                                                                                    marines=True),))])
    fed = new.power("fed")
    assert c.power("fed").unit_list == []  # the campaign given stays as it was
    (b,), (g,) = fed.unit_list, fed.ground_list
    assert (b.unit.class_designation, b.cost, b.in_service, b.unit.crippled) == ("FF", 3, 150, False)
    assert (g.unit.name, g.unit.attrition, g.unit.marines, g.unit.power, g.cost) == ("Marines", 2, True, "fed",
                                                                                    Fraction(9, 2))
    assert fed.economy.maintenance == {"FF": Fraction(1, 2)}
    line = new.log[-1]
    assert line.text == ("The GM sets United Federation of Planets' unit lists: class FF added (3 EP, in service "
                         "150); ground unit Marines added (9/2 EP); maintenance of FF 1/2 EP")
    assert line.secret_of == ["alliance"] and line.rule.startswith("Unit lists")
    assert parse_campaign(dumps(new)) == new  # saved and opened the same
    assert rows_of(new, "fed").classes[0].cost == "3" and change(new, [rows_of(new, "fed")]) is new
    new.phase = Phase.ORDERS
    fed.economy = fed.economy.model_copy(update={"point_pool": Fraction(10)})
    bought = order(new, {"power": "fed", "class": "FF", "at": "0207", "planet": "Vanguard II"})
    assert [j.unit_class for j in bought.power("fed").economy.projects] == ["FF"]


def test_removing_and_changing_rows():
    c = shipped()
    one = change(c, [PowerLists("fed", (ff_row(c, maintenance="1"), replace(ff_row(c), class_designation="FFB")))])
    two = change(one, [PowerLists("fed", (replace(ff_row(c), cost="7/2"),))])
    assert [b.unit.class_designation for b in two.power("fed").unit_list] == ["FF"]
    assert two.log[-1].text.endswith("class FF changed (7/2 EP, in service 150); class FFB removed; maintenance "
                                     "of FF no longer listed")
    assert two.power("fed").economy.maintenance == {}


@pytest.mark.parametrize(("row", "words"), [
    (dict(cost="x"), "row 2 (FF), cost: 'x' is not a point figure"),
    (dict(cost=""), "row 2 (FF), cost: enter it in Economic Points"),
    (dict(cost="-1"), "row 2 (FF), cost: -1 is below 0"),
    (dict(in_service="Y150"), "row 2 (FF), in-service year: 'Y150' is not a year"),
    (dict(in_service="0"), "row 2 (FF), in-service year: Input should be greater than or equal to 1"),
    (dict(factors='{"size_class": 9}'), "row 2 (FF), factors: size_class: Input should be less than or equal to 7"),
    (dict(factors='{"sizeclass": 3}'), "row 2 (FF), factors: sizeclass: Extra inputs are not permitted"),
    (dict(factors='{"crippled": true}'), "row 2 (FF), factors: crippled is not a factor of a class"),
    (dict(factors="[1"), "row 2 (FF), factors: not JSON"),
    (dict(class_designation=""), "row 2 (no name), class: enter the class designation"),
    (dict(name=" "), "row 2 (FF), name: enter the counter's name"),
    (dict(maintenance="1/0"), "row 2 (FF), maintenance: '1/0' is not a point figure"),
])
def test_a_bad_row_is_refused_naming_power_row_and_field_nothing_changed(row, words):
    c = shipped()
    before = dumps(c)
    good = PowerLists("klingon", (replace(ff_row(c), class_designation="D7"),))
    bad = PowerLists("fed", (replace(ff_row(c), class_designation="CL"), replace(ff_row(c), **row)))
    with pytest.raises(RuleError, match=re.escape(f"United Federation of Planets, unit class {words}")) as e:
        change(c, [good, bad])
    assert dumps(c) == before
    assert isinstance(e.value, RowRefused) and (e.value.power, e.value.table, e.value.row) == ("fed", "classes", 1)


def test_two_rows_of_one_class_and_bad_ground_rows_are_refused():
    c = shipped()
    with pytest.raises(RuleError, match=r"unit class row 2 \(FF\), class: row 1 already holds class FF"):
        change(c, [PowerLists("fed", (ff_row(c), ff_row(c)))])
    for g, words in ((GroundRow("M", "0", "1"), r"ground class row 1 \(M\), attrition: Input should be greater"),
                     (GroundRow("M", "x", "1"), r"ground class row 1 \(M\), attrition: 'x' is not a whole number"),
                     (GroundRow("", "1", "1"), r"ground class row 1 \(no name\), name: enter the ground unit's"),
                     (GroundRow("M", "1", "1", in_service="1000"), r"\(M\), in-service year: Input should be less")):
        with pytest.raises(RowRefused, match=words) as e:
            change(c, [PowerLists("fed", (), (g, GroundRow("M", "1", "1")))])
        assert (e.value.table, e.value.row) == ("grounds", 0)


def test_a_class_ordered_and_not_built_stays_on_the_list():
    c = change(shipped(), [PowerLists("fed", (ff_row(shipped()),))])
    eco = c.power("fed").economy
    c.power("fed").economy = eco.model_copy(update={"projects": [
        Project(id="fed-p1", unit_class="FF", at="0207", planet="Vanguard II", cost=3, turn=1)]})
    before = dumps(c)
    with pytest.raises(RuleError, match=r"United Federation of Planets, FF: ordered and not yet built \(a project "
                                        r"at Vanguard II, 0207\); cancel it first"):
        change(c, [PowerLists("fed")])
    assert dumps(c) == before


def test_maintenance_needs_the_economy_and_an_unknown_power_is_refused():
    c = shipped()
    c.power("fed").economy = None
    with pytest.raises(RuleError, match="row 1 \\(FF\\), maintenance: United Federation of Planets keeps no seed 004 "
                                        "economy"):
        change(c, [PowerLists("fed", (ff_row(c, maintenance="1"),))])
    with pytest.raises(RuleError, match="no power 'nope'"):
        change(c, [PowerLists("nope")])
