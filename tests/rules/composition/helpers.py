"""Building fleets for the composition tests."""
from __future__ import annotations

from typing import Any

from rules.composition import Member
from rules.model.units import Unit


def unit(uid: str, **kw: Any) -> Unit:
    """A unit with ``kw`` as its fields (strict validation, as in a campaign file)."""
    return Unit.model_validate({"id": uid, "name": uid, **kw})


def member(uid: str, power: str = "fed", flags: tuple[str, ...] = (), **kw: Any) -> Member:
    return Member(unit(uid, **kw), power, frozenset(flags))
