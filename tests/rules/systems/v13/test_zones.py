"""The placement zones' distance field (issue 10: the first attacker's zone): the fast
``dist_to`` and the zone masks give exactly what a straightforward every-candidate,
every-point comparison gives, and the zone (arrays) agrees with the one-hex check."""
from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from hexmap import Hex, MapWindow
from rules.systems.v13 import zones
from rules.systems.v13.zones import Constraint, Universe, dist_to, hex_dist_min

FAR = int(np.iinfo(np.int32).max)


def reference(points: list[Hex], q: np.ndarray, r: np.ndarray) -> np.ndarray:
    """The nearest point's hex distance for each candidate, one pair at a time."""
    return np.array([min((max(abs(a - p.q), abs(b - p.r), abs(a + b - p.q - p.r)) for p in points), default=FAR)
                     for a, b in zip(q.tolist(), r.tolist())], dtype=np.int64)


def same(points: list[Hex], q: np.ndarray, r: np.ndarray) -> None:
    got = dist_to(points, q, r)
    assert got.dtype == np.int64 and got.shape == q.shape
    assert np.array_equal(got, reference(points, q, r))


def plane(q0: int, r0: int, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    qs, rs = np.meshgrid(np.arange(q0, q0 + w), np.arange(r0, r0 + h), indexing="ij")
    return qs.ravel(), rs.ravel()


coord = st.integers(-40, 40)
hexes = st.builds(Hex, coord, coord)
clustered = st.lists(st.builds(Hex, st.integers(-3, 3), st.integers(-3, 3)), max_size=60)  # many duplicates
scattered = st.lists(hexes, max_size=25)


@settings(max_examples=300, deadline=None)
@given(points=st.one_of(clustered, scattered), box=st.tuples(st.integers(-60, 40), st.integers(-60, 40),
                                                             st.integers(1, 25), st.integers(1, 25)))
def test_dist_to_over_a_plane_is_the_pairwise_minimum(points, box):
    same(points, *plane(*box))


@settings(max_examples=200, deadline=None)
@given(points=st.one_of(clustered, scattered, st.lists(hexes, min_size=1, max_size=3)),
       cands=st.lists(st.tuples(st.integers(-200, 200), st.integers(-200, 200)), max_size=40))
def test_dist_to_over_scattered_candidates(points, cands):
    q = np.array([c[0] for c in cands], dtype=np.int64)
    r = np.array([c[1] for c in cands], dtype=np.int64)
    same(points, q, r)


@settings(max_examples=100, deadline=None)
@given(points=st.lists(hexes, min_size=1, max_size=30), copies=st.integers(1, 4), data=st.data())
def test_duplicates_and_order_change_nothing(points, copies, data):
    q, r = plane(-50, -50, 100, 100)
    shuffled = data.draw(st.permutations(points * copies))
    assert np.array_equal(dist_to(shuffled, q, r), dist_to(points, q, r))


def test_no_point_one_point_and_no_candidate():
    q, r = plane(-5, -5, 11, 11)
    assert np.array_equal(dist_to([], q, r), np.full(q.shape, FAR))
    same([Hex(0, 0)], q, r)
    same([Hex(2, -1)] * 7, q, r)
    empty = np.zeros(0, dtype=np.int64)
    assert dist_to([Hex(1, 1)], empty, empty).shape == (0,)
    assert dist_to([], empty, empty).shape == (0,)


def test_every_line_direction():
    """Points on one line of constant q, of constant r, of constant s (each picks its axis)."""
    q, r = plane(-30, -30, 61, 61)
    for line in ([Hex(3, k) for k in range(-9, 9, 2)], [Hex(k, -4) for k in range(-9, 9, 3)],
                 [Hex(k, 5 - k) for k in range(-9, 9, 4)]):
        same(line, q, r)


def test_far_apart_or_huge_coordinates_compare_every_pair():
    """Points too spread for the per-line table, or beyond int32-safe sizes, take the
    pairwise path and give the same distances."""
    q, r = plane(-20, -20, 41, 41)
    same([Hex(0, 0), Hex(3_000_000, -1_000_000), Hex(-2_000_000, 5)], q, r)
    big = zones._SMALL * 4
    same([Hex(big, -big), Hex(1, 2)], q, r)
    same([Hex(0, 0)], q + big, r - big)


# -- the masks and the one-hex check -------------------------------------------------------------
WINDOW = MapWindow(12, 9)
UNI = Universe(WINDOW)


def in_universe(points: list[Hex]) -> list[Hex]:
    return [UNI.hex(i) for i in points]


indices = st.lists(st.integers(0, len(UNI.q) - 1), min_size=1, max_size=40)


@settings(max_examples=60, deadline=None)
@given(idx=indices, n=st.integers(0, 30), kind=st.sampled_from(["within", "at_least", "exactly"]),
       probe=st.lists(st.integers(0, len(UNI.q) - 1), min_size=1, max_size=30))
def test_distance_masks_match_the_reference_and_the_one_hex_check(idx, n, kind, probe):
    points = in_universe(idx)
    c = Constraint(kind, "R", "distance", tuple(points), n)
    mask = c.mask(UNI.q, UNI.r, UNI)
    d = reference(points, UNI.q, UNI.r)
    want = d <= n if kind == "within" else d >= n if kind == "at_least" else d == n
    assert np.array_equal(mask, want)
    for i in probe:
        h = UNI.hex(i)
        assert c.ok(h, UNI) == bool(mask[i]) and hex_dist_min(points, h) == d[i]


def spread_reference(c: Constraint, col: np.ndarray, row: np.ndarray) -> np.ndarray:
    """The spread rule as first written: the span of the units and the candidate fits."""
    w = UNI.window
    pc, pr = UNI.labels(np.array([p.q for p in c.points]), np.array([p.r for p in c.points]))
    return ((np.maximum(pc.max(), col) - np.minimum(pc.min(), col) <= 2 * (w.cols - 1))
            & (np.maximum(pr.max(), row) - np.minimum(pr.min(), row) <= 2 * (w.rows - 1)))


@settings(max_examples=60, deadline=None)
@given(idx=st.one_of(indices, st.lists(st.integers(0, len(UNI.q) - 1), min_size=1, max_size=3)),
       probe=st.lists(st.integers(0, len(UNI.q) - 1), min_size=1, max_size=20))
def test_spread_mask_matches_the_reference_and_the_one_hex_check(idx, probe):
    c = Constraint("spread", "R", "the floating map", tuple(in_universe(idx)))
    mask = c.mask(UNI.q, UNI.r, UNI)
    assert np.array_equal(mask, spread_reference(c, UNI.col, UNI.row))
    for i in probe:
        assert c.ok(UNI.hex(i), UNI) == bool(mask[i])


def test_first_attacker_zone_against_many_stacked_defenders():
    """The bench's case in small: defenders stacked a few to a hex, the attacker at least N
    away and within the floating map; the zone is the reference's, hex for hex."""
    rng = np.random.default_rng(7)
    defenders = tuple(Hex(int(a), int(b)) for a, b in rng.integers(-4, 5, size=(50, 2)))
    rules = [Constraint("spread", "S", "map", defenders), Constraint("at_least", "A", "defence", defenders, 12)]
    q, r = UNI.q, UNI.r
    for c in rules:
        keep = c.mask(q, r, UNI)
        q, r = q[keep], r[keep]
    want = spread_reference(rules[0], UNI.col, UNI.row) & (reference(list(defenders), UNI.q, UNI.r) >= 12)
    assert np.array_equal(q, UNI.q[want]) and np.array_equal(r, UNI.r[want]) and len(q) > 0
