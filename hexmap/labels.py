"""SFB ``CCRR`` hex labels and the (floating) tactical map window.

INTERPRETATIONS 1-2: printed labels are ``CCRR`` with ``0101`` top-left; even printed columns
sit half a hex lower (Red Blob's "odd-q" layout on the 0-based column). The standard map is
42 x 30 with centre ``2115``; for other sizes the centre is ``(cols // 2, rows // 2)``.

The plane's origin ``Hex(0, 0)`` is the centre hex of the window before any float. A window is
a translated copy of the base hex set; floating translates it by a hex vector, so the labels
follow V13.812's example (a float of 10 in direction D makes the old ``2115`` read ``2105``).
Labels extend past the window: columns and rows may be 0, negative or beyond 42 / 30.
"""
from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass

from hexmap.hexes import Facing, Hex

_LABEL_RE = re.compile(r"(\d{4})|\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")
"""Matched against the stripped text (``fullmatch``): no ``\\s*`` next to another, so a long run
of spaces costs linear time, never quadratic (a 20,000-space sector took 5 s to refuse)."""
_SHORT = reprlib.Repr()
_SHORT.maxstring = 40


@dataclass(frozen=True, slots=True, order=True)
class Label:
    """A printed map position: column and row, 1-based, possibly outside the window."""

    col: int
    row: int

    def __hash__(self) -> int:
        # Labels key every strategic dict; this is cheaper than hashing a (col, row) tuple.
        return self.col * 100_003 + self.row

    def __copy__(self) -> Label:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Label:
        # Immutable: a campaign's deep copy (every answer) shares its labels instead of rebuilding
        # each one through __reduce_ex__ (a fifth of copying a 10,000-sector campaign).
        return self

    def __str__(self) -> str:
        if 0 <= self.col <= 99 and 0 <= self.row <= 99:
            return f"{self.col:02d}{self.row:02d}"
        return f"({self.col},{self.row})"

    @classmethod
    def parse(cls, text: str) -> Label:
        """Read ``"2115"`` or, for positions outside 00-99, ``"(-3,45)"``.

        Raises:
            ValueError: naming the text that is not a label.
        """
        m = _LABEL_RE.fullmatch(text.strip()) if isinstance(text, str) else None
        if not m:
            raise ValueError(f"{_SHORT.repr(text)} is not a hex label (CCRR such as '2115', or '(col,row)')")
        if m.group(1):
            return cls(int(m.group(1)[:2]), int(m.group(1)[2:]))
        return cls(int(m.group(2)), int(m.group(3)))


def offset_to_axial(col: int, row: int) -> Hex:
    """Printed (1-based) column/row of an unfloated grid whose ``0101`` is axial (0, 0)."""
    c, w = col - 1, row - 1
    return Hex(c, w - (c - (c & 1)) // 2)


def axial_to_offset(h: Hex) -> tuple[int, int]:
    """Inverse of :func:`offset_to_axial`: printed (column, row)."""
    q = h.q
    return q + 1, h.r + (q - (q & 1)) // 2 + 1


def grid_hex(label: Label) -> Hex:
    """The hex of ``label`` on a grid whose ``0101`` is axial (0, 0), such as the strategic map.

    Strategic sectors use tactical orientation and labels (INTERPRETATIONS 16), so adjacency and
    directions between sectors are hex arithmetic on these values.
    """
    return offset_to_axial(label.col, label.row)


@dataclass(frozen=True, slots=True)
class MapWindow:
    """A cols x rows map sheet laid over the hex plane, translated by ``offset``.

    ``offset`` is where the window's centre hex stands on the plane; an unfloated window has
    its centre (``2115`` on the standard map) at ``Hex(0, 0)``.
    """

    cols: int = 42
    rows: int = 30
    offset: Hex = Hex(0, 0)

    def __post_init__(self) -> None:
        if self.cols < 1 or self.rows < 1:
            raise ValueError(f"a map window needs at least 1 x 1 hexes, not {self.cols} x {self.rows}")

    @property
    def centre_label(self) -> Label:
        """The printed label of the centre hex (``2115`` for 42 x 30)."""
        return Label(self.cols // 2, self.rows // 2)

    @property
    def _centre_axial(self) -> Hex:
        c = self.centre_label
        return offset_to_axial(c.col, c.row)

    @property
    def centre(self) -> Hex:
        """The plane hex under this window's centre label."""
        return self.offset

    def label(self, h: Hex) -> Label:
        """The label ``h`` carries on this window (may be outside 1..cols / 1..rows)."""
        ca = self._centre_axial
        col, row = axial_to_offset(Hex(h.q - self.offset.q + ca.q, h.r - self.offset.r + ca.r))
        return Label(col, row)

    def hex_at(self, label: Label | str) -> Hex:
        """The plane hex that carries ``label`` on this window."""
        if isinstance(label, str):
            label = Label.parse(label)
        a = offset_to_axial(label.col, label.row)
        ca = self._centre_axial
        return Hex(a.q - ca.q + self.offset.q, a.r - ca.r + self.offset.r)

    def contains(self, h: Hex) -> bool:
        """True when ``h`` is printed on this window."""
        lab = self.label(h)
        return 1 <= lab.col <= self.cols and 1 <= lab.row <= self.rows

    def floated(self, facing: Facing, hexes: int) -> MapWindow:
        """This window after floating ``hexes`` hexes in direction ``facing`` (V13.812)."""
        return self.shifted(facing.vector * hexes)

    def shifted(self, vector: Hex) -> MapWindow:
        """This window translated by a hex vector."""
        return MapWindow(self.cols, self.rows, self.offset + vector)

    def hexes(self) -> list[Hex]:
        """Every hex printed on the window, column by column (cols x rows of them)."""
        return [h + self.offset for h in _base_hexes(self.cols, self.rows)]


_BASE_CACHE: dict[tuple[int, int], tuple[Hex, ...]] = {}


def _base_hexes(cols: int, rows: int) -> tuple[Hex, ...]:
    key = (cols, rows)
    if key not in _BASE_CACHE:
        base = MapWindow(cols, rows)
        _BASE_CACHE[key] = tuple(
            base.hex_at(Label(c, r)) for c in range(1, cols + 1) for r in range(1, rows + 1)
        )
    return _BASE_CACHE[key]
