"""A file with sealed secrets holds none readable (issue 23, H5): when a Team holds a passphrase
and the GM holds none, the secrets of the Teams that hold none (the Coalition's cloaked and
incidental units, the Orions') and the GM's own were written in plain JSON beside the
Alliance's sealed part, so the Alliance player, whose passphrase opens the rest of the file,
read them. Saving is refused now, naming whose secrets and saying to set the GM's passphrase;
nothing is written. With the GM's passphrase they are sealed for the GM; with no passphrase at
all, a hot-seat table's file stays readable as before."""
from __future__ import annotations

import json

import pytest

from rules.errors import RuleError
from rules.model import load_campaign, save_campaign
from rules.model.io import dumps
from rules.model.seals import GM, Keyring, new_key, pin_of
from rules.model.secrets import secrets_by_holder, with_key
from tests.conftest import DEFAULT

COALITION_HIDDEN = ("rom-kr-talon", "rom-spa-vaed", "rom-we-sith", "lyr-pdu-mane")
"""Cloaked Romulans (V13.29) and a Lyran incidental PDU (V13.03) of the default campaign."""


def alliance_only():
    c = load_campaign(DEFAULT)
    return with_key(c, "alliance", new_key("alliance passphrase", 10, holder="alliance")[0])


def test_a_team_s_key_without_the_gm_s_refuses_to_write_the_others_secrets_readable(tmp_path):
    c = alliance_only()
    with pytest.raises(RuleError) as e:
        dumps(c)
    assert e.value.rule == "Secrets (the GM's passphrase)"
    n = secrets_by_holder(c)
    assert n["coalition"] and n["orions"] and n[GM]
    assert e.value.message == (
        f"the GM holds no passphrase, so the secrets of Coalition ({n['coalition']}), Orion Pirates ({n['orions']}) "
        f"and the GM ({n[GM]}) would be written readable beside the sealed ones (a player holding the file would "
        "read them): set the GM's passphrase (File > Passphrases) to seal them for the GM; nothing was written")
    path = tmp_path / "c.json"
    path.write_text("the older save", encoding="utf-8")
    for compact in (False, True):  # the file and the autosave
        with pytest.raises(RuleError):
            save_campaign(c, path, compact=compact)
        assert path.read_text(encoding="utf-8") == "the older save"


def test_with_the_gm_s_key_they_are_sealed_for_the_gm():
    ring = Keyring()
    record, private = new_key("the gm passphrase", 10, holder=GM)
    ring.add(GM, private)
    c = with_key(load_campaign(DEFAULT), GM, record, ring)
    c = with_key(c, "alliance", new_key("alliance passphrase", 10, holder="alliance", pin=pin_of(c.keys))[0], ring)
    text = dumps(c)
    assert not [u for u in COALITION_HIDDEN if u in text]
    assert sorted(b["to"] for b in json.loads(text)["sealed"]["blobs"])[-1] == [GM]  # the Coalition's, the GM's


def test_nobody_holding_a_passphrase_keeps_the_table_s_file_readable():
    text = dumps(load_campaign(DEFAULT))
    assert all(u in text for u in COALITION_HIDDEN) and "sealed" not in json.loads(text)
