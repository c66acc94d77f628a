"""``python main.py turn`` on the seed 004 economy (issue 23): the empire phases played headless
from an answers file, an illegal answer exiting 1 with its rule and changing nothing, ``--out``
writing a campaign that ``--check`` accepts and that goes on where it stopped, and each Team seeing
only its own powers' economy."""
from __future__ import annotations

import json

from tests.test_main_cli import _run

ECONOMY = "scenarios/default_campaign.json"  # the shipped default runs the empire turn
FED_TDP = "Vanguard II (0207) 18"  # a line of the Federation's ledger
KLINGON_TDP = "Qo'noS Minor (1208) 21"


def _turn(tmp_path, answers, *extra, campaign=ECONOMY):
    f = tmp_path / "answers.json"
    f.write_text(json.dumps(answers), encoding="utf-8")
    return _run("turn", campaign, "--answers", str(f), *extra)


def test_income_and_tech_play_headless_and_go_on_from_the_file_written(tmp_path):
    out = tmp_path / "after.json"
    r = _turn(tmp_path, ["confirm", "end_phase", 10], "--out", str(out))
    assert r.returncode == 0, r.stderr
    shown = json.loads(r.stdout)
    assert (shown["turn"], shown["phase"], shown["answers_used"]) == (1, "tech", 3)
    assert shown["next_question"]["key"] == "tech/invest/kzinti"
    texts = [e["text"] for e in shown["log"]]
    assert any(FED_TDP in t and "Point Pool 0 to 21 4/5" in t for t in texts)
    assert any("United Federation of Planets invests 10 in research" in t for t in texts)
    assert _run("--check", str(out)).returncode == 0
    r = _turn(tmp_path, [19, 0, 14, 1, "end_phase"], campaign=str(out))
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["phase"] == "orders"


def test_an_illegal_investment_exits_1_naming_the_rule(tmp_path):
    r = _turn(tmp_path, ["confirm", "end_phase", 21])  # at most 20: 200% of the requirement 10
    assert r.returncode == 1
    shown = json.loads(r.stdout)
    assert shown["error"]["answer_index"] == 2 and shown["error"]["rule"] == "004 Tech Phase"
    assert shown["answers_used"] == 2 and shown["phase"] == "tech"


def test_a_team_sees_only_its_own_powers_economy(tmp_path):
    answers = ["confirm", "end_phase", 10]
    gm = json.dumps(json.loads(_turn(tmp_path, answers).stdout)["log"])
    coalition = json.dumps(json.loads(_turn(tmp_path, answers, "--viewer", "coalition").stdout)["log"])
    alliance = json.dumps(json.loads(_turn(tmp_path, answers, "--viewer", "alliance").stdout)["log"])
    assert FED_TDP in gm and KLINGON_TDP in gm
    assert FED_TDP not in coalition and "invests 10" not in coalition and KLINGON_TDP in coalition
    assert FED_TDP in alliance and "invests 10" in alliance and KLINGON_TDP not in alliance
    assert "Wild Space: Total Domestic Product" in gm and "Wild Space" not in alliance  # the GM's own power
