"""``main.py battle --system sidcors``: the other battle systems headless, with the guarantees
of V13's (issue 12): the same seed and answers print the same bytes, an illegal answer exits
1 naming its rule, and a Team never sees the other Team's secret Battle Intensity."""
from __future__ import annotations

import json

from tests.test_main_cli import _run


def _sidcors(tmp_path, answers, *extra):
    f = tmp_path / "answers.json"
    f.write_text(json.dumps(answers), encoding="utf-8")
    viewer = () if "--viewer" in extra else ("--viewer", "gm")
    return _run("battle", "scenarios/default_campaign.json", "--hex", "0604", "--system", "sidcors", "--seed", "3",
                "--answers", str(f), *viewer, *extra)


def test_a_sidcors_round_headless_is_the_same_bytes_each_time(tmp_path):
    r = _sidcors(tmp_path, [3, 2])
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["system"] == "sidcors" and out["answers_used"] == 2 and out["seed"] == 3
    assert any(e["kind"] == "roll" for e in out["log"])
    assert out["next_question"]["key"].startswith("sidcors/1/")
    assert _sidcors(tmp_path, [3, 2]).stdout == r.stdout


def test_an_illegal_bif_exits_1_with_its_rule(tmp_path):
    r = _sidcors(tmp_path, [5])
    assert r.returncode == 1 and "answer 1 is illegal: SIDCORS" in r.stderr
    assert json.loads(r.stdout)["error"]["answer_index"] == 0


def test_a_team_does_not_see_the_other_teams_bif(tmp_path):
    r = _sidcors(tmp_path, [4], "--viewer", "alliance")
    out = json.loads(r.stdout)
    assert not [e for e in out["log"] if e["kind"] == "answer"]  # the Coalition's secret BIF
    assert out["next_question"]["to"] == "alliance"
    gm = json.loads(_sidcors(tmp_path, [4]).stdout)
    assert [e for e in gm["log"] if e["kind"] == "answer"]
