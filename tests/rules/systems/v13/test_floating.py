"""The map follows a unit (V13.812): the direct float equals the rule's hex-by-hex walk, kept
here as the oracle, for windows floated anywhere legal and units near and far."""
from __future__ import annotations

import random

import pytest

from hexmap import Facing, Hex, Label, MapWindow
from rules.systems.v13.combat import current_window, follow
from rules.systems.v13.floating import follow_vector
from tests.rules.systems.v13.test_combat import fight


def walk(w: MapWindow, original: Hex, at: Hex) -> tuple[Hex, MapWindow]:
    """The float as the rule words it (the engine's former code): one hex at a time, the
    first direction nearer the unit that keeps the original centre on the sheet."""
    moved = Hex(0, 0)
    if w.contains(at):
        return moved, w
    for _ in range(2 * (w.cols + w.rows)):
        target = at - w.centre
        best = None
        for f in Facing:
            cand = w.shifted(f.vector)
            if cand.contains(original):
                gain = cand.centre.distance(at)
                if best is None or gain < best[0]:
                    best = (gain, f, cand)
        if best is None or best[0] >= w.centre.distance(at) or not target:
            break
        w, moved = best[2], moved + best[1].vector
        if w.contains(at):
            break
    return moved, w


def _case(rng: random.Random, cols: int, rows: int) -> tuple[MapWindow, Hex, Hex]:
    """A sheet floated anywhere the original centre stays on (often at an edge), a unit near or far."""
    w = MapWindow(cols, rows, Hex(rng.randint(-60, 60), rng.randint(-60, 60)))
    col = rng.choice([1, cols, rng.randint(1, cols)])
    row = rng.choice([1, rows, rng.randint(1, rows)])
    original = w.hex_at(Label(col, row))
    reach = rng.choice([2, 8, cols // 2 + rows // 2, cols + rows, 3 * (cols + rows)])
    at = w.centre + rng.choice(list(Facing)).vector * rng.randint(0, reach) + Hex(rng.randint(-reach, reach),
                                                                                  rng.randint(-reach, reach))
    return w, original, at


@pytest.mark.parametrize("size", [(42, 30), (30, 42), (9, 7), (4, 11), (2, 2), (1, 5), (6, 1), (1, 1)])
def test_the_direct_float_is_the_walk_on_random_cases(size):
    rng = random.Random(size[0] * 100 + size[1])
    for _ in range(1500):
        w, original, at = _case(rng, *size)
        assert follow_vector(w, original, at) == walk(w, original, at)[0], (w, original, at)


def test_the_direct_float_is_the_walk_for_every_centre_and_unit_of_small_sheets():
    for cols, rows in [(3, 4), (4, 3), (5, 2)]:
        for offset in (Hex(0, 0), Hex(1, -2)):
            w = MapWindow(cols, rows, offset)
            for original in w.hexes():
                for dq in range(-9, 10):
                    for dr in range(-9, 10):
                        at = offset + Hex(dq, dr)
                        assert follow_vector(w, original, at) == walk(w, original, at)[0], (w, original, at)


def test_the_original_centre_stops_the_float_v13_812():
    w = MapWindow()
    original = w.hex_at(Label(21, 30))  # the centre already at the bottom row: no float upwards
    at = w.hex_at(Label(21, -20))
    moved = follow_vector(w, original, at)
    assert moved == walk(w, original, at)[0] == Hex(0, 0)
    original = w.hex_at(Label(21, 26))  # four rows of room, then it stops short of the unit
    moved = follow_vector(w, original, at)
    assert moved == walk(w, original, at)[0] == Facing.A.vector * 4
    assert not w.shifted(moved).contains(at) and w.shifted(moved).label(original) == Label(21, 30)
    original = w.hex_at(Label(20, 30))  # at the bottom edge the walk zig-zags sideways along it
    at = w.hex_at(Label(60, -20))
    assert follow_vector(w, original, at) == walk(w, original, at)[0]


def test_follow_logs_what_the_walk_logged():
    """In a battle: the same float and the same log line as the former hex-by-hex code."""
    rng = random.Random(12)
    b = fight()
    st, u = b.state, b.state.units["r1"]
    for _ in range(300):
        st.float_offset = Hex(0, 0)
        for _ in range(rng.randint(0, 12)):  # float anywhere legal, in every direction
            f = rng.choice(list(Facing))
            if current_window(b.ctx).floated(f, 1).contains(st.confirmed_centre):
                st.float_offset = st.float_offset + f.vector
        start = st.float_offset
        w = current_window(b.ctx)
        u.pos = w.centre + Hex(rng.randint(-45, 45), rng.randint(-45, 45))
        u.facing = rng.choice(list(Facing))
        moved, after = walk(w, st.confirmed_centre, u.pos)
        events = len(b.log.events)
        follow(b.ctx, u)
        assert st.float_offset == start + moved
        said = [e.text for e in b.log.events[events:]]
        if moved == Hex(0, 0):
            assert said == []
        else:
            n = moved.length()
            assert said == [f"the map floats {n} {'hex' if n == 1 else 'hexes'} to follow {u.name}; the original "
                            f"centre hex now reads {after.label(st.confirmed_centre)}"]
