"""An AF/EF battle's answers, attack plans nested three deep (``{"attacks": {unit: {target:
AF}}}``), pass the save check at a glance when a file is opened (issue 21 part 1: the walk of
each plan grew with the force, about a third of a cold reopen of a 300 v 300 battle); a plan a
glance cannot pass is still walked and refused by place."""
from __future__ import annotations

import json
from pathlib import Path

import main
from rules.model import json_value
from rules.model.io import save_campaign
from rules.systems import start
from tests.play.duel import AT, battle
from tests.play.random_battle import play_at_random


def test_attack_plans_are_checked_at_a_glance_and_an_odd_one_walked_and_refused(tmp_path: Path, monkeypatch,
                                                                                 capsys) -> None:
    c, g = battle(12, "afef")
    played = play_at_random(c, AT, "afef", 6, g, stubborn=1.0)
    run = start(played.campaign, AT, g)
    for a in played.answers[:-1]:
        run.answer(a)
    path = tmp_path / "afef.json"
    save_campaign(run.saved(), path)
    plans = [a for a in played.answers if isinstance(a, dict) and "attacks" in a]
    assert len(plans) >= 5 and any(isinstance(v, dict) for p in plans for v in p["attacks"].values())
    walked: list[object] = []
    walk = json_value.json_problem
    monkeypatch.setattr(json_value, "json_problem", lambda v, *a: walked.append(v) or walk(v, *a))
    assert main.main(["--check", str(path)]) == 0
    assert not [w for w in walked if isinstance(w, dict) and "attacks" in w], \
        f"{len(walked)} values walked, {sum(isinstance(w, dict) and 'attacks' in w for w in walked)} of them plans"
    data = json.loads(path.read_text(encoding="utf-8"))
    answers = data["battle_hexes"][0]["answers"]
    i = next(k for k, a in enumerate(answers) if isinstance(a, dict) and "attacks" in a)
    first = next(iter(answers[i]["attacks"]))
    answers[i]["attacks"][first] = {"\udc00": 1}  # a lone surrogate no save can write, three levels down
    path.write_text(json.dumps(data), encoding="utf-8")
    capsys.readouterr()
    assert main.main(["--check", str(path)]) == 1
    assert f"battle_hexes[0].answers[{i}].attacks" in capsys.readouterr().err
