"""A break or declaration in a sealed orders file (issue 23): the export checks the orders on the
player's copy, and it rolled the attempt's d100 there, on a log of another length than the GM's
campaign will have when the turn runs, which rolls it again: the player could read a roll (a
success, or the treaty gone from its next dialog) that is not the one that counts. The export now
shows the odds with every Exhibit B part and rolls nothing; the GM's import rolls the d100 once, on
the campaign's dice, at the same odds."""
from __future__ import annotations

import pytest

from rules.errors import RuleError
from rules.model.seals import Keyring, unlock
from rules.model.types import DiplomaticState as D
from rules.strategic.diplomacy import Diplomacy
from rules.turn import orders
from rules.turn.diplomacy_phase import pair_record
from rules.turn.sealed_orders import check, export, read_all, run_imported
from tests.app.shell.test_sealed_orders_gui import PASSES, keyed

BREAK = {"break": {"with": "romulan", "treaty": "mutual_defense", "intel": 0}}
ODDS = ("Lyran Star Empire against Romulan Star Empire: Break the Mutual Defense Treaty: base 40 - Power has a Peace "
        "Treaty with you 20 = 20%")


@pytest.fixture(scope="module")
def keyed_campaign():
    return keyed()


def test_the_export_shows_the_odds_and_rolls_nothing(keyed_campaign):
    c = keyed_campaign
    after = check(c, "lyran", [BREAK], preview=True)
    line = after.log[-1]
    assert line.text == f"{ODDS}; no roll now: the GM rolls the d100 when the turn runs"
    assert line.secret_of == ["coalition"]
    assert Diplomacy(after).state("lyran", "romulan") is D.MUTUAL_DEFENSE  # nothing decided on the copy
    assert pair_record(after, "lyran", "romulan").facts == pair_record(c, "lyran", "romulan").facts


def test_a_second_attempt_against_the_same_power_is_refused_at_export(keyed_campaign):
    declare = {"declare": {"against": "romulan", "declaration": "hostilities", "intel": 0}}
    with pytest.raises(RuleError, match="one break or declaration against Romulan Star Empire in a sealed orders "
                                        "file: the GM rolls its d100 when the turn runs"):
        check(keyed_campaign, "lyran", [BREAK, declare], preview=True)


def test_the_gms_import_rolls_once_at_the_odds_the_player_saw(keyed_campaign):
    c = keyed_campaign
    key = unlock(c.keys["coalition"], PASSES["coalition"], "Coalition", c.keys)
    text = export(c, "lyran", [BREAK], key)
    ring = Keyring()
    ring.add("gm", unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys))
    while orders.pending(c).data.get("power") != "lyran":  # the powers asked before it close theirs
        c = orders.answer(c, "done")
    after = run_imported(c, read_all(c, [("lyran.orders", text)], ring))
    rolled = [e.text for e in after.log[len(c.log):] if e.text.startswith("Lyran Star Empire against")]
    assert len(rolled) == 1 and rolled[0].startswith(f"{ODDS}; d100 ")
    ok = rolled[0].endswith("succeeds")
    assert (Diplomacy(after).state("lyran", "romulan") is D.MUTUAL_DEFENSE) is not ok
