"""Return at every question of a B5 battle (issue 24): the Return-only player (tests/play/pressed.py, fight with
``press``) answered any question with no default at random, so a question a person could answer only by typing
would have passed as played. Now the questions Return had no answer to are counted (``Fought.unpressed``), and a B5
question of any kind but a placement on the map with no default stops the play as a wall (``stuck``)."""
from __future__ import annotations

import dataclasses

from rules.systems.b5 import turns
from tests.rules.systems.b5.test_return_plays_on import _pressed_at_0604 as _fight_0604


def test_return_counts_only_the_placements_it_could_not_press_at_0604() -> None:
    f = _fight_0604(0)
    assert f.ended and not f.stuck and not f.error, (f.stuck, f.error)
    assert dict(f.unpressed) == {"b5/place": 6}, f.unpressed  # the six ships of 0604, dragged on the map


def test_a_b5_question_with_no_default_is_a_wall(monkeypatch) -> None:
    asked = turns.plot_question

    def no_default(*a, **kw):  # the plot bar opening empty, as before 22's defaults
        return dataclasses.replace(asked(*a, **kw), default=None)
    monkeypatch.setattr(turns, "plot_question", no_default)
    f = _fight_0604(0)
    assert f.stuck.startswith("b5/1/plot/") and "with no default, which Return cannot answer" in f.stuck, f.stuck
    assert f.unpressed["b5/1/plot"] == 1 and not f.ended
