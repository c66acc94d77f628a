"""Seed 003's Electro-Pulse Gun (Minbari Electro-Magnetic Weaponry): "This weapon has no effect on
anything larger than an assault shuttle. If it hits a fighter or shuttle, however, the target is
automatically destroyed. No armor roll is necessary." The campaign format carried the class
(``electromagnetic``), but the engine fired it as a particle weapon: at ships, doing damage, and at
fighters with a damage die against their armor (found by HF's audit of issue 24)."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.model.b5 import B5Weapon
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import antifighter, fighters, fire
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5, flight
from tests.rules.systems.b5.test_firing import SET_UP
from tests.rules.systems.b5.test_flights import battle, play, toward
from tests.rules.systems.v13.helpers import AT, duel

EPG = {"name": "Electro-pulse gun", "cls": "electromagnetic", "shots": 3, "ranges": [20, 40, 60, 80],
       "fire_control": ["d8", "d8", "d10"], "damage": ["d6"], "x": 2, "anti_fighter": 2}
"""The tests' gun (the seed gives no numbers): long bands, so an enemy ship is in reach."""


def test_the_gun_destroys_a_fighter_it_hits_and_harms_no_ship():
    gun = B5Weapon.model_validate(EPG)
    assert not fire.hits_ships(gun) and fire.no_armor_roll(gun)
    particle = B5Weapon.model_validate(dict(EPG, cls="particle"))
    assert fire.hits_ships(particle) and not fire.no_armor_roll(particle)
    matter = B5Weapon.model_validate(dict(EPG, cls="matter", damage=[2]))
    assert fire.hits_ships(matter) and fire.no_armor_roll(matter)  # fixed points: no die either


def fight(faces):
    """test_fighters.fight's battle with B-FLAG's gun an Electro-pulse gun (AF 2): R-FL, six fighters,
    attacks B-FLAG in its hex in pulse 2."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[EPG]), b5("b-f2", "bflag")]
    fl = flight("r-fl", 6)
    fl["b5"]["flight"]["move"] = 99
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True), b5("r-f2", "rflag"), fl]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in [*SET_UP, "r-fl attack b-flag", "r-fl 2729"]:
        run.answer(a)
    return run


def test_anti_fighter_fire_of_the_gun_destroys_a_fighter_per_hit_with_no_armor_roll():
    """AF x2 at R-FL in B-FLAG's hex: d10 5 + sensor 5 hits Def 8, d10 1 misses: one hit, one fighter
    destroyed with no damage die (the next die, a 1, is the flight's attack roll; a particle weapon's
    damage d6 1 would not reach armor 3)."""
    run = fight([5, 1] + [1] * 20)
    run.answer("done")  # pulse 1: R-FL at 2729 (no ship in the gun's reach is offered: see below)
    run.answer("r-fl 1332")
    run.answer(fighters.FIGHTERS)
    run.answer("r-fl")
    assert antifighter.odds_at(run.engine, "b-flag", run.engine.data("b-flag").weapons[0], "r-fl", 2) == \
        "x2, d10 + sensor 5 needs 8: 4/5 a die; a fighter destroyed 4/5 a die"
    run.answer("b-flag")
    texts = [e.text for e in run.log.events]
    assert "B-FLAG's Electro-pulse gun (AF x2) at R-FL: d10 + sensor 5 needs 8: 1 hit; 1 fighter of R-FL " \
           "destroyed, 5 left" in texts, texts[-3:]
    assert fighters.left(run.engine, "r-fl") == 5
    assert not any("Electro-pulse gun anti-fighter damage" in r.purpose for r in run.engine.dice.history)


def test_the_gun_fires_at_flights_only_and_a_ship_named_is_refused_with_its_rule():
    """Pulse 1 of test_flights' battle with B-FLAG's gun reaching 80 hexes: Red's ships, 40-odd hexes
    off, are not offered, R-FL2 flying at it is; R-FLAG answered is refused with the gun's rule. A hit
    on the flight destroys a fighter with no damage die (d10 9 + 5 against Def 8 + 3 at long range)."""
    run = battle([9, 9] + [1] * 30, weapons=(EPG,))
    play(run, "b-fl superiority 1231", "FFF FF FFF", "r-fl attack b-flag; r-fl2 attack b-flag", "none")
    e = run.engine
    run.answer(f"launch r-fl; {toward(run, 'r-fl2', e.at['b-flag'])}")
    while not run.pending.key.startswith("b5/1/fire/") or "fire" not in run.pending.options:
        q = run.pending
        run.answer("done" if "/fire/" in q.key else "none" if "/fly/blue" in q.key else
                   "; ".join(toward(run, f, e.at["b-flag"]) for f in ("r-fl", "r-fl2")))
    run.answer("fire")
    run.answer("b-flag")
    assert run.pending.options == ("Electro-pulse gun",)
    run.answer("Electro-pulse gun")
    q = run.pending
    assert q.options and all(x.startswith("r-fl") for x in q.options), q.options  # flights, no ship
    with pytest.raises(IllegalAnswer) as refused:
        run.answer("r-flag")
    assert refused.value.rule == "B5 Electro-Pulse Gun"
    assert refused.value.message == "B-FLAG's Electro-pulse gun has no effect on R-FLAG: on nothing larger than an " \
                                    "assault shuttle"
    target = q.options[0]
    before = fighters.left(e, target)
    odds = run.question_odds()[e.units[target].unit.name]  # a hit is a kill: the two chances are one
    per_die = odds.split(" needs ")[1].split(": ")[1].split(" a die")[0]
    assert odds.endswith(f"; a fighter destroyed {per_die} a die"), odds
    run.answer(target)
    hits = sum(1 for r in e.dice.history if r.purpose == "Electro-pulse gun to hit" and r.total + 5 >= 8)
    assert hits and fighters.left(e, target) == before - hits
    assert not any(r.purpose == "Electro-pulse gun damage" for r in e.dice.history)
