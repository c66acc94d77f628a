"""Shared pieces of the campaign model: the strict record base, facings and hex labels as
validated JSON strings, and the enums of terrain and diplomacy."""
from enum import Enum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, PlainSerializer, PlainValidator

from hexmap import Facing, Label


class Strict(BaseModel):
    """Base of every campaign record: unknown fields are errors, assignments are validated."""

    model_config = ConfigDict(extra="forbid", validate_assignment=True, defer_build=True)
    """``defer_build``: a record's validator is built at its first use (or by :func:`build_all`
    in main.py's warm-up), not when its class is made: a start that takes the built-in campaign
    from the cache (app.shell.campaign_cache) builds none before its window is up (issue 21)."""


def build_all() -> int:
    """Build the validator and serializer of every campaign record not built yet (main.py's
    warm-up, while the window waits for its user). Returns how many were built."""
    built = 0
    todo: list[type[Strict]] = [Strict]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls is not Strict and not cls.__pydantic_complete__:
            cls.model_rebuild()
            built += 1
    return built


def _facing(value: Any) -> Facing:
    return Facing.parse(value)


LABEL_REACH = 9999
"""Columns and rows of a label lie within +/- this (a floating 200 x 200 map reaches ~600)."""


def _label(value: Any) -> Label:
    label = value if isinstance(value, Label) else Label.parse(value)
    if abs(label.col) > LABEL_REACH or abs(label.row) > LABEL_REACH:
        raise ValueError(f"{value!s:.40} lies too far off any map (columns and rows within +/-{LABEL_REACH})")
    return label


FacingField = Annotated[Facing, PlainValidator(_facing), PlainSerializer(lambda f: f.name, return_type=str)]
"""A facing A-F, stored as its letter."""

LabelField = Annotated[Label, PlainValidator(_label), PlainSerializer(str, return_type=str)]



def _system_key(value: Any) -> str:
    from rules.systems.registry import keys, unknown  # the registry: entry points, read when a file is
    if not isinstance(value, str):
        raise ValueError("a battle system's key is a string")
    if value not in keys():
        raise ValueError(unknown(value))
    return value


SystemKey = Annotated[str, PlainValidator(_system_key, json_schema_input_type=str)]
"""The key of a registered battle system (rules/systems/registry.py: the ``battlehex.systems``
entry points); an unknown key is refused, naming the registered ones."""

SystemKeyOrEmpty = Annotated[str, PlainValidator(lambda v: v if v == "" else _system_key(v), json_schema_input_type=str)]
"""A registered battle system's key, or ``""`` (none of its own)."""
"""A hex label, stored as ``"CCRR"`` (or ``"(col,row)"`` outside 00-99)."""


class Terrain(str, Enum):
    """Terrain of a sector / Battle Hex (V13.17, V13.95x and V13.96x)."""

    NONE = "none"
    BLACK_HOLE = "black_hole"
    NEBULA = "nebula"
    ASTEROID_FIELD = "asteroid_field"
    RINGED_GAS_GIANT = "ringed_gas_giant"
    VARIABLE_PULSAR = "variable_pulsar"
    ION_STORM = "ion_storm"

    @property
    def title(self) -> str:  # type: ignore[override]  # the display title shadows str.title on purpose
        return self.value.replace("_", " ").title() if self is not Terrain.NONE else "Empty space"


class DiplomaticState(str, Enum):
    """Relations between two powers (seed 004 Intel Phase; RULES_MATRIX §2.3)."""

    NO_CONTACT = "no_contact"
    NORMAL = "normal"
    NON_AGGRESSION = "non_aggression"
    PEACE = "peace"
    TRADE = "trade"
    MUTUAL_DEFENSE = "mutual_defense"
    ALLIANCE = "alliance"
    CO_BELLIGERENT = "co_belligerent"
    HOSTILITIES = "hostilities"
    WAR = "war"
