"""The result lines a battle writes to the campaign log, as each viewer reads them (issue 22, seen
on the real screen by H7): the default campaign's AF/EF battle at 0509, where the Coalition
damaged the Alliance's incidental Tau Ceti IV Ground Base Alpha and destroyed the incidental Tau
Defense Satellite (V13.03). The result line named them, so it was sealed for the Alliance alone:
the Coalition, which fought them and sees them in its own replay, could not read its own battle's
result, nor could the table. Now the two sides read it whole; the table and a Team not in the
battle read it with those units taken out, and a copy made for such a Team names neither."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.battlehex.headless_systems import with_system
from rules.model import load_campaign
from rules.model.campaign import Campaign, Phase
from rules.model.seals import Keyring, new_key, pin_of, unlock
from rules.model.secrets import with_key
from rules.model.team_copy import make_copy
from rules.model.visibility import GM, TABLE, mark, readable_log, taken_out
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import begin, system_for
from tests.conftest import DEFAULT

AT = Label.parse("0509")
FOUGHT = [{}, [], {"attacks": {"kli-d7-kumara": {"fed-gb-tau1": 5}, "kli-d6-vorn": {"fed-defsat-tau": 4}}, "hold": []},
          {"attacks": {"fed-gb-tau1": {"kli-d7-kumara": 1}, "fed-defsat-tau": {"kli-d6-vorn": 1},
                       "fed-bats-tau": {"kli-f5-ghos": 5}}},
          {"break_off": "attacker", "reason": "the Coalition leaves"}]
"""One AF/EF round at 0509 on the Alliance's incidental units, then the Coalition breaks off."""
HIDDEN = ("Tau Ceti IV Ground Base Alpha", "Tau Defense Satellite", "fed-gb-tau1", "fed-defsat-tau")
PASSES = {GM: "the gm passphrase", "alliance": "alliance pass", "coalition": "coalition pass", "orions": "orions pass"}


def formed() -> Campaign:
    """The default campaign with its movement executed (as ``main.py battle`` does), 0509 fought by AF/EF."""
    c = load_campaign(DEFAULT).model_copy(update={"phase": Phase.ORDERS})
    report = end_movement(c, build_graph(c))
    if report.campaign is None:
        report = end_movement(c, build_graph(c), {(q.at, q.team, q.other): False for q in report.questions})
    assert report.campaign is not None
    return with_system(report.campaign, AT, "afef", None)


@pytest.fixture(scope="module")
def fought() -> tuple[Campaign, Campaign]:
    """The campaign before the battle and after it (its results written back and marked, as the
    app's session and ``main.py turn`` store them)."""
    before = formed()
    run = begin(system_for(before, AT), before, AT, build_graph(before))
    for a in FOUGHT:
        run.answer(a)
    assert run.state.resolved
    return before, mark(before, run.saved())


def resolved(c: Campaign, viewer: str) -> list[str]:
    return [e.text for e in readable_log(c, viewer) if e.text.startswith(f"Battle Hex {AT} resolved")]


def test_the_battle_damaged_and_destroyed_the_incidental_units(fought):
    _before, after = fought
    line = resolved(after, GM)[-1]
    assert "destroyed: Tau Defense Satellite" in line and "damaged: Tau Ceti IV Ground Base Alpha" in line, line


@pytest.mark.parametrize("side", ["alliance", "coalition"])
def test_both_sides_read_their_battle_s_result_whole(fought, side):
    lines = resolved(fought[1], side)
    assert any("destroyed: Tau Defense Satellite; damaged: Tau Ceti IV Ground Base Alpha" in t for t in lines), lines


def test_the_whole_line_is_sealed_for_the_two_sides_and_the_lines_on_the_units_too(fought):
    before, after = fought
    added = [(e.secret_of, e.text) for e in after.log[len(before.log):]]
    assert [who for who, t in added if "Tau Defense Satellite" in t] == [["alliance", "coalition"]] * 2, added
    assert added[0] == ([], f"Battle Hex {AT} resolved: AF/EF, 1 round: Coalition broke off; destroyed: none; "
                            "damaged: none")


@pytest.mark.parametrize("viewer", [TABLE, "orions"])
def test_the_table_and_a_team_not_in_the_battle_read_it_without_the_hidden_units(fought, viewer):
    lines = resolved(fought[1], viewer)
    assert lines == [f"Battle Hex {AT} resolved: AF/EF, 1 round: Coalition broke off; destroyed: none; damaged: none"]
    texts = " ".join(e.text for e in readable_log(fought[1], viewer))
    assert not [h for h in HIDDEN if h in texts]


def keyed(c: Campaign) -> tuple[Campaign, object]:
    """``c`` with a passphrase for the GM and each Team (:data:`PASSES`), and the GM's key unlocked."""
    ring = Keyring()
    gm, private = new_key(PASSES[GM], 10, holder=GM)
    ring.add(GM, private)
    c = with_key(c, GM, gm, ring)
    for team in ("alliance", "coalition", "orions"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    return c, unlock(c.keys[GM], PASSES[GM], "the GM", c.keys)


def test_a_team_copy_for_a_team_not_in_the_battle_names_no_hidden_unit_of_it(fought):
    c, key = keyed(fought[1])
    orions = make_copy(c, "orions", key)
    assert f"Battle Hex {AT} resolved: AF/EF, 1 round" in orions  # the result line is there, in plain words
    assert not [h for h in HIDDEN if h in orions]
    coalition = make_copy(c, "coalition", key)
    assert "Tau Ceti IV Ground Base Alpha" not in coalition  # sealed for the Coalition (and the GM), not plain


def test_taken_out_leaves_a_list_s_other_names_and_says_none_of_an_empty_one():
    assert taken_out("destroyed: A, B and C; damaged: D", ["B", "D"]) == "destroyed: A and C; damaged: none"
    assert taken_out("lost: A and B", ["A"]) == "lost: B"
    assert taken_out("holds 0509 with A", ["A"]) == "holds 0509 with none"
    assert taken_out("destroyed: AB, A", ["A"]) == "destroyed: AB"
