"""``python main.py turn`` where three or more Teams met in one sector (issue 19; walls found by
random play of generated campaigns, tests/strategies/campaigns.py): each meeting is answered by
its own name, a ruling settles only the meeting it names, and a meeting whose side an earlier
battle there removed is settled instead of offered (its battle could take no answer)."""
from __future__ import annotations

import json

from tests.rules.strategic.test_meetings import COALITION_V_CONCORD, DEMANDS, SEED2_BATTLES, SEED9_BATTLES
from tests.strategies.campaigns import campaign_data_from_seed
from tests.test_main_cli_turn import _turn


def _generated(tmp_path, seed: int) -> str:
    path = tmp_path / f"gen-{seed}.json"
    path.write_text(json.dumps(campaign_data_from_seed(seed)), encoding="utf-8")
    return str(path)


def _log(out: dict) -> list[str]:
    return [e["text"] for e in out["log"] if e["kind"] == "log"]


def test_after_the_first_battle_the_meeting_it_ended_is_settled_and_the_next_one_plays(tmp_path):
    """Seed 9, 0301: Coalition v Concord (League the third) leaves no Coalition unit; Coalition v
    League was still offered and its battle began over ("0 rounds"): every answer was refused."""
    gen = _generated(tmp_path, 9)
    fought = [*SEED9_BATTLES, {"battle": "0301 coalition v concord", "answers": COALITION_V_CONCORD}]
    r = _turn(tmp_path, fought, campaign=gen)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert "Battle Hex 0301 (Coalition v League) resolved: no units of Coalition remain" in _log(out)
    q = out["next_question"]
    assert q["options"] == ["0301", "0102 coalition v alliance", "0102 coalition v concord", "0102 concord v alliance"]
    assert q["data"]["sides"]["0301"] == "Concord v League"
    r2 = _turn(tmp_path, [*fought, {"battle": "0301", "answers": [1]}], "--out", str(tmp_path / "after.json"),
               campaign=gen)
    assert r2.returncode == 0, r2.stderr
    saved = json.loads((tmp_path / "after.json").read_text(encoding="utf-8"))
    assert [(b["attacker"], b["defender"], b.get("resolved", False), b.get("answers", []))
            for b in saved["battle_hexes"] if b["at"] == "0301"] == [("coalition", "concord", True, COALITION_V_CONCORD),
                                      ("coalition", "league", True, []), ("concord", "league", False, [1])]


def test_a_ruling_on_one_meeting_leaves_the_sector_s_other_meetings_to_fight(tmp_path):
    """Seed 2, 0803 (Coalition, Alliance, a monster): a ruling resolved every open meeting there,
    and the Coalition's Deep Space battle with the monster was never fought, silently."""
    gen = _generated(tmp_path, 2)
    r = _turn(tmp_path, [*SEED2_BATTLES, {"battle": "0803 alliance v gm", "ruling": "the monster moved on"}],
              campaign=gen)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["next_question"]["options"] == ["0803 coalition v alliance", "0803 coalition v gm", "0204", "0502"]
    assert _log(out)[-1] == "GM ruling: Battle Hex 0803 (Alliance v Wild Space (GM)) resolved: the monster moved on"


def test_the_battle_question_names_each_meeting_once_and_the_sector_alone_is_refused_where_several_are_open(
        tmp_path):
    """Seed 30: options were [0507, 0308 x6, 0307]; {"battle": "0308"} always took the first."""
    gen = _generated(tmp_path, 30)
    # Concord ignores the Alliance's sub-light monitor at 0507 (V13.18): no meeting there (test_encounter_ignored.py)
    reach = ["end_movement", True, "end_phase", *DEMANDS * 7, "end_phase"]
    r = _turn(tmp_path, reach, campaign=gen)
    assert r.returncode == 0, r.stderr
    options = json.loads(r.stdout)["next_question"]["options"]
    assert len(options) == len(set(options)) == 7 and "0308 concord v gm" in options
    refused = _turn(tmp_path, [*reach, {"battle": "0308", "ruling": "x"}], campaign=gen)
    assert refused.returncode == 1
    error = json.loads(refused.stdout)["error"]
    assert error["answer_index"] == len(reach) and "6 meetings are open at 0308: name one" in error["message"]
    ok = _turn(tmp_path, [*reach, {"battle": "0308 concord v gm", "ruling": "settled by treaty"},
                          {"battle": "0307", "ruling": "fought at the table"}], campaign=gen)
    assert ok.returncode == 0, ok.stderr
    left = json.loads(ok.stdout)["next_question"]["options"]
    assert "0308 concord v gm" not in left and "0307" not in left and len(left) == 5
