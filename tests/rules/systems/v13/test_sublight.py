"""Sub-light evasion fates (V13.90; Tables T8-T17) with the matrix's examples."""
from __future__ import annotations

import pytest

from rules.systems.v13.sublight import (
    HexClass,
    Outcome,
    classify,
    evasion_fate,
    rendezvous,
    root,
    routing,
    scrap_value,
)
from rules.dice import ScriptedDice
from rules.model.types import Terrain
from rules.model.units import Unit

N, H, FT, F = HexClass.NEUTRAL, HexClass.HOSTILE, HexClass.FRIENDLY_TERRAIN, HexClass.FRIENDLY
T = Terrain


def ship(captain=0, navigator=0, helmsman=0, engineer=0, sc=3, boxes=0, **kw) -> Unit:
    return Unit(id="u", name="U", size_class=sc, boxes_total=boxes,
                officers={"captain": captain, "navigator": navigator, "helmsman": helmsman,
                          "chief_engineer": engineer}, **kw)


def fate(unit, hex_class, terrain, faces, orion=False):
    dice = ScriptedDice(faces)
    f = evasion_fate(unit, hex_class, terrain, dice, orion)
    return f, dice


@pytest.mark.parametrize(("rating", "root_"), [(-2, 0), (0, 0), (1, 1), (3, 1), (4, 2), (8, 2), (9, 3)])
def test_square_root_rounds_down_and_ignores_negatives(rating, root_):
    assert root(rating) == root_


def test_classification_v13_941_951_961():
    assert classify(True, True, T.NONE) is F
    assert classify(True, True, T.NEBULA) is FT
    assert classify(False, False, T.NEBULA) is N
    assert classify(False, True, T.NONE) is H


@pytest.mark.parametrize(("args", "outcome"), [((True, False, False), Outcome.AWAITING_RENDEZVOUS),
                                                ((False, True, False), Outcome.SHARES_TOWER),
                                                ((False, False, True), Outcome.AT_BASE),
                                                ((False, False, False), None)])
def test_routing_exceptions_v13_921_924_923(args, outcome):
    assert routing(*args) is outcome


def test_friendly_hex_needs_no_roll_v13_942():
    f, dice = fate(ship(), F, T.NONE, [])
    assert f.outcome is Outcome.FRIENDLY_HEX and not dice.history


@pytest.mark.parametrize(("kw", "hex_class", "terrain", "faces", "outcome"), [
    # V13.952 black hole, Captain 4 (root 2): 5 -> 3 escapes (then empty space 1 -> locatable); 6 -> 4 falls in
    ({"captain": 4}, N, T.BLACK_HOLE, [5, 1], Outcome.LOCATABLE),
    ({"captain": 4}, N, T.BLACK_HOLE, [6], Outcome.DESTROYED),
    # V13.962 hostile black hole, Captain 1: 3 -> 2 escapes; 4 -> 3 destroyed
    ({"captain": 1}, H, T.BLACK_HOLE, [3, 1], Outcome.LOCATABLE),
    ({"captain": 1}, H, T.BLACK_HOLE, [4], Outcome.DESTROYED),
    # V13.953 nebula, Navigator 9 (root 3): 3 -> 0 escapes
    ({"navigator": 9}, N, T.NEBULA, [3, 1], Outcome.LOCATABLE),
    ({}, N, T.NEBULA, [5], Outcome.DESTROYED),
    # V13.963 hostile nebula, Navigator 1: 4 -> 3 lost 1d3 (2); the empty-space step (V13.968) waits
    # for the end of the lost time (rules/strategic/lost.py), so nothing more is rolled now
    ({"navigator": 1}, H, T.NEBULA, [4, 2], Outcome.LOST),
    # V13.955 ringed gas giant: Captain 0 rolls 6 -> destroyed; Captain 1 rolls 6 -> 5 escapes
    ({}, N, T.RINGED_GAS_GIANT, [6], Outcome.DESTROYED),
    ({"captain": 1}, N, T.RINGED_GAS_GIANT, [6, 2], Outcome.LOCATABLE),
    # V13.965 hostile: Captain 0 rolls 5 -> destroyed
    ({}, H, T.RINGED_GAS_GIANT, [5], Outcome.DESTROYED),
    # V13.956 pulsar, Captain 4: 5 -> 3 escapes; V13.966 hostile, Captain 1: 3 -> 2 escapes -> T14b
    ({"captain": 4}, N, T.VARIABLE_PULSAR, [5, 3], Outcome.LOCATABLE),
    ({"captain": 1}, H, T.VARIABLE_PULSAR, [3, 2], Outcome.LOCATABLE),
    ({"captain": 1}, H, T.VARIABLE_PULSAR, [4], Outcome.DESTROYED),
])
def test_terrain_tables_t9(kw, hex_class, terrain, faces, outcome):
    f, dice = fate(ship(**kw), hex_class, terrain, faces)
    assert f.outcome is outcome, f.steps
    assert dice._faces == []  # every scripted face was used: no roll more, no roll less


def test_nebula_lost_then_empty_space_v13_953():
    f, dice = fate(ship(), N, T.NEBULA, [4, 2])  # 4 -> lost 1d3 = 2; T14a only after the lost time
    assert f.outcome is Outcome.LOST and f.lost_turns == 2 and f.lost_by == "V13.953" and dice._faces == []


@pytest.mark.parametrize(("hostile", "sc", "faces", "damage"), [
    (False, 3, [3, 4, 1], 8),          # T12a: adjusted 3, (5 - 3) x 1d6 = 2 x 4 = 8, then T14a 1
    (True, 3, [4, 3, 4, 3, 4, 1], 28),  # T12b: adjusted 4, 2 x 4d6 (14) = 28
    (False, 6, [3, 1], 0),             # (5 - 6) clamps at 0: no damage dice are rolled
])
def test_asteroid_field_damage_t12(hostile, sc, faces, damage):
    f, dice = fate(ship(sc=sc), H if hostile else N, T.ASTEROID_FIELD, faces)
    assert f.extra_damage == damage and f.outcome is Outcome.LOCATABLE and dice._faces == []


def test_asteroid_adjusted_5_strands_the_crew_t12():
    f, _ = fate(ship(), N, T.ASTEROID_FIELD, [5, 4])
    assert f.outcome is Outcome.ASTEROID_CREW and f.supplies_turns == 4 and f.destroyed


def test_asteroid_damage_can_destroy():
    f, _ = fate(ship(sc=2, boxes=10), N, T.ASTEROID_FIELD, [4, 2, 2, 2])  # 3 x 3d6 (6) = 18 >= 10 boxes
    assert f.outcome is Outcome.DESTROYED and f.extra_damage == 18


def test_ion_storm_t13_and_identical_hostile_table():
    seven = [4, 4, 4, 4, 3, 3, 3]  # 7d6 = 25
    a, _ = fate(ship(sc=4), N, T.ION_STORM, [4, *seven, 1])
    b, _ = fate(ship(sc=4), H, T.ION_STORM, [4, *seven, 1])
    assert a.extra_damage == b.extra_damage == 75  # (4 - 1) x 25
    s, _ = fate(ship(), N, T.ION_STORM, [5, 3])
    assert s.outcome is Outcome.STORM_PLANETOID and s.supplies_turns == 3


@pytest.mark.parametrize(("hostile", "faces", "outcome", "lost"), [
    (False, [1], Outcome.LOCATABLE, 0),
    (False, [3, 3], Outcome.LOST, 3),  # Captain 1: 3 -> 2: lost 1d3
    (True, [3, 5], Outcome.LOST, 5),   # T14b: lost 1d6
    (False, [4], Outcome.PLANETOID_CREW, 0),
    (False, [5], Outcome.CRASHED, 0),
    (False, [6], Outcome.DESTROYED, 0),
])
def test_empty_space_t14(hostile, faces, outcome, lost):
    f, _ = fate(ship(captain=1), H if hostile else N, T.NONE, faces)
    assert (f.outcome, f.lost_turns) == (outcome, lost)


def test_empty_space_6_captured_or_orion_self_destructs_t14():
    assert fate(ship(), N, T.NONE, [6])[0].outcome is Outcome.CAPTURED
    assert fate(ship(), N, T.NONE, [6], orion=True)[0].outcome is Outcome.SELF_DESTRUCT


def test_friendly_terrain_escape_goes_to_v13_940_without_a_roll():
    f, dice = fate(ship(captain=4), FT, T.BLACK_HOLE, [5])
    assert f.outcome is Outcome.FRIENDLY_HEX and len(dice.history) == 1


def test_rendezvous_v13_932():
    a = Unit(id="a", name="A", officers={"captain": 2})
    b = Unit(id="b", name="B", officers={"helmsman": 1})
    c = Unit(id="c", name="C")
    assert rendezvous([a, b, c], ScriptedDice([3, 2, 4])) == ["a", "b"]
    assert rendezvous([a, b, c], ScriptedDice([3, 5, 4])) == []  # only A at <= 1: no group


def test_scrap_value_v13_943():
    assert scrap_value(Unit(id="u", name="U", economic_bpv=120, boxes_total=100, internal_hits=40)) == 54


@pytest.mark.parametrize(("table", "adj_face", "outcome"), [
    (T.ASTEROID_FIELD, 6, Outcome.DESTROYED),   # T12a/b row 6
    (T.ION_STORM, 6, Outcome.DESTROYED),        # T13 row 6
])
def test_last_rows_of_t12_and_t13(table, adj_face, outcome):
    for hex_class in (N, H):
        f, _ = fate(ship(), hex_class, table, [adj_face])
        assert f.outcome is outcome


@pytest.mark.parametrize(("face", "dice_faces", "damage"), [(1, [], 0), (2, [4], 8), (3, [1, 2, 3], 12)])
def test_ion_storm_rows_1_to_3_t13(face, dice_faces, damage):
    f, d = fate(ship(sc=3), N, T.ION_STORM, [face, *dice_faces, 1])  # (SC - 1) x Nd6, then empty space 1
    assert f.extra_damage == damage and f.outcome is Outcome.LOCATABLE and d._faces == []


def test_warp_engines_are_replaced_only_at_an_own_starbase_or_frd_v13_912():
    from rules.systems.v13.sublight import warp_engines_replaceable

    dropped = Unit(id="u", name="U", warp_engines_dropped=True)
    assert warp_engines_replaceable(dropped, ["starbase"], "blue", "blue")[0]
    assert warp_engines_replaceable(dropped, ["frd"], "blue", "blue")[0]
    assert not warp_engines_replaceable(dropped, ["base_station"], "blue", "blue")[0]
    assert not warp_engines_replaceable(dropped, ["starbase"], "red", "blue")[0]
    assert not warp_engines_replaceable(dropped, ["starbase"], "red", "blue", captured=True)[0]
