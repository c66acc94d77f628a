"""A Team copy edited by its player to claim the GM's seat or another Team's secrets is refused
when opened, with a message naming the file and the field (issue 23, H5).

The hole found: a copy whose ``team_copy`` mark was simply taken out opened as the campaign's own
file (every menu of the GM's seat: End Phase, GM Ruling, Save...), because the mark was all that
said "copy" and a file with no mark is checked as any campaign. The GM now signs the copy's key
records for its Team (``key_book.copy_for``, covered by the book's signature), so a file with such
a book opens as that Team's copy or not at all."""
from __future__ import annotations

import json

import pytest

from rules.model.io import CampaignError, dumps
from rules.model.seals import unlock
from rules.model.team_copy import make_copy
from rules.opening import open_campaign_file
from tests.app.shell.test_sealed_orders_gui import PASSES, keyed

REFUSED = " (a Team copy opens only as the GM made it)"


@pytest.fixture(scope="module")
def made():
    c = keyed()
    gm = unlock(c.keys["gm"], PASSES["gm"], "the GM", c.keys)
    return json.loads(make_copy(c, "alliance", gm)), json.loads(dumps(c))  # the copy, and the GM's own file


def _opened(tmp_path, data, team="alliance"):
    path = tmp_path / "copy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return open_campaign_file(path, passphrases={team: PASSES[team]})


def _refusal(tmp_path, data, team="alliance") -> str:
    with pytest.raises(CampaignError) as e:
        _opened(tmp_path, data, team)
    return str(e.value)


def test_the_copy_as_made_opens_as_the_alliance_s_copy(made, tmp_path):
    c = _opened(tmp_path, made[0])
    assert c.team_copy is not None and c.team_copy.team == "alliance" and c.key_book.copy_for == "alliance"


def test_a_copy_without_its_mark_is_not_the_campaign_s_own_file(made, tmp_path):
    data = {k: v for k, v in made[0].items() if k != "team_copy"}
    assert _refusal(tmp_path, data) == (
        f"{tmp_path / 'copy.json'}: key_book: the GM signed these key records for the Team copy of 'alliance', and "
        "the file is no longer marked as a copy: a copy never opens as the campaign's own file: refused" + REFUSED)


def test_nor_is_it_once_the_book_s_copy_is_taken_out_too(made, tmp_path):
    data = {k: v for k, v in made[0].items() if k != "team_copy"}
    data["key_book"] = {k: v for k, v in data["key_book"].items() if k != "copy_for"}
    assert "key_book: the GM's signature does not match the list of key records" in _refusal(tmp_path, data)


@pytest.mark.parametrize("seat", ["gm", "coalition"])
def test_a_copy_marked_for_the_gm_or_another_team_is_refused(made, tmp_path, seat):
    data = json.loads(json.dumps(made[0]))
    data["team_copy"]["team"] = seat
    assert _refusal(tmp_path, data) == (
        f"{tmp_path / 'copy.json'}: team_copy: a Team copy holds the key records of the GM and of its Team "
        f"{seat!r} alone, this one ['alliance', 'gm']: refused" + REFUSED)


def test_another_team_s_key_record_or_sealed_part_put_in_is_refused(made, tmp_path):
    copy, gm_file = made
    data = json.loads(json.dumps(copy))
    data["keys"]["coalition"] = gm_file["keys"]["coalition"]
    assert _refusal(tmp_path, data).endswith(
        "copy.json: team_copy: a Team copy holds the key records of the GM and of its Team 'alliance' alone, this "
        "one ['alliance', 'coalition', 'gm']: refused" + REFUSED)
    data = json.loads(json.dumps(copy))
    data["sealed"]["blobs"] += [b for b in gm_file["sealed"]["blobs"] if "coalition" in b["to"]]
    assert _refusal(tmp_path, data).endswith(
        "copy.json: team_copy: the GM's signature does not match the copy: it was changed after the GM made it "
        "(units added or taken out, another Team or turn): refused" + REFUSED)
