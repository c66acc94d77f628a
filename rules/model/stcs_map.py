"""Seed 002's planets, moons and asteroids on the STCS tactical map, in the campaign format (issue 25): a sector's
``stcs_bodies`` places them on the hexes of any STCS battle fought in it. The engine reads them where the seed
does (rules/systems/stcs/bodies.py): the Striking Table of a warp out's path, sensor shadows, the hexes a mine may
not be deployed into. docs/stcs.md, "Planets, moons and asteroids"."""
from __future__ import annotations

from enum import Enum
from typing import Annotated

from pydantic import AfterValidator, Field, StrictStr, model_validator

from hexmap.hexes import Hex
from rules.model.types import Strict

CENTRE = Hex(12, 0)
"""The tactical map's centre: between the two lines of ships, which start 24 hexes apart (q 0 and q 24)."""
REACH = 60
"""The tactical map: the hexes within this many of :data:`CENTRE` (a warp-in's target hex is chosen on it too)."""


class BodyKind(str, Enum):
    """The objects of seed 002's Striking Table (Warping Out Of Battles)."""

    PLANET = "planet"
    MOON = "moon"
    ASTEROID = "asteroid"


class STCSBody(Strict):
    """A planet, moon or asteroid in one hex of the STCS tactical map."""

    kind: BodyKind
    at: StrictStr = Field(pattern=r"^-?[0-9]{1,3},-?[0-9]{1,3}$", description="its hex as q,r, as the STCS "
                          "questions and map name hexes (the ships start at q 0 and q 24)")
    name: StrictStr = Field("", max_length=60, description="its name on the map's tip (none: its kind)")

    @property
    def hex(self) -> Hex:
        return hex_at(self.at)

    @property
    def words(self) -> str:
        """How the map and the log name it: "the moon Tau Ceti IVa", "an asteroid"."""
        return named(self.kind, self.name)

    @model_validator(mode="after")
    def _on_the_map(self) -> STCSBody:
        why = off_map(self.at)
        if why:
            raise ValueError(why)
        return self


def hex_at(at: str) -> Hex:
    """The hex a ``q,r`` names."""
    q, r = (int(v) for v in at.split(","))
    return Hex(q, r)


def named(kind: BodyKind, name: str) -> str:
    """A body's words: "the moon Tau Ceti IVa" with a name, else "a moon", "an asteroid"."""
    if name:
        return f"the {kind.value} {name}"
    return f"{'an' if kind is BodyKind.ASTEROID else 'a'} {kind.value}"


def off_map(at: str) -> str:
    """Why a body may not be at ``at``: off the tactical map ("" on it)."""
    far = hex_at(at).distance(CENTRE)
    if far > REACH:
        return (f"hex {at} is off the STCS tactical map: {far} hexes from its centre {CENTRE.q},{CENTRE.r} (at most "
                f"{REACH})")
    return ""


def placed(bodies: list[STCSBody]) -> list[STCSBody]:
    """``bodies``, refused when two share a hex (one object a hex: the Striking Table rolls for one)."""
    seen: dict[str, STCSBody] = {}
    for b in bodies:
        if b.at in seen:
            raise ValueError(f"two bodies in hex {b.at} ({seen[b.at].words} and {b.words}): one a hex")
        seen[b.at] = b
    return bodies


MOST = 200
"""At most this many bodies on one map (a sector's, a battle's)."""
Bodies = Annotated[list[STCSBody], AfterValidator(placed), Field(max_length=MOST)]
"""A map's bodies, one a hex: a sector's ``stcs_bodies`` and those a battle keeps from it when it begins
(BattleHexRecord.stcs_bodies: its replay and a reopen read them, whatever the sector lists later)."""
