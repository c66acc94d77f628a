"""``python main.py unit-lists CAMPAIGN --lists FILE [--out FILE] [--passphrase NAME=FILE ...]``:
the GM's unit lists headless (Campaign > Unit Lists... in the window; rules/turn/unit_lists.py).

The lists file is a JSON object, power id -> its lists; a power left out is unchanged, a table
left out (``classes`` or ``grounds``) too, exactly as the file holds it; a table given is the
power's whole table::

    {"fed": {"classes": [{"class": "FF", "name": "Frigate", "factors": {"kind": "ship"}, "cost": "9/2",
                          "in_service": 150, "maintenance": "1/2"},
                         {"template": "fed-ca-1", "cost": 12}],
             "grounds": [{"name": "Marines", "attrition": 2, "cost": 1, "marines": true}]}}

A class row takes ``class``, ``name`` and ``factors`` (the Unit record's fields) from the
campaign's unit ``template`` when it names one (what it gives itself wins); ``in_service`` and
``maintenance`` may be left out (always; not listed). Every row is checked as the dialog's are,
and the same one step is applied: a bad row is refused naming the file, the power, the row and
the field, nothing applied; each power changed gets the dialog's log line (the GM's and its
Team's). It prints, as JSON with sorted keys, the turn, the powers changed and their log lines;
``--out`` writes the campaign (through :func:`rules.model.save_campaign`: the same lists give the
same bytes, but for a keyed file's seals, made anew at every save). Exit codes: 0 applied (or nothing to change), 1 refused (stderr says why), 2 the
command line, the campaign file or the lists file cannot be used.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, TextIO

from rules.errors import RuleError
from rules.model import CampaignError, passphrase_arg, save_campaign
from rules.model.campaign import Campaign
from rules.model.json_value import MAX_VALUE_DEPTH, DuplicateKey, json_problem, nesting_problem, unique_keys, utf8_text
from rules.opening import open_campaign_file
from rules.turn import unit_lists as ul

_EXIT_CODES = ("exit codes: 0 the lists were applied (or nothing changed); 1 refused (stderr names the file, the "
               "power, the row and the field; nothing applied); 2 the command line, the campaign file or the lists "
               "file cannot be used")
_CLASS = ("class", "name", "template", "factors", "cost", "in_service", "maintenance")
_GROUND = ("name", "attrition", "cost", "in_service", "marines", "supply_depot")


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="battlehex unit-lists", epilog=_EXIT_CODES,
                                description="the GM enters each power's unit lists (classes it may build, ground "
                                            "units it may raise, costs, in-service years, maintenance) from a file")
    p.add_argument("campaign", help="the campaign's own file (the GM's)")
    p.add_argument("--lists", required=True, metavar="FILE", help="JSON: power id -> {\"classes\": [...], "
                   "\"grounds\": [...]} (rules/turn/unit_lists_headless.py)")
    p.add_argument("--out", metavar="FILE", help="write the campaign with the lists to FILE (none: only checked)")
    p.add_argument("--passphrase", action="append", type=passphrase_arg, default=[], metavar="NAME=FILE",
                   help="open the secrets sealed for NAME (a team id or gm) with the passphrase on FILE's first "
                        "line (-: standard input); may be repeated")
    return p


def read_lists(path: str) -> Any:
    """The lists file's JSON value.

    Raises:
        ValueError: naming the file: not JSON, nested too deep, a value no save could write back.
        OSError: the file cannot be read.
    """
    text = utf8_text(path)
    deep = nesting_problem(text, MAX_VALUE_DEPTH)
    if deep is not None:
        raise ValueError(f"{path}: nested {deep} levels deep (at most {MAX_VALUE_DEPTH})")
    try:
        data = json.loads(text, object_pairs_hook=unique_keys)
    except json.JSONDecodeError as e:
        raise ValueError(f"{path}: JSON syntax error at line {e.lineno}, column {e.colno}: {e.msg}") from None
    except DuplicateKey as e:
        raise ValueError(f"{path}: {e}") from None
    except (ValueError, RecursionError) as e:
        raise ValueError(f"{path}: not usable JSON: {str(e)[:200]}") from None
    why = json_problem(data)
    if why is not None:
        raise ValueError(f"{path}: {why}")
    return data


def lists_of(c: Campaign, data: Any) -> list[ul.PowerLists]:
    """The lists ``data`` (the file's JSON) gives, as the dialog's rows.

    Raises:
        RuleError: naming the power, the row and the field that is not of a row's shape.
    """
    if not isinstance(data, dict):
        raise RuleError(ul.RULE, "the unit lists are a JSON object: power id -> {\"classes\": [...], "
                                 "\"grounds\": [...]}")
    out: list[ul.PowerLists] = []
    for power, tables in data.items():
        p = c.power(power)
        if p is None:
            raise RuleError(ul.RULE, f"no power {power!r} in the campaign")
        if not isinstance(tables, dict) or set(tables) - {"classes", "grounds"}:
            raise RuleError(ul.RULE, f"{p.name}: an object with \"classes\" and \"grounds\" (lists of rows), not "
                                     f"{_short(tables)}")
        classes: tuple[ul.ClassRow, ...] | None = None
        grounds: tuple[ul.GroundRow, ...] | None = None
        if "classes" in tables:
            classes = tuple(_class(c, f"{p.name}, unit class row {i + 1}", row)
                            for i, row in enumerate(_rows(p.name, "classes", tables["classes"])))
        if "grounds" in tables:
            grounds = tuple(_ground(f"{p.name}, ground class row {i + 1}", row)
                            for i, row in enumerate(_rows(p.name, "grounds", tables["grounds"])))
        out.append(ul.PowerLists(power, classes, grounds))
    return out


def _rows(name: str, table: str, rows: Any) -> list[Any]:
    if not isinstance(rows, list):
        raise RuleError(ul.RULE, f"{name}, {table}: a list of rows, not {_short(rows)}")
    return rows


def _class(c: Campaign, where: str, row: Any) -> ul.ClassRow:
    row = _fields(where, row, _CLASS)
    base = ul.ClassRow("", "", "{}", "")
    if "template" in row:
        base = ul.template(c, _text(where, "template", row["template"], number=False))
    factors = row.get("factors", base.factors)
    if isinstance(factors, dict):
        factors = json.dumps(factors, sort_keys=True)
    elif not isinstance(factors, str):
        raise RuleError(ul.RULE, f"{where}, factors: the Unit record's fields as a JSON object, not {_short(factors)}")
    return ul.ClassRow(_text(where, "class", row.get("class", base.class_designation), number=False),
                       _text(where, "name", row.get("name", base.name), number=False), factors,
                       _text(where, "cost", row.get("cost", "")), _text(where, "in_service", row.get("in_service")),
                       _text(where, "maintenance", row.get("maintenance")))


def _ground(where: str, row: Any) -> ul.GroundRow:
    row = _fields(where, row, _GROUND)
    flags = [row.get(k, False) for k in ("marines", "supply_depot")]
    for k, v in zip(("marines", "supply_depot"), flags):
        if not isinstance(v, bool):
            raise RuleError(ul.RULE, f"{where}, {k}: true or false, not {_short(v)}")
    return ul.GroundRow(_text(where, "name", row.get("name", ""), number=False),
                        _text(where, "attrition", row.get("attrition", "")), _text(where, "cost", row.get("cost", "")),
                        _text(where, "in_service", row.get("in_service")), flags[0], flags[1])


def _fields(where: str, row: Any, known: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(row, dict):
        raise RuleError(ul.RULE, f"{where}: a row is a JSON object of {', '.join(known)}, not {_short(row)}")
    unknown = [k for k in row if k not in known]
    if unknown:
        raise RuleError(ul.RULE, f"{where}, {unknown[0]}: not a field of the row ({', '.join(known)})")
    return row


def _text(where: str, field: str, value: Any, number: bool = True) -> str:
    """A field as the dialog's cell holds it: a text, a whole number (``number``), none: blank."""
    if value is None:
        return ""
    if isinstance(value, str) or number and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    kind = "a text or a whole number (a fraction as a text such as \"9/2\")" if number else "a text"
    raise RuleError(ul.RULE, f"{where}, {field}: {kind}, not {_short(value)}")


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def run(argv: list[str], out: TextIO | None = None, err: TextIO | None = None) -> int:
    """``main.py unit-lists``: the exit code (0, 1 or 2)."""
    out, err = out or sys.stdout, err or sys.stderr
    try:
        args = _parser().parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    try:
        c = open_campaign_file(args.campaign, passphrases=dict(args.passphrase))
    except CampaignError as e:
        print(e.report(), file=err)
        return 2
    if c.team_copy is not None:
        print(f"unit-lists: {args.campaign} is a Team copy (play by e-mail): the GM enters the unit lists on the "
              "campaign's own file", file=err)
        return 2
    try:
        data = read_lists(args.lists)
    except (ValueError, OSError) as e:
        print(f"unit-lists: {e}", file=err)
        return 2
    name = Path(args.lists).name
    try:
        new = ul.change(c, lists_of(c, data))
    except RuleError as e:
        print(f"unit-lists: refused: {name}: {e.message} ({e.rule}); nothing was applied", file=err)
        return 1
    lines = new.log[len(c.log):]
    changed = [q.id for q, p in zip(new.powers, c.powers) if q != p]
    if args.out:
        try:
            save_campaign(new, args.out)
        except (OSError, CampaignError) as e:
            print(f"unit-lists: --out {args.out}: {e}", file=err)
            return 2
    result = {"turn": new.turn, "changed": changed, "written": args.out,
              "log": [e.model_dump(mode="json", exclude_defaults=True) for e in lines]}
    print(json.dumps(result, sort_keys=True, indent=1, ensure_ascii=False), file=out)
    return 0
