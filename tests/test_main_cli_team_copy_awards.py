"""V13.28's Economic Points in the GM's file and in Team copies (issue 23, docs/SECRETS.md).

Blue's battle station and DEFSATs stay behind at 0304 (Economic BPV 3935) and Blue withdraws
their personnel: Red gains floor(3935 / 4) = 983 Economic Points. V13.28 puts the figure to
Blue (the defender) in its question, so the two sides of the battle know it; the Orions, not
a side, learn nothing of Red's economy, and the Team's total (``economic_points``) is Red's own,
as a power's Point Pool is. Before the fix the line "Red gains 983 Economic Points (V13.28)" was
plain in the GM's file and in the Orions' copy, and every copy held Red's total."""
from __future__ import annotations

import pytest

from main import main
from rules.model import save_campaign
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.opening import open_campaign_file
from tests.rules.systems.v13.helpers import battle, duel, unit

PASSES = {"gm": "game master pass", "blue": "blue team pass", "red": "red team pass", "orions": "orion team pass"}
LEFT = [unit("bats", kind="battle_station", economic_bpv=3917), unit("ds1", kind="defsat", economic_bpv=9),
        unit("ds2", kind="defsat", economic_bpv=9), unit("ff", economic_bpv=70)]
LINE = "Red gains 983 Economic Points (V13.28)"


@pytest.fixture
def folder(tmp_path):
    """The GM's file after the battle at 0304, keyed for the GM and the three Teams."""
    b = battle(duel(LEFT), answers=(True, False, ["ff"]))
    b.answer("unmanned")
    c, ring = b.saved(), Keyring()
    assert next(t for t in c.teams if t.id == "red").economic_points == 983
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    for team in ("blue", "red", "orions"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    save_campaign(c, tmp_path / "K.json")
    (tmp_path / "gm.txt").write_text(PASSES["gm"] + "\n")
    return tmp_path


def _copy(folder, team):
    out = folder / f"{team}.json"
    assert main(["team-copy", str(folder / "K.json"), "--team", team, "--passphrase", f"gm={folder / 'gm.txt'}",
                 "--out", str(out)]) == 0
    return out.read_text(encoding="utf-8"), open_campaign_file(out, passphrases={team: PASSES[team]})


def _points(c):
    return {t.id: t.economic_points for t in c.teams if t.economic_points}


def test_the_award_line_is_sealed_for_the_two_sides_in_the_gm_s_file(folder):
    raw = (folder / "K.json").read_text(encoding="utf-8")
    assert LINE not in raw and '"economic_points"' not in raw  # the Team's total is sealed too
    full = open_campaign_file(folder / "K.json", passphrases={"gm": PASSES["gm"]})
    assert [e.secret_of for e in full.log if e.text == LINE] == [["red", "blue"]]
    assert next(t for t in full.teams if t.id == "red").economic_points == 983


def test_a_third_team_s_copy_holds_neither_the_award_nor_the_total(folder):
    raw, c = _copy(folder, "orions")
    assert "983" not in "".join(e.text for e in c.log) and LINE not in raw and _points(c) == {}
    assert '"economic_points"' not in raw


def test_the_sides_copies_tell_the_award_and_the_winner_keeps_its_total(folder):
    raw, blue = _copy(folder, "blue")
    assert [e.text for e in blue.log if e.text == LINE] == [LINE] and LINE not in raw
    assert _points(blue) == {} and '"economic_points"' not in raw  # Red's total is Red's own
    _, red = _copy(folder, "red")
    assert [e.text for e in red.log if e.text == LINE] == [LINE] and _points(red) == {"red": 983}
