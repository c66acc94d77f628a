"""Sub-light evasion fates (V13.90) per terrain and hex class: every distribution equals the one
counted by running :func:`rules.systems.v13.sublight.evasion_fate` on every face."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.systems.v13.sublight import HexClass, Outcome, evasion_fate
from rules.dice import DiceRoller
from rules.model.types import Terrain
from rules.model.units import Unit
from rules.systems.v13.odds import FateOdds, empty_space_odds, evasion_odds, evasion_text, outcome_odds
from rules.strategic.lost import EmptySpace, empty_space_table
from tests.rules.systems.v13.odds.exhaust import exhaust

N, H, FT, F = HexClass.NEUTRAL, HexClass.HOSTILE, HexClass.FRIENDLY_TERRAIN, HexClass.FRIENDLY


def ship(rating: int = 0, sc: int = 3, boxes: int = 0, hits: int = 0) -> Unit:
    return Unit(id="u", name="U", size_class=sc, boxes_total=boxes, internal_hits=hits,
                officers={"captain": rating, "navigator": rating, "helmsman": rating, "chief_engineer": rating})


def _engine(unit: Unit, hc: HexClass, terrain: Terrain, orion: bool = False) -> tuple[dict[FateOdds, Fraction], int]:
    def run(dice: DiceRoller) -> FateOdds:
        f = evasion_fate(unit, hc, terrain, dice, orion)
        return FateOdds(f.outcome, f.lost_turns, f.extra_damage, f.supplies_turns, f.lost_by)
    return exhaust(run)


# In an ion storm only a Chief Engineer of 9 (root 3) keeps row 4's 7d6 (279,936 faces per path)
# out of reach; row 4 is checked below with Size Class 1, and 7d6 itself in test_dist.
CASES = [(hc, t, r) for hc in (N, H, FT) for t in Terrain
         for r in ((9,) if t is Terrain.ION_STORM else (0, 1, 4))]


@pytest.mark.parametrize(("hc", "terrain", "rating"), CASES)
def test_every_terrain_and_hex_against_every_face(hc: HexClass, terrain: Terrain, rating: int) -> None:
    unit = ship(rating, boxes=40, hits=10)
    brute, paths = _engine(unit, hc, terrain)
    assert paths >= 1
    assert evasion_odds(unit, hc, terrain).as_dict() == brute


@pytest.mark.parametrize("hc", [N, H])
def test_ion_storm_row_4_with_no_damage_multiplier(hc: HexClass) -> None:
    unit = ship(0, sc=1)  # (Size Class - 1) = 0: row 4's 7d6 is never rolled (A-42)
    brute, _ = _engine(unit, hc, Terrain.ION_STORM)
    assert evasion_odds(unit, hc, Terrain.ION_STORM).as_dict() == brute


def test_enumeration_counts() -> None:
    # black hole, neutral, Captain 0: 1-3 escape to empty space (1d6; row 2 adds 1d3), 4-6 destroyed
    assert _engine(ship(), N, Terrain.BLACK_HOLE)[1] == 3 * (5 + 3) + 3
    # asteroid field, hostile, Helmsman 0: rows 1-2 escape, 3: 2d6, 4: 4d6, 5: 1d6 supplies, 6 destroyed
    assert _engine(ship(), H, Terrain.ASTEROID_FIELD)[1] == 2 * 11 + 36 * 11 + 1296 * 11 + 6 + 1


def test_boxes_decide_destruction() -> None:
    fragile = ship(0, sc=3, boxes=5, hits=4)  # one box left: any damage destroys it
    d = evasion_odds(fragile, N, Terrain.ASTEROID_FIELD)
    # a 6 in the field, rows 3-4 (damage), or an escape (rows 1-2) then row 5 of Empty Space
    assert d.p(lambda f: f.outcome is Outcome.DESTROYED) == Fraction(1, 6) + Fraction(2, 6) + Fraction(2, 36)
    no_boxes = ship(0, sc=3)  # no box count: damage never destroys it here (a GM ruling)
    assert evasion_odds(no_boxes, N, Terrain.ASTEROID_FIELD).p(lambda f: f.outcome is Outcome.DESTROYED) == \
        Fraction(1, 6) + Fraction(4, 36)


@pytest.mark.parametrize(("hostile", "orion"), [(False, False), (True, False), (True, True)])
@pytest.mark.parametrize("captain", [0, 1, 4, 9])
def test_empty_space_table_against_every_face(hostile: bool, orion: bool, captain: int) -> None:
    unit = ship(captain)
    brute, _ = exhaust(lambda dice: (lambda r: (r.row, r.lost_turns))(empty_space_table(unit, hostile, dice, orion)))
    assert empty_space_odds(unit, hostile, orion).as_dict() == brute


def test_empty_space_boundaries() -> None:
    d = empty_space_odds(ship(0), hostile=False)
    assert d.p((EmptySpace.CAPTURED, 0)) == Fraction(1, 6)
    assert d.p(lambda rt: rt[0] is EmptySpace.LOST) == Fraction(1, 6)
    assert empty_space_odds(ship(9), hostile=True).p(lambda rt: rt[0] is EmptySpace.LOCATABLE) == Fraction(4, 6)
    assert empty_space_odds(ship(0), True, orion=True).p((EmptySpace.SELF_DESTRUCT, 0)) == Fraction(1, 6)


def test_friendly_hex_is_certain_and_texts_read() -> None:
    assert evasion_odds(ship(), F, Terrain.NEBULA).as_dict() == {FateOdds(Outcome.FRIENDLY_HEX): 1}
    assert outcome_odds(ship(), N, Terrain.BLACK_HOLE).p(Outcome.DESTROYED) == Fraction(1, 2) + Fraction(1, 12)
    assert evasion_text(ship(), F, Terrain.NONE) == "in a friendly hex (V13.940) 100%"
    assert evasion_text(ship(), N, Terrain.BLACK_HOLE).startswith("destroyed with all hands 58%")
