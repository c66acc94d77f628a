"""What a Team copy and a Team's headless view tell of another Team's diplomacy and orders
(issue 23, docs/SECRETS.md), headless through ``main.py turn --viewer`` and ``main.py team-copy``.

On turn 1 of the economy scenario the Klingons (the Coalition) buy 7 Intel Points in their own
Turn Orders and spend them on a Declaration of War on the Orion Pirates (the Orions' Team):
base -20 + Hostilities 25 + 7 Intel Points 35 = 40%, d100 61: it fails. The seed records a
diplomatic action in the power's Turn Orders ("Diplomatic actions are recorded in the Intel
Missions area"), so the attempt, its Intel Points and its odds are the Klingons' Team's; the
target learns nothing of a failed one (no Exhibit B modifier of its own counts it). Before the
fix the Exhibit B line, the GM's answer and the pair's "last attempt failed" were in every copy
and every Team's view. Which powers have closed their Turn Orders (``turn_asked``) is each
power's own too."""
from __future__ import annotations

import json

import pytest

from main import main
from rules.model import save_campaign
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.opening import open_campaign_file
from rules.turn.run import play
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS

PASSES = {"gm": "game master pass", "alliance": "alliance pass", "coalition": "coalition pass",
          "orions": "orion pirates pass"}
ORDERS = ["done", "done", {"intel": {"points": 7}}, "done", "done", "done", "done"]
"""The Turn Orders of fed, kzinti, the Klingons (7 Intel Points, then done), lyran, romulan, orion."""
DECLARE = {"declare": {"power": "klingon", "against": "orion", "declaration": "war", "intel": 7}}
TOLD = ("7 Intel Points", "d100 61", "Declaration of War", "last_attempt_failed", '"intel": 7')
"""What the attempt tells (its Intel Points, roll, kind, the failure kept for the next attempt)."""


def _keyed(c, folder, name):
    ring = Keyring()
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("alliance", "coalition", "orions"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    save_campaign(c, folder / name)


@pytest.fixture
def folder(tmp_path):
    """The GM's file at the movement question of turn 1, every power's Turn Orders closed."""
    _keyed(play(by_powers(), TO_ORDERS + ORDERS).campaign, tmp_path, "K.json")
    for name, text in PASSES.items():
        (tmp_path / f"{name}.txt").write_text(text + "\n")
    (tmp_path / "gm.json").write_text(json.dumps([DECLARE]))
    return tmp_path


def _turn(folder, capsys, viewer):
    code = main(["turn", str(folder / "K.json"), "--passphrase", f"gm={folder / 'gm.txt'}", "--answers",
                 str(folder / "gm.json"), "--viewer", viewer, "--out", str(folder / "after.json")])
    out = capsys.readouterr().out
    assert code == 0, out
    return out


def _copy(folder, team):
    assert main(["team-copy", str(folder / "after.json"), "--team", team, "--passphrase", f"gm={folder / 'gm.txt'}",
                 "--out", str(folder / f"{team}.copy.json")]) == 0
    return (folder / f"{team}.copy.json").read_text(encoding="utf-8")


def test_a_declaration_s_intel_points_and_odds_stay_with_the_declaring_team(folder, capsys):
    gm = _turn(folder, capsys, "gm")
    assert [t for t in TOLD[:3] if t not in gm] == []  # the GM sees it all
    assert "7 Intel Points" in _turn(folder, capsys, "coalition")
    for viewer in ("alliance", "orions"):
        out = _turn(folder, capsys, viewer)
        assert [t for t in TOLD if t in out] == [], viewer
    for team in ("alliance", "orions"):
        raw = _copy(folder, team)
        assert [t for t in TOLD if t in raw] == [], team


def test_the_declaring_team_s_copy_keeps_the_failure_for_its_next_attempt(folder, capsys):
    """The Klingons' next Declaration of War counts "last attempt failed -25%": their copy keeps it."""
    _turn(folder, capsys, "gm")
    _copy(folder, "coalition")
    c = open_campaign_file(folder / "coalition.copy.json", passphrases={"coalition": PASSES["coalition"]})
    assert [(tp.powers, [(f.fact, f.by) for f in tp.facts]) for tp in c.treaties] == [
        (("klingon", "orion"), [("last_attempt_failed", "klingon")])]
    texts = [e.text for e in c.log]
    assert any("7 Intel Points 35 = 40%; d100 61: fails" in t for t in texts)


def test_a_copy_does_not_say_which_other_powers_closed_their_orders(folder):
    """Each power closes its own Turn Orders behind its hand-over: the Alliance's copy keeps its own
    powers' closed orders (its export refuses a power already closed), no other power's."""
    raw = main(["team-copy", str(folder / "K.json"), "--team", "alliance", "--passphrase", f"gm={folder / 'gm.txt'}",
                "--out", str(folder / "a.json")])
    assert raw == 0
    c = open_campaign_file(folder / "a.json", passphrases={"alliance": PASSES["alliance"]})
    closed = sorted(k for k in c.turn_asked if k.startswith("orders/"))
    assert closed == ["orders/fed", "orders/kzinti"]
    text = (folder / "a.json").read_text(encoding="utf-8")
    assert [p for p in ("klingon", "lyran", "romulan", "orion") if f"orders/{p}" in text] == []
    assert [p for p in ("klingon", "lyran", "romulan") if f"tech/invest/{p}" in text] == []


def test_a_copy_holds_no_other_team_s_movement_orders(folder):
    """Movement orders are Turn Orders too ("Movement orders for ships ... are also recorded by
    players"): the screen draws only the seated Team's; the Orions' copy (shown whole) held the
    Klingon, Lyran, Kzinti and Federation fleets' plotted orders before the fix."""
    full = open_campaign_file(folder / "K.json", passphrases={"gm": PASSES["gm"]})
    plotted = {f.id: f.power for f in full.fleets if f.orders}
    assert {"fed", "kzinti", "klingon", "lyran"} <= set(plotted.values())
    assert main(["team-copy", str(folder / "K.json"), "--team", "alliance", "--passphrase", f"gm={folder / 'gm.txt'}",
                 "--out", str(folder / "a.json")]) == 0
    c = open_campaign_file(folder / "a.json", passphrases={"alliance": PASSES["alliance"]})
    kept = {f.id: [str(x) for x in f.orders] for f in c.fleets if f.orders}
    assert kept == {f.id: [str(x) for x in f.orders] for f in full.fleets if f.orders and f.power in ("fed", "kzinti")}
    assert kept
