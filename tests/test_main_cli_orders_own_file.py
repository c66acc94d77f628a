"""``main.py orders COPY --out COPY`` (issue 22): the player's sealed orders written over their
own Team copy (or the GM's campaign file) lost it for good; refused as ``main.py team-copy``
refuses, the file kept and nothing written."""
from __future__ import annotations

import pytest

from main import main
from tests.test_main_cli_sealed_orders import FED, PASSES, folder  # noqa: F401
from tests.test_main_cli_team_copy import _copy, _orders


@pytest.mark.parametrize("spelling", ["a.json", "./a.json"])
def test_orders_over_the_players_own_copy_are_refused_and_the_copy_kept(folder, capsys, spelling):  # noqa: F811
    assert _copy(folder, "alliance", "a.json") == 0
    before = (folder / "a.json").read_bytes()
    capsys.readouterr()
    assert _orders(folder, "a.json", "fed", "alliance", FED, spelling) == 1
    err = capsys.readouterr().err
    assert (folder / "a.json").read_bytes() == before
    assert "a.json is the campaign's own file" in err and "the sealed orders would replace it and the campaign in it" in err, err
    assert err.count("Secrets (Team copy)") == 1, err
    assert _orders(folder, "a.json", "fed", "alliance", FED, "fed.orders") == 0  # still opens, orders still go


def test_orders_over_the_gms_campaign_file_are_refused(folder, capsys):  # noqa: F811
    before = (folder / "K.json").read_bytes()
    (folder / "fed.in.json").write_text('[{"intel": {"points": 2}}]')
    assert main(["orders", str(folder / "K.json"), "--power", "fed", "--answers", str(folder / "fed.in.json"),
                 "--passphrase", f"alliance={folder / 'alliance.txt'}", "--passphrase", f"gm={folder / 'gm.txt'}",
                 "--out", str(folder / "K.json")]) == 1
    assert (folder / "K.json").read_bytes() == before
    assert "K.json is the campaign's own file" in capsys.readouterr().err
    assert PASSES
