"""Rule citations on the screens a player reads (issue 22), as the GM plays: the Battle Hexes list after End
Movement (its "Movement" lines were "004 Movement Phase: ...") and a battle's Weapon Status breakdown (its
modifier against a unit without Strategic Movement read "[V13.414 / A-29]", our design notes' numbering)."""
from __future__ import annotations

from tests.app.battle.test_window import main  # noqa: F401  (main: the fixture)
from tests.app.battle.to_placement import fight_to_placement
from tests.app.test_plain_text import SHOWN_CITATION


def test_the_battle_hexes_list_and_the_weapon_status_name_rules_a_player_can_look_up(main, qtbot):
    main.show_battle_hexes()  # what End Movement showed (Turn > Battle Hexes)
    listed = main._battle_dialog.browser.toPlainText()
    main._battle_dialog.close()
    assert "Movement Phase: " in listed and not SHOWN_CITATION.search(listed), listed
    # the Federation's Third Fleet against the Space Amoeba; the breakdown is shown to the Team that takes the screen
    bw = fight_to_placement(main, "0707", "0707")
    shown = bw.panel.ws_dialog.browser.toPlainText()
    assert "Space Amoeba) [V13.414]" in shown and not SHOWN_CITATION.search(shown), shown
