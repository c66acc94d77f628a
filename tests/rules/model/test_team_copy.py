"""rules/model/team_copy.py: a Team's own copy holds what the Team may know and nothing else,
opens with its passphrase alone, and is refused when forged: edited, or signed again with a
key that is not the GM's its Team key was made with (issue 23)."""
from __future__ import annotations

import json

import pytest

from rules.errors import RuleError
from rules.model.io import CampaignError, parse_campaign
from rules.model.key_book import signed_book
from rules.model.seals import Keyring, new_key, unlock
from rules.model.secrets import secret_places
from rules.model.team_copy import copy_problems, make_copy, peek
from rules.model.visibility import may_read
from tests.app.shell.test_sealed_orders_gui import PASSES, keyed


@pytest.fixture(scope="module")
def full():
    c = keyed()
    return c, unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)


def _open(text, team="alliance"):
    """The copy as a player opens it: its file and its Team's passphrase alone."""
    import tempfile
    from pathlib import Path

    from rules.opening import open_campaign_file

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "copy.json"
        path.write_text(text, encoding="utf-8")
        return open_campaign_file(path, passphrases={team: PASSES[team]})


def test_the_copy_holds_the_table_view_and_the_teams_own_secrets(full):
    c, gm = full
    copy = _open(make_copy(c, "alliance", gm))
    assert copy.team_copy is not None and copy.team_copy.team == "alliance" and copy.team_copy.turn == c.turn
    kept = [owner for _p, owner in secret_places(copy)]
    assert kept and all(may_read(owner, "alliance") for owner in kept)  # the GM's own lines are gone too
    theirs = [owner for _p, owner in secret_places(c) if may_read(owner, "alliance")]
    assert sorted(kept) == sorted(theirs)
    assert [f.id for f in copy.fleets] == [f.id for f in c.fleets if f.name != "Shadow Squadron (cloaked)"]
    assert [e for e in copy.log if e.secret_of == ["gm"]] == [] and any(e.secret_of == ["gm"] for e in c.log)
    assert copy.key_book is not None and copy.key_book.campaign == c.key_book.campaign  # bound to the campaign


def test_making_a_copy_is_refused_without_keys_or_from_a_copy(full):
    c, gm = full
    with pytest.raises(RuleError, match="Orion .* holds no passphrase"):
        make_copy(c, "orions", gm)
    with pytest.raises(RuleError, match="not a player's Team"):
        make_copy(c, "gm", gm)
    other, _ = new_key("another gm pass", 10, holder="gm")
    with pytest.raises(RuleError, match="not the GM's key"):
        make_copy(c, "alliance", unlock(other, "another gm pass", "gm"))
    copy = _open(make_copy(c, "alliance", gm))
    with pytest.raises(RuleError, match="this file is a Team copy"):
        make_copy(copy, "alliance", gm)


def test_a_copy_signed_again_with_another_gm_key_is_refused_at_the_teams_passphrase(full):
    """The player (or anyone on the way) adds a unit and signs the copy again with a GM key of
    their own: the signature checks, but the Alliance's key pins the GM's real signing key."""
    c, _gm = full
    record, forger = new_key("forger's gm pass", 10, holder="gm")
    keys = {**c.keys, "gm": record}
    fleet = c.fleets[0]
    forged = c.model_copy(update={
        "keys": keys, "key_book": signed_book(keys, c.key_book.campaign, forger),
        "fleets": [fleet.model_copy(update={"units": [*fleet.units, fleet.units[0].model_copy(
            update={"id": "extra-1", "name": "Extra"})]}), *c.fleets[1:]]})
    text = make_copy(forged, "alliance", forger)
    assert copy_problems(json.loads(text)) == []  # well signed, by the forger
    with pytest.raises(CampaignError, match="copy.json: .*the GM's key record is not the one the key of Alliance "
                                            "was made with"):
        _open(text)


def test_an_edited_copy_is_refused_before_any_passphrase(full, tmp_path):
    c, gm = full
    data = json.loads(make_copy(c, "alliance", gm))
    data["fleets"][0]["units"][0]["name"] = "Renamed"
    with pytest.raises(CampaignError, match="copy.json: team_copy: the GM's signature does not match"):
        parse_campaign(json.dumps(data), "copy.json")
    (tmp_path / "c.json").write_text(json.dumps(data))
    assert peek(tmp_path / "c.json").team == "alliance" and peek(tmp_path / "none.json") is None


def test_a_record_whose_answers_hold_another_teams_secret_keeps_none_of_them(tmp_path):
    """V13.723: Blue's Pursuit Force, then Red's Rear Guard, each given in secret. Red's copy
    cannot hold Blue's answer, and taking it out alone would move Red's answer to its index (the
    record's secret_answers name answers by index): the copy then sealed Red's own answer for the
    GM alone, and Red's passphrase no longer opened Red's copy."""
    from rules.model.seals import pin_of
    from rules.model.secrets import with_key
    from rules.opening import open_campaign_file
    from tests.rules.systems.v13.test_secret_answers import at_the_rear_guard

    b = at_the_rear_guard()
    b.answer(["r1"])  # Red's Rear Guard, in secret
    c, ring = b.saved(), Keyring()
    assert sorted(c.battle_hexes[0].secret_answers.values()) == ["blue", "red"]
    record, gm = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", gm)
    c = with_key(c, "gm", record, ring)
    for team in ("blue", "red"):
        c = with_key(c, team, new_key(f"{team}'s passphrase", 10, holder=team, pin=pin_of(c.keys))[0], ring)
    path = tmp_path / "red.json"
    path.write_text(make_copy(c, "red", gm))
    assert '"b2"]' not in path.read_text()  # Blue's Pursuit Force
    copy = open_campaign_file(path, passphrases={"red": "red's passphrase"})
    assert copy.battle_hexes[0].answers == [] and copy.battle_hexes[0].secret_answers == {}


def test_another_team_s_intel_mission_is_not_in_the_copy_nor_plain_in_the_file(tmp_path):
    """A Klingon Intel mission against the Federation (its target, staging system and details) lay
    in the Klingon economy record in plain text: the Alliance's copy, and the sealed file itself,
    showed it to the target's Team, though the order and the GM's answer giving it are the
    Coalition's secret in the log."""
    from rules.model import save_campaign
    from rules.model.seals import pin_of
    from rules.model.secrets import with_key
    from rules.turn.run import play
    from tests.rules.turn.test_intel_missions import mission, spies
    from tests.rules.turn.test_purchases import TO_ORDERS

    run = play(spies(), TO_ORDERS)
    run.answer({"mission": {**mission(3)["mission"], "details": "steal the shipyard plans"}})
    c, ring = run.campaign, Keyring()
    gm_record, gm = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", gm)
    c = with_key(c, "gm", gm_record, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    assert [m.details for m in c.power("klingon").economy.missions] == ["steal the shipyard plans"]
    theirs = make_copy(c, "alliance", gm)
    assert "shipyard plans" not in theirs and _open(theirs).power("klingon").economy is None  # no record at all
    own = _open(make_copy(c, "coalition", gm), "coalition")
    assert [m.details for m in own.power("klingon").economy.missions] == ["steal the shipyard plans"]
    save_campaign(c, tmp_path / "K.json")
    assert "shipyard plans" not in (tmp_path / "K.json").read_text(encoding="utf-8")  # sealed for the Coalition


def test_another_team_s_random_event_item_is_not_in_the_copy(tmp_path):
    """A random event's economic item for the Federation ('random event: a plague on Vanguard II',
    waiting for its next Income Phase) lay in its economy record in plain text: the Coalition's
    copy and the sealed file read it, though the event's log line is the Alliance's secret."""
    from rules.model import save_campaign
    from rules.model.seals import pin_of
    from rules.model.secrets import with_key
    from rules.turn.run import play
    from tests.test_main_cli_turn_random_events import events_campaign

    c = play(events_campaign(), ["roll", "end_phase", "economic/fed", -12, "a plague on Vanguard II", "none"]).campaign
    ring = Keyring()
    gm_record, gm = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", gm)
    c = with_key(c, "gm", gm_record, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    assert [m.text for m in c.power("fed").economy.misc] == ["random event: a plague on Vanguard II"]
    theirs = make_copy(c, "coalition", gm)
    assert "plague" not in theirs and _open(theirs, "coalition").power("fed").economy is None  # no record at all
    own = _open(make_copy(c, "alliance", gm))
    assert [m.text for m in own.power("fed").economy.misc] == ["random event: a plague on Vanguard II"]
    save_campaign(c, tmp_path / "K.json")
    assert "plague" not in (tmp_path / "K.json").read_text(encoding="utf-8")


def test_a_file_saved_before_economy_items_were_sealed_still_opens_and_seals_them_on_save(tmp_path, monkeypatch):
    """A keyed file with a plain economy.misc (saved before it was sealed) was refused at opening as
    changed ('the secret at powers[0].economy.misc is not sealed'); it opens, and its next save seals it."""
    from rules.model import save_campaign, secrets
    from rules.model.seals import pin_of
    from rules.model.secrets import with_key
    from rules.opening import open_campaign_file
    from rules.turn.run import play
    from tests.test_main_cli_turn_random_events import events_campaign

    c = play(events_campaign(), ["roll", "end_phase", "economic/fed", -12, "a plague on Vanguard II", "none"]).campaign
    ring = Keyring()
    gm_record, gm = new_key(PASSES["gm"], 10, holder="gm")
    ring.add("gm", gm)
    c = with_key(c, "gm", gm_record, ring)
    for team in ("alliance", "coalition"):
        c = with_key(c, team, new_key(PASSES[team], 10, holder=team, pin=pin_of(c.keys))[0], ring)
    places = secrets.secret_places
    with monkeypatch.context() as m:
        m.setattr(secrets, "secret_places", lambda x: (p for p in places(x) if p[0][0] != "powers"))
        save_campaign(c, tmp_path / "old.json")
    assert "plague" in (tmp_path / "old.json").read_text(encoding="utf-8")  # as an older build wrote it
    opened = open_campaign_file(tmp_path / "old.json", passphrases={"gm": PASSES["gm"]})
    assert [m.text for m in opened.power("fed").economy.misc] == ["random event: a plague on Vanguard II"]
    save_campaign(opened, tmp_path / "new.json")
    assert "plague" not in (tmp_path / "new.json").read_text(encoding="utf-8")


def test_a_copy_is_never_written_over_the_campaigns_own_file_by_any_spelling_or_link(tmp_path) -> None:
    from rules.model.team_copy import RULE as COPY_RULE, refuse_own_file

    own = tmp_path / "war.json"
    own.write_text("{}", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    link = tmp_path / "link.json"
    link.symlink_to(own)
    hard = tmp_path / "hard.json"
    hard.hardlink_to(own)
    for out in (own, tmp_path / "sub" / ".." / "war.json", link, hard):
        with pytest.raises(RuleError) as e:
            refuse_own_file(out, own)
        assert str(e.value) == (f"{COPY_RULE}: {out.name} is the campaign's own file: a Team copy would replace it "
                                "and every other Team's secret in it; write the copy to another file")
    refuse_own_file(tmp_path / "blue.json", own)  # a new file: written
    other = tmp_path / "red.json"
    other.write_text("{}", encoding="utf-8")
    refuse_own_file(other, own)  # another existing file: overwritten
    refuse_own_file(other, tmp_path / "gone" / "war.json")  # no campaign file there to compare with


# Mutation testing (mutmut, docs/ARCHITECTURE.md): what the GM signs, byte for byte (a copy made by
# one build opens in another), and each refusal's exact words.
def test_what_the_gm_signs_is_the_file_but_the_signature_as_canonical_json() -> None:
    from rules.model.team_copy import _message

    data = {"team_copy": {"signature": "c2ln", "team": "alliance", "turn": 3}, "name": "Ardana é", "b": [1, 2]}
    assert _message(data) == ('battlehex team copy v1\n{"b":[1,2],"name":"Ardana é","team_copy":{"team":"alliance",'
                              '"turn":3}}').encode()
    assert data["team_copy"]["signature"] == "c2ln"  # the file data itself is left as it was


def _refused(why: str) -> list:
    from rules.model.checks import Problem

    return [Problem("team_copy", f"{why}: refused (a Team copy opens only as the GM made it)")]


def test_each_forged_mark_is_refused_in_its_own_words(full) -> None:
    import base64

    c, gm = full
    good = json.loads(make_copy(c, "alliance", gm))
    assert copy_problems(good) == [] and "turn" not in good  # turn 1, the default, is not written
    assert [p.path for p in copy_problems({k: v for k, v in good.items() if k != "team_copy"})] == [
        "key_book"]  # a copy's book, signed for its Team, with no mark: refused (test_team_copy_hostile.py)
    assert copy_problems({k: v for k, v in good.items() if k not in ("team_copy", "key_book")}) == []  # no copy

    def forged(**change) -> dict:
        data = json.loads(json.dumps(good))
        for where, value in change.items():
            parent, _, key = where.rpartition("__")
            (data[parent] if parent else data)[key] = value
        return data

    unsigned = _refused("a Team copy without the GM's signature")
    for data in (forged(team_copy="alliance"), forged(team_copy__signature=""), forged(team_copy__signature=7),
                 {**good, "team_copy": {"team": "alliance", "turn": 1}}):
        assert copy_problems(data) == unsigned
    only = "a Team copy holds the key records of the GM and of its Team 'alliance' alone, this one "
    assert copy_problems(forged(keys=[])) == _refused(only + "none")
    assert copy_problems({**good, "keys": {"gm": good["keys"]["gm"]}}) == _refused(only + "['gm']")
    assert copy_problems(forged(keys__coalition=good["keys"]["alliance"])) == _refused(
        only + "['alliance', 'coalition', 'gm']")
    assert copy_problems(forged(keys__gm="key")) == _refused(only + "['alliance', 'gm']")
    assert copy_problems(forged(team_copy__team="coalition"))[0].message.startswith(
        "a Team copy holds the key records of the GM and of its Team 'coalition' alone, this one ['alliance', 'gm']")
    assert copy_problems(forged(turn=2)) == _refused(
        "the copy was made for turn 1, its campaign is at turn 2: the file was changed")
    assert copy_problems(forged(team_copy__turn=2)) == _refused(
        "the copy was made for turn 2, its campaign is at turn 1: the file was changed")
    changed = _refused("the GM's signature does not match the copy: it was changed after the GM made it (units added "
                       "or taken out, another Team or turn)")
    signature = base64.b64decode(good["team_copy"]["signature"])
    sign = good["keys"]["gm"]["sign"]
    for data in (forged(name="Another"), forged(team_copy__signature="not base64!"),
                 forged(team_copy__signature=base64.b64encode(signature[:-1] + bytes([signature[-1] ^ 1])).decode()),
                 forged(team_copy__signature=good["team_copy"]["signature"] + "!"),
                 forged(keys__gm={**good["keys"]["gm"], "sign": sign + "!"}),
                 forged(keys__gm={**good["keys"]["gm"], "sign": base64.b64encode(b"short").decode()}),
                 forged(keys__gm={k: v for k, v in good["keys"]["gm"].items() if k != "sign"})):
        assert copy_problems(data) == changed
    from rules.model.seals import signing_key
    from rules.model.team_copy import _message

    junk = forged(keys__gm={**good["keys"]["gm"], "sign": sign + "!"})  # signed again by the GM itself: the
    junk["team_copy"]["signature"] = base64.b64encode(signing_key(gm).sign(_message(junk))).decode()  # key is
    assert copy_problems(junk) == changed  # read strictly, never with its junk dropped


def test_peek_reads_the_mark_alone_and_never_fails(full, tmp_path) -> None:
    c, gm = full
    path = tmp_path / "copy.json"
    path.write_text(make_copy(c, "alliance", gm), encoding="utf-8")
    mark = peek(str(path))
    assert (mark.team, mark.turn) == ("alliance", 1) and peek(path) == mark
    for text in ('["team_copy"]', '{"team_copy": null}', '{"name": "team_copy"}', '{"team_copy": {"turn": "x"}',
                 '{"team_copy": {"team": 5}}', '{"team_copy": {"turn": 2}}', b"\xff\"team_copy\""):
        bad = tmp_path / "bad.json"
        bad.write_bytes(text if isinstance(text, bytes) else text.encode())
        assert peek(bad) is None, text
    assert peek(tmp_path) is None  # a folder


def test_making_a_copy_each_refusal_s_rule_and_words(full, monkeypatch) -> None:
    from rules.model import team_copy
    from rules.model.checks import Problem

    c, gm = full

    def refusal(campaign, team: str) -> tuple[str, str]:
        with pytest.raises(RuleError) as e:
            make_copy(campaign, team, gm)
        return e.value.rule, e.value.message

    rule = team_copy.RULE
    assert refusal(c, "nobody") == (rule, f"'nobody' is not a player's Team of {c.name}")
    assert refusal(c, "gm") == (rule, f"'gm' is not a player's Team of {c.name}")
    assert refusal(c, "orions") == (rule, "Orion Pirates holds no passphrase: set it first (File > Passphrases), so "
                                          "that its copy opens with it and its orders are made with its key")
    no_sign = "the GM holds no signing key: set the GM's passphrase first (File > Passphrases)"
    unsigned = {**c.keys, "gm": c.keys["gm"].model_copy(update={"sign": None})}
    assert refusal(c.model_copy(update={"keys": {k: v for k, v in c.keys.items() if k != "gm"}}), "alliance") == (
        rule, no_sign)
    assert refusal(c.model_copy(update={"keys": unsigned}), "alliance") == (rule, no_sign)
    other, _ = new_key("another gm pass", 10, holder="gm")
    with pytest.raises(RuleError) as e:
        make_copy(c, "alliance", unlock(other, "another gm pass", "gm"))
    assert (e.value.rule, e.value.message) == (rule, "that is not the GM's key: the GM's passphrase signs a Team copy")
    copy = _open(make_copy(c, "alliance", gm))
    assert refusal(copy, "alliance") == (
        rule, "this file is a Team copy: the GM makes copies from the campaign's own file")
    monkeypatch.setattr(team_copy, "check_campaign", lambda x: [Problem("fleets[0].sector", "no such sector")])
    assert refusal(c, "alliance") == (rule, "the copy for Alliance would not open "
                                            "(fleets[0].sector: no such sector): none was made")


def test_the_copy_s_text_is_the_file_s_own_form(full) -> None:
    """Written as a campaign file is: indented by one, words not escaped ('Ardana — Y171', not '\\u2014')."""
    c, gm = full
    text = make_copy(c.model_copy(update={"name": "Ardana — Y171"}), "alliance", gm)
    assert text.startswith('{\n "') and text.endswith("\n}\n") and '\n  "' in text
    assert '"name": "Ardana — Y171"' in text and "\\u2014" not in text


def test_a_battle_record_s_hidden_units_of_another_team_are_not_in_the_copy() -> None:
    """The 0509 battle fought to its end (tests/rules/model/test_seals_began.py): its record's
    ``began`` holds the cloaked Shadow Squadron and the Alliance's incidental units; each Team's
    copy holds the record, and no other Team's hidden unit in it."""
    from tests.rules.model.test_seals_began import TEAMS, _hidden, fought

    before, after, ring = fought.__wrapped__()
    hidden = _hidden(before)
    i = next(i for i, b in enumerate(after.battle_hexes) if b.began is not None)
    for team in TEAMS:
        text = make_copy(after, team, ring.get("gm"))
        others = {x for t, names in hidden.items() if t != team for x in names}
        assert others and not [x for x in others if f'"{x}"' in text], team
        data = json.loads(text)
        assert data["battle_hexes"][i]["at"] == "0509"
        assert all(team in blob["to"] for blob in data["sealed"]["blobs"]), team  # none sealed for another


def test_what_a_copy_keeps_of_the_other_teams_powers_and_of_its_own() -> None:
    """_economies_out for the Alliance (Federation, Kzinti), field by field (H5's mutation run of
    issue 23: 34 mutants of it and of _asked_of survived this file, each leaking or dropping a
    secret): another power's economy keeps only its units in Reserve or mothballed that are still
    in the copy (a fleet's or a garrison's), else nothing; an Intel mission's Exhibit B facts
    between two other powers and another power's failed attempt go, the Alliance's own stay;
    another Team's Economic Points are 0; another power's closed questions (Turn Orders,
    research, Intel missions' effects) and its fleets' plotted orders go, keys of no power stay."""
    from rules.model import load_campaign
    from rules.model.economy_model import PowerEconomy
    from rules.model.team_copy import _economies_out
    from rules.model.treaty_model import PairFact, TreatyPair
    from tests.conftest import DEFAULT

    c = load_campaign(DEFAULT)
    powers = {p.id: p for p in c.powers}
    fed, kli, lyr = powers["fed"].economy, powers["klingon"].economy, powers["lyran"].economy
    assert fed is not None and kli is not None and lyr is not None and kli != PowerEconomy()
    powers["klingon"].economy = kli.model_copy(update={"reserve": ["kli-d7-kumara", "fed-sb-11", "no-such-unit"],
                                                        "mothballed": ["kli-d6-vorn", "gone"]})
    powers["lyran"].economy = lyr.model_copy(update={"reserve": ["gone"], "mothballed": []})

    def fact(name: str, by: str) -> PairFact:
        return PairFact(fact=name, by=by, turn=1)

    c.treaties = [TreatyPair(powers=("klingon", "lyran"), facts=[
                      fact("caught_espionage", "klingon"), fact("encounter", "klingon"),
                      fact("last_attempt_failed", "lyran")]),
                  TreatyPair(powers=("fed", "klingon"), facts=[
                      fact("caught_sabotage", "klingon"), fact("last_attempt_failed", "fed"),
                      fact("last_attempt_failed", "klingon")])]
    points = {t.id: t for t in c.teams}
    points["alliance"].economic_points, points["coalition"].economic_points = 300, 500
    c.turn_asked = ["orders/fed", "orders/fed=closed", "orders/klingon", "tech/invest/kzinti", "tech/roll/lyran",
                    "tech/roll/lyran=2", "mission/klingon/m1/effect/1", "mission/fed/m2", "raid/0509/coalition",
                    "orders"]
    orders = {f.id: list(f.orders) for f in c.fleets}
    assert orders["kz-claw-cvg"] and orders["kli-deep-strike"]
    out = _economies_out(c, ["fed", "kzinti"])
    powers = {p.id: p for p in out.powers}
    assert powers["fed"].economy == fed  # its own, whole
    assert powers["klingon"].economy == PowerEconomy(reserve=["kli-d7-kumara", "fed-sb-11"], mothballed=["kli-d6-vorn"])
    assert powers["lyran"].economy is None
    assert [[(f.fact, f.by) for f in pair.facts] for pair in out.treaties] == [
        [("encounter", "klingon")],
        [("caught_sabotage", "klingon"), ("last_attempt_failed", "fed")]]
    assert {t.id: t.economic_points for t in out.teams if t.id in ("alliance", "coalition")} == {
        "alliance": 300, "coalition": 0}
    assert out.turn_asked == ["orders/fed", "orders/fed=closed", "tech/invest/kzinti", "mission/fed/m2",
                              "raid/0509/coalition", "orders"]
    assert {f.id: list(f.orders) for f in out.fleets} == {
        f.id: (orders[f.id] if f.power in ("fed", "kzinti") else []) for f in out.fleets}
