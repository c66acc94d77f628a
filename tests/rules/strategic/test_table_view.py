"""The table's view of the Movement Phase's report and log (V13.03, V13.29): no line may name a
fleet made only of secret units, nor a secret unit; the GM's view (the unfiltered lines) keeps them."""
from __future__ import annotations

from hexmap import Label
from rules.model import load_campaign
from rules.strategic import build_graph
from rules.model.visibility import GM, TABLE
from rules.strategic.control import ControlStatus, SectorStatus
from rules.strategic.state import StrategicState
from rules.strategic.table_view import (fleet_secret, line_secret, orders_seen_by, secret_names, table_lines,
                                        table_state)
from rules.strategic.turn import end_movement
from tests.conftest import DEFAULT
from tests.rules.strategic.builder import campaign, fleet, unit


def _lines(c) -> list[str]:
    report = end_movement(c, build_graph(c))
    assert report.campaign is not None, report.questions
    return report.events + report.quiet


def test_a_fleet_is_secret_only_when_every_unit_is():
    c = campaign(fleets=[fleet("cloaked", "klingon", "0303", units=[unit("c1", is_cloaked=True),
                                                                      unit("c2", is_cloaked=True)]),
                         fleet("mixed", "klingon", "0304", units=[unit("m1"), unit("m2", is_cloaked=True)]),
                         fleet("plain", "fed", "0305")])
    f = {x.id: x for x in c.fleets}
    assert fleet_secret(f["cloaked"]) == "V13.29"
    assert fleet_secret(f["mixed"]) == "" and fleet_secret(f["plain"]) == ""
    names = secret_names(c)
    assert names["cloaked"] == "V13.29" and "mixed" not in names and "plain" not in names
    assert names["M2"] == "V13.29" and "M1" not in names


def test_moves_of_a_cloaked_fleet_are_kept_from_the_table_v13_29():
    c = campaign(fleets=[fleet("shade", "klingon", "0303", ("0304",),
                               units=[unit("s1", is_cloaked=True), unit("s2", is_cloaked=True)]),
                         fleet("blue", "fed", "0306", ("0305",))])
    lines = _lines(c)
    assert any(x.endswith("shade moves to 0304") for x in lines)  # the GM's view has it
    table = table_lines(c, lines)
    assert not any("shade" in x for x in table) and any("blue moves to 0305" in x for x in table)
    assert line_secret(c, next(x for x in lines if "shade" in x)) == "V13.29"


def test_a_visible_fleet_stopped_by_a_cloaked_one_does_not_name_it():
    """Opposite directions on one lane stop both fleets: the visible fleet's line says whom it
    met, so it names the cloaked fleet and is kept from the table too."""
    c = campaign(fleets=[fleet("shade", "klingon", "0304", ("0303",),
                               units=[unit("s1", is_cloaked=True)]),
                         fleet("blue", "fed", "0303", ("0304",))])
    lines = _lines(c)
    met = [x for x in lines if "met shade" in x]
    assert met, lines
    assert table_lines(c, lines) == [x for x in lines if "shade" not in x]
    assert all(line_secret(c, x) for x in met)


def test_cancelled_orders_naming_a_cloaked_unit_of_a_mixed_fleet():
    c = campaign(fleets=[fleet("mixed", "fed", "0303", ("0304",),
                               units=[unit("m1"), unit("cl", is_cloaked=True, native_sublight=True)])])
    lines = _lines(c)
    cancelled = [x for x in lines if "orders cancelled" in x]
    assert cancelled and "CL is sub-light" in cancelled[0]
    assert table_lines(c, lines) == [x for x in lines if x not in cancelled]


def test_incidental_units_are_kept_from_the_table_v13_03():
    c = load_campaign(DEFAULT)
    assert line_secret(c, "Tau Ceti IV Ground Base Alpha is here") == "V13.03"
    assert line_secret(c, "Battle Station Tau moves") == ""
    assert line_secret(c, "Shadow Squadron (cloaked) moves to 0509") == "V13.29"
    assert line_secret(c, "RIS Talons moves") == ""  # a different name: whole names only


def test_a_fleets_plotted_orders_are_seen_by_the_gm_and_its_own_team_never_by_the_table():
    """Seed 004's Turn Orders Phase: each player records its own orders. The table (the shared
    screen before anyone took it) saw every fleet's (issue 22)."""
    c = load_campaign(DEFAULT)
    teams = {f.id: c.team_of_power(f.power) for f in c.fleets}
    with_team = [f for f in c.fleets if f.orders and teams[f.id] is not None]
    assert {teams[f.id].id for f in with_team} == {"alliance", "coalition"}  # type: ignore[union-attr]
    for f in with_team:
        own = teams[f.id].id  # type: ignore[union-attr]
        other = next(t.id for t in c.teams if t.id != own)
        assert orders_seen_by(c, f, GM) and orders_seen_by(c, f, own)
        assert not orders_seen_by(c, f, TABLE) and not orders_seen_by(c, f, other)


def test_a_fleet_of_incidental_and_cloaked_units_names_both_rules():
    """A fleet whose every unit is secret, some incidental (V13.03), some cloaked (V13.29): the
    table may know nothing of it, for both rules, named once each in order."""
    c = campaign(fleets=[fleet("raid", "klingon", "0303", units=[unit("i1", is_incidental=True),
                                                                   unit("c1", is_cloaked=True),
                                                                   unit("c2", is_cloaked=True)])])
    assert fleet_secret(c.fleets[0]) == "V13.03 / V13.29"
    assert line_secret(c, "raid moves to 0304") == "V13.03 / V13.29"


def test_a_line_naming_a_longer_secret_name_gets_its_rule_not_the_shorter_ones():
    """An incidental unit "TAL" (V13.03) and a cloaked fleet "TAL Wing" (V13.29): the line names
    the fleet, so its rule is the fleet's; the unit alone is still found by its own name."""
    c = campaign(fleets=[fleet("base", "klingon", "0303", units=[unit("b1"), unit("tal", is_incidental=True)]),
                         fleet("wing", "klingon", "0304", name="TAL Wing", units=[unit("w1", is_cloaked=True)])])
    assert line_secret(c, "TAL Wing moves to 0305") == "V13.29"
    assert line_secret(c, "orders cancelled: TAL is sub-light") == "V13.03"
    assert line_secret(c, "TALON moves") == ""  # whole names only


def test_with_nothing_secret_every_line_is_the_tables():
    c = campaign(fleets=[fleet("blue", "fed", "0306", ("0305",))])
    assert secret_names(c) == {}
    assert line_secret(c, "blue moves to 0305") == ""
    assert table_lines(c, ["blue moves to 0305", "x"]) == ["blue moves to 0305", "x"]


def test_the_tables_state_knows_no_control_from_a_cloaked_fleet():
    """The shipped default: the cloaked Shadow Squadron (V13.29) alone makes 0608 Romulan-controlled;
    the table's state computes it without the squadron, so 0608 is the Federation's by range."""
    c = load_campaign(DEFAULT)
    state = StrategicState.compute(c)
    seen = table_state(state)
    assert state.status(Label.parse("0608")).powers == frozenset({"romulan"})
    assert seen.status(Label.parse("0608")) == SectorStatus(ControlStatus.CONTROLLED, frozenset({"fed"}), by_range=True)
    assert all(f.name != "Shadow Squadron (cloaked)" for f in seen.campaign.fleets)
    assert state.campaign.fleets == c.fleets  # the GM's state is not touched


def test_the_tables_state_is_the_state_itself_when_nothing_is_hidden():
    c = campaign(fleets=[fleet("blue", "fed", "0306")])
    state = StrategicState.compute(c)
    assert table_state(state) is state


def test_the_tables_state_knows_no_control_from_an_incidental_garrison():
    """Only a garrison unit is hidden (no fleet): an incidental Lyran battle station (V13.03) is all
    that contests 0303 with the Federation fleet there, so the table sees 0303 the Federation's."""
    c = campaign(sectors={"0303": {"owner": "lyran", "garrison": [unit("bats", kind="battle_station",
                                                                        is_incidental=True)]}},
                 fleets=[fleet("f", "fed", "0303")])
    state = StrategicState.compute(c)
    at = Label.parse("0303")
    assert state.status(at) == SectorStatus(ControlStatus.CONTESTED, frozenset({"lyran", "fed"}))
    assert table_state(state).status(at) == SectorStatus(ControlStatus.CONTROLLED, frozenset({"fed"}))
