"""A Team's own copy of the campaign for play by e-mail, headless (issue 23): the GM's
``main.py team-copy`` writes it; the player opens it with its Team's passphrase alone and exports
its orders (``main.py orders COPY``); the GM's ``main.py turn --orders`` runs the turn with them.
A copy holds no other Team's secret, even sealed; one edited, or of another campaign, is refused
naming the file."""
from __future__ import annotations

import json

import pytest

from main import main
from rules.model import save_campaign
from rules.model.seals import Keyring, new_key, pin_of
from rules.model.secrets import with_key
from rules.model.visibility import hidden_names
from rules.opening import open_campaign_file
from rules.turn.run import play
from tests.rules.turn.test_orders import by_powers
from tests.rules.turn.test_purchases import TO_ORDERS
from tests.test_main_cli_sealed_orders import FED, KLINGON, OTHERS, PASSES, _turn, folder  # noqa: F401


def _copy(folder, team, out, campaign="K.json"):
    return main(["team-copy", str(folder / campaign), "--team", team, "--passphrase", f"gm={folder / 'gm.txt'}",
                 "--out", str(folder / out)])


def _orders(folder, copy, power, team, given, out):
    """The player's export: the copy and its Team's passphrase, nothing of the GM's."""
    (folder / f"{out}.in.json").write_text(json.dumps(given))
    return main(["orders", str(folder / copy), "--power", power, "--answers", str(folder / f"{out}.in.json"),
                 "--passphrase", f"{team}={folder / f'{team}.txt'}", "--out", str(folder / out)])


def test_the_gm_copies_each_team_opens_its_own_and_the_turn_runs_with_their_orders(folder, capsys):
    assert _copy(folder, "alliance", "alliance-copy.json") == 0
    assert _copy(folder, "coalition", "coalition-copy.json") == 0
    assert "alliance-copy.json: Alliance's copy" in capsys.readouterr().out
    c = open_campaign_file(folder / "alliance-copy.json", passphrases={"alliance": PASSES["alliance"]})
    assert c.team_copy is not None and (c.team_copy.team, c.team_copy.turn) == ("alliance", 1)
    assert sorted(c.keys) == ["alliance", "gm"]
    with pytest.raises(Exception, match="holds no seal key in this file"):  # the Coalition's passphrase is no use
        open_campaign_file(folder / "alliance-copy.json", passphrases={"coalition": PASSES["coalition"]})
    assert _orders(folder, "alliance-copy.json", "fed", "alliance", FED, "fed.orders") == 0
    assert _orders(folder, "coalition-copy.json", "klingon", "coalition", KLINGON, "klingon.orders") == 0
    code, out, err = _turn(folder, capsys, "fed.orders", "klingon.orders")
    assert code == 0, err
    texts = json.dumps(json.loads(out)["log"])
    assert "orders a FF at Vanguard II" in texts and "buys 2 Intel Points" in texts and "buys 3 Intel Points" in texts


def test_the_copy_holds_no_other_teams_secret_names(folder):
    """grep the copy like a curious player: no other Team's (nor the GM's) hidden unit or fleet,
    sealed or not; its own are sealed for it."""
    assert _copy(folder, "alliance", "a.json") == 0
    full = open_campaign_file(folder / "K.json", passphrases={"gm": PASSES["gm"]})
    raw = (folder / "a.json").read_text()
    others = [n for n, owner in hidden_names(full).items() if owner != "alliance"]
    own = [n for n, owner in hidden_names(full).items() if owner == "alliance"]
    assert "Shadow Squadron (cloaked)" in others and "Tau Defense Satellite" in own
    assert [n for n in others if n in raw] == []
    plain = (folder / "K.json").read_text()
    assert [n for n in own if n in raw] == [n for n in own if n in plain]  # sealed as in the GM's file
    assert _copy(folder, "coalition", "c.json") == 0  # the Alliance's incidental units are not in its copy; only
    coalition = (folder / "c.json").read_text()  # what the GM's file shows anyone (the Federation's unit list)
    theirs = [n for n, owner in hidden_names(full).items() if owner != "coalition"]
    assert "Tau Ceti IV Ground Base Alpha" in theirs
    assert [n for n in theirs if n in coalition and n not in plain] == []
    blobs = json.loads(raw)["sealed"]["blobs"]
    assert [b["to"] for b in blobs] == [["alliance", "gm"]]
    c = open_campaign_file(folder / "a.json", passphrases={"alliance": PASSES["alliance"]})
    assert sorted(n for n in hidden_names(c) if not n.startswith("fed-")) == sorted(n for n in own
                                                                                    if not n.startswith("fed-"))


def _edit(path, change):
    data = json.loads(path.read_text())
    change(data)
    path.write_text(json.dumps(data, indent=1))


def _add_unit(data):
    fleet = data["fleets"][0]
    fleet["units"].append({**fleet["units"][0], "id": "extra-1", "name": "Extra"})


@pytest.mark.parametrize(("change", "why"), [
    (_add_unit, "the GM's signature does not match the copy"),
    (lambda d: d["team_copy"].update(team="coalition"), "of the GM and of its Team 'coalition' alone"),
    (lambda d: d["team_copy"].update(turn=2), "made for turn 2"),
    (lambda d: d["team_copy"].pop("signature"), "without the GM's signature"),
    (lambda d: d["key_book"].update(campaign="0" * 32), "the GM's signature does not match"),
])
def test_an_edited_copy_is_refused_naming_the_file(folder, capsys, change, why):
    assert _copy(folder, "alliance", "a.json") == 0
    _edit(folder / "a.json", change)
    assert _orders(folder, "a.json", "fed", "alliance", FED, "fed.orders") == 2
    err = capsys.readouterr().err
    assert "a.json: team_copy:" in err and why in err and not (folder / "fed.orders").exists()


def test_a_copy_of_another_campaign_gives_orders_the_gm_refuses_naming_the_file(folder, capsys):
    """Another campaign keyed alike (its own id): its copy opens with the same passphrase, but the
    orders made from it are refused by this campaign's GM."""
    c, ring = play(by_powers(), TO_ORDERS).campaign, Keyring()
    gm, private = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", private)
    c = with_key(c, "gm", gm, ring)
    c = with_key(c, "alliance", new_key(PASSES["alliance"], 10, holder="alliance", pin=pin_of(c.keys))[0], ring)
    save_campaign(c, folder / "other.json")
    assert _copy(folder, "alliance", "other-copy.json", campaign="other.json") == 0
    assert _orders(folder, "other-copy.json", "fed", "alliance", FED, "fed.orders") == 0
    code, out, err = _turn(folder, capsys, "fed.orders", answers=OTHERS)
    assert code == 1 and "fed.orders" in err and "made for another campaign" in err and out == ""


def test_a_copy_runs_no_phase_and_fights_no_battle(folder):
    import io

    from rules.battlehex.headless import run as battle_run
    from rules.turn.headless import run as turn_run

    assert _copy(folder, "alliance", "a.json") == 0
    (folder / "none.json").write_text("[]")
    for run, args in ((turn_run, []), (battle_run, ["--hex", "0509", "--viewer", "alliance"])):
        out, err = io.StringIO(), io.StringIO()
        code = run([str(folder / "a.json"), *args, "--answers", str(folder / "none.json"),
                    "--passphrase", f"alliance={folder / 'alliance.txt'}"], out, err)
        assert code == 2 and "a.json is a Team copy" in err.getvalue(), err.getvalue()


def test_the_copy_needs_the_gms_passphrase_and_a_keyed_team(folder, capsys):
    assert main(["team-copy", str(folder / "K.json"), "--team", "alliance", "--out", str(folder / "a.json")]) == 2
    assert "--passphrase gm=FILE" in capsys.readouterr().err
    assert _copy(folder, "orions", "o.json") == 1  # the Orions hold no passphrase
    assert "Orion" in capsys.readouterr().err and not (folder / "o.json").exists()


def test_orders_from_a_copy_of_an_earlier_turn_are_refused_naming_the_file(folder, capsys):
    """The player worked on last turn's copy: the GM's campaign has moved on."""
    assert _copy(folder, "alliance", "a.json") == 0
    assert _orders(folder, "a.json", "fed", "alliance", FED, "fed.orders") == 0
    c = open_campaign_file(folder / "K.json", passphrases={"gm": PASSES["gm"]})
    save_campaign(c.model_copy(update={"turn": 2}), folder / "K.json")
    code, out, err = _turn(folder, capsys, "fed.orders")
    assert code == 1 and "fed.orders" in err and "it holds the orders of turn 1, this is turn 2" in err and out == ""


def test_a_copy_over_the_campaign_s_own_file_is_refused_and_the_file_kept(folder, capsys):
    """The GM's file written over by a Team copy lost every other Team's secret for good (--out K.json
    wrote the Alliance's copy there, exit 0); a refusal also says its rule once."""
    before = (folder / "K.json").read_bytes()
    assert main(["team-copy", str(folder / "K.json"), "--team", "alliance", "--passphrase", f"gm={folder / 'gm.txt'}",
                 "--out", str(folder / "." / "K.json")]) == 1
    err = capsys.readouterr().err
    assert (folder / "K.json").read_bytes() == before
    assert "K.json is the campaign's own file" in err and err.count("Secrets (Team copy)") == 1, err
    assert _copy(folder, "gm", "x.json") == 1
    assert capsys.readouterr().err.count("Secrets (Team copy)") == 1
