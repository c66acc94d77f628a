"""The GM's unit lists (rules/turn/unit_lists.py, issue 23): each power's buildable classes and
ground classes entered as rows, checked by the campaign model, applied as one logged change or
refused naming the power, the row and the field, nothing changed."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.model import dumps, load_campaign, parse_campaign
from rules.model.economy_model import Project
from rules.model.records import Phase
from rules.turn.purchases import order
from rules.turn.unit_lists import (RULE, ClassRow, GroundRow, PowerLists, RowRefused, Template, change, rows_of,
                                   template, templates)
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


def test_templates_are_one_per_power_and_class_in_the_campaigns_order_none_destroyed():
    """Fleets first, then garrisons; a class's first counter not destroyed stands for it; a
    counter with no class designation (a ground base) is named and keyed by its name."""
    from tests.rules.strategic.builder import campaign, fleet, unit

    c = campaign(sectors={"0101": {"owner": "fed", "garrison": [unit("gb", kind="ground_base")]}},
                 fleets=[fleet("a", "fed", "0303", units=[unit("ff1", class_designation="FF"),
                                                          unit("ff2", class_designation="FF"),
                                                          unit("dead", class_designation="CA", destroyed=True),
                                                          unit("ca", class_designation="CA")]),
                         fleet("b", "klingon", "0304", units=[unit("k1", class_designation="FF")])])
    assert templates(c) == [Template("ff1", "FF \u2014 FF1 (Fed, ship)", "fed"),
                            Template("ca", "CA \u2014 CA (Fed, ship)", "fed"),
                            Template("k1", "FF \u2014 K1 (Klingon, ship)", "klingon"),
                            Template("gb", "GB (Fed, ground base)", "fed")]


def test_a_template_row_has_no_cost_yet_and_its_factors_in_key_order():
    """The row from a counter: its class and name, its factors (a counter's own cost too, as
    JSON), every other field blank for the GM to enter."""
    c = shipped()
    ff = next(u for f in c.fleets if f.id == "fed-second" for u in f.units if u.class_designation == "FF")
    ff.cost = Fraction(9, 2)
    row = template(c, ff.id)
    assert row == ClassRow("FF", ff.name, row.factors, "", "", "")
    factors = json.loads(row.factors)
    assert list(factors) == sorted(factors) and len(factors) > 2 and factors["cost"] == "9/2"
    with pytest.raises(RuleError) as e:
        template(c, "nope")
    assert e.value.rule == RULE


def test_rows_of_a_power_without_the_economy_and_blank_fields():
    """A power keeping no seed 004 economy changes its lists (no maintenance to list); its rows
    read back with the in-service year blank where none, the ground class's year and flags."""
    c = shipped()
    c.power("fed").economy = None
    row = replace(ff_row(c), in_service="")
    depot = GroundRow("Depot", "1", "2", in_service="120", supply_depot=True)
    new = change(c, [PowerLists("fed", (row,), (depot,))])
    assert rows_of(new, "fed") == PowerLists("fed", (replace(row, cost="3"),), (depot,))
    assert new.log[-1].text.endswith("class FF added (3 EP); ground unit Depot added (2 EP, in service 120)")


def test_a_table_given_as_none_is_kept_and_an_unchanged_power_does_not_stop_the_next():
    c = change(shipped(), [PowerLists("fed", (ff_row(shipped()),))])
    new = change(c, [PowerLists("klingon"), PowerLists("fed", None, (GroundRow("Marines", "2", "1", marines=True),))])
    fed = new.power("fed")
    assert fed.unit_list == c.power("fed").unit_list and [g.unit.name for g in fed.ground_list] == ["Marines"]
    assert new.log[-1].text == "The GM sets United Federation of Planets' unit lists: ground unit Marines added (1 EP)"


def test_the_campaigns_checks_run_after_the_rows_naming_the_first_three_problems():
    """A campaign whose Coalition and Orion Teams were left out (four powers in no Team): the rows
    (the Federation's and the Klingons', in no Team) are good, but the changed campaign fails its
    checks, so the change is refused naming the first three problems, nothing changed."""
    c = shipped()
    c.teams = [t for t in c.teams if t.id not in ("coalition", "orions")]
    before = dumps(c)
    with pytest.raises(RuleError) as e:
        change(c, [PowerLists("fed", (ff_row(c),)),
                   PowerLists("klingon", (replace(ff_row(c), class_designation="D7"),))])
    assert e.value.rule == RULE
    assert e.value.message == ("powers[2]: power 'klingon' is in no team; powers[3]: power 'lyran' is in no team; "
                               "powers[4]: power 'romulan' is in no team")
    assert dumps(c) == before


def test_every_refusal_names_the_rule():
    c = shipped()
    bad = [PowerLists("fed", (replace(ff_row(c), cost="x"),)), PowerLists("fed", (), (GroundRow("M", "x", "1"),)),
           PowerLists("nope")]
    for lists in bad:
        with pytest.raises(RuleError) as e:
            change(c, lists if isinstance(lists, list) else [lists])
        assert e.value.rule == RULE and str(e.value).startswith("Unit lists (004 Turn Orders): ")


@pytest.mark.parametrize(("row", "words"), [
    (dict(cost=""), "row 1 (FF), cost: enter it in Economic Points (a whole number or a fraction such as 9/2)"),
    (dict(factors="[1]"), "row 1 (FF), factors: the Unit record's fields as a JSON object {...}"),
    (dict(factors='{"destroyed": true, "crippled": true}'),
     "row 1 (FF), factors: crippled, destroyed is not a factor of a class (the row names it, a new unit is whole)"),
    (dict(factors='{"b5": {}}'), "row 1 (FF), factors: b5.category: Field required"),
])
def test_a_bad_class_row_in_full_words(row, words):
    c = shipped()
    with pytest.raises(RowRefused) as e:
        change(c, [PowerLists("fed", (replace(ff_row(c), **row),))])
    assert e.value.message.startswith(f"United Federation of Planets, unit class {words}"), e.value.message


def test_maintenance_without_the_economy_in_full_words():
    c = shipped()
    c.power("fed").economy = None
    with pytest.raises(RowRefused) as e:
        change(c, [PowerLists("fed", (ff_row(c, maintenance="1"),))])
    assert e.value.message == ("United Federation of Planets, unit class row 1 (FF), maintenance: United Federation of "
                               "Planets keeps no seed 004 economy (Campaign > Settings: the empire turn run by "
                               "BattleHex)")


def test_a_class_costing_nothing_and_one_with_no_factors_are_taken():
    c = shipped()
    new = change(c, [PowerLists("fed", (replace(ff_row(c), cost="0"), ClassRow("X", "Plain X", "", "1")))])
    free, plain = new.power("fed").unit_list
    assert free.cost == 0 and plain.unit.name == "Plain X" and plain.unit.class_designation == "X"


@pytest.mark.parametrize(("rows", "words", "row"), [
    ((GroundRow("M", "1", "1"), GroundRow("M", "2", "1")), "ground class row 2 (M), name: row 1 already holds M", 1),
    ((GroundRow("M", "1", "x"),), "ground class row 1 (M), cost: 'x' is not a point figure", 0),
    ((GroundRow("M", "1", "1", in_service="Y1"),), "ground class row 1 (M), in-service year: 'Y1' is not a year", 0),
    ((GroundRow("M", "1", "1", marines=1),), "ground class row 1 (M), ground unit: Input should be a valid boolean", 0),
])
def test_a_bad_ground_row_in_full_words(rows, words, row):
    c = shipped()
    with pytest.raises(RowRefused) as e:
        change(c, [PowerLists("fed", (), rows)])
    assert e.value.message.startswith(f"United Federation of Planets, {words}"), e.value.message
    assert (e.value.power, e.value.table, e.value.row) == ("fed", "grounds", row)


def test_an_unchanged_row_keeps_its_units_id():
    """A class entry whose unit id is not the one a row makes (a hand-edited file): changing
    another row leaves it as it was."""
    c = change(shipped(), [PowerLists("fed", (ff_row(shipped()),))])
    fed = c.power("fed")
    fed.unit_list = [fed.unit_list[0].model_copy(update={"unit": fed.unit_list[0].unit.model_copy(
        update={"id": "fed-ff-by-hand"})})]
    new = change(c, [PowerLists("fed", (ff_row(c), replace(ff_row(c), class_designation="FFB")))])
    assert [b.unit.id for b in new.power("fed").unit_list] == ["fed-ff-by-hand", "fed-class-FFB"]


def test_projects_keep_their_class_or_ground_class_on_the_lists():
    """A ship project of FF and a ground project of Marines: both lists may change around them
    (FF's cost, Marines' attrition); dropping Marines is refused, naming the rule."""
    c = change(shipped(), [PowerLists("fed", (ff_row(shipped()),), (GroundRow("Marines", "2", "1", marines=True),))])
    eco = c.power("fed").economy
    c.power("fed").economy = eco.model_copy(update={"projects": [
        Project(id="fed-p1", unit_class="FF", at="0207", planet="Vanguard II", cost=3, turn=1),
        Project(id="fed-p2", unit_class="Marines", at="0207", planet="Vanguard II", cost=1, turn=1, ground=True)]})
    new = change(c, [PowerLists("fed", (replace(ff_row(c), cost="4"),),
                                (GroundRow("Marines", "3", "1", marines=True),))])
    assert new.power("fed").unit_list[0].cost == 4 and new.power("fed").ground_list[0].unit.attrition == 3
    with pytest.raises(RuleError, match="Marines: ordered and not yet built") as e:
        change(c, [PowerLists("fed", (ff_row(c),), ())])
    assert e.value.rule == RULE


def test_rows_reordered_only_is_a_change():
    c = change(shipped(), [PowerLists("fed", (ff_row(shipped()), replace(ff_row(shipped()), class_designation="FFB")))])
    new = change(c, [PowerLists("fed", tuple(reversed(rows_of(c, "fed").classes)))])
    assert [b.unit.class_designation for b in new.power("fed").unit_list] == ["FFB", "FF"]
    assert new.log[-1].text == "The GM sets United Federation of Planets' unit lists: rows reordered"
    grounds = (GroundRow("A", "1", "1"), GroundRow("B", "1", "1"))
    c = change(shipped(), [PowerLists("fed", (), grounds)])
    assert change(c, [PowerLists("fed", (), grounds[::-1])]).log[-1].text.endswith(": rows reordered")
