"""Exits from the floating map (V13.81x, A-16, A-53, A-54), the V13.632 counter, the Pursuit
Roll (T5), pursuit after a disorganized withdrawal (V13.834), crippled Rear Guard units (T6)
and the destination of a disorganized withdrawal (T7)."""
from __future__ import annotations

import pytest

from hexmap import Facing, Hex, MapWindow
from rules.systems.v13.exits import (
    ExitKind,
    ThroughEnemyCounter,
    absolute_impulse,
    classify_exit,
    sides_crossed,
)
from rules.systems.v13.pursuit import crippled_rear_guard, disorganized_destination, pursuit_force_count, pursuit_roll
from rules.dice import ScriptedDice
from rules.model.units import Unit

W = MapWindow()
C = W.hex_at("2115")
F = Facing


def at(label: str) -> Hex:
    return W.hex_at(label)


def test_sides_of_the_legal_region_v13_813():
    assert sides_crossed(C, at("(62,15)")) == frozenset()
    assert sides_crossed(C, at("(63,15)")) == {"right"}
    assert sides_crossed(C, at("(-21,15)")) == {"left"}
    assert sides_crossed(C, at("(21,45)")) == {"bottom"}
    assert sides_crossed(C, at("(21,-15)")) == {"top"}
    assert sides_crossed(C, at("(63,-30)")) == {"right", "top"}  # a corner counts as both


@pytest.mark.parametrize(("role", "facing", "where", "kind"), [
    # the matrix's V13.813 example: original centre 2115, attacker with DoD C leaves at (63,15)
    ("attacker", F.C, "(63,15)", ExitKind.DISENGAGED),
    ("attacker", F.B, "(63,15)", ExitKind.DISORGANIZED),
    # V13.513: DoD D, bottom border facing D organized, facing C disorganized
    ("attacker", F.D, "(21,45)", ExitKind.DISENGAGED),
    ("attacker", F.C, "(21,45)", ExitKind.DISORGANIZED),
    # V13.613: DoR A, top facing A organized; facing B disorganized
    ("defender", F.A, "(21,-15)", ExitKind.RETREATED),
    ("defender", F.B, "(21,-15)", ExitKind.DISORGANIZED),
    # the right facing across the wrong border is disorganized (A-16)
    ("defender", F.A, "(21,45)", ExitKind.DISORGANIZED),
])
def test_organized_or_disorganized_a_16(role, facing, where, kind):
    dod, dor = (F.C if where == "(63,15)" else F.D), F.A
    sides = sides_crossed(C, at(where))
    assert classify_exit(role, facing, sides, dod=dod, dor=dor).kind is kind


@pytest.mark.parametrize(("facing", "border"), [(F.A, "top"), (F.B, "top"), (F.B, "right"), (F.C, "right"),
                                               (F.C, "bottom"), (F.D, "bottom"), (F.E, "bottom"), (F.E, "left"),
                                               (F.F, "left"), (F.F, "top")])
def test_every_facing_leaves_by_its_borders(facing, border):
    e = classify_exit("attacker", facing, frozenset({border}), dod=facing, dor=facing.opposite)
    assert e.kind is ExitKind.DISENGAGED
    other = next(b for b in ("top", "right", "bottom", "left") if b not in
                 {"A": {"top"}, "B": {"top", "right"}, "C": {"right", "bottom"}, "D": {"bottom"},
                  "E": {"bottom", "left"}, "F": {"left", "top"}}[facing.name])
    assert classify_exit("attacker", facing, frozenset({other}), dod=facing, dor=facing.opposite).kind \
        is ExitKind.DISORGANIZED


def test_sublight_units_cannot_withdraw_in_disorder_a_53():
    e = classify_exit("defender", F.B, frozenset({"top"}), dod=F.D, dor=F.A, sublight=True)
    assert e.kind is ExitKind.BLOCKED and not e.left
    assert classify_exit("defender", F.A, frozenset({"top"}), dod=F.D, dor=F.A, sublight=True).kind \
        is ExitKind.RETREATED


def test_independent_orion_monster_alien_v13_453_474():
    assert classify_exit("independent", F.B, frozenset({"top"}), dod=F.D, dor=F.A).kind is ExitKind.ORION
    assert classify_exit("independent", F.A, frozenset({"top"}), dod=F.D, dor=F.A).kind is ExitKind.DISORGANIZED
    assert classify_exit("monster", F.B, frozenset({"left"}), dod=F.D, dor=F.A).kind is ExitKind.MONSTER
    assert classify_exit("alien", F.F, frozenset({"left"}), dod=F.D, dor=F.A, alien_initial=F.C).kind \
        is ExitKind.ALIEN
    assert classify_exit("alien", F.B, frozenset({"top"}), dod=F.D, dor=F.A, alien_initial=F.C).kind \
        is ExitKind.DISORGANIZED


def test_incidental_alternate_dor_v13_464():
    e = classify_exit("defender", F.C, frozenset({"right"}), dod=F.D, dor=F.A, alternate_dor=F.C)
    assert e.kind is ExitKind.RETREATED


def test_absolute_impulses_interpretations_11():
    assert absolute_impulse(12, 21) == 373 and absolute_impulse(15, 9) == 457


def test_through_enemy_counter_v13_632():
    kept = ThroughEnemyCounter()
    done = [kept.update(i, 12) for i in range(5, 37)]
    assert done[-1] and not any(done[:-1])  # impulses 5..36: completes at 36
    broken = ThroughEnemyCounter()
    for i in range(5, 20):
        broken.update(i, 12)
    assert not broken.update(20, 9) and broken.count == 0  # a dip to 9 resets
    results = {i: broken.update(i, 11) for i in range(21, 53)}
    assert results[52] and not results[51] and broken.completes_at == 52  # restarted at 21
    assert broken.mark() == "32/32"
    assert broken.words() == "V13.632: 32 of 32 impulses at 10+ hexes from every attacker"


def test_pursuit_roll_with_all_modifiers_t5():
    # 2d6 = 8; 5 vs 3 (-2); pursuer captain 1 (-1); defender captain 2 (+2) -> 7: fails (V13.747)
    r = pursuit_roll(ScriptedDice([4, 4]), pursuers=5, defenders=3, pursuer_captain=1, defender_captain=2)
    assert r.roll.total == 7 and not r.intercepted and r.rule == "V13.747"
    r = pursuit_roll(ScriptedDice([3, 4]), pursuers=5, defenders=3, pursuer_captain=1, defender_captain=2)
    assert r.roll.total == 6 and r.intercepted and r.rule == "V13.748"
    full = pursuit_roll(ScriptedDice([6, 6]), pursuers=3, defenders=5, sensors=True, rear_guard_turns=10,
                        pursuer_captain=3, defender_captain=2)
    assert [m.rule for m in full.roll.modifiers] == ["V13.743", "V13.744", "V13.745", "V13.746"]
    assert full.roll.total == 12 - 2 + 10 - 3 + 2  # no bonus for being outnumbered (V13.742)


@pytest.mark.parametrize(("delay", "auto", "late"), [(64, True, None), (65, False, 0), (84, False, 0),
                                                     (127, False, 0), (128, False, 1), (160, False, 2)])
def test_disorganized_pursuit_delay_v13_834(delay, auto, late):
    r = pursuit_roll(ScriptedDice([3, 3]), pursuers=1, defenders=1, delay=delay)
    assert r.automatic is auto
    if not auto:
        extra = [m.value for m in r.roll.modifiers if m.rule == "V13.834"]
        assert (extra[0] if extra else 0) == late


def test_seed_example_t12_i21_to_t15_i9_needs_a_roll_without_penalty():
    delay = absolute_impulse(15, 9) - absolute_impulse(12, 21)
    r = pursuit_roll(ScriptedDice([3, 3]), pursuers=1, defenders=1, delay=delay)
    assert delay == 84 and not r.automatic and r.roll.modifier_total == 0


def test_pursuit_force_count_a_37():
    units = [Unit(id="cv", name="CV"), Unit(id="f", name="F", carrier_id="cv"), Unit(id="x", name="X", crippled=True)]
    assert pursuit_force_count(units) == 1


def test_crippled_rear_guard_t6():
    nav4 = Unit(id="u", name="U", officers={"navigator": 4}, crew_units_normal=30)
    assert crippled_rear_guard(nav4, ScriptedDice([5])).rejoins  # 5 - 2 = 3
    lost = crippled_rear_guard(nav4, ScriptedDice([6, 3, 2, 4, 3, 4, 4]))  # 6 - 2 = 4
    assert (lost.lost_turns, lost.hexes, lost.direction, lost.internal_hits, lost.crew_lost) == (3, 2, F.D, 11, 6)
    monitor = Unit(id="m", name="M", native_sublight=True, crew_units_normal=10)
    stay = crippled_rear_guard(monitor, ScriptedDice([6, 2, 1, 1, 1]))
    assert stay.same_hex and stay.hexes == 0 and stay.crew_lost == 2


@pytest.mark.parametrize(("stance", "force", "rule", "supply", "encounter"), [
    ("friendly", False, "V13.822", True, False),
    ("neutral", False, "V13.823", False, False),
    ("friendly", True, "V13.824", True, True),
    ("neutral", True, "V13.825", False, True),
    ("hostile", False, "V13.826", False, False),
    ("hostile", True, "V13.826", False, True),
])
def test_disorganized_destination_t7(stance, force, rule, supply, encounter):
    d = disorganized_destination(stance, force, "0605")
    assert (d.rule, d.in_supply, d.encounter_next_phase) == (rule, supply, encounter)
    assert d.repairs is supply and d.rendezvous is (stance == "friendly")


def test_the_turn_of_an_absolute_impulse_interpretations_11():
    from rules.systems.v13.exits import absolute_impulse, turn_of
    assert [turn_of(i) for i in (0, 1, 32, 33, 64, 65)] == [0, 1, 1, 2, 2, 3]
    assert all(turn_of(absolute_impulse(t, i)) == t for t in (1, 2, 7) for i in (1, 16, 32))
