"""The GM's unit lists (issue 23, Campaign > Unit Lists...): the classes each power may build and
the ground units it may raise, with their costs, in-service years and (seed 004's economy on)
maintenance, entered by the GM because seed 004 gives no unit costs.

The change is one step: every row of every power is checked first (the campaign model's
:class:`~rules.model.builds.BuildClass` and :class:`~rules.model.builds.GroundClass`), a bad one
refused with the power, the row and the field named, nothing changed; then the campaign's checks.

Readings:

* A class is named by its ``class_designation`` (purchases and projects name it so), a ground
  class by its unit's name: two rows of one power with the same name are refused.
* The counter as built is a unit already in the campaign taken as a template (its state - hits,
  crippling, towing, a carrier, Lost, its place on a battle map - left behind: a new unit is
  whole, as Construction Completion builds it) or typed as the Unit record's fields (JSON).
* A class still ordered and not built (a project) cannot leave its power's list: the project
  would name a class the list no longer holds (cancel it first, 004 Turn Orders).
* Maintenance per class (``economy.maintenance``) is offered beside a class; blank: not listed
  (costs nothing, docs/economy.md). A class removed from the list keeps its figure (units of it
  may still be in service).
* Each power's change is logged for the GM and that power's Team alone: the other Teams do not
  read another power's list.

Headless: ``main.py unit-lists`` (rules/turn/unit_lists_headless.py) gives :func:`change` the rows
of a JSON file.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from pydantic import TypeAdapter, ValidationError

from rules.battlehex.words import possessive
from rules.errors import RuleError
from rules.model.builds import BuildClass, GroundClass
from rules.model.campaign import Campaign, Power
from rules.model.checks import check_campaign
from rules.model.economy_model import Points
from rules.model.records import LogEntry
from rules.model.units import Unit

RULE = "Unit lists (004 Turn Orders)"
EMPTY = "the campaign's rules give no unit costs: enter the classes each power may build"
"""What the GM reads where a power has no list yet."""
_STATE = ("towing", "carrier_id", "internal_hits", "base_repair_hits", "crippled", "damage_levels", "destroyed",
          "destroyed_turn", "captured", "fate",
          "lost_turns_remaining", "lost_by", "is_cloaked", "tactical", "forced_strategic_direction",
          "warp_engines_dropped", "sensors_damaged", "lessee_team", "wants_fight", "crew_units_current")
"""A template's state, left behind: a new counter is whole and free (as Construction Completion builds it),
its crew full."""
_LEFT = ("id", "name", "class_designation", *(k for k in _STATE if k != "crew_units_current"))
"""What a row's factors do not hold: the row names the class, the state is a new unit's."""
_POINTS: TypeAdapter[Fraction] = TypeAdapter(Points)


class RowRefused(RuleError):
    """A row refused: the power, its table (``classes`` or ``grounds``) and the row's index, so
    that the dialog shows the row its words name."""

    def __init__(self, message: str, power: str, table: str, row: int) -> None:
        super().__init__(RULE, message)
        self.power, self.table, self.row = power, table, row


@dataclass(frozen=True)
class ClassRow:
    """One class a power may build, as the GM enters it (texts as typed).

    Attributes:
        class_designation: the class, as purchases name it ("FF").
        name: the counter's name.
        factors: the rest of the counter as built, the Unit record's fields in JSON ("{}": all defaults).
        cost: its cost in Economic Points ("3", "9/2").
        in_service: its in-service year ("" : always).
        maintenance: its maintenance per unit in service ("" : not listed).
    """

    class_designation: str
    name: str
    factors: str
    cost: str
    in_service: str = ""
    maintenance: str = ""


@dataclass(frozen=True)
class GroundRow:
    """One ground unit class a power may raise, as the GM enters it (its name names the class)."""

    name: str
    attrition: str
    cost: str
    in_service: str = ""
    marines: bool = False
    supply_depot: bool = False


@dataclass(frozen=True)
class PowerLists:
    """A power's whole unit list and ground list as the GM leaves them (``None``: that list kept
    exactly as the campaign holds it)."""

    power: str
    classes: tuple[ClassRow, ...] | None = ()
    grounds: tuple[GroundRow, ...] | None = ()


@dataclass(frozen=True)
class Template:
    """A counter of the campaign a class may be built as: its unit's id, its words, its power."""

    unit: str
    words: str
    power: str


def templates(c: Campaign) -> list[Template]:
    """Every counter of the campaign a class may be built as: one per power and class, in the
    campaign's order (fleets, then garrisons)."""
    out: list[Template] = []
    seen: set[tuple[str, str]] = set()
    names = {p.id: p.name for p in c.powers}
    found = [(f.power, u) for f in c.fleets for u in f.units] + \
            [(str(s.owner), u) for s in c.map.sectors for u in s.garrison]
    for power, u in found:
        key = (power, u.class_designation or u.name)
        if key in seen or u.destroyed:
            continue
        seen.add(key)
        label = f"{u.class_designation} \u2014 {u.name}" if u.class_designation else u.name
        out.append(Template(u.id, f"{label} ({names.get(power, power)}, {u.kind.value.replace('_', ' ')})", power))
    return out


def template(c: Campaign, unit_id: str) -> ClassRow:
    """A class row built from the campaign's unit ``unit_id``: its class, name and factors, no cost yet."""
    unit = next((u for f in c.fleets for u in f.units if u.id == unit_id), None) or \
        next((u for s in c.map.sectors for u in s.garrison if u.id == unit_id), None)
    if unit is None:
        raise RuleError(RULE, f"no unit {unit_id!r} in the campaign to take as a template")
    return ClassRow(unit.class_designation, unit.name, _factors(unit), "")


def rows_of(c: Campaign, power: str) -> PowerLists:
    """``power``'s lists as they stand, as rows (its maintenance beside each class)."""
    p = _power(c, power)
    upkeep = p.economy.maintenance if p.economy is not None else {}
    classes = tuple(ClassRow(b.unit.class_designation, b.unit.name, _factors(b.unit), _text(b.cost),
                             "" if b.in_service is None else str(b.in_service),
                             _text(upkeep[b.unit.class_designation]) if b.unit.class_designation in upkeep else "")
                    for b in p.unit_list)
    grounds = tuple(GroundRow(g.unit.name, str(g.unit.attrition), _text(g.cost),
                              "" if g.in_service is None else str(g.in_service), g.unit.marines, g.unit.supply_depot)
                    for g in p.ground_list)
    return PowerLists(power, classes, grounds)


def change(c: Campaign, lists: Sequence[PowerLists]) -> Campaign:
    """``c`` with each power of ``lists`` given those lists, logged; ``c`` itself when nothing
    changes; refused (:class:`RuleError`) naming the power, the row and the field, nothing changed."""
    built: list[tuple[Power, list[BuildClass], list[GroundClass], dict[str, Fraction | None]]] = []
    for pl in lists:
        p = _power(c, pl.power)
        units, upkeep = _classes(p, pl.classes) if pl.classes is not None else (list(p.unit_list), {})
        built.append((p, units, _grounds(p, pl.grounds) if pl.grounds is not None else list(p.ground_list), upkeep))
    new = c.model_copy(deep=True)
    lines: list[LogEntry] = []
    for p, units, grounds, upkeep in built:
        q = new.power(p.id)
        assert q is not None
        said = _said(p, units, grounds, upkeep)
        if not said:
            continue
        _keep_ordered(p, units, grounds)
        q.unit_list, q.ground_list = units, grounds
        if q.economy is not None:
            figures = dict(q.economy.maintenance)
            for cls, figure in upkeep.items():
                if figure is None:
                    figures.pop(cls, None)
                else:
                    figures[cls] = figure
            q.economy = q.economy.model_copy(update={"maintenance": figures})
        team = c.team_of_power(p.id)
        lines.append(LogEntry(turn=c.turn, rule=RULE, text=f"The GM sets {possessive(p.name)} unit lists: "
                              f"{'; '.join(said)}", secret_of=[team.id] if team is not None else ["gm"]))
    if not lines:
        return c
    problems = check_campaign(new)
    if problems:
        raise RuleError(RULE, "; ".join(str(x) for x in problems[:3]))
    new.log.extend(lines)
    return new


def _power(c: Campaign, power: str) -> Power:
    p = c.power(power)
    if p is None:
        raise RuleError(RULE, f"no power {power!r} in the campaign")
    return p


def _factors(u: Unit) -> str:
    data = {k: v for k, v in u.model_dump(mode="json", exclude_defaults=True).items() if k not in _LEFT}
    if u.crew_units_normal:
        data["crew_units_current"] = u.crew_units_normal  # a new unit's crew is whole
    return json.dumps(data, sort_keys=True)


def _text(x: Fraction) -> str:
    return str(x)


def _where(p: Power, what: str, i: int, name: str) -> str:
    return f"{p.name}, {what} row {i + 1} ({name or 'no name'})"


def _year(where: str, text: str) -> int | None:
    t = text.strip()
    if not t:
        return None
    if not t.isdigit():
        raise RuleError(RULE, f"{where}, in-service year: {t!r} is not a year (a whole number such as 150, or blank)")
    return int(t)


def _cost(where: str, field: str, text: str) -> Fraction:
    t = text.strip()
    if not t:
        raise RuleError(RULE, f"{where}, {field}: enter it in Economic Points (a whole number or a fraction "
                              "such as 9/2)")
    try:
        value = _POINTS.validate_python(t)
    except ValidationError as e:
        raise RuleError(RULE, f"{where}, {field}: {_first(e)}") from None
    if value < 0:
        raise RuleError(RULE, f"{where}, {field}: {t} is below 0")
    return value


def _first(e: ValidationError) -> str:
    err = e.errors()[0]
    loc = ".".join(str(x) for x in err["loc"])
    msg = str(err["msg"]).removeprefix("Value error, ")
    return f"{loc}: {msg}" if loc else msg


def _classes(p: Power, rows: Sequence[ClassRow]) -> tuple[list[BuildClass], dict[str, Fraction | None]]:
    out: list[BuildClass] = []
    upkeep: dict[str, Fraction | None] = {}
    first: dict[str, int] = {}
    i = -1
    try:
        for i, row in enumerate(rows):
            cls = row.class_designation.strip()
            where = _where(p, "unit class", i, cls)
            if not cls:
                raise RuleError(RULE, f"{where}, class: enter the class designation (purchases name the class by it)")
            if cls in first:
                raise RuleError(RULE, f"{where}, class: row {first[cls] + 1} already holds class {cls}")
            first[cls] = i
            if not row.name.strip():
                raise RuleError(RULE, f"{where}, name: enter the counter's name")
            try:
                factors: Any = json.loads(row.factors or "{}")
            except ValueError as e:
                raise RuleError(RULE, f"{where}, factors: not JSON ({e})") from None
            if not isinstance(factors, dict):
                raise RuleError(RULE, f"{where}, factors: the Unit record's fields as a JSON object {{...}}")
            left = sorted(set(factors) & set(_LEFT))
            if left:
                raise RuleError(RULE, f"{where}, factors: {', '.join(left)} is not a factor of a class (the row "
                                      "names it, a new unit is whole)")
            cost = _cost(where, "cost", row.cost)
            year = _year(where, row.in_service)
            try:
                unit = Unit.model_validate({**factors, "id": f"{p.id}-class-{cls}", "name": row.name.strip(),
                                            "class_designation": cls})
                out.append(BuildClass(unit=unit, cost=cost, in_service=year))
            except ValidationError as e:
                field = _first(e)
                raise RuleError(RULE, f"{where}, in-service year: {field.removeprefix('in_service: ')}"
                                if field.startswith("in_service") else f"{where}, factors: {field}") from None
            if row.maintenance.strip() and p.economy is None:
                raise RuleError(RULE, f"{where}, maintenance: {p.name} keeps no seed 004 economy (Campaign > Settings: "
                                      "the empire turn run by BattleHex)")
            upkeep[cls] = _cost(where, "maintenance", row.maintenance) if row.maintenance.strip() else None
    except RuleError as err:  # the row it stands in, for the dialog to show
        raise RowRefused(err.message, p.id, "classes", i) from None
    return _kept(p.unit_list, out), upkeep


def _grounds(p: Power, rows: Sequence[GroundRow]) -> list[GroundClass]:
    out: list[GroundClass] = []
    first: dict[str, int] = {}
    i = -1
    try:
        for i, row in enumerate(rows):
            name = row.name.strip()
            where = _where(p, "ground class", i, name)
            if not name:
                raise RuleError(RULE, f"{where}, name: enter the ground unit's name (it names the class)")
            if name in first:
                raise RuleError(RULE, f"{where}, name: row {first[name] + 1} already holds {name}")
            first[name] = i
            t = row.attrition.strip()
            if not t.isdigit():
                raise RuleError(RULE, f"{where}, attrition: {t!r} is not a whole number of 1 or more")
            cost = _cost(where, "cost", row.cost)
            year = _year(where, row.in_service)
            try:
                unit = {"id": f"{p.id}-class-{name}", "name": name, "power": p.id, "attrition": int(t),
                        "marines": row.marines, "supply_depot": row.supply_depot}
                out.append(GroundClass.model_validate({"unit": unit, "cost": cost, "in_service": year}))
            except ValidationError as e:
                field = _first(e)
                word = "in-service year" if field.startswith("in_service") else "attrition" if "attrition" in field \
                    else "ground unit"
                raise RuleError(RULE, f"{where}, {word}: {field.split(': ', 1)[-1]}") from None
    except RuleError as err:  # the row it stands in, for the dialog to show
        raise RowRefused(err.message, p.id, "grounds", i) from None
    return _kept(p.ground_list, out)


def _kept(old: Sequence[Any], new: list[Any]) -> list[Any]:
    """``new`` with each entry equal to one of ``old`` but for its unit's id kept as it was (its id
    unchanged: an unchanged row changes nothing)."""
    before = {_key(b): b for b in old}
    return [before[_key(b)] if _key(b) in before and _same(before[_key(b)], b) else b for b in new]


def _same(a: Any, b: Any) -> bool:
    return bool(a.model_copy(update={"unit": a.unit.model_copy(update={"id": ""})}) ==
                b.model_copy(update={"unit": b.unit.model_copy(update={"id": ""})}))


def _key(b: BuildClass | GroundClass) -> str:
    return b.unit.class_designation if isinstance(b, BuildClass) else b.unit.name


def _keep_ordered(p: Power, units: list[BuildClass], grounds: list[GroundClass]) -> None:
    """Refuse to drop a class a project of ``p`` still names (ordered, not built)."""
    classes = {b.unit.class_designation for b in units}
    names = {g.unit.name for g in grounds}
    for j in p.economy.projects if p.economy is not None else []:
        if j.repair_of is None and j.unit_class not in (names if j.ground else classes):
            raise RuleError(RULE, f"{p.name}, {j.unit_class}: ordered and not yet built (a project at {j.planet}, "
                                  f"{j.at}); cancel it first or keep the class")


def _said(p: Power, units: list[BuildClass], grounds: list[GroundClass],
          upkeep: dict[str, Fraction | None]) -> list[str]:
    """What changes in ``p``'s lists, in words (empty: nothing)."""
    out: list[str] = []
    pairs: tuple[tuple[Sequence[BuildClass | GroundClass], Sequence[BuildClass | GroundClass], str], ...] = (
        (p.unit_list, units, "class"), (p.ground_list, grounds, "ground unit"))
    for old, new, what in pairs:
        before = {_key(b): b for b in old}
        after = {_key(b): b for b in new}
        for k, b in after.items():
            year = f", in service {b.in_service}" if b.in_service is not None else ""
            if k not in before:
                out.append(f"{what} {k} added ({_text(b.cost)} EP{year})")
            elif not _same(before[k], b):
                out.append(f"{what} {k} changed ({_text(b.cost)} EP{year})")
        out += [f"{what} {k} removed" for k in before if k not in after]
    if not out and ([b.unit.class_designation for b in p.unit_list] != [b.unit.class_designation for b in units]
                    or [g.unit.name for g in p.ground_list] != [g.unit.name for g in grounds]):
        out.append("rows reordered")
    figures = p.economy.maintenance if p.economy is not None else {}
    for cls, figure in upkeep.items():
        if figure is None and cls in figures:
            out.append(f"maintenance of {cls} no longer listed")
        elif figure is not None and figures.get(cls) != figure:
            out.append(f"maintenance of {cls} {_text(figure)} EP")
    return out
