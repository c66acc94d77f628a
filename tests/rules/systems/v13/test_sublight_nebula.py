"""V13.953 / V13.963: a unit lost in a nebula "becomes lost for 1d3 Strategic Turns, and after
that is treated as if it had evaded in Empty Space (see below)". The battle rolls the nebula and
the 1d3 only: the empty-space step (V13.958 -> V13.9580 or V13.940; V13.968 -> V13.9680) is
rolled by the campaign turn when the lost time is over (tests/rules/strategic/test_nebula_lost.py),
so the unit leaves the battle Lost, with ``lost_by`` naming the nebula rule."""
from __future__ import annotations

import pytest

from rules.battlehex.results import _apply_unit
from rules.battlehex.roster import BUnit, Role, Status
from rules.systems.v13.sublight import HexClass, Outcome, evasion_fate
from rules.dice import ScriptedDice
from rules.model.types import Terrain
from rules.model.units import Unit, UnitFate
from tests.rules.systems.v13.helpers import battle, duel, place, unit

N, H, FT = HexClass.NEUTRAL, HexClass.HOSTILE, HexClass.FRIENDLY_TERRAIN


def ship(navigator: int = 0, captain: int = 0) -> Unit:
    return Unit(id="u", name="U", size_class=3,
                officers={"captain": captain, "navigator": navigator, "helmsman": 0, "chief_engineer": 0})


def fate(unit, hex_class, faces):
    dice = ScriptedDice(faces)
    f = evasion_fate(unit, hex_class, Terrain.NEBULA, dice)
    assert dice._faces == [], f.steps  # no roll more, no roll less
    return f


@pytest.mark.parametrize("die", [1, 2, 3])
def test_v13_953_friendly_terrain_nebula_lost_turns_come_from_the_1d3_and_v13_940_waits(die):
    """V13.953 roll 4 (Navigator 0) in a Friendly Terrain Hex: lost for 1d3 Strategic Turns; the
    return to V13.940 (V13.958) comes after that, not at the end of the battle."""
    f = fate(ship(), FT, [4, die])
    assert f.outcome is Outcome.LOST and f.lost_turns == die
    assert (f.rule, f.lost_by) == ("V13.953", "V13.953") and not f.destroyed
    assert any("V13.953" in s and "V13.958" in s for s in f.steps)


@pytest.mark.parametrize(("hex_class", "navigator", "die", "result"), [
    # V13.953 (neutral): 1-3 escapes, 4 lost 1d3, 5-6 destroyed; Navigator 4 (root 2) takes 2 off
    (N, 0, 3, "escape"), (N, 0, 4, "lost"), (N, 0, 5, "destroyed"), (N, 0, 6, "destroyed"),
    (N, 4, 6, "lost"), (N, 4, 5, "escape"),
    # V13.963 (hostile): 1-2 escapes, 3-4 lost 1d3, 5 or more destroyed
    (H, 0, 2, "escape"), (H, 0, 3, "lost"), (H, 0, 4, "lost"), (H, 0, 5, "destroyed"),
    (H, 1, 5, "lost"), (H, 1, 3, "escape"),
    # friendly terrain uses the V13.95x set
    (FT, 0, 3, "escape"), (FT, 0, 4, "lost"), (FT, 0, 5, "destroyed"),
])
def test_nebula_bands_v13_953_963(hex_class, navigator, die, result):
    faces = [die]
    if result == "lost":
        faces += [3]  # 1d3 = 3 Strategic Turns, and nothing more now
    if result == "escape" and hex_class is not FT:
        faces += [1]  # an escape goes on to V13.958 / V13.968 at once: adjusted 1 -> locatable
    f = fate(ship(navigator=navigator), hex_class, faces)
    want = {"escape": Outcome.FRIENDLY_HEX if hex_class is FT else Outcome.LOCATABLE,
            "lost": Outcome.LOST, "destroyed": Outcome.DESTROYED}[result]
    assert f.outcome is want, f.steps
    assert f.lost_turns == (3 if result == "lost" else 0)
    rule = "V13.963" if hex_class is H else "V13.953"
    assert f.lost_by == (rule if result == "lost" else None)


@pytest.mark.parametrize(("hex_class", "nebula_die", "rule", "then"), [(N, 4, "V13.953", "V13.958"),
                                                                       (H, 3, "V13.963", "V13.968")])
def test_lost_in_a_nebula_rolls_no_empty_space_table_at_the_end_of_the_battle(hex_class, nebula_die, rule, then):
    """V13.953 / V13.963: lost first; V13.9580 / V13.9680 only after the 1d3 Strategic Turns. The
    battle rolls two dice (the nebula, the 1d3), not the Captain's empty-space roll."""
    dice = ScriptedDice([nebula_die, 2])
    f = evasion_fate(ship(), hex_class, Terrain.NEBULA, dice)
    assert (f.outcome, f.rule, f.lost_turns, f.lost_by) == (Outcome.LOST, rule, 2, rule)
    assert [r.rule for r in dice.history] == [rule, rule]
    assert not any(r.purpose == "Empty Space" for r in dice.history)
    assert any(then in s for s in f.steps)


@pytest.mark.parametrize("lost_by", ["V13.953", "V13.963"])
def test_the_write_back_records_the_nebula_rule_in_lost_by(lost_by):
    """The campaign unit keeps the rule that made it Lost, so the campaign turn knows the
    empty-space step is still to come (V13.953 / V13.963)."""
    u = ship()
    b = BUnit(u, "blue", Role.DEFENDER, "f", status=Status.EVADED, outcome=Outcome.LOST.name, lost_turns=2,
              lost_by=lost_by)
    _apply_unit(u, b)
    assert (u.fate, u.lost_turns_remaining, u.lost_by) == (UnitFate.LOST, 2, lost_by)
    assert u.warp_engines_dropped and not u.destroyed and not u.captured


def test_an_empty_space_loss_is_still_v13_91x():
    """V13.9580 row 2 (Captain 0, die 2): lost 1d3, then locatable: ``lost_by`` V13.91x."""
    f = evasion_fate(ship(), N, Terrain.NONE, ScriptedDice([2, 3]))
    assert (f.outcome, f.rule, f.lost_turns, f.lost_by) == (Outcome.LOST, "V13.9580", 3, "V13.91x")


def test_a_battle_in_a_neutral_nebula_leaves_the_evader_lost_by_v13_953_in_the_campaign():
    """End to end: Red's r1 evades at sub-light in a neutral nebula (0304), rolls 4 (Navigator
    0): lost 1d3 = 2 Strategic Turns. The saved campaign has it Lost by V13.953 for 2 turns, and
    no empty-space die was asked for (the script holds none)."""
    answers: list = [False, 0, 0, 30, 30, place("b1", "2103", "D"), place("r1", "2140", "A"), place("r2", "2141"),
                     "2115"]
    c = duel([unit("b1")], [unit("r1"), unit("r2")], sectors={"0304": {"terrain": "nebula"}})
    b = battle(c, answers=tuple(answers), faces=[1, 1, 1, 1, 4, 2])
    b.answer({"declare": "r1"})
    b.answer(True)
    b.answer("sub-light evasion")
    b.answer({"mark": "r2", "status": "destroyed"})
    assert b.done
    r1 = next(x for f in b.saved().fleets for x in f.units if x.id == "r1")
    assert (r1.fate, r1.lost_turns_remaining, r1.lost_by) == (UnitFate.LOST, 2, "V13.953")
