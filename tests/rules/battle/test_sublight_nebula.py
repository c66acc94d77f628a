"""V13.953 / V13.963: a unit lost in a nebula is lost for 1d3 Strategic Turns and after that is
treated as if it had evaded in Empty Space, i.e. it goes on to V13.958 (neutral or friendly
terrain hex) or V13.968 (hostile hex); in a Friendly Terrain Hex V13.958 returns it to V13.940."""
from __future__ import annotations

import pytest

from rules.battle.sublight import HexClass, Outcome, evasion_fate
from rules.dice import ScriptedDice
from rules.model.types import Terrain
from rules.model.units import Unit

N, H, FT = HexClass.NEUTRAL, HexClass.HOSTILE, HexClass.FRIENDLY_TERRAIN


def ship(navigator: int = 0, captain: int = 0) -> Unit:
    return Unit(id="u", name="U", size_class=3,
                officers={"captain": captain, "navigator": navigator, "helmsman": 0, "chief_engineer": 0})


def fate(unit, hex_class, faces):
    dice = ScriptedDice(faces)
    f = evasion_fate(unit, hex_class, Terrain.NEBULA, dice)
    assert dice._faces == [], f.steps  # no roll more, no roll less
    return f


def test_v13_953_lost_in_a_friendly_terrain_nebula_stays_lost_before_v13_940():
    """V13.953 roll 4 (Navigator 0): lost for 1d3 (= 2) Strategic Turns, and only after that is
    it treated as evaded in Empty Space; in a Friendly Terrain Hex V13.958 sends it to V13.940
    with no roll. The lost time must not be dropped (it was: the outcome was V13.940 at once)."""
    f = fate(ship(), FT, [4, 2])
    assert f.outcome is Outcome.LOST and f.lost_turns == 2
    assert f.rule == "V13.958" and not f.destroyed
    assert any("V13.940" in s for s in f.steps) and any("V13.953" in s and "V13.958" in s for s in f.steps)


@pytest.mark.parametrize("die", [1, 2, 3])
def test_v13_953_friendly_terrain_lost_turns_come_from_the_1d3(die):
    f = fate(ship(), FT, [4, die])
    assert f.outcome is Outcome.LOST and f.lost_turns == die


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
        faces += [3]  # 1d3 = 3 Strategic Turns
    if result in ("lost", "escape") and hex_class is not FT:
        faces += [1]  # then V13.958 / V13.968: adjusted 1 -> locatable
    f = fate(ship(navigator=navigator), hex_class, faces)
    want = {"escape": Outcome.FRIENDLY_HEX if hex_class is FT else Outcome.LOCATABLE,
            "lost": Outcome.LOST, "destroyed": Outcome.DESTROYED}[result]
    assert f.outcome is want, f.steps
    assert f.lost_turns == (3 if result == "lost" else 0)


@pytest.mark.parametrize(("hex_class", "table", "second_lost"), [(N, "V13.9580", 2), (H, "V13.9680", 5)])
def test_nebula_lost_then_the_empty_space_table_v13_958_968(hex_class, table, second_lost):
    """After the nebula's lost time the unit is treated as evaded in Empty Space: V13.9580 in a
    neutral hex, V13.9680 in a hostile one. Row 2 loses it again, 1d3 (neutral) or 1d6 (hostile)
    more Strategic Turns, then it is locatable."""
    nebula_lost = 4 if hex_class is N else 3
    second_die = second_lost  # the row-2 die: 1d3 (neutral) or 1d6 (hostile)
    f = fate(ship(), hex_class, [nebula_lost, 1, 2, second_die])  # lost 1d3 (1 -> 1), then empty space 2
    assert f.outcome is Outcome.LOST and f.rule == table
    assert f.lost_turns == 1 + second_lost
