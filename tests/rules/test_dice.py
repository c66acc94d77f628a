"""Seeded dice and roll records."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.dice import DiceExpr, DiceRoller, Modifier, ScriptedDice


@pytest.mark.parametrize("text, count, sides, plus", [
    ("d3", 1, 3, 0), ("d4", 1, 4, 0), ("d6", 1, 6, 0), ("1d6", 1, 6, 0), ("d10", 1, 10, 0),
    ("D10", 1, 10, 0), ("d12", 1, 12, 0), ("d100", 1, 100, 0), ("2d6", 2, 6, 0), ("3d6", 3, 6, 0),
    ("7d6", 7, 6, 0), ("2D10", 2, 10, 0), ("1d6+2", 1, 6, 2), ("2d6 - 1", 2, 6, -1),
])
def test_parse_seed_expressions(text, count, sides, plus):
    e = DiceExpr.parse(text)
    assert (e.count, e.sides, e.plus) == (count, sides, plus)
    assert DiceExpr.parse(str(e)) == e


@pytest.mark.parametrize("text", ["", "6", "d", "2x6", "d1", "0d6", "2d6+"])
def test_bad_expressions(text):
    with pytest.raises(ValueError):
        DiceExpr.parse(text)


def _sequence(seed: int) -> list[tuple[int, ...]]:
    roller = DiceRoller(seed)
    return [roller.roll(e, purpose="test", rule="V13.413", who="GM").faces
            for e in ("2d6", "d100", "7d6", "d3", "2D10")]


def test_same_seed_same_rolls():
    assert _sequence(42) == _sequence(42)
    assert _sequence(42) != _sequence(43)


def test_rollers_do_not_share_state():
    a, b = DiceRoller(7), DiceRoller(7)
    a.roll("d6", purpose="x", rule="V13.413", who="A")
    first_b = b.roll("2d6", purpose="x", rule="V13.413", who="B").faces
    assert first_b == DiceRoller(7).roll("2d6", purpose="x", rule="V13.413", who="B").faces


@given(st.integers(0, 2**32), st.sampled_from(["d3", "d4", "d6", "d10", "d12", "d100", "2d6", "3d6", "7d6"]))
def test_faces_within_the_die(seed, expr):
    r = DiceRoller(seed).roll(expr, purpose="range", rule="V13.413", who="GM")
    e = DiceExpr.parse(expr)
    assert len(r.faces) == e.count
    assert all(1 <= f <= e.sides for f in r.faces)
    assert e.minimum <= r.total <= e.maximum


def test_roll_record_carries_everything():
    roller = ScriptedDice([4, 5])
    seen = []
    roller.listeners.append(seen.append)
    r = roller.roll("2d6", purpose="Weapon Status", rule="V13.413", who="Coalition",
                    modifiers=[Modifier("Orion team", 1, "V13.414"), Modifier("all crews Poor", -1, "V13.414")])
    assert r.faces == (4, 5) and r.natural == 9 and r.modifier_total == 0 and r.total == 9
    assert (r.purpose, r.rule, r.who, r.seq) == ("Weapon Status", "V13.413", "Coalition", 1)
    assert roller.history == [r] == seen
    assert r.describe() == ("V13.413: Weapon Status (Coalition): 2d6 rolled 4 + 5 = 9; "
                            "+1 Orion team [V13.414], -1 all crews Poor [V13.414] = 9")
    d = r.to_dict()
    assert d["faces"] == [4, 5] and d["dice"] == "2d6" and d["modifiers"][0]["value"] == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.faces = (6, 6)  # records are immutable


def test_expression_constant_counts_in_total():
    r = ScriptedDice([3]).roll("1d6+2", purpose="x", rule="V13.9540", who="GM", modifiers=[Modifier("sqrt", -1)])
    assert r.natural == 5 and r.total == 4


def test_roll_needs_purpose_rule_and_who():
    with pytest.raises(ValueError):
        DiceRoller(1).roll("d6", purpose="", rule="V13.413", who="GM")


def test_scripted_dice_refuse_impossible_faces_and_running_out():
    with pytest.raises(ValueError, match="cannot come up on a d6"):
        ScriptedDice([7]).roll("d6", purpose="x", rule="V13.413", who="GM")
    with pytest.raises(LookupError):
        ScriptedDice([]).roll("d6", purpose="x", rule="V13.413", who="GM")


def test_a_roll_reads_as_words_one_die_without_a_sum():
    """Issue 22: the Battle Hex report said "1d6 [3] = 3 -> Empty space"; a roll now reads
    "1d6 rolled 3", several dice "2d6 rolled 4 + 5 = 9"."""
    roller = ScriptedDice([3, 4, 5])
    one = roller.roll("1d6", purpose="terrain", rule="V13.17", who="GM")
    two = roller.roll("2d6", purpose="Weapon Status", rule="V13.413", who="GM")
    assert one.describe() == "V13.17: terrain (GM): 1d6 rolled 3"
    assert two.describe() == "V13.413: Weapon Status (GM): 2d6 rolled 4 + 5 = 9"


def test_secret_rolls_do_not_shift_the_public_stream():
    """Issue 25: a reader with the seed replayed the public rolls and counted the secret ones before
    them; secret rolls now come from a stream of their own keyed by what they are for."""
    plain, mixed = DiceRoller(7), DiceRoller(7)
    first = [plain.roll("d10", purpose="x", rule="R", who="a").total for _ in range(6)]
    out = []
    for i in range(6):
        for j in range(i):  # a different number of secret rolls before each public one
            mixed.roll("d10", purpose="scan", rule="R", who="b", secret=f"scan/{i}/{j}")
        out.append(mixed.roll("d10", purpose="x", rule="R", who="a").total)
    assert out == first and [r.seq for r in mixed.history] == [1, 2, 3, 4, 5, 6]
    again = [DiceRoller(7).roll("2d10", purpose="s", rule="R", who="b", secret=k).faces for k in ("k1", "k2")]
    assert again[0] == DiceRoller(7).roll("2d10", purpose="s", rule="R", who="b", secret="k1").faces  # same key, same faces
    assert again != [DiceRoller(8).roll("2d10", purpose="s", rule="R", who="b", secret=k).faces for k in ("k1", "k2")]
