"""b5 flagship escorts (seed 003: "Flagship escorts must be deployed within 3 hexes of the
flagship"): they go with the flagship, an escort (no squadron) chooses its targets freely, and the
enemy targets them with the flagship's squadron, so they are bypassed like its ships (Target
Selection); a new flagship takes them."""
from __future__ import annotations

from rules.systems.b5.force import Squadron, force_of
from tests.rules.systems.b5.helpers import b5, ship
from tests.rules.systems.b5.test_abilities import battle
from tests.rules.systems.b5.test_firing import LASER
from tests.rules.systems.b5.test_pulses import ruled

BEFORE = {"b-flag": {"at": "1030", "facing": "C"}, "b-e1": "1330", "b-f2": "1031",
          "r-flag": ruled("3530", "F"), "r-f2": ruled("3531", "F"), "r-c2": ruled("3540", "F")}
"""B-E1, the escort, 3 hexes from B-FLAG towards Red (3 hexes nearer R-FLAG than B-FLAG)."""
BEHIND = dict(BEFORE, **{"b-e1": "0730"})
"""B-E1 3 hexes on the far side of B-FLAG from Red."""


def escorted(places=BEFORE, faces=(1,) * 60):
    """Blue: B-FLAG and B-F2 (squadron bflag) and B-E1, the flagship's escort; Red: R-FLAG and R-F2
    (squadron rflag) and R-C2 (squadron r2); every ship a laser; turn 1 plotted, pulse 1's fire."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER]),
            b5("b-f2", "bflag", weapons=[LASER]), b5("b-e1", escort=True, weapons=[LASER])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER]),
           b5("r-f2", "rflag", weapons=[LASER]), b5("r-c2", "r2", command=True, weapons=[LASER])]
    run = battle(blue, red, ["meeting engagement", "skirmish", "none", 5, 8], faces)
    while run.pending.key.startswith("b5/place/"):
        run.answer(places[run.pending.key.split("/")[2]])
    run.answer("plot and move")
    while "/plot/" in run.pending.key:
        run.answer(run.pending.default)
    return run


def need(run, firer: str, target: str) -> int:
    for a in ("fire", firer, "Laser"):
        run.answer(a)
    return int(run.question_odds()[target].split(" needs ")[1].split("+")[0])


def test_the_escorts_are_targeted_with_the_flagships_squadron():
    f = force_of("Blue", [("o1", "Omega", ship("flag", command=True, flagship=True)), ("a1", "Artemis", ship("flag")),
                          ("e1", "Escort", ship(escort=True)), ("h1", "Hyperion", ship("two", command=True))])
    assert f.squadron_of("e1") is None  # in no squadron: it fires freely
    assert f.target_group("e1") == f.target_group("o1") == Squadron("flag", "o1", ("a1", "e1"))
    assert f.target_group("h1") == Squadron("two", "h1", ())


def test_an_escort_nearer_the_firer_is_bypassed_to_hit_the_flagship():
    """Target Selection: "each ship that is bypassed ... creates a penalty of -1": B-E1 between
    R-FLAG and B-FLAG costs one; behind B-FLAG it costs nothing."""
    shielded, open_ = need(escorted(BEFORE), "r-flag", "B-FLAG"), need(escorted(BEHIND), "r-flag", "B-FLAG")
    assert shielded == open_ + 1, (shielded, open_)


def test_a_squadron_firing_at_the_flagship_may_fire_at_its_escorts_and_an_escort_fires_freely():
    run = escorted()
    for a in ("fire", "r-flag", "Laser", "b-flag", "fire", "r-f2", "Laser"):
        run.answer(a)
    assert set(run.pending.options) == {"b-flag", "b-f2", "b-e1"}  # squadron rflag's target: bflag and its escort
    run.answer("b-e1")
    for a in ("fire", "b-flag", "Laser", "r-flag", "fire", "b-f2", "Laser"):
        run.answer(a)
    assert set(run.pending.options) == {"r-flag", "r-f2"}  # squadron bflag's target: rflag
    run.answer("r-f2")
    for a in ("fire", "b-e1", "Laser"):
        run.answer(a)
    assert set(run.pending.options) == {"r-flag", "r-f2", "r-c2"}  # the escort chooses freely
    run.answer("r-c2")
    assert run.engine.aims["squadron bflag"] == "rflag"


def test_the_escorts_move_with_the_flagship():
    """The flagship's squadron's plot carries its escort along, in formation: after pulse 1 B-E1 is
    still 3 hexes from B-FLAG, both moved."""
    from rules.systems.b5.deploy import distance
    e = escorted().engine
    assert e.pulse == 1 and e.at["b-flag"] != BEFORE["b-flag"]["at"] and str(e.at["b-e1"]) != "1330"
    assert distance(e.at["b-flag"], e.at["b-e1"]) == 3
