"""Sealed secrets in campaign files (issue 11): what only a Team (and the GM) may know is
encrypted for it; the JSON shows ciphertext; a key holder opens the file as it was."""
from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.model import CampaignError, dumps, load_campaign, parse_campaign, save_campaign
from rules.model.io import SealedError
from rules.model.seals import Keyring, WrongPassphrase, new_key, pin_of, rekey, unlock
from rules.model.secrets import with_key

DEFAULT = Path(__file__).parents[3] / "scenarios" / "default_campaign.json"
FAST = 10  # scrypt cost for tests: tests/conftest.py lowers the floor to it (the app's is 17)


def keyed(c, keys):
    """``c`` keyed as File > Passphrases keys it: the GM first (its key signs the records), then
    each Team's key pinned to the GM's."""
    ring = Keyring()
    for name, (record, private) in keys.items():
        ring.add(name, private)
        c = with_key(c, name, record, ring)
    return c


@pytest.fixture(scope="module")
def keys():
    """Seal keys of the GM and of the Alliance (the Coalition has none)."""
    gm = new_key("game master pass", FAST)
    return {"gm": gm, "alliance": new_key("alliance pass", FAST, "alliance", pin_of({"gm": gm[0]}))}


@pytest.fixture(scope="module")
def sealed_campaign(keys):
    return keyed(load_campaign(DEFAULT), keys)


def ring(keys, *names):
    r = Keyring()
    for n in names:
        r.add(n, keys[n][1])
    return r


def secret_words(c):
    """Ids and names of every unit the rules keep from the table (V13.03 incidental, V13.29 cloaked)."""
    units = [u for s in c.map.sectors for u in s.garrison] + [u for f in c.fleets for u in f.units]
    return {w for u in units if u.is_incidental or u.is_cloaked for w in (u.id, u.name)}


def test_a_passphrase_opens_its_key_and_no_other(keys):
    record, private = keys["gm"]
    assert unlock(record, "game master pass").private_bytes_raw() == private.private_bytes_raw()
    with pytest.raises(WrongPassphrase, match="not the passphrase of the GM"):
        unlock(record, "game master pass ", "the GM")
    with pytest.raises(WrongPassphrase, match="at least 8 characters"):
        new_key("short", FAST)


def test_a_new_passphrase_keeps_what_was_sealed_readable(keys, sealed_campaign):
    text = dumps(sealed_campaign)
    record, private = keys["gm"]
    changed = rekey(private, "another passphrase", FAST)
    c = with_key(sealed_campaign, "gm", changed, ring(keys, "gm"))  # as File > Passphrases changes it
    assert changed.public == record.public and changed.private != record.private
    again = Keyring()
    again.add("gm", unlock(changed, "another passphrase"))
    assert parse_campaign(text, keyring=again) == sealed_campaign
    assert parse_campaign(dumps(c), keyring=again) == c


def test_the_saved_file_names_no_secret_unit_v13_03_v13_29(sealed_campaign, keys):
    words = secret_words(sealed_campaign)
    assert len(words) >= 10  # the default campaign has incidental defsats and a cloaked Romulan squadron
    text = dumps(sealed_campaign)
    assert [w for w in words if w in text] == []
    data = json.loads(text)
    assert {tuple(b["to"]) for b in data["sealed"]["blobs"]} == {("alliance", "gm"), ("gm",)}
    for b in data["sealed"]["blobs"]:  # padded: a blob's size tells little of what it holds
        assert (len(base64.b64decode(b["data"])) - 16) % 256 == 0


def test_without_keys_nothing_is_sealed(sealed_campaign):
    plain = sealed_campaign.model_copy(update={"keys": {}, "key_book": None})
    assert "sealed" not in json.loads(dumps(plain))
    assert all(w in dumps(plain) for w in secret_words(plain))


def test_the_file_opens_only_with_a_key_for_every_sealed_part(sealed_campaign, keys, tmp_path):
    path = tmp_path / "camp.json"
    save_campaign(sealed_campaign, path)
    with pytest.raises(SealedError) as e:
        load_campaign(path)
    assert e.value.locked == [("alliance", "gm"), ("gm",)] and set(e.value.keys) == {"gm", "alliance"}
    assert "Alliance or the GM" in e.value.report() and str(path) in e.value.report()
    with pytest.raises(SealedError) as e:  # the Alliance's key opens its own secrets, not the Coalition's
        load_campaign(path, ring(keys, "alliance"))
    assert e.value.locked == [("gm",)]
    assert load_campaign(path, ring(keys, "gm")) == sealed_campaign
    assert load_campaign(path, ring(keys, "gm", "alliance")) == sealed_campaign


def test_the_compact_autosave_is_sealed_too(sealed_campaign, keys, tmp_path):
    path = tmp_path / "auto.json"
    save_campaign(sealed_campaign, path, compact=True)
    text = path.read_text()
    assert text.count("\n") == 1 and not [w for w in secret_words(sealed_campaign) if w in text]
    assert load_campaign(path, ring(keys, "gm")) == sealed_campaign


def test_a_denial_of_withdrawal_is_the_fleets_secret_v13_29(sealed_campaign, keys):
    i = next(i for i, f in enumerate(sealed_campaign.fleets) if f.power == "fed")
    fleets = list(sealed_campaign.fleets)
    fleets[i] = fleets[i].model_copy(update={"deny_withdrawal": True})
    c = sealed_campaign.model_copy(update={"fleets": fleets})
    text = dumps(c)
    assert "deny_withdrawal" not in text
    assert parse_campaign(text, keyring=ring(keys, "alliance", "gm")) == c


def test_a_changed_blob_is_refused_with_the_reason(sealed_campaign, keys):
    data = json.loads(dumps(sealed_campaign))
    raw = bytearray(base64.b64decode(data["sealed"]["blobs"][0]["data"]))
    raw[5] ^= 1
    data["sealed"]["blobs"][0]["data"] = base64.b64encode(raw).decode()
    with pytest.raises(CampaignError, match="changed after they were saved"):
        parse_campaign(json.dumps(data), "camp.json", ring(keys, "gm"))
    data["sealed"] = "nothing"
    with pytest.raises(CampaignError, match="sealed: must be the sealed secrets as BattleHex writes them"):
        parse_campaign(json.dumps(data), "camp.json", ring(keys, "gm"))
    data["sealed"] = {"campaign": sealed_campaign.key_book.campaign, "save": 1, "blobs": [{"to": ["gm"]}]}
    with pytest.raises(CampaignError, match="not sealed secrets as BattleHex writes them"):
        parse_campaign(json.dumps(data), "camp.json", ring(keys, "gm"))


def test_a_key_of_no_team_is_refused(sealed_campaign, keys):
    data = json.loads(dumps(sealed_campaign.model_copy(update={"keys": {}, "key_book": None})))
    data["keys"] = {"nobody": keys["alliance"][0].model_dump(exclude_none=True)}
    with pytest.raises(CampaignError, match=r"keys\['nobody'\]: a seal key belongs to a team"):
        parse_campaign(json.dumps(data))
    data["keys"] = {"gm": {**keys["gm"][0].model_dump(exclude_none=True), "salt": "AAAA"}}
    with pytest.raises(CampaignError, match="keys.gm.salt: .*holds 3 bytes, not 16"):
        parse_campaign(json.dumps(data))


@settings(max_examples=40, deadline=None)
@given(flags=st.lists(st.tuples(st.integers(0, 200), st.sampled_from(["is_incidental", "is_cloaked"])), max_size=12))
def test_any_secrets_come_back_in_their_places(sealed_campaign, keys, flags):
    """Whatever units are secret, wherever they stand, the key holder gets the same campaign."""
    fleets = [f.model_copy(update={"units": list(f.units)}) for f in sealed_campaign.fleets]
    places = [(i, j) for i, f in enumerate(fleets) for j in range(len(f.units))]
    for n, flag in flags:
        i, j = places[n % len(places)]
        fleets[i].units[j] = fleets[i].units[j].model_copy(update={flag: True})
    c = sealed_campaign.model_copy(update={"fleets": fleets})
    assert parse_campaign(dumps(c), keyring=ring(keys, "gm")) == c


def test_mutated_seals_give_a_clear_error_never_a_traceback(sealed_campaign, keys):
    """The fuzz test's promise for the sealed parts: 600 random changes to keys and blobs."""
    import random

    rng = random.Random(11)
    base = json.loads(dumps(sealed_campaign))
    leaves = [("keys", n, f) for n in base["keys"] for f in base["keys"][n]] + [
        ("sealed", i, f) for i in range(len(base["sealed"]["blobs"])) for f in base["sealed"]["blobs"][i]]
    odd = [None, 7, "", "AAAA", "!!", [], {}, True, "A" * 5000, {"gm": "x"}, ["gm", "gm"]]
    outcomes = {"opened": 0, "refused": 0}
    for _ in range(600):
        data = json.loads(json.dumps(base))
        for _ in range(rng.randint(1, 3)):
            top, key, field = rng.choice(leaves)
            target = data[top][key] if top == "keys" else data[top]["blobs"][key]
            if rng.random() < 0.5 and isinstance(target.get(field), str) and target[field]:
                raw = bytearray(target[field].encode())
                raw[rng.randrange(len(raw))] = ord(rng.choice("AB+/=x"))
                target[field] = raw.decode()
            else:
                target[field] = rng.choice(odd)
        try:
            parse_campaign(json.dumps(data), "camp.json", ring(keys, "gm", "alliance"))
            outcomes["opened"] += 1
        except CampaignError as e:
            assert e.report().startswith("camp.json: ")
            outcomes["refused"] += 1
    assert outcomes["refused"] > 400


# -- issue 20: a player with the file in hand ------------------------------------------------

PASSES = {"gm": "game master pass", "alliance": "alliance pass", "coalition": "coalition pass"}
LEGACY = Path(__file__).parent / "data" / "legacy_sealed.json"
"""The default campaign sealed by main before issue 20 (format 1, scrypt 2^15) for the GM
("legacy game master"), the Alliance ("legacy alliance") and the Coalition ("legacy coalition")."""


@pytest.fixture(scope="module")
def three():
    """The default campaign keyed for the GM, the Alliance and the Coalition, as File > Passphrases
    keys it; its saved text; the keys."""
    gm = new_key(PASSES["gm"], FAST)
    pin = pin_of({"gm": gm[0]})
    keys = {"gm": gm, **{t: new_key(PASSES[t], FAST, t, pin) for t in ("alliance", "coalition")}}
    c = keyed(load_campaign(DEFAULT), keys)
    return c, dumps(c), keys


def refused(data, match, keyring=None):
    with pytest.raises(CampaignError, match=match) as e:
        parse_campaign(json.dumps(data), "camp.json", keyring)
    assert e.value.report().startswith("camp.json: ")
    return e.value.report()


def test_a_replaced_team_key_record_is_refused_naming_the_team(three):
    """The Alliance puts a key of its own as the Coalition's: the Coalition's secrets would be sealed to it."""
    _c, text, _keys = three
    data = json.loads(text)
    mine, _private = new_key("the alliance's own", FAST, "coalition")
    data["keys"]["coalition"] = mine.model_dump(exclude_none=True)
    refused(data, r"keys\['coalition'\]: the key record of Coalition is not the one the GM signed")


def test_a_flipped_bit_in_a_wrapped_key_is_refused(three):
    _c, text, _keys = three
    data = json.loads(text)
    raw = bytearray(base64.b64decode(data["keys"]["coalition"]["private"]))
    raw[20] ^= 4
    data["keys"]["coalition"]["private"] = base64.b64encode(raw).decode()
    refused(data, r"keys\['coalition'\]: the key record of Coalition is not the one the GM signed")


def test_a_lowered_work_factor_is_refused(three):
    _c, text, _keys = three
    data = json.loads(text)
    data["keys"]["coalition"]["log_n"] = FAST - 1
    report = refused(data, r"keys\['coalition'\]: the key record of Coalition is not the one the GM signed")
    assert f"2**{FAST - 1} is below the floor 2**{FAST}" in report


def test_an_added_or_removed_key_record_is_refused(three):
    _c, text, keys = three
    data = json.loads(text)
    data["keys"]["orions"] = keys["alliance"][0].model_dump(exclude_none=True)
    refused(data, r"keys\['orions'\]: a key record for Orion Pirates that the GM did not sign")
    data = json.loads(text)
    del data["keys"]["coalition"]
    refused(data, r"keys\['coalition'\]: the key record of Coalition is missing")


def test_a_replaced_gm_key_is_seen_by_every_team(three):
    """The Alliance replaces the GM's key with its own and signs the records with it: the
    signature verifies, but the Coalition's key holds the GM's real signing key."""
    from rules.model.key_book import signed_book
    from rules.model.seals import SealKey

    _c, text, _keys = three
    data = json.loads(text)
    fake, fake_private = new_key("the alliance's own", FAST)
    data["keys"]["gm"] = fake.model_dump(exclude_none=True)
    records = {n: SealKey.model_validate(k) for n, k in data["keys"].items()}
    data["key_book"] = signed_book(records, data["key_book"]["campaign"], fake_private).model_dump(exclude_none=True)
    path_text = json.dumps(data)
    coalition = Keyring()
    with pytest.raises(WrongPassphrase, match="the GM's key record is not the one the key of Coalition was made with"):
        coalition.add("coalition", unlock(records["coalition"], PASSES["coalition"], "Coalition", records))
    with pytest.raises(SealedError):  # the file itself reads as signed: only the keys' own parts tell
        parse_campaign(path_text, "camp.json")
    with pytest.raises(WrongPassphrase, match="not the passphrase of the GM"):
        unlock(records["gm"], PASSES["gm"], "the GM", records)


def test_a_dropped_blob_is_refused_never_read_as_no_secrets(three):
    c, text, keys = three
    data = json.loads(text)
    data["sealed"]["blobs"] = [b for b in data["sealed"]["blobs"] if b["to"] != ["alliance", "gm"]]
    refused(data, "the secrets sealed for Alliance or the GM are missing from the file")  # no passphrase needed
    # the GM's own part (secrets of Teams without a key) is named by every other part
    fleets = [f.model_copy(update={"units": list(f.units)}) for f in c.fleets]
    orion = next(i for i, f in enumerate(fleets) if f.power == "orion")
    fleets[orion].units[0] = fleets[orion].units[0].model_copy(update={"is_incidental": True})
    data = json.loads(dumps(c.model_copy(update={"fleets": fleets})))
    assert ["gm"] in [b["to"] for b in data["sealed"]["blobs"]]
    data["sealed"]["blobs"] = [b for b in data["sealed"]["blobs"] if b["to"] != ["gm"]]
    refused(data, "the secrets sealed for the GM are missing from the file", ring(keys, "alliance", "coalition"))


def test_a_blob_of_an_older_save_is_refused(three):
    """Rollback: the Coalition's part of an earlier save swapped into a later one."""
    c, text, keys = three
    later = json.loads(dumps(c))
    older = json.loads(text)
    assert later["sealed"]["save"] > older["sealed"]["save"]
    i = next(i for i, b in enumerate(later["sealed"]["blobs"]) if b["to"] == ["coalition", "gm"])
    later["sealed"]["blobs"][i] = next(b for b in older["sealed"]["blobs"] if b["to"] == ["coalition", "gm"])
    refused(later, r"the secrets sealed for Coalition or the GM come from an older save \(rolled back\)")
    later["sealed"]["blobs"][i]["save"] = later["sealed"]["save"]  # its number changed to fit: it no longer opens
    refused(later, "changed after they were saved", ring(keys, "gm"))


def _forge(data, keys, to, secrets):
    """A blob anyone can make from the file's public keys, as the save's own."""
    from rules.model.seals import SealKey, seal

    manifest = [b["to"] for b in data["sealed"]["blobs"]]
    plain = json.dumps({"with": manifest, "secrets": secrets}).encode()
    blob = seal(plain, {n: SealKey.model_validate(data["keys"][n]) for n in to}, data["key_book"]["campaign"],
                data["sealed"]["save"])
    i = next(i for i, b in enumerate(data["sealed"]["blobs"]) if b["to"] == to)
    data["sealed"]["blobs"][i] = blob.model_dump(exclude_none=True)


def test_a_forged_deep_blob_is_held_to_the_files_limits(three):
    _c, text, keys = three
    data = json.loads(text)
    deep: list = []
    for _ in range(300):
        deep = [deep]
    _forge(data, keys, ["alliance", "gm"], [[["battle_hexes"], deep]])
    refused(data, r"the secrets sealed for Alliance or the GM nest 30\d levels deep, more than a file may \(48\)",
            ring(keys, "gm"))


def test_a_forged_blob_cannot_write_what_is_not_its_holders_secret(three):
    _c, text, keys = three
    data = json.loads(text)
    _forge(data, keys, ["alliance", "gm"], [[["fleets", 0, "name"], "Renamed by the Alliance"]])
    refused(data, r"puts at fleets\[0\].name what is not a secret of theirs", ring(keys, "gm"))


def test_the_work_factor_floor_holds_for_files(three, monkeypatch):
    """The suite's keys cost 2**10 (tests/conftest.py); with the app's floor such a file is refused."""
    from rules.model import seals

    _c, text, keys = three
    monkeypatch.setattr(seals, "LOG_N", 17)
    refused(json.loads(text), r"keys.gm: log_n 10 is below the floor 17: a file cannot lower the cost")
    data = json.loads(text)
    data["keys"]["gm"]["log_n"] = 19
    refused(data, "keys.gm.log_n: input should be less than or equal to 18")
    with pytest.raises(ValueError, match="outside"):
        new_key(PASSES["gm"], FAST)


def test_a_file_sealed_before_issue_20_opens_and_is_upgraded_at_the_next_save(tmp_path):
    from rules.model import load_with_passphrases

    with pytest.raises(SealedError):
        load_campaign(LEGACY)
    c = load_with_passphrases(LEGACY, {"gm": "legacy game master"})
    assert c.log[-1].rule == "docs/SECRETS.md" and "sealed anew at the next save" in c.log[-1].text
    assert c.keys["gm"].v == 2 and c.keys["coalition"].v is None and c.key_book.signature is not None
    assert not [w for w in secret_words(c) if w in c.log[-1].text]
    path = tmp_path / "upgraded.json"
    save_campaign(c, path)
    data = json.loads(path.read_text())
    assert set(data["sealed"]) == {"campaign", "save", "blobs"} and data["keys"]["gm"]["log_n"] == FAST
    assert load_with_passphrases(path, {"gm": "legacy game master"}) == c  # nothing more to upgrade: no new entry
    both = load_with_passphrases(path, {"alliance": "legacy alliance", "coalition": "legacy coalition",
                                        "gm": "legacy game master"})
    assert {k.v for k in both.keys.values()} == {2} and "wrapped anew" in both.log[-1].text
    save_campaign(both, path)
    assert load_with_passphrases(path, {"alliance": "legacy alliance", "coalition": "legacy coalition"}) == both


def test_a_part_added_to_a_save_is_refused(three):
    """A forged part for the GM alone (the save had none): every other part names the save's parts."""
    from rules.model.seals import SealKey, seal

    _c, text, keys = three
    data = json.loads(text)
    assert ["gm"] not in [b["to"] for b in data["sealed"]["blobs"]]
    plain = json.dumps({"with": [b["to"] for b in data["sealed"]["blobs"]] + [["gm"]], "secrets": []}).encode()
    data["sealed"]["blobs"].append(seal(plain, {"gm": SealKey.model_validate(data["keys"]["gm"])},
                                        data["key_book"]["campaign"], data["sealed"]["save"]).model_dump(exclude_none=True))
    refused(data, r"a part sealed for the GM was not made by this save \(added to the file\)", ring(keys, "gm"))


def test_mutated_key_books_and_seal_headers_give_a_clear_error_never_a_traceback(three):
    import random

    _c, text, keys = three
    rng = random.Random(20)
    base = json.loads(text)
    odd = [None, 7, -1, 2**70, "", "AAAA", "0" * 32, [], {}, True, {"gm": "x"}, ["gm"]]
    refusals = 0
    for _ in range(300):
        data = json.loads(text)
        for _ in range(rng.randint(1, 2)):
            part = rng.choice(["key_book", "sealed"])
            field = rng.choice(sorted(base[part]))
            data[part][field] = rng.choice(odd)
        try:
            parse_campaign(json.dumps(data), "camp.json", ring(keys, "gm", "alliance", "coalition"))
        except CampaignError as e:
            assert e.report().startswith("camp.json: ")
            refusals += 1
    assert refusals == 300
