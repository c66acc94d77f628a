"""Files that break the tool (issue 11): thousands of spoilt copies of the default campaign.

Each case mutates ``scenarios/default_campaign.json`` (seeded, so a failure is repeatable: the
message names the case and its mutations) and asserts that ``load_campaign`` either returns a
campaign or raises ``CampaignError``, never anything else, and that ``main.py --check`` prints
no traceback. ``BATTLEHEX_FUZZ_CASES`` sets the number of cases (default 4,000) and
``BATTLEHEX_FUZZ_SEED`` the seed, for a longer hunt.
"""
from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from collections.abc import Callable, Iterator
from itertools import islice
from pathlib import Path
from typing import Any

import pytest

import main
from rules.model import Campaign, CampaignError, load_campaign
from tests.conftest import DEFAULT, ROOT

CASES = int(os.environ.get("BATTLEHEX_FUZZ_CASES", "4000"))
SEED = int(os.environ.get("BATTLEHEX_FUZZ_SEED", "20261123"))
TEXT = DEFAULT.read_text(encoding="utf-8")
DATA = json.loads(TEXT)

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


NODES = _nodes(DATA)[1:]


def _at(data: Any, path: Path_) -> Any:
    for part in path:
        data = data[part]
    return data


LISTS = [p for p in NODES if isinstance(_at(DATA, p), list) and _at(DATA, p)]
IDS = [p for p in NODES if p[-1] == "id"]


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))  # faster than copy.deepcopy


def _deep(depth: int, leaf: Any = 1) -> Any:
    out = leaf
    for i in range(depth):
        out = [out] if i % 2 else {"a": out}
    return out


EVIL: list[Any] = [True, False, None, 0, -1, 1, 1.0, 2.5, -0.0, 10**6, -10**6, 10**19, -10**19, 10**400,
                   "", " ", "x", "1", "true", "A", "2115", "(-3,45)", "\x00", "\ud800", "💥" * 3, "é" * 500,
                   "x" * 100_000, [], {}, [1], {"id": "x"}, [None], {"": 1}, "DEEP30", "DEEP300"]


def _evil(rng: random.Random, old: Any) -> Any:
    choice = rng.random()
    if choice < 0.25 and isinstance(old, bool):
        return int(old) if rng.random() < 0.5 else str(old).lower()
    if choice < 0.25 and isinstance(old, int):
        return rng.choice([True, False, float(old), str(old), -old - 1, old * 10**9, 2**63, -2**63 - 1])
    if choice < 0.25 and isinstance(old, str):
        return rng.choice([old[: rng.randrange(len(old) + 1)], old.upper(), old + "\u0301", len(old), [old],
                           old.encode("utf-8").decode("latin-1"), old * 50])
    value = rng.choice(EVIL)
    if isinstance(value, str) and value.startswith("DEEP"):
        return _deep(int(value[4:]))
    return copy.deepcopy(value)


def _mutate_data(rng: random.Random, data: Any) -> str:
    """One structural mutation of ``data`` in place; returns what it did."""
    kind = rng.randrange(7)
    path = rng.choice(NODES)
    try:
        parent, key = _at(data, path[:-1]), path[-1]
        parent[key]
    except (KeyError, IndexError, TypeError):
        return "skip"
    if kind == 0:  # delete a key or a list item
        del parent[key]
        return f"del {path}"
    if kind in (1, 2):  # another type, a bool for an int, a huge or negative number, odd text
        parent[key] = _evil(rng, parent[key])
        return f"set {path}"
    if kind == 3:  # duplicate a list item (duplicate ids) or give an id another one's value
        lp = rng.choice(LISTS)
        try:
            lst = _at(data, lp)
        except (KeyError, IndexError, TypeError):
            return "skip"
        if isinstance(lst, list) and lst:
            lst.insert(rng.randrange(len(lst) + 1), _copy(rng.choice(lst)))
            return f"dup in {lp}"
        return "skip"
    if kind == 4:
        a, b = rng.choice(IDS), rng.choice(IDS)
        try:
            _at(data, a[:-1])["id"] = _at(data, b)
        except (KeyError, IndexError, TypeError):
            return "skip"
        return f"id {a} = {b}"
    if kind == 5:  # an unknown field, or nesting the value deeper
        if isinstance(parent, dict) and rng.random() < 0.5:
            parent[rng.choice(["extra", "ID", "Name", "", "\u00e9t\u00e9", "\ud83d\ude00"])] = 1
            return f"extra key at {path[:-1]}"
        parent[key] = _deep(rng.choice([3, 50, 300]), parent[key])
        return f"nest {path}"
    parent[key] = _copy(_at(DATA, rng.choice(NODES)))  # a value from elsewhere in the file
    return f"swap {path}"


def _mutate_text(rng: random.Random, text: str) -> tuple[bytes, str]:
    kind = rng.randrange(6)
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
    return rng.choice([b"", b"null", b"[]", b"1", b'"x"', b"{}", b'{"format": "battlehex-campaign"}',
                       b"\xef\xbb\xbf" + text.encode()]), "other"


def _cases(count: int) -> Iterator[tuple[int, bytes, str]]:
    rng = random.Random(SEED)
    for i in range(count):
        if rng.random() < 0.2:
            raw, what = _mutate_text(rng, TEXT)
        else:
            data = json.loads(TEXT)
            steps = [_mutate_data(rng, data) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
            raw, what = json.dumps(data, ensure_ascii=rng.random() < 0.5).encode("utf-8", "surrogatepass"), "; ".join(steps)
        yield i, raw, what


def test_no_mutated_file_breaks_load_campaign(tmp_path: Path) -> None:
    loaded = refused = 0
    path = tmp_path / "case.json"
    for i, raw, what in _cases(CASES):
        path.write_bytes(raw)
        try:
            c = load_campaign(path)
        except CampaignError as e:
            assert e.problems, f"case {i} ({what}): a CampaignError with no problem"
            refused += 1
        except Exception as e:  # noqa: BLE001: the point of the test
            pytest.fail(f"case {i} ({what}): {type(e).__name__}: {str(e)[:300]}")
        else:
            assert isinstance(c, Campaign)
            loaded += 1
    print(f"\nfuzz: {CASES} mutated files, {loaded} loaded, {refused} refused with a CampaignError")
    assert loaded + refused == CASES and refused > CASES // 2


def test_check_never_prints_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``main.main(["--check", FILE])`` in-process on every 8th case: exit 0 with OK, or exit 1."""
    path = tmp_path / "case.json"
    runs = 0
    for i, raw, what in islice(_cases(CASES), 0, None, 8):
        path.write_bytes(raw)
        code = main.main(["--check", str(path)])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err, f"case {i} ({what})"
        assert (code, bool(err)) in ((0, False), (1, True)), f"case {i} ({what}): exit {code}, {err[:300]}"
        runs += 1
    print(f"\nfuzz: main.py --check ran on {runs} mutated files")


def _spoil(change: Callable[[dict[str, Any]], None]) -> bytes:
    data = json.loads(TEXT)
    change(data)
    return json.dumps(data).encode()


@pytest.mark.parametrize("name, raw, expected", [
    ("deep.json", b"[" * 5000 + TEXT.encode() + b"]" * 5000, "nested too deeply"),
    ("bool.json", _spoil(lambda d: d["fleets"][0]["units"][0].update(size_class=True)),
     "fleets[0].units[0].size_class: input should be a valid integer"),
    ("cut.json", TEXT.encode()[:5000], "JSON syntax error"),
])
def test_check_as_a_subprocess(tmp_path: Path, name: str, raw: bytes, expected: str) -> None:
    path = tmp_path / name
    path.write_bytes(raw)
    r = subprocess.run([sys.executable, "main.py", "--check", str(path)], cwd=ROOT, capture_output=True, text=True,
                       env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=120)
    assert r.returncode == 1 and "Traceback" not in r.stderr + r.stdout
    assert expected in r.stderr
