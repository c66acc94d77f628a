"""A battle's answers are checked in one call when every one of them is plain (rules.model.json_value.JsonList,
issue 21: one call per answer was 3 ms of a cold reopen at 5,000), and one odd answer among thousands of plain
ones still sends the list through the check of each value: the file is refused naming the file and the answer's
place, as before."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.model import CampaignError, load_campaign

ROOT = Path(__file__).resolve().parents[3]
PLAIN = 3000


def _file(tmp_path: Path, odd: object | None, at: int = 1234) -> Path:
    data = json.loads((ROOT / "scenarios" / "default_campaign.json").read_text(encoding="utf-8"))
    answers: list[object] = [{"clock": 1, "by": "gm"}, [False, None], "gm"] * (PLAIN // 3)
    if odd is not None:
        answers[at] = odd
    data["battle_hexes"] = [{"at": "0604", "turn": 1, "attacker": data["teams"][0]["id"],
                             "defender": data["teams"][1]["id"], "resolved": True, "resolution": "ruled",
                             "seed": 7, "answers": answers}]
    path = tmp_path / "c.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def _refused(path: Path) -> str:
    with pytest.raises(CampaignError) as e:
        load_campaign(path)
    return e.value.report()


def test_plain_answers_are_read_whole_and_kept_apart_from_the_file_data(tmp_path: Path) -> None:
    c = load_campaign(_file(tmp_path, None))
    answers = c.battle_hexes[0].answers
    assert len(answers) == PLAIN and answers[:3] == [{"clock": 1, "by": "gm"}, [False, None], "gm"]


def test_an_infinite_number_among_plain_answers_is_refused_naming_its_place(tmp_path: Path) -> None:
    path = _file(tmp_path, {"range": 1.0})
    path.write_text(path.read_text(encoding="utf-8").replace('"range": 1.0', '"range": 1e400'), encoding="utf-8")
    report = _refused(path)
    assert "c.json: battle_hexes[0].answers[1234]" in report and "range" in report and "1e308" in report, report


def test_a_number_too_long_among_plain_answers_is_refused_naming_its_place(tmp_path: Path) -> None:
    report = _refused(_file(tmp_path, {"n": 10 ** 4250}))
    assert "c.json: battle_hexes[0].answers[1234]" in report and "too long to save" in report, report


def test_an_answer_nested_too_deeply_among_plain_answers_is_refused_naming_its_place(tmp_path: Path) -> None:
    deep: object = 1
    for _ in range(33):
        deep = [deep]
    report = _refused(_file(tmp_path, {"to": deep}, at=2999))
    assert "c.json: battle_hexes[0].answers[2999]" in report and "nested too deeply" in report, report


def test_a_key_past_ascii_among_plain_answers_passes_the_check_of_each_value(tmp_path: Path) -> None:
    c = load_campaign(_file(tmp_path, {"caf\u00e9": "\u00e9t\u00e9"}))
    assert c.battle_hexes[0].answers[1234] == {"caf\u00e9": "\u00e9t\u00e9"}
