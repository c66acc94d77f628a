"""rules/turn/sealed_orders.py, movement orders by sealed file (issue 23): a player plots its own
fleets' movement in its Team copy (another Team's fleet refused), the sealed file carries them and
the GM's import gives them to those fleets on the campaign's own file; a path the GM's file
refuses (a cloaked fleet the copy did not know blocks the lane, 004 Movement Phase) refuses the
whole import naming the file, the fleet and the rule, and nothing is given."""
from __future__ import annotations

import json

import pytest

from hexmap import Label
from rules.errors import RuleError
from rules.model.seals import Keyring, unlock
from rules.model.team_copy import make_copy
from rules.strategic.state import build_graph
from rules.turn.sealed_orders import export, moves_of, plot, read_all, run_imported
from tests.app.shell.test_sealed_orders_gui import PASSES, keyed
from tests.rules.model.test_team_copy import _open

L = Label.parse


@pytest.fixture(scope="module")
def full():
    c = keyed()
    gm = unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)
    ring = Keyring()
    ring.add("gm", gm)
    return c, gm, ring


def _alliance_file(c, gm, plotted):
    """The Alliance's copy of ``c``, the Federation's fleets plotted in it, exported sealed."""
    copy = _open(make_copy(c, "alliance", gm))
    graph = build_graph(copy)
    for fleet, path in plotted.items():
        copy = plot(copy, graph, fleet, [L(x) for x in path])
    key = unlock(copy.keys["alliance"], PASSES["alliance"], "Alliance", copy.keys)
    return copy, export(copy, "fed", [], key, moves_of(copy, "fed"), graph)


def test_moves_plotted_in_a_copy_reach_the_gms_file(full):
    c, gm, ring = full
    assert [str(x) for x in next(f for f in c.fleets if f.id == "fed-third").orders] == ["0707"]
    copy, text = _alliance_file(c, gm, {"fed-third": ["0608"], "fed-logistics": ["0407"]})
    assert moves_of(copy, "fed") == {"fed-third": ["0608"], "fed-second": ["0907"], "fed-logistics": ["0407"]}
    assert '"0608"' not in text and "fed-third" not in text  # sealed to the GM (quoted: base64 may hold 0608)
    got = read_all(c, [("fed.orders", text)], ring)
    assert got["fed"].moves == (("fed-logistics", ("0407",)), ("fed-second", ("0907",)), ("fed-third", ("0608",)))
    after = run_imported(c, got)
    orders = {f.id: [str(x) for x in f.orders] for f in after.fleets}
    assert orders["fed-third"] == ["0608"] and orders["fed-logistics"] == ["0407"] and orders["fed-second"] == ["0907"]
    assert orders["kli-deep-strike"] == ["0509"]  # another power's fleets keep theirs
    again = run_imported(c, read_all(c, [("fed.orders", text)], ring))
    assert json.dumps(again.model_dump(mode="json"), sort_keys=True) == json.dumps(after.model_dump(mode="json"),
                                                                                   sort_keys=True)


def test_a_copy_orders_its_own_teams_fleets_only(full):
    c, gm, _ring = full
    copy = _open(make_copy(c, "alliance", gm))
    with pytest.raises(RuleError, match="004 Movement Phase: Deep Strike Squadron is not a fleet of your Team"):
        plot(copy, build_graph(copy), "kli-deep-strike", [L("0509")])
    from rules.strategic.planning import plan_orders
    from rules.strategic.state import StrategicState

    preview = plan_orders(StrategicState.compute(copy, build_graph(copy)), "kli-deep-strike", L("0509"))
    assert not preview.check.ok and "is not a fleet of your Team" in preview.summary()  # the drag's preview says so
    with pytest.raises(RuleError, match="beyond this turn's movement"):  # the drag's own verdict, as in the full file
        plot(copy, build_graph(copy), "fed-third", [L("0608"), L("0609"), L("0610")])
    key = unlock(copy.keys["alliance"], PASSES["alliance"], "Alliance", copy.keys)
    with pytest.raises(RuleError, match="Federation of Planets orders only its own fleets, and Deep Strike Squadron is not one"):
        export(copy, "fed", [], key, {"kli-deep-strike": ["0509"]})


def test_a_path_blocked_by_a_fleet_the_copy_did_not_know_refuses_the_import(full):
    """The cloaked Romulan squadron (the Coalition's secret, not in the Alliance's copy) is on the
    lane 0608-0607 arriving at 0607: it prevents the Third Fleet at 0607 from using that path
    this turn (004 Movement Phase). The copy let the Third Fleet plot 0608; the GM's import is
    refused naming the file, the fleet and the rule, and no order of the file is given."""
    c, gm, ring = full
    c = c.model_copy(update={"fleets": [f.model_copy(update={"in_transit_to": L("0607"), "orders": [L("0607")]})
                                        if f.id == "rom-shadow" else f for f in c.fleets]})
    copy, text = _alliance_file(c, gm, {"fed-logistics": ["0407"], "fed-third": ["0608"]})
    assert all(f.id != "rom-shadow" for f in copy.fleets)
    with pytest.raises(RuleError) as refused:
        run_imported(c, read_all(c, [("fed.orders", text)], ring))
    assert str(refused.value) == ("004 Movement Phase (between sectors): fed.orders: Third Fleet to 0608: Shadow "
                                  "Squadron (cloaked) arrived from 0608 and blocks that lane this turn; no orders "
                                  "were given")


def test_a_file_whose_moves_name_another_powers_fleet_does_not_open(full):
    c, gm, ring = full
    copy, text = _alliance_file(c, gm, {})
    data = json.loads(text)
    data["power"] = "klingon"
    with pytest.raises(RuleError, match="no orders were imported"):
        read_all(c, [("k.orders", json.dumps(data))], ring)


def test_a_file_naming_a_key_twice_is_refused_naming_the_file_and_the_key(full):
    """Issue 22, hostile files: ``"power"`` named twice in the file's object was read as its last value (the first lost
    unseen) and the orders were imported; the file is refused naming it and the key, as a campaign file is."""
    c, gm, ring = full
    _copy, text = _alliance_file(c, gm, {"fed-third": ["0608"]})
    assert text.startswith("{")
    twice = '{"power": "kli", ' + text[1:]
    with pytest.raises(RuleError, match=r"fed.orders: the key 'power' appears twice in one object .*no orders were "
                                        r"imported"):
        read_all(c, [("fed.orders", twice)], ring)
