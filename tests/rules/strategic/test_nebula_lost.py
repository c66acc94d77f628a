"""A unit Lost in a nebula by sub-light evasion (V13.953 neutral / friendly terrain, V13.963
hostile) stays Lost for its 1d3 Strategic Turns; only when that time is over -- or when its
Helmsman finds the way back (V13.914) -- is it "treated as if it had evaded in Empty Space":
V13.958 (V13.9580 in a neutral hex, V13.940 in a friendly one) or V13.968 (V13.9680 in a
hostile hex; a neutral one returns to V13.950). The hex is classified where the unit is then."""
from __future__ import annotations

import pytest

from rules.dice import ScriptedDice
from rules.model.records import Phase
from rules.model.units import Unit, UnitFate
from rules.strategic import build_graph
from rules.strategic.lost import empty_space_table, lost_rear_guard, nebula_lost_time_over
from rules.strategic.turn import end_movement_phase
from tests.rules.strategic.builder import campaign, fleet, unit

OWNERS = {"neutral": {}, "friendly": {"owner": "fed"}, "hostile": {"owner": "klingon"}}


def nebula_campaign(where: str = "neutral", lost_by: str = "V13.953", turns: int = 2, helmsman: int = 0,
                    captain: int = 0, power: str = "fed"):
    lost = unit("u", fate="lost", lost_turns_remaining=turns, lost_by=lost_by, warp_engines_dropped=True,
                officers={"helmsman": helmsman, "captain": captain})
    return campaign(cols=1, rows=3, sectors={"0102": OWNERS[where]}, phase=Phase.BATTLES.value,
                    fleets=[fleet("f", power, "0102", units=[lost]), fleet("g", "fed", "0101")])


def next_turn(c, monkeypatch=None, faces=None):
    """End the Movement Phase; with ``faces`` the turn's dice are scripted (a LookupError says a
    roll was made that the test did not expect)."""
    if faces is not None:
        monkeypatch.setattr("rules.strategic.turn.DiceRoller", lambda seed: ScriptedDice(list(faces)))
    new = end_movement_phase(c, build_graph(c))
    return new, next((u for f in new.fleets for u in f.units if u.id == "u"), None)


def again(c):
    c = c.model_copy(deep=True)
    c.phase = Phase.BATTLES
    return c


def test_v13_953_no_empty_space_roll_while_the_lost_time_runs_then_v13_9580(monkeypatch):
    """Lost 2 turns (Helmsman 0: no V13.914 roll). Turn 1: still lost, no die at all. Turn 2:
    the time is over: V13.958 sends it to V13.9580, Captain 0 rolls 5: "lost in space. Treat as
    destroyed with all hands" -- it leaves its fleet, the log keeps the roll and the ruling."""
    c1, u = next_turn(nebula_campaign(turns=2), monkeypatch, faces=[])
    assert u is not None and (u.fate, u.lost_turns_remaining, u.lost_by) == (UnitFate.LOST, 1, "V13.953")
    assert not any(e.rule == "V13.9580" for e in c1.log)
    c2, u = next_turn(again(c1), monkeypatch, faces=[5])
    assert u is None  # destroyed: removed from the fleet
    new = c2.log[len(c1.log):]
    assert any(e.rule == "V13.953" and "Empty Space" in e.text and "V13.958" in e.text for e in new)
    assert any(e.rule == "V13.9580" and "1d6 rolled 5" in e.text for e in new)  # the roll itself
    assert any(e.rule == "V13.9580" and "destroyed with all hands" in e.text for e in new)
    assert [f.id for f in c2.fleets] == ["g"]


@pytest.mark.parametrize(("faces", "fate", "turns"), [
    # V13.9580, Captain 0: 1 or less locatable; 2 lost 1d3; 3 planetoid; 4 crashed; 5 lost in space; 6 captured
    ([1], UnitFate.LOCATABLE, 0), ([2, 3], UnitFate.LOST, 3), ([3], UnitFate.MAROONED_PLANETOID, 0),
    ([4], UnitFate.CRASHED, 0), ([5], UnitFate.DESTROYED, 0), ([6], UnitFate.CAPTURED, 0),
])
def test_v13_9580_rows_after_the_neutral_nebula(faces, fate, turns):
    u = Unit.model_validate(unit("u", fate="lost", lost_by="V13.953", lost_turns_remaining=0))
    dice = ScriptedDice(faces)
    lines = nebula_lost_time_over(u, "neutral", dice)
    assert dice._faces == [] and (u.fate, u.lost_turns_remaining) == (fate, turns)
    assert u.lost_by == ("V13.91x" if fate is UnitFate.LOST else "")
    assert u.destroyed is (fate in (UnitFate.MAROONED_PLANETOID, UnitFate.CRASHED, UnitFate.DESTROYED))
    assert u.captured is (fate is UnitFate.CAPTURED)
    assert [r for r, _ in lines].count("V13.9580") >= 2  # the roll(s) and the ruling


@pytest.mark.parametrize(("captain", "die", "row"), [(4, 3, "locatable"), (4, 4, "lost"), (1, 2, "locatable"),
                                                     (9, 4, "locatable"), (0, 2, "lost")])
def test_v13_958_subtracts_the_square_root_of_the_captains_rating(captain, die, row):
    r = empty_space_table(Unit(id="u", name="U", officers={"captain": captain}), False,
                          ScriptedDice([die, 1] if row == "lost" else [die]))
    assert r.row.value == row and r.adjusted == die - int(captain ** 0.5)


def test_v13_9680_row_2_is_lost_1d6_and_then_an_ordinary_v13_91x_loss():
    u = Unit.model_validate(unit("u", fate="lost", lost_by="V13.963"))
    lines = nebula_lost_time_over(u, "hostile", ScriptedDice([2, 5]))
    assert (u.fate, u.lost_turns_remaining, u.lost_by) == (UnitFate.LOST, 5, "V13.91x")
    assert not lost_rear_guard(u)
    assert any(r == "V13.9680" and "1d6 rolled 5" in t for r, t in lines)


def test_v13_9680_row_6_an_orion_unit_self_destructs():
    u = Unit.model_validate(unit("u", fate="lost", lost_by="V13.963"))
    lines = nebula_lost_time_over(u, "hostile", ScriptedDice([6]), orion=True)
    assert u.fate is UnitFate.DESTROYED and not u.captured and any("self-destructs" in t for _, t in lines)


def test_v13_963_hostile_hex_rolls_v13_9680_when_the_time_is_over(monkeypatch):
    """Hostile (Klingon) hex, lost 1 turn: V13.968 -> V13.9680, Captain 0 rolls 2: lost 1d6 (4)."""
    c, u = next_turn(nebula_campaign("hostile", "V13.963", turns=1), monkeypatch, faces=[2, 4])
    assert (u.fate, u.lost_turns_remaining, u.lost_by) == (UnitFate.LOST, 4, "V13.91x")
    assert any(e.rule == "V13.9680" and "lost for 4 Strategic Turns" in e.text for e in c.log)


def test_v13_968_a_hex_now_neutral_returns_to_v13_950(monkeypatch):
    """V13.968: "If the unit has successfully escaped to Empty Space in a Neutral Hex, then return
    to V13.950": lost by V13.963, but the hex is neutral when the time is over -> V13.9580."""
    c, u = next_turn(nebula_campaign("neutral", "V13.963", turns=1), monkeypatch, faces=[1])
    assert u.fate is UnitFate.LOCATABLE and any(e.rule == "V13.9580" for e in c.log)


def test_v13_958_a_friendly_hex_returns_to_v13_940_without_a_roll(monkeypatch):
    """A Friendly Terrain nebula (V13.953): after the lost time, Empty Space in a friendly hex:
    V13.958 -> V13.940, no roll (the scripted dice hold none); V13.942 rendezvous and repairs."""
    c, u = next_turn(nebula_campaign("friendly", turns=1), monkeypatch, faces=[])
    assert (u.fate, u.lost_turns_remaining, u.lost_by) == (UnitFate.ACTIVE, 0, "")
    assert u.warp_engines_dropped  # V13.942: not restored
    assert any(e.rule == "V13.958" and "V13.940" in e.text for e in c.log)
    assert any(e.rule == "V13.942" for e in c.log)


def test_v13_914_the_helmsman_finds_the_unit_and_then_it_rolls_v13_9580(monkeypatch):
    """Helmsman 5, 3 turns lost: 2d6 = 4 <= 5, found at the start of the first turn; it is then
    treated as evaded in Empty Space at once: V13.9580, Captain 0 rolls 1: locatable."""
    c, u = next_turn(nebula_campaign(turns=3, helmsman=5), monkeypatch, faces=[2, 2, 1])
    assert (u.fate, u.lost_turns_remaining, u.lost_by) == (UnitFate.LOCATABLE, 0, "")
    rules = [e.rule for e in c.log]
    assert rules.index("V13.914") < rules.index("V13.9580")


def test_v13_914_not_found_keeps_it_lost_without_the_table(monkeypatch):
    """Helmsman 5: 2d6 = 6 > 5: still lost (2 turns left), no empty-space roll."""
    c, u = next_turn(nebula_campaign(turns=3, helmsman=5), monkeypatch, faces=[3, 3])
    assert (u.fate, u.lost_turns_remaining, u.lost_by) == (UnitFate.LOST, 2, "V13.953")
    assert not any(e.rule == "V13.9580" for e in c.log)


def test_the_seeded_dice_give_the_same_result_for_the_same_campaign():
    """Same campaign and seed, same rolls and rulings (the turn's roller is seeded by the
    campaign's dice seed and turn)."""
    runs = [next_turn(nebula_campaign(turns=1, captain=1)) for _ in range(2)]
    assert runs[0][0].log == runs[1][0].log
    assert any(e.rule == "V13.9580" and "1d6 rolled " in e.text for e in runs[0][0].log)
