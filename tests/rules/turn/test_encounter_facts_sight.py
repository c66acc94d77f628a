"""Seed 004 Exhibit B's "generated an encounter scenario against your ships" names a power only to
whom may know it is there (rules/turn/encounter_facts.py; docs/SECRETS.md).

At 0509 of the default campaign the Coalition's ships are the Klingons' (seen) and the Romulans'
cloaked Shadow Squadron (V13.29: its presence is the Coalition's secret). A scenario the Alliance
(the Federation's fleet) generates there is against both: the Klingons' grievance is everyone's
to read, the Romulans' is the Coalition's alone (and the GM's), in the log, in the saved file and
in the Team copies; the Romulans' chances count it all the same."""
from __future__ import annotations

import json

import pytest

from rules.economy.diplomacy import Treaty
from rules.model import load_campaign, save_campaign, visibility
from rules.model.seals import Keyring, new_key, pin_of, unlock
from rules.model.secrets import with_key
from rules.model.team_copy import make_copy
from rules.opening import open_campaign_file
from rules.systems import choose_for_campaign
from rules.turn.diplomacy_phase import chance
from tests.conftest import ROOT
from tests.play.turn_player import TurnPlayer
from tests.rules.turn.test_encounter_facts import _encounters

PURSUIT_0509 = {"encounter/0509/demand/alliance": "deep_space", "encounter/0509/agree/coalition": False,
                "encounter/0509/pursuit/alliance": True}
"""The Alliance demands a Deep Space encounter at 0509, the Coalition refuses, the Alliance
demands a Pursuit: a scenario the Federation generated against the Klingons' and the Romulans'
ships."""
KLINGON = "United Federation of Planets against Klingon Empire"
ROMULAN = "United Federation of Planets against Romulan Star Empire"
PASSES = {"gm": "game master pass", "alliance": "alliance pass", "coalition": "coalition pass"}


@pytest.fixture(scope="module")
def pursued():
    return _encounters(PURSUIT_0509).campaign


def _lines(c, viewer):
    return [e.text for e in visibility.readable_log(c, viewer) if "Exhibit B" in e.rule and e.text.startswith("0509")]


def _facts(c):
    return {(tp.powers, f.by) for tp in c.treaties for f in tp.facts if f.fact == "encounter"}


def test_the_table_of_seed_4_s_first_turn_reads_no_romulans_at_0509():
    """The repro seen on the real screen (SIDCORS, dice seed 4, turn 1 played by the seed's random
    answers): the table and the Orions read the Romulans named at 0509."""
    c = load_campaign(ROOT / "scenarios" / "default_campaign.json")
    p = TurnPlayer(choose_for_campaign(c.model_copy(update={"dice_seed": 4}), "sidcors"), 4, ruling=0.0,
                   check_saves=False)
    p.play_turns(1)
    out = p.run.campaign
    assert (("fed", "romulan"), "fed") in _facts(out)  # the fact is kept (the GM's file)
    for viewer in (visibility.TABLE, "orions", "alliance"):
        read = [e.text for e in visibility.readable_log(out, viewer)]
        assert not [t for t in read if "Romulan Star Empire" in t and "0509" in t], viewer
    assert any(ROMULAN in e.text for e in visibility.readable_log(out, "coalition"))


def test_the_gm_reads_both_grievances(pursued):
    lines = _lines(pursued, visibility.GM)
    assert len(lines) == 2 and KLINGON in lines[0] and ROMULAN in lines[1]


def test_the_romulans_read_their_own_grievance(pursued):
    lines = _lines(pursued, "coalition")
    assert len(lines) == 2 and ROMULAN in lines[1]
    # and their chances count it: War on the Federation, base -20 + the encounter 40 (+ Hostilities)
    assert "encounter scenario against your ships 40" in chance(pursued, "romulan", "fed", Treaty.WAR).words()


@pytest.mark.parametrize("viewer", ["alliance", visibility.TABLE, "orions"])
def test_who_does_not_see_the_shadow_squadron_reads_the_klingons_alone(pursued, viewer):
    """The Federation generated it but sees no Romulan ship there (the squadron is cloaked); the
    table and the Orions were not there."""
    lines = _lines(pursued, viewer)
    assert len(lines) == 1 and KLINGON in lines[0] and "Romulan" not in lines[0]


def test_the_fact_is_marked_for_the_coalition_alone(pursued):
    marks = {tp.powers: f.secret_of for tp in pursued.treaties for f in tp.facts if f.fact == "encounter"}
    assert marks == {("fed", "klingon"): [], ("fed", "romulan"): ["coalition"]}


@pytest.fixture(scope="module")
def keyed(pursued):
    ring = Keyring()
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(pursued, "gm", gm, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    return c, unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)


def test_the_saved_file_seals_the_romulans_grievance_for_the_coalition(keyed, tmp_path):
    c, _gm = keyed
    path = tmp_path / "camp.json"
    save_campaign(c, path)
    plain = json.loads(path.read_text(encoding="utf-8"))
    facts = {tuple(tp["powers"]): tp.get("facts", []) for tp in plain.get("treaties", [])}
    assert facts[("fed", "klingon")] and facts[("fed", "romulan")] == []  # sealed, not readable
    sealed_for = {tuple(b["to"]) for b in plain["sealed"]["blobs"]}
    assert ("coalition", "gm") in sealed_for
    opened = open_campaign_file(path, passphrases={"gm": PASSES["gm"]})  # its place checked: the Coalition's part
    assert _facts(opened) == _facts(c)
    assert chance(opened, "romulan", "fed", Treaty.WAR).percent == chance(c, "romulan", "fed", Treaty.WAR).percent


def test_a_team_copy_holds_the_grievance_for_the_coalition_alone(keyed, tmp_path):
    c, gm = keyed
    for team, has in (("alliance", False), ("coalition", True)):
        path = tmp_path / f"{team}.json"
        path.write_text(make_copy(c, team, gm), encoding="utf-8")
        copy = open_campaign_file(path, passphrases={team: PASSES[team]})
        assert ((("fed", "romulan"), "fed") in _facts(copy)) is has, team
        assert (("fed", "klingon"), "fed") in _facts(copy)
        assert any(ROMULAN in e.text for e in copy.log) is has, team


def _cloaked(c, fleet_id, keep_seen=0):
    """``c`` with the fleet ``fleet_id``'s units cloaked (V13.29), but its first ``keep_seen``."""
    fleets = [f if f.id != fleet_id else f.model_copy(update={"units": [
        u.model_copy(update={"is_cloaked": i >= keep_seen}) for i, u in enumerate(f.units)]})
        for f in c.fleets]
    return c.model_copy(update={"fleets": fleets})


def test_who_reads_a_grievance_is_who_sees_both_powers_there(pursued):
    """readers(): everyone when both powers are seen; else the Team wronged, and the Team that
    generated it when it sees the power it generated it against; a power there only by owning
    the sector or a planet is seen (the map shows it)."""
    from hexmap import Label
    from rules.turn.encounter_facts import readers
    from rules.turn.encounters import Meeting

    m = Meeting(Label.parse("0509"), None, "coalition", "alliance", ("kli-deep-strike", "rom-shadow"), ("fed-third",))
    assert readers(pursued, m, "fed", "alliance", "klingon", "coalition") == ()
    assert readers(pursued, m, "fed", "alliance", "romulan", "coalition") == ("coalition",)
    hidden_fed = _cloaked(pursued, "fed-third")  # the Federation's own fleet cloaked: the table does not see it
    assert readers(hidden_fed, m, "fed", "alliance", "klingon", "coalition") == ("alliance", "coalition")
    assert readers(hidden_fed, m, "klingon", "coalition", "fed", "alliance") == ("alliance",)
    assert readers(hidden_fed, m, "fed", "alliance", "romulan", "coalition") == ("coalition",)
    one_seen = _cloaked(pursued, "rom-shadow", keep_seen=1)  # one Romulan ship not cloaked: the Romulans are seen
    assert readers(one_seen, m, "fed", "alliance", "romulan", "coalition") == ()
    # no Alliance fleet in the meeting: the Federation is there by owning 0509, which the map shows;
    # the cloaked Romulans' own grievance against it is theirs and the Alliance's, not the table's
    owner = Meeting(Label.parse("0509"), None, "coalition", "alliance", ("rom-shadow",), ())
    assert readers(pursued, owner, "romulan", "coalition", "fed", "alliance") == ("alliance", "coalition")
