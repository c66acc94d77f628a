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
