"""The GM's unit lists headless (issue 23): ``main.py unit-lists CAMPAIGN --lists FILE --out
FILE`` applies what Campaign > Unit Lists... applies, with its checks and its log line; a bad row
is refused naming the file, the power, the row and the field, nothing applied; the same lists give
the same bytes."""
from __future__ import annotations

import json
from dataclasses import replace
from fractions import Fraction

import pytest

from main import main
from rules.model import load_campaign
from rules.turn.unit_lists import ClassRow, GroundRow, PowerLists, change, template
from tests.conftest import DEFAULT

LISTS = {"fed": {"classes": [{"template": "fed-ff-wasp", "cost": 3, "in_service": 150, "maintenance": "1/2"},
                             {"class": "SC", "name": "Scout", "factors": {"kind": "ship"}, "cost": "9/2"}],
                 "grounds": [{"name": "Marines", "attrition": 2, "cost": "9/2", "marines": True}]},
         "klingon": {"grounds": [{"name": "Legion", "attrition": 3, "cost": 2, "in_service": 160}]}}


@pytest.fixture
def folder(tmp_path):
    c = load_campaign(DEFAULT)
    ff = next(u for f in c.fleets if f.id == "fed-second" for u in f.units if u.class_designation == "FF")
    lists = json.loads(json.dumps(LISTS).replace("fed-ff-wasp", ff.id))
    (tmp_path / "lists.json").write_text(json.dumps(lists), encoding="utf-8")
    (tmp_path / "K.json").write_bytes(DEFAULT.read_bytes())
    return tmp_path


def _run(folder, capsys, lists="lists.json", out="after.json"):
    code = main(["unit-lists", str(folder / "K.json"), "--lists", str(folder / lists),
                 *(["--out", str(folder / out)] if out else [])])
    got = capsys.readouterr()
    return code, got.out, got.err


def test_the_lists_are_applied_logged_and_written_the_same_bytes_each_time(folder, capsys):
    code, out, err = _run(folder, capsys)
    assert code == 0, err
    shown = json.loads(out)
    assert shown["changed"] == ["fed", "klingon"] and shown["written"] == str(folder / "after.json")
    assert [e["text"] for e in shown["log"]] == [
        "The GM sets United Federation of Planets' unit lists: class FF added (3 EP, in service 150); class SC added "
        "(9/2 EP); ground unit Marines added (9/2 EP); maintenance of FF 1/2 EP",
        "The GM sets Klingon Empire's unit lists: ground unit Legion added (2 EP, in service 160)"]
    assert [e["secret_of"] for e in shown["log"]] == [["alliance"], ["coalition"]]  # as the dialog's lines
    after = load_campaign(folder / "after.json")
    fed = after.power("fed")
    assert [(b.unit.class_designation, b.cost) for b in fed.unit_list] == [("FF", 3), ("SC", Fraction(9, 2))]
    assert fed.economy is None or fed.economy.maintenance == {"FF": Fraction(1, 2)}
    c = load_campaign(DEFAULT)  # the dialog's one step, from the same rows, gives the same campaign
    ff = next(u for f in c.fleets if f.id == "fed-second" for u in f.units if u.class_designation == "FF")
    rows = [PowerLists("fed", (replace(template(c, ff.id), cost="3", in_service="150", maintenance="1/2"),
                               ClassRow("SC", "Scout", '{"kind": "ship"}', "9/2")),
                       (GroundRow("Marines", "2", "9/2", marines=True),)),
            PowerLists("klingon", (), (GroundRow("Legion", "3", "2", "160"),))]
    assert change(c, rows) == after
    code, _, err = _run(folder, capsys, out="again.json")
    assert code == 0, err
    assert (folder / "again.json").read_bytes() == (folder / "after.json").read_bytes()
    assert load_campaign(folder / "K.json") == load_campaign(DEFAULT)  # the campaign's own file untouched


def test_without_out_the_lists_are_only_checked(folder, capsys):
    code, out, err = _run(folder, capsys, out=None)
    assert code == 0 and json.loads(out)["written"] is None and not (folder / "after.json").exists(), err


@pytest.mark.parametrize(("change_row", "words"), [
    (lambda ls: ls["fed"]["classes"][1].update(cost="three"),
     "United Federation of Planets, unit class row 2 (SC), cost:"),
    (lambda ls: ls["fed"]["classes"][1].update(cost=[3]),
     "United Federation of Planets, unit class row 2, cost: a text or a whole number"),
    (lambda ls: ls["fed"]["grounds"][0].update(attrition="x"),
     "United Federation of Planets, ground class row 1 (Marines), attrition: 'x' is not a whole number"),
    (lambda ls: ls["klingon"]["grounds"][0].update(speed=2),
     "Klingon Empire, ground class row 1, speed: not a field of the row"),
    (lambda ls: ls["fed"]["classes"][0].update(template="nope"), "no unit 'nope' in the campaign"),
    (lambda ls: ls.update(nobody={}), "no power 'nobody' in the campaign"),
])
def test_a_bad_row_is_refused_naming_the_file_power_row_and_field_nothing_applied(folder, capsys, change_row, words):
    lists = json.loads((folder / "lists.json").read_text())
    change_row(lists)
    (folder / "bad.json").write_text(json.dumps(lists))
    code, out, err = _run(folder, capsys, lists="bad.json")
    assert code == 1 and out == "" and not (folder / "after.json").exists()
    assert err.startswith("unit-lists: refused: bad.json: ") and words in err and "nothing was applied" in err, err


def test_a_file_that_is_no_json_or_no_campaign_is_refused(folder, capsys):
    (folder / "bad.json").write_text("{\"fed\": ")
    code, _, err = _run(folder, capsys, lists="bad.json")
    assert code == 2 and "bad.json: JSON syntax error" in err
    assert main(["unit-lists", str(folder / "K.json")]) == 2  # --lists is required
    assert "--lists" in capsys.readouterr().err
    assert main(["unit-lists", "--help"]) == 0
    assert "unit lists" in capsys.readouterr().out


def test_a_table_left_out_stays_as_the_file_holds_it(tmp_path, capsys):
    """A power's classes not given in the lists file stay exactly as the campaign holds them, even an
    entry the dialog's rows would renew (here a counter written with its state: a crippled FF)."""
    from rules.model import save_campaign
    from rules.model.builds import BuildClass

    c = load_campaign(DEFAULT)
    ff = next(u for f in c.fleets if f.id == "fed-second" for u in f.units if u.class_designation == "FF")
    c.power("fed").unit_list = [BuildClass(unit=ff.model_copy(update={"crippled": True}), cost=3)]
    save_campaign(c, tmp_path / "K.json")
    (tmp_path / "lists.json").write_text(json.dumps({"fed": {"grounds": [{"name": "Marines", "attrition": 2,
                                                                          "cost": 1}]}}))
    code, out, err = _run(tmp_path, capsys)
    assert code == 0, err
    assert [e["text"] for e in json.loads(out)["log"]] == [
        "The GM sets United Federation of Planets' unit lists: ground unit Marines added (1 EP)"]
    assert load_campaign(tmp_path / "after.json").power("fed").unit_list == c.power("fed").unit_list


def test_a_team_copy_takes_no_unit_lists(tmp_path, capsys):
    """The lists are the GM's work, on the campaign's own file: a Team copy is refused, naming it."""
    from tests.test_main_cli_sealed_orders import folder as keyed_folder

    keyed = keyed_folder.__wrapped__(tmp_path)
    assert main(["team-copy", str(keyed / "K.json"), "--team", "alliance", "--passphrase",
                 f"gm={keyed / 'gm.txt'}", "--out", str(keyed / "a.json")]) == 0
    (keyed / "lists.json").write_text(json.dumps({"fed": {"grounds": []}}))
    code = main(["unit-lists", str(keyed / "a.json"), "--lists", str(keyed / "lists.json"), "--passphrase",
                 f"alliance={keyed / 'alliance.txt'}", "--out", str(keyed / "b.json")])
    assert code == 2 and "a.json is a Team copy" in capsys.readouterr().err and not (keyed / "b.json").exists()
