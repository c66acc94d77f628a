"""A key named twice in one object is refused inside sealed secrets and Team copies too (issue 22, hostile files).

The campaign file refuses ``{"phase": ..., "phase": ...}`` naming the file and the key (rules.model.io, with
rules.model.json_value.unique_keys), but the secrets sealed inside it were read with a plain ``json.loads``: the
last value won, the first was lost unseen. Sealing needs only the file's public keys, so anyone holding the file
could add such a part. Now the sealed part is read with the same hook and refused naming the file, the part and
the key; a Team copy's mark is peeked at with it too."""
from __future__ import annotations

import json

from rules.model.seals import SealedBlob, SealKey, open_blob, seal
from rules.model.team_copy import peek
from tests.rules.model.test_seals import ring
from tests.rules.model.test_seals_attacks import refused, three  # noqa: F401  (three: the fixture)


def test_a_sealed_part_naming_a_key_twice_is_refused_naming_the_file_and_the_key(three):  # noqa: F811
    _c, text, keys = three
    data = json.loads(text)
    i = next(i for i, b in enumerate(data["sealed"]["blobs"]) if b["to"] == ["alliance", "gm"])
    plain = open_blob(SealedBlob.model_validate(data["sealed"]["blobs"][i]), ring(keys, "gm"),
                      data["key_book"]["campaign"]).decode()
    assert plain.startswith("{") and json.loads(plain)["secrets"]  # the Alliance's own secrets, as the save wrote
    twice = '{"with": [], ' + plain[1:]  # "with" named twice: json.loads kept the second, the first lost unseen
    blob = seal(twice.encode(), {n: SealKey.model_validate(data["keys"][n]) for n in ("alliance", "gm")},
                data["key_book"]["campaign"], data["sealed"]["save"])
    data["sealed"]["blobs"][i] = blob.model_dump(exclude_none=True)
    said = refused(data, r"camp.json: sealed\[\d\]: in the secrets sealed for Alliance or the GM, the key 'with' "
                         r"appears twice in one object", ring(keys, "gm"))
    assert "refused" in said


def test_a_team_copy_mark_named_twice_is_no_mark(tmp_path):
    """``peek`` read the last of two ``team_copy`` marks; the file is no Team copy to peek at (opening it refuses
    it naming the file and the key, as every campaign file)."""
    f = tmp_path / "copy.json"
    f.write_text('{"team_copy": {"team": "alliance", "turn": 1, "signature": "x"}, "team_copy": '
                 '{"team": "coalition", "turn": 1, "signature": "x"}}', encoding="utf-8")
    assert peek(f) is None
    f.write_text('{"team_copy": {"team": "coalition", "turn": 1, "signature": "x"}}', encoding="utf-8")
    assert peek(f) is not None and peek(f).team == "coalition"
