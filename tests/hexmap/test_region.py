"""The legal region of a floating map (V13.812, INTERPRETATIONS 3, A-15)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexmap import Facing, Hex, MapWindow
from hexmap.region import LegalRegion

REGION = LegalRegion()
BASE = MapWindow()


def brute(cols: int, rows: int) -> set[Hex]:
    w0 = MapWindow(cols, rows).hexes()
    return {a - b for a in w0 for b in w0}


def test_region_is_exactly_w0_minus_w0_on_small_windows():
    for cols, rows in ((5, 4), (6, 5), (7, 3)):
        assert set(LegalRegion(cols, rows).hexes()) == brute(cols, rows)


def test_standard_region_spans_columns_minus_20_to_62_and_rows_minus_14_to_44():
    labels = [BASE.label(h) for h in REGION.hexes()]
    assert min(lab.col for lab in labels) == -20 and max(lab.col for lab in labels) == 62
    centre_column = [lab.row for lab in labels if lab.col == 21]
    assert (min(centre_column), max(centre_column)) == (-14, 44)
    # the stagger lets some columns reach half a hex further (row -15 on odd offsets)
    assert min(lab.row for lab in labels) == -15 and max(lab.row for lab in labels) == 44
    assert len(labels) == 4937


def test_window_floated_while_the_centre_stays_on_it_is_inside():
    far = BASE.floated(Facing.D, 14)  # 2115 is on its top row
    assert far.contains(Hex(0, 0))
    assert all(REGION.contains(Hex(0, 0), h) for h in far.hexes())


@settings(max_examples=60)
@given(st.integers(-25, 25), st.integers(-25, 25))
def test_every_legal_window_lies_in_the_region(dq, dr):
    w = BASE.shifted(Hex(dq, dr))
    if w.contains(Hex(0, 0)):
        assert all(REGION.contains(Hex(0, 0), h) for h in w.hexes()[::37])


def test_just_outside():
    assert REGION.contains(Hex(0, 0), BASE.hex_at("(62,15)"))
    assert not REGION.contains(Hex(0, 0), BASE.hex_at("(63,15)"))
    assert not REGION.contains(Hex(0, 0), BASE.hex_at("(21,45)"))
