"""``python main.py battle`` on a file whose Battle Hex holds answers its system refuses when they
are replayed (issue 19; such a file was written by the battle window before 003610e: V13
answers in a record naming no system under settings AF/EF): exit 1 naming the Battle Hex, the
system and the rule, never a traceback."""
from __future__ import annotations

from hexmap import Label
from rules.model import save_campaign
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.test_main_cli import _run
from tests.test_main_cli_began import QUIET
from tests.hand_kept import hand_kept

AT = Label.parse("0604")


def test_saved_answers_another_system_refuses_exit_1_without_a_traceback(tmp_path):
    c0 = hand_kept()
    c = end_movement(c0, build_graph(c0), QUIET).campaign
    rec = next(r for r in c.battle_hexes if r.at == AT and not r.resolved)
    c = c.model_copy(update={  # V13.21's "no withdrawal" (False), kept for a battle AF/EF now fights
        "settings": c.settings.model_copy(update={"battle_system": "afef"}),
        "battle_hexes": [r.model_copy(update={"answers": [False], "system": ""}) if r is rec else r
                         for r in c.battle_hexes]})
    path = tmp_path / "mismatch.json"
    save_campaign(c, path)
    r = _run("battle", str(path), "--hex", "0604", "--viewer", "gm")
    assert "Traceback" not in r.stderr, r.stderr
    assert r.returncode == 1 and "0604" in r.stderr and "AF/EF" in r.stderr, r.stderr
