"""The spoilt files of tests/test_fuzz_files.py: seeded mutations of the default campaign and of
the same campaign in its Encounters Phase, and the hostile files issue 19 found by hand.

``BATTLEHEX_FUZZ_CASES`` sets the number of cases (default 4,000), ``BATTLEHEX_FUZZ_SEED`` the
seed and ``BATTLEHEX_FUZZ_GUI_EVERY`` how many of them go through the window (every 8th).
"""
from __future__ import annotations

import copy
import json
import os
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

from rules.model import dumps, parse_campaign
from rules.turn.run import TurnRun
from tests.conftest import DEFAULT

CASES = int(os.environ.get("BATTLEHEX_FUZZ_CASES", "4000"))
SEED = int(os.environ.get("BATTLEHEX_FUZZ_SEED", "20261123"))
GUI_EVERY = int(os.environ.get("BATTLEHEX_FUZZ_GUI_EVERY", "8"))
TEXT = DEFAULT.read_text(encoding="utf-8")
EMPIRE = ["confirm", "end_phase", 0, 0, 0, 0, 0, "end_phase"]  # its Income and Tech: nobody invests
ENCOUNTERS = [*EMPIRE, "end_movement", False, False, False, "end_phase", "none", "none", "none", "none"]


def _mid_turn() -> str:
    """The default campaign in its Encounters Phase (played from its Income Phase; 0703's meetings
    answered), its economy records filled by the Income Phase, one Battle Hex
    given battle answers and a pursuit, so the free-form fields are there to spoil."""
    turn = TurnRun(parse_campaign(TEXT))
    for answer in ENCOUNTERS:
        turn.answer(answer)
    data = json.loads(dumps(turn.campaign))
    data["battle_hexes"][2].update(answers=[{"units": ["fed-ca-1"], "at": "2115"}, True, 3, "pass"],
                                   pursuit={"force": ["kli-d7-1"], "pursued": [], "rear": []})
    return json.dumps(data, indent=1, ensure_ascii=False)


MID_TEXT = _mid_turn()

Path_ = tuple[Any, ...]


def _nodes(node: Any, path: Path_ = ()) -> list[Path_]:
    out = [path]
    if isinstance(node, dict):
        for k, v in node.items():
            out += _nodes(v, (*path, k))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += _nodes(v, (*path, i))
    return out


def _at(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


class Base:
    """A campaign to spoil: its text, its data and the places in it."""

    def __init__(self, text: str) -> None:
        self.text, self.data = text, json.loads(text)
        self.nodes = _nodes(self.data)[1:]
        self.lists = [p for p in self.nodes if isinstance(_at(self.data, p), list) and _at(self.data, p)]
        self.ids = [p for p in self.nodes if p[-1] == "id"]
        self.free = [p for p in self.nodes if any(k in p for k in ("answers", "encounter_answers", "pursuit"))]


BASES = [Base(TEXT), Base(MID_TEXT)]


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))  # faster than copy.deepcopy


def _deep(depth: int, leaf: Any = 1) -> Any:
    out = leaf
    for i in range(depth):
        out = [out] if i % 2 else {"a": out}
    return out


EVIL: list[Any] = [True, False, None, 0, -1, 1, 1.0, 2.5, -0.0, 10**6, -10**6, 10**19, -10**19, 10**400,
                   "", " ", "x", "1", "true", "A", "2115", "(-3,45)", "\x00", "\ud800", "💥" * 3, "é" * 500,
                   "x" * 100_000, [], {}, [1], {"id": "x"}, [None], {"": 1}, "DEEP30", "DEEP300",
                   "\udc00x", ["\ud800"], {"k": "\udbff"}, " " * 20_000, "\n" * 50_000, "(1," + " " * 20_000 + "x",
                   " " * 10_000 + "2115", "NUM1e400", "NUM-1e400", "NUM1e-400", "NUM1E400", "DEEP40", "DEEP45"]
NUMBERS = {f'"NUM{n}"': n for n in ("1e400", "-1e400", "1e-400", "1E400")}
"""Numbers json.dumps cannot write: a marker string in the data, replaced in the text."""


def _evil(rng: random.Random, old: Any) -> Any:
    choice = rng.random()
    if choice < 0.25 and isinstance(old, bool):
        return int(old) if rng.random() < 0.5 else str(old).lower()
    if choice < 0.25 and isinstance(old, int):
        return rng.choice([True, False, float(old), str(old), -old - 1, old * 10**9, 2**63, -2**63 - 1])
    if choice < 0.25 and isinstance(old, str):
        return rng.choice([old[: rng.randrange(len(old) + 1)], old.upper(), old + "\u0301", len(old), [old],
                           old.encode("utf-8").decode("latin-1"), old * 50, " " * 20_000 + old, old + "\n" * 50_000,
                           old + " " * 20_000 + "x", old + "\ud800"])
    value = rng.choice(EVIL)
    if isinstance(value, str) and value.startswith("DEEP"):
        return _deep(int(value[4:]))
    return copy.deepcopy(value)


def _mutate_data(rng: random.Random, base: Base, data: Any) -> str:
    """One structural mutation of ``data`` in place; returns what it did."""
    kind = rng.randrange(7)
    path = rng.choice(base.free if base.free and rng.random() < 0.3 else base.nodes)
    try:
        parent, key = _at(data, path[:-1]), path[-1]
        parent[key]
    except (KeyError, IndexError, TypeError):
        return "skip"
    if not isinstance(parent, (dict, list)):  # an earlier mutation made it text: its letters are no place
        return "skip"
    if kind == 0:  # delete a key or a list item
        del parent[key]
        return f"del {path}"
    if kind in (1, 2):  # another type, a bool for an int, a huge or negative number, odd text
        parent[key] = _evil(rng, parent[key])
        return f"set {path}"
    if kind == 3:  # duplicate a list item (duplicate ids) or give an id another one's value
        lp = rng.choice(base.lists)
        try:
            lst = _at(data, lp)
        except (KeyError, IndexError, TypeError):
            return "skip"
        if isinstance(lst, list) and lst:
            lst.insert(rng.randrange(len(lst) + 1), _copy(rng.choice(lst)))
            return f"dup in {lp}"
        return "skip"
    if kind == 4:
        a, b = rng.choice(base.ids), rng.choice(base.ids)
        try:
            _at(data, a[:-1])["id"] = _at(data, b)
        except (KeyError, IndexError, TypeError):
            return "skip"
        return f"id {a} = {b}"
    if kind == 5:  # an unknown field, or nesting the value deeper
        if isinstance(parent, dict) and rng.random() < 0.5:
            parent[rng.choice(["extra", "ID", "Name", "", "\u00e9t\u00e9", "\ud83d\ude00"])] = 1
            return f"extra key at {path[:-1]}"
        parent[key] = _deep(rng.choice([3, 30, 40, 50, 300]), parent[key])
        return f"nest {path}"
    parent[key] = _copy(_at(base.data, rng.choice(base.nodes)))  # a value from elsewhere in the file
    return f"swap {path}"


def _mutate_text(rng: random.Random, text: str) -> tuple[bytes, str]:
    kind = rng.randrange(7)
    n = len(text)
    if kind == 0:
        cut = rng.randrange(n)
        return text[:cut].encode(), f"truncate at {cut}"
    if kind == 1:
        i = rng.randrange(n)
        junk = rng.choice(['"', "{", "]", ",", "\\", "\x00", "\ud800", "NaN", "Infinity", "1e999", "9" * 5000,
                           "\u2028", "💥"])
        return text[:i].encode() + junk.encode("utf-8", "surrogatepass") + text[i + 1:].encode(), f"junk at {i}"
    if kind == 2:
        enc = rng.choice(["utf-16", "utf-32", "latin-1", "cp1252", "utf-8-sig"])
        return text.replace("Ardana", "Ardaña").encode(enc, "replace"), f"encoding {enc}"
    if kind == 3:
        depth = rng.choice([100, 1000, 5000, 100_000])
        wrapped = "[" * depth + text + "]" * depth
        return wrapped.encode(), f"wrapped {depth} deep"
    if kind == 4:
        i = rng.randrange(n)
        return text[:i].encode() + bytes([rng.randrange(256)]) + text[i + 1:].encode(), f"byte at {i}"
    if kind == 5:  # a long run of blanks between two tokens, or in place of one
        i = rng.choice([m.start() for m in re.finditer(r"[,:\[{]", text[:20_000])])
        blank = rng.choice([" " * 20_000, "\n" * 50_000, "\t \r\n" * 10_000, '"' + '\\"' * 25_000])
        return (text[:i + 1] + blank + text[i + 1:]).encode(), f"blanks after {i}"
    return rng.choice([b"", b"null", b"[]", b"1", b'"x"', b"{}", b'{"format": "battlehex-campaign"}',
                       b"\xef\xbb\xbf" + text.encode()]), "other"


def cases(count: int) -> Iterator[tuple[int, bytes, str]]:
    rng = random.Random(SEED)
    for i in range(count):
        base = BASES[i % 2]
        if rng.random() < 0.2:
            raw, what = _mutate_text(rng, base.text)
        else:
            data = json.loads(base.text)
            steps = [_mutate_data(rng, base, data) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
            text = json.dumps(data, ensure_ascii=rng.random() < 0.5)
            for marker, number in NUMBERS.items():
                text = text.replace(marker, number)
            raw, what = text.encode("utf-8", "surrogatepass"), "; ".join(steps)
        yield i, raw, f"{'mid-turn' if i % 2 else 'default'}: {what}"


def _hostile(text: str, change: Callable[[dict[str, Any]], None], *numbers: str) -> bytes:
    data = json.loads(text)
    change(data)
    out = json.dumps(data)
    for n in numbers:
        out = out.replace(f'"NUM{n}"', n)
    return out.encode("utf-8", "surrogatepass")


def _set(path: Path_, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        _at(data, path[:-1])[path[-1]] = value
    return change


HOSTILE: list[tuple[str, bytes]] = [
    ("a lone surrogate in encounter_answers", _hostile(MID_TEXT, _set(("battle_hexes", 2, "encounter_answers", 1),
                                                                      "\ud800"))),
    ("a lone surrogate in answers", _hostile(MID_TEXT, _set(("battle_hexes", 2, "answers", 0, "units", 0), "\udc00"))),
    ("1e400 in answers", _hostile(MID_TEXT, _set(("battle_hexes", 2, "answers", 2), "NUM1e400"), "1e400")),
    ("-1e400 in pursuit", _hostile(MID_TEXT, _set(("battle_hexes", 2, "pursuit", "rear"), ["NUM-1e400"]), "-1e400")),
    ("answers nested 40 deep", _hostile(MID_TEXT, _set(("battle_hexes", 2, "answers", 1), _deep(40)))),
    ("a sector of 20,000 spaces", _hostile(TEXT, _set(("fleets", 0, "sector"), " " * 20_000))),
    ("a sector of 50,000 newlines", _hostile(TEXT, _set(("fleets", 0, "sector"), "\n" * 50_000))),
    ("a sector after 20,000 spaces", _hostile(TEXT, lambda d: d["fleets"][0].update(sector=" " * 20_000
                                                                                    + d["fleets"][0]["sector"]))),
    ("Supply in a v13 campaign", _hostile(TEXT, lambda d: d.update(phase="supply") or d["settings"].update(
        combat_phase="v13"))),
    ("the Encounters Phase", MID_TEXT.encode()),
]
"""Files that passed ``--check`` and then failed in the window or in a save (issue 19)."""
