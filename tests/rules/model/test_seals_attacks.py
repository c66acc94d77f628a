"""Sealed secrets against a player with the file in hand (issue 20): each change to the key
records or the sealed parts is refused with a message naming it; the scrypt floor holds for
files; main's format-1 files open and are upgraded at the next save."""
from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from rules.model import CampaignError, dumps, load_campaign, parse_campaign, save_campaign
from rules.model.io import SealedError
from rules.model.seals import Keyring, WrongPassphrase, new_key, pin_of, unlock
from tests.rules.model.test_seals import DEFAULT, FAST, keyed, ring, secret_words

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


def test_a_format_1_record_with_a_lowered_work_factor_is_refused():
    """Format 1 had no signature, but it was only ever written at 2^15."""
    data = json.loads(LEGACY.read_text())
    data["keys"]["coalition"]["log_n"] = 10
    refused(data, r"keys.coalition: log_n 10: a format-1 key record was written with 15")


def test_a_file_sealed_before_issue_20_opens_and_is_upgraded_at_the_next_save(tmp_path):
    from rules.model import load_with_passphrases

    with pytest.raises(SealedError):
        load_campaign(LEGACY)
    c = load_with_passphrases(LEGACY, {"gm": "legacy game master"})
    assert c.log[-1].rule == "Secrets" and "sealed anew at the next save" in c.log[-1].text
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

    c, _text, keys = three  # a save without the GM's own part: no economy of a Team holding no key (issue 23)
    data = json.loads(dumps(c.model_copy(update={"powers": [
        p if getattr(c.team_of_power(p.id), "id", None) in ("alliance", "coalition") else p.model_copy(
            update={"economy": None})
        for p in c.powers]})))
    assert ["gm"] not in [b["to"] for b in data["sealed"]["blobs"]]
    plain = json.dumps({"with": [b["to"] for b in data["sealed"]["blobs"]] + [["gm"]], "secrets": []}).encode()
    blob = seal(plain, {"gm": SealKey.model_validate(data["keys"]["gm"])}, data["key_book"]["campaign"],
                data["sealed"]["save"])
    data["sealed"]["blobs"].append(blob.model_dump(exclude_none=True))
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
