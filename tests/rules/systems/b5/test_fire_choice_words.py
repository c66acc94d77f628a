"""b5's pulse fire question in words (issue 22, real-screen pass at 0604 of the default campaign):
"does a ship fire (after the moves) or a flight attack a ship?" offered "done" and "Its fighters"
(the question dialog's words for SIDCORS' "at its fighters"). The engine names its options: a ship
fires, a flight attacks a ship."""
from __future__ import annotations

from rules.systems.b5 import fighters
from tests.rules.systems.b5.test_fighters import fight


def test_the_fire_question_names_a_flight_attacking_a_ship():
    run = fight([5, 1, 4, 8, 6, 2, 1] + [1] * 10)
    q = run.pending
    assert q.options == ("done", "fire", fighters.FIGHTERS)
    words = q.data["option_words"]
    assert words[fighters.FIGHTERS] == "a flight attacks a ship"
    assert words["fire"] == "a ship fires"
    run.answer(fighters.FIGHTERS)  # the answer is still the option itself
    assert run.pending.key == "b5/1/flight"
