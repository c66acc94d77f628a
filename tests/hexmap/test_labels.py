"""SFB CCRR labels on fixed and floating windows (INTERPRETATIONS 1-2, V13.812)."""
from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hexmap import Facing, Hex, Label, MapWindow

W = MapWindow()

# Every facing's neighbour of 2115 (odd printed column) and 2215 (even column, half a hex lower).
NEIGHBOURS = {
    "2115": {"A": "2114", "B": "2214", "C": "2215", "D": "2116", "E": "2015", "F": "2014"},
    "2215": {"A": "2214", "B": "2315", "C": "2316", "D": "2216", "E": "2116", "F": "2115"},
}


@pytest.mark.parametrize("start, facing", [(s, f) for s in NEIGHBOURS for f in "ABCDEF"])
def test_pinned_neighbour_labels(start, facing):
    h = W.hex_at(start)
    assert str(W.label(h.neighbor(Facing[facing]))) == NEIGHBOURS[start][facing]


def test_standard_window():
    assert str(W.centre_label) == "2115"
    assert W.hex_at("2115") == Hex(0, 0)
    assert len(W.hexes()) == len(set(W.hexes())) == 1260
    assert {str(W.label(h)) for h in W.hexes()} >= {"0101", "4230", "0130", "4201", "2115"}
    assert all(W.contains(h) for h in W.hexes())
    assert not W.contains(W.hex_at("4301")) and not W.contains(W.hex_at("0100"))


def test_column_parity_even_columns_lower():
    """0201 sits half a hex lower than 0101: it is 0101's C neighbour, not its B."""
    assert W.hex_at("0101").neighbor(Facing.C) == W.hex_at("0201")
    assert W.hex_at("0201").neighbor(Facing.B) == W.hex_at("0301")


def test_v13_812_float_example():
    """V13.812: after floating ten hexes down, what was 2115 becomes 2105."""
    floated = W.floated(Facing.D, 10)
    assert str(floated.label(W.hex_at("2115"))) == "2105"
    assert floated.contains(Hex(0, 0))


def test_float_moves_labels_with_the_window():
    floated = W.floated(Facing.B, 3)
    # the window's own centre label sits three hexes up-right of the original centre
    assert floated.hex_at("2115") == Hex(0, 0).neighbor(Facing.B, 3)
    assert len(floated.hexes()) == 1260


def test_labels_outside_the_window():
    h = W.hex_at("0101").neighbor(Facing.F, 4)
    lab = W.label(h)
    assert lab.col == -3
    assert str(lab) == f"(-3,{lab.row})"
    assert W.hex_at(str(lab)) == h
    far = W.hex_at("2115").neighbor(Facing.D, 40)
    assert str(W.label(far)) == "2155"


@pytest.mark.parametrize("cols, rows, centre", [(42, 30, "2115"), (10, 10, "0505"), (21, 15, "1007")])
def test_centre_of_other_sizes(cols, rows, centre):
    w = MapWindow(cols, rows)
    assert str(w.centre_label) == centre
    assert w.label(Hex(0, 0)) == Label.parse(centre)
    assert len(w.hexes()) == cols * rows


coord = st.integers(-1000, 1000)


@given(st.builds(Hex, coord, coord), st.builds(Hex, st.integers(-60, 60), st.integers(-60, 60)),
       st.integers(1, 120), st.integers(1, 120))
def test_label_round_trip(h, offset, cols, rows):
    w = MapWindow(cols, rows, offset)
    lab = w.label(h)
    assert w.hex_at(lab) == h
    assert w.hex_at(str(lab)) == h
    assert Label.parse(str(lab)) == lab


@given(st.integers(-200, 200), st.integers(-200, 200))
def test_label_text_round_trip(col, row):
    lab = Label(col, row)
    assert Label.parse(str(lab)) == lab


@pytest.mark.parametrize("text", ["21150", "ab12", "", "21-15", "(1;2)"])
def test_bad_label_text(text):
    with pytest.raises(ValueError, match="is not a hex label"):
        Label.parse(text)


def test_window_needs_a_size():
    with pytest.raises(ValueError):
        MapWindow(0, 30)


def test_grid_hex_is_the_unfloated_grid_with_0101_at_the_origin():
    """Strategic sectors: 0101 is the origin; even columns sit half a hex lower."""
    from hexmap import grid_hex
    assert grid_hex(Label(1, 1)) == Hex(0, 0)
    assert grid_hex(Label(2, 1)) == Hex(0, 0).neighbor(Facing.C)
    assert grid_hex(Label(1, 2)) == Hex(0, 0).neighbor(Facing.D)
    assert grid_hex(Label(21, 15)) - grid_hex(Label(22, 15)) == Facing.F.vector


def test_a_deep_copy_shares_labels_they_are_immutable():
    """Every campaign answer deep-copies the campaign: its thousands of labels are shared, not
    rebuilt one by one (bench/economy.py, issue 23)."""
    import copy

    lab = Label(3, 4)
    assert copy.deepcopy(lab) is lab and copy.copy(lab) is lab
    held = {"at": [lab, Label(3, 4)]}
    again = copy.deepcopy(held)
    assert again["at"][0] is lab and again == held
