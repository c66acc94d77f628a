"""``python main.py turn --out``: a battle fought with a system other than V13 writes its results
to the campaign log under that system's own rule (issue 22: every result line, STCS's "Klothos
destroyed" among them, was tagged V13.01, V13's Tactical Combat Interface). The table system is
V13's interface fought with any game, so its lines keep V13.01."""
from __future__ import annotations

import json

import pytest

from rules.model import save_campaign
from tests.hand_kept import hand_kept_data
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.test_main_cli_b5 import MEETING
from tests.test_main_cli_stcs import GAME
from tests.test_main_cli_turn import IGNORES, _turn

SIDCORS_0604 = [2, 1, "kz-eff-1", "kz-aac-1", "lyr-ca-pride", True, True, "F", "B"]
"""A SIDCORS round at 0604: both sides retreat (found by random play, seed 1)."""
AFEF_0604 = [{}, ["kz-cv-claw", "kz-fs-1"],
             {"attacks": {"lyr-ca-pride": {"kz-aac-1": 4}, "lyr-dd-1": {"kz-eff-1": 3}}, "hold": []},
             {"attacks": {"kz-aac-1": {"lyr-ca-pride": 3}, "kz-eff-1": {"lyr-dd-1": 2}}},
             {"break_off": "attacker", "reason": "the Coalition leaves"}]
"""An AF/EF round at 0604, then the Coalition breaks off."""
TABLE_0604 = [["lyr-dd-1"], [], []]


def _default_with(tmp_path, system: str) -> str:
    data = hand_kept_data()
    data["settings"].update(combat_phase="v13", battle_system=system)
    path = tmp_path / f"{system}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _stcs_file(tmp_path, _system: str) -> str:
    path = tmp_path / "stcs.json"
    save_campaign(stcs_campaign(), path)
    return str(path)


@pytest.mark.parametrize("system, make, answers, rule, line", [
    ("sidcors", _default_with, [*IGNORES, {"battle": "0604", "answers": SIDCORS_0604}],
     "SIDCORS Combat in Rounds", "KHS Claw of Rrit retreated: next strategic move in direction B"),
    ("afef", _default_with, [*IGNORES, {"battle": "0604", "answers": AFEF_0604}],
     "AF/EF 4.2.e", None),
    ("b5", _default_with, [*IGNORES, {"battle": "0604", "answers": MEETING}],
     "B5 Check for Victory", "LSS Night Prowler destroyed"),
    ("stcs", _stcs_file, [{"battle": "0304", "answers": GAME}],
     "STCS Campaign Advancement", "Klothos destroyed"),
    ("table", _default_with, [*IGNORES, {"battle": "0604", "answers": TABLE_0604}],
     "V13.01", "LSS Night Prowler destroyed"),
])
def test_the_campaign_log_cites_the_systems_own_rule_for_its_results(tmp_path, system, make, answers, rule, line):
    out_file = tmp_path / "after.json"
    r = _turn(tmp_path, answers, "--out", str(out_file), campaign=make(tmp_path, system))
    assert r.returncode == 0, r.stderr
    log = json.loads(out_file.read_text(encoding="utf-8"))["log"]
    resolved = [e for e in log if " resolved: " in e["text"] and e["text"].startswith("Battle Hex ")]
    # one line, or its versions when it names a hidden unit (STCS's cloaked Bird of Prey: everyone's without it,
    # then the sides', each with whom it is for: rules/battlehex/results.result_lines)
    assert {e["rule"] for e in resolved} == {rule} and len({e["turn"] for e in resolved}) == 1, resolved
    assert len(resolved) == 1 or all(e.get("secret_of") for e in resolved[1:]), resolved
    results = log[log.index(resolved[0]):]
    assert all(e["rule"] == rule for e in results), [(e["rule"], e["text"]) for e in results]
    if line is not None:
        assert {"rule": rule, "text": line} in [{"rule": e["rule"], "text": e["text"]} for e in results]
