"""b5: the defender chooses which weapon a hit marks when several may (seed 003 Sample Damage
Resolution: "If the ship had several primary weapon systems, the defender would be allowed to
choose which weapon system to damage"): a question to the target's side, after all the shot's
dice are rolled; refused outside the weapons that may take it; resumed from (undo, reopen)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.b5 import damage
from rules.systems.b5.movement import pulse_moves
from tests.rules.battlehex.test_replay_points import counting
from tests.rules.systems.b5.test_firing import CANNON, LASER, fight

SHOT = ("fire", "b-flag", "Laser", "r-flag")
"""B-FLAG's Laser at R-FLAG, whose primary weapons are its Laser (x2) and Matter cannon (x1)."""
PRIMARY_HIT = [10, 1, 9, 4]
"""A hit, a miss; damage 9, severe and odd: a primary system and 2 structure; second die 4, even:
a primary weapon (the seed's Severe Hits)."""


def at_choice(faces=PRIMARY_HIT):
    run = fight(faces)
    for a in SHOT:
        run.answer(a)
    return run


def test_the_defender_chooses_which_primary_weapon_a_hit_marks():
    run = at_choice()
    q = run.pending
    red = run.engine.units["r-flag"].team
    assert q.key == "b5/1/mark" and q.to == red and q.rule == damage.RULE  # the target's side, not the GM
    assert "which weapon takes it? (the defender chooses)" in q.text and "R-FLAG's primary weapons" in q.text
    words = q.data["option_words"]
    assert [words[o] for o in q.options] == ["Laser (x2 left)", "Matter cannon (x1 left)"]
    assert words[q.default] == "Laser (x2 left)"  # proposed: the most 'x' left, as the engine marked before
    assert not any("R-FLAG's Laser (x2) at" in e.text or "B-FLAG's Laser (x2) at R-FLAG" in e.text
                   for e in run.log.events)  # nothing is marked or logged before the choice
    run.answer("Matter cannon")  # by its name (or its option)
    assert "B-FLAG's Laser (x2) at R-FLAG, extreme range, d10 + sensor 5+0 needs 15: 1 hit on armor 4: " \
           "severe (Matter cannon); 2 structure, 10 left" in [e.text for e in run.log.events]
    weapons = {w.name: w.x for w in run.engine.data("r-flag").weapons}
    assert weapons == {"Laser": 2, "Matter cannon": 0}  # the cannon destroyed, the laser whole
    assert run.pending.key.startswith("b5/1/fire/")


def test_a_weapon_that_may_not_take_the_hit_is_refused_naming_the_rule():
    run = at_choice()
    with pytest.raises(IllegalAnswer) as e:
        run.answer("Twin array")
    assert e.value.rule == damage.RULE and "answer one of" in str(e.value)
    assert run.pending.key == "b5/1/mark"


def test_one_weapon_that_may_take_it_asks_nothing():
    """B-FLAG has one primary weapon: R-FLAG's hit on it marks its Laser without a question."""
    run = fight(PRIMARY_HIT)
    for a in ("fire", "r-flag", "Laser", "b-flag"):
        run.answer(a)
    assert run.pending.key.startswith("b5/1/fire/")
    assert run.engine.data("b-flag").weapons[0].x == 1


def test_a_matter_weapons_points_all_mark_the_weapon_chosen():
    """R-FLAG's Matter cannon (12 points) at B-FLAG armed with two primaries: location d10 10 (a
    primary system, even: a primary weapon); the defender picks the Heavy laser for the first point,
    and the rest go to the same weapon while it has boxes (then to the other, then structure)."""
    heavy = dict(LASER, name="Heavy laser", x=3)
    run = fight([10, 10], laser=LASER)
    run.engine.units["b-flag"].unit.b5.weapons.append(type(run.engine.units["b-flag"].unit.b5.weapons[0])
                                                      .model_validate(heavy))
    for a in ("fire", "r-flag", "Matter cannon", "b-flag"):
        run.answer(a)
    q = run.pending
    assert q.key == "b5/1/mark" and [q.data["option_words"][o] for o in q.options] == \
        ["Heavy laser (x3 left)", "Laser (x2 left)"]
    run.answer("Heavy laser")
    text = next(e.text for e in run.log.events if "Matter cannon (x1) at B-FLAG" in e.text)
    assert "primary weapon: Heavy laser, Heavy laser, Heavy laser, Laser, Laser, structure" in text, text
    assert run.pending.key.startswith("b5/1/fire/")  # once the chosen one is gone, the only one left: no question


def seeded(c, seed: int, elint_orders=("offensive", "defensive", "none")):
    """A seeded battle to its end: the GM plots and fires three turns; ELINT orders from a list."""
    import random

    from rules.systems import start
    from tests.rules.systems.b5.test_random_b5 import answer_for
    from tests.rules.systems.v13.helpers import AT

    rng, run = random.Random(seed), start(c, AT)
    while run.pending is not None:
        q = run.pending
        a = "plot and move" if q.key.endswith("/turn") and run.engine.round <= 3 else "results" \
            if q.key.endswith("/turn") else "fire" if "/fire/" in q.key else rng.choice(elint_orders) \
            if "elint" in q.data else answer_for(run, q, rng)
        try:
            run.answer(a)
        except IllegalAnswer:
            run.answer({"gm_ruling": "at the board's edge",
                        "answer": " ".join("F" * n or "-" for n in pulse_moves(q.data["speed"]))})
    return run


def undo_everywhere(c, answers, monkeypatch) -> None:
    """Undo after every answer of the turns resumes from a checkpoint (no answer replayed), and
    the battle ends with a full replay's bytes."""
    from rules.battlehex import replay_points
    from rules.systems import start
    from tests.rules.systems.b5.test_b5_checkpoints import SETUP, reference
    from tests.rules.systems.v13.helpers import AT

    replay_points.SHELF.clear()
    run = start(c, AT)
    given = counting(monkeypatch)
    replayed = {}
    for a in answers[:-1]:
        q = run.pending
        run.answer(a)
        given.clear()
        run.undo(1)
        if given and not q.key.startswith(SETUP):
            replayed[q.key] = len(given)
        run.answer(a)
    assert not replayed, replayed
    run.answer(answers[-1])
    ref = reference(c, None, answers)
    assert run.events_json() == ref.events_json() and run.saved() == ref.saved()


def test_undo_at_the_choice_replays_nothing_and_gives_a_full_replays_bytes(monkeypatch):
    """A seeded battle whose ships carry two primary weapons: undo after every answer of its turns,
    the weapon choices included, resumes from a checkpoint with a full replay's bytes."""
    from rules.systems import start
    from tests.rules.systems.b5.helpers import ARRAY, PULSE, b5_campaign
    from tests.rules.systems.v13.helpers import AT

    second = dict(PULSE, name="Second pulse cannon")
    c = start(b5_campaign(4, armed=True, weapons=[ARRAY, PULSE, second]), AT).saved()
    run = seeded(c, 5)
    answers = list(run.answers)
    asked = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert sum(k.endswith("/mark") for k in asked) >= 2, asked
    undo_everywhere(c, answers, monkeypatch)
