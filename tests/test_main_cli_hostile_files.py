"""Hostile files given to the headless commands (the guide: bad input gets a clear message naming the file and
the field or the rule, nothing half-applied). A file that is not UTF-8 (here Latin-1's "é", byte 0xe9) was
refused as "turn: 'utf-8' codec can't decode byte 0xe9 ..." without the file's name for ``--answers`` (turn,
battle, orders), ``--lists`` and ``--dice-key``; now each names the file, says it is not UTF-8 text and where."""
from __future__ import annotations

import json

import pytest

from main import main
from rules.model import CampaignError, load_campaign
from tests.conftest import DEFAULT

LATIN1 = '["confirm", "caf\u00e9"]'.encode("latin-1")
"""An answers file saved as Latin-1: its "é" is the byte 0xe9 at offset 16, not UTF-8."""


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "K.json").write_bytes(DEFAULT.read_bytes())
    (tmp_path / "latin1.json").write_bytes(LATIN1)
    (tmp_path / "ok.json").write_text("[]", encoding="utf-8")
    (tmp_path / "pass.txt").write_text("secret\n", encoding="utf-8")
    return tmp_path


def _refused(folder, capsys, argv: list[str], prog: str, name: str = "latin1.json") -> None:
    before = sorted(p.name for p in folder.iterdir())
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert f"{prog}: {folder / name}: not UTF-8 text (byte 0xe9 at offset 16 is not UTF-8" in err, err
    assert "codec" not in err and "Traceback" not in err
    assert sorted(p.name for p in folder.iterdir()) == before  # no file written


def test_answers_not_utf8_are_refused_naming_the_file(folder, capsys):
    camp, bad = str(folder / "K.json"), str(folder / "latin1.json")
    _refused(folder, capsys, ["turn", camp, "--answers", bad, "--out", str(folder / "o.json")], "turn")
    _refused(folder, capsys, ["battle", camp, "--hex", "0509", "--viewer", "gm", "--answers", bad], "battle")
    _refused(folder, capsys, ["orders", camp, "--power", "fed", "--answers", bad, "--passphrase",
                              f"fed={folder / 'pass.txt'}", "--out", str(folder / "o.json")], "orders")


def test_lists_not_utf8_are_refused_naming_the_file(folder, capsys):
    _refused(folder, capsys, ["unit-lists", str(folder / "K.json"), "--lists", str(folder / "latin1.json"),
                              "--out", str(folder / "o.json")], "unit-lists")


def test_a_dice_key_file_not_utf8_is_refused_naming_the_file(folder, capsys):
    (folder / "key.txt").write_bytes(b"ab" * 8 + b"\xe9" + b"c" * 47 + b"\n")
    camp = str(folder / "K.json")
    _refused(folder, capsys, ["turn", camp, "--answers", str(folder / "ok.json"), "--dice-key", str(folder / "key.txt"),
                              "--out", str(folder / "o.json")], "turn", "key.txt")
    _refused(folder, capsys, ["battle", camp, "--hex", "0509", "--viewer", "gm", "--answers", str(folder / "ok.json"),
                              "--dice-key", str(folder / "key.txt")], "battle", "key.txt")


def test_a_campaign_not_utf8_is_refused_naming_the_file(folder, capsys):
    (folder / "C.json").write_bytes(DEFAULT.read_bytes().replace(b'"format"', b'"f\xe9rmat"', 1))
    assert main(["--check", str(folder / "C.json")]) != 0
    err = capsys.readouterr()
    text = err.out + err.err
    assert f"{folder / 'C.json'}" in text and "not UTF-8 text (byte 0xe9 at offset" in text and "codec" not in text, text


def test_a_seed_beyond_the_bound_is_refused_at_the_command_line_and_no_file_written(folder, capsys):
    """``turn --seed 10**29 --out o.json`` exited 0 and wrote a file that ``--check`` then refused ("dice_seed ...
    <= 4294967296"); ``battle --seed`` took a seed no battle record holds. Both refuse it naming the bound."""
    camp, ok, out = str(folder / "K.json"), str(folder / "ok.json"), folder / "o.json"
    for seed in (str(2**32 + 1), str(-(2**32) - 1), "100000000000000000000000000000"):
        assert main(["turn", camp, "--answers", ok, "--seed", seed, "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert f"argument --seed: {seed}: a seed lies between -4294967296 and 4294967296" in err, err
        assert not out.exists()
    assert main(["turn", camp, "--answers", ok, "--seed", str(-(2**32)), "--out", str(out)]) == 0  # the bound itself
    assert load_campaign(out).dice_seed == -(2**32) and main(["--check", str(out)]) == 0
    battle = ["battle", camp, "--hex", "0509", "--viewer", "gm", "--seed"]
    assert main([*battle, str(2**63)]) == 2
    assert f"{2**63}: a seed lies between -{2**63 - 1} and {2**63 - 1}" in capsys.readouterr().err
    assert main([*battle, str(2**63 - 1)]) == 0
    assert json.loads(capsys.readouterr().out)["seed"] == 2**63 - 1


def test_a_key_given_twice_is_refused_naming_the_file_and_the_key(folder, capsys):
    """A campaign or answers file naming "phase" twice in one object was accepted, the last value winning and the
    first lost unseen; now the file is refused naming the file and the key, nothing written."""
    text = DEFAULT.read_text(encoding="utf-8")
    assert text.count('"phase": "income"') == 1
    (folder / "C.json").write_text(text.replace('"phase": "income"', '"phase": "income", "phase": "movement"'),
                                   encoding="utf-8")
    with pytest.raises(CampaignError) as e:
        load_campaign(folder / "C.json")
    assert e.value.report() == (f"{folder / 'C.json'}: the key 'phase' appears twice in one object (a key may appear "
                                "once; the first value would be lost)")
    assert main(["--check", str(folder / "C.json")]) != 0
    got = capsys.readouterr()
    assert f"{folder / 'C.json'}: the key 'phase' appears twice" in got.out + got.err
    camp, out = str(folder / "K.json"), folder / "o.json"
    (folder / "twice.json").write_text('{"answers": [], "answers": ["confirm"]}', encoding="utf-8")
    for argv in (["turn", camp, "--answers", str(folder / "twice.json"), "--out", str(out)],
                 ["battle", camp, "--hex", "0509", "--viewer", "gm", "--answers", str(folder / "twice.json")],
                 ["unit-lists", camp, "--lists", str(folder / "twice.json"), "--out", str(out)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert f"{argv[0]}: {folder / 'twice.json'}: the key 'answers' appears twice in one object" in err, err
        assert not out.exists()
