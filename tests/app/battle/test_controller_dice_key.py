"""Issue 25: an STCS battle the GM begins in the app gets a random secret key of its secret dice streams (the
cloak scan dice...), kept in its record (sealed for the GM alone in a keyed file), so a player holding the file
cannot recompute them from the plain seed; the battle goes on with the same key after a save and a reopen."""
from __future__ import annotations

import re

from rules.dice import DiceExpr, DiceRoller
from tests.app.gui import Answerer
from tests.app.systems.stcs.test_stcs_window import dialogs, hand_over
from tests.app.systems.stcs.opening import fight_stcs


def test_a_battle_begun_in_the_app_keys_its_secret_dice(qtbot, tmp_path) -> None:
    main, bw, path = fight_stcs(qtbot, tmp_path)
    answerer = Answerer(dialogs)
    hand_over(qtbot, bw, lambda: bw.b.pending is not None and bw.b.pending.key == "stcs/1/act")
    answerer.stop()
    rec = next(r for r in main.campaign.battle_hexes if str(r.at) == "0304")
    assert re.fullmatch(r"[0-9a-f]{64}", rec.dice_key) and rec.seed is not None
    assert bw.b.engine.dice.secret_key == rec.dice_key
    probe = DiceExpr(60, 10)
    assert bw.b.engine.dice._secret_faces(probe, "s") != DiceRoller(rec.seed)._secret_faces(probe, "s")
    main.save_action.trigger()  # File > Save, then the file opened again: the same key goes on
    bw.close()
    assert main.open_campaign(path)
    again = next(r for r in main.campaign.battle_hexes if str(r.at) == "0304")
    assert again.dice_key == rec.dice_key
    run = main.session.battle(again.at).run  # the battle rebuilt from the file's answers
    assert run.dice_key == rec.dice_key and run.engine.dice.secret_key == rec.dice_key
