"""The secret choices of V13.723 (Pursuit Force, Rear Guard) are sealed in the saved file for
the Team that made them; that Team's key replays the battle byte for byte (issue 11)."""
from __future__ import annotations

import json

import pytest

from rules.systems.v13.procedure import BattleProcedure
from rules.dice import ScriptedDice
from rules.model import load_campaign, save_campaign
from rules.model.io import SealedError
from rules.model.seals import Keyring, new_key
from tests.rules.systems.v13.helpers import AT, unit
from tests.rules.systems.v13.test_combat import WS, fight

FACES = [3, 3]


def at_the_rear_guard():
    """Blue has pursued and chosen its Pursuit Force in secret; Red is to choose its Rear Guard."""
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2103", "2104"), red=[unit("r1"), unit("r2"), unit("r3")],
              red_at=("2140", "2141", "2142"), faces=FACES)
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)  # unopposed
    b.answer(True)  # Blue pursues
    b.answer(["b2"])  # the Pursuit Force, in secret
    assert b.pending.key == "V13.722/rear_guard"
    return b


def test_the_procedure_knows_which_answers_were_secret_v13_723():
    b = at_the_rear_guard()
    force = len(b.answers) - 1
    assert b.secret_answers() == {str(force): "blue"}
    b.answer(["r1"])
    assert b.secret_answers() == {str(force): "blue", str(force + 1): "red"}
    b.undo(2)  # taken back: no longer a secret of the record
    assert b.secret_answers() == {}
    assert b.saved().battle_hexes[0].secret_answers == {}


def test_the_saved_file_hides_the_pursuit_force_and_blue_replays_it(tmp_path):
    b = at_the_rear_guard()
    record, private = new_key("blue's passphrase", 10)
    c = b.saved()
    c = c.model_copy(update={"keys": {"blue": record}})
    path = tmp_path / "camp.json"
    save_campaign(c, path)
    text = path.read_text()
    stored = json.loads(text)["battle_hexes"][0]
    assert stored["secret_answers"] == {str(len(b.answers) - 1): "blue"}
    assert len(stored["answers"]) == len(b.answers) - 1 and ["b2"] not in stored["answers"]
    assert '"b2"]' not in text and "Pursuit Force" not in text
    with pytest.raises(SealedError, match="sealed for Blue"):
        load_campaign(path)
    ring = Keyring()
    ring.add("blue", private)
    loaded = load_campaign(path, ring)
    assert loaded == c
    replay = BattleProcedure(loaded, AT, dice=lambda _seed: ScriptedDice(WS + FACES))
    assert replay.events_json() == b.events_json() and replay.pending.key == "V13.722/rear_guard"
