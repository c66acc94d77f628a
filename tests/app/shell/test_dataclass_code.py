"""The code ``@dataclass`` writes and ``typing``'s forward references, compiled by an earlier start and
kept (app/shell/dataclass_code.py, issue 21: ~35 ms of CPU of a start with no kept first frame). A class
or a reference made from the kept code is what ``exec`` or ``compile`` would have made; a start reads
what the last one kept; a damaged file is compiled again."""
from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
CLASSES = """
import dataclasses, json, sys
from typing import ClassVar
if sys.argv[1] != "plain":
    from app.shell import dataclass_code
    cache = dataclass_code.install()

@dataclasses.dataclass(frozen=True, order=True)
class Point:
    x: int
    y: int = 2
    tags: tuple = ()
    kind: ClassVar[str] = "p"

@dataclasses.dataclass(slots=True)
class Bag:
    items: list = dataclasses.field(default_factory=list)
    name: str = "bag"

a, b = Point(1), Point(1, 3)
try:
    a.x = 5
    frozen = "no"
except dataclasses.FrozenInstanceError as e:
    frozen = type(e).__name__
bag = Bag()
bag.items.append(1)
out = dict(repr=[repr(a), repr(bag)], eq=[a == Point(1), a < b, hash(a) == hash(Point(1))], frozen=frozen,
           init=str(Point.__init__.__annotations__), bag_init=str(Bag.__init__.__annotations__),
           file=Point.__init__.__code__.co_filename, qualname=Point.__init__.__qualname__,
           code=[Point.__init__.__code__.co_code.hex(), Point.__eq__.__code__.co_code.hex()])
import typing


class Hinted:
    x: "list[int] | None"
    y: "Point"


ref = typing.ForwardRef("list[int] | None")
try:
    typing.ForwardRef("1 +")
    bad = "no"
except SyntaxError as e:
    bad = type(e).__name__
out.update(hints=str(typing.get_type_hints(Hinted)), ref=ref.__forward_code__.co_code.hex(), bad=bad)
if sys.argv[1] != "plain":
    out["compiled"] = cache.compiled
    out["ref_kept"] = dataclass_code.EVAL + "list[int] | None" in cache.used
    out["saved"] = dataclass_code.save()
print(json.dumps(out))
"""


def _run(mode: str, data: Path) -> dict:
    env = dict(os.environ, BATTLEHEX_DATA=str(data))
    r = subprocess.run([sys.executable, "-c", CLASSES, mode], cwd=ROOT, capture_output=True, text=True, env=env,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_a_class_made_from_the_kept_code_is_the_class_exec_makes(tmp_path):
    plain = _run("plain", tmp_path)
    first = _run("cached", tmp_path)  # compiles, keeps
    second = _run("cached", tmp_path)  # reads every text from the file
    assert first.pop("compiled") > 0 and first.pop("saved") is True and first.pop("ref_kept") is True
    assert second.pop("compiled") == 0 and second.pop("saved") is False and second.pop("ref_kept") is True
    assert first == plain and second == plain


def test_a_damaged_or_foreign_file_is_compiled_again(tmp_path):
    from app.shell import dataclass_code

    plain = _run("plain", tmp_path)
    kept = tmp_path / "cache" / "dataclass_code.marshal"
    kept.parent.mkdir(parents=True)
    for bad in (b"", b"\xff" * 64, b"BattleHex dataclass code 1 another python\n" + marshal.dumps({}),
                dataclass_code.HEAD + b"\x00garbage", dataclass_code.HEAD + marshal.dumps({"x": 1})):
        kept.write_bytes(bad)
        got = _run("cached", tmp_path)
        assert got.pop("compiled") > 0 and got.pop("saved") is True and got.pop("ref_kept") and got == plain, bad
        assert kept.read_bytes().startswith(dataclass_code.HEAD)


START = """
import builtins, json, sys
seen = {}
say = builtins.print
def print(*args, **kw):
    if args and str(args[0]).startswith("startup to interactive window"):
        from app.shell import dataclass_code
        cache = dataclass_code._installed
        seen.update(compiled=cache.compiled, used=len(cache.used))
    say(*args, **kw)
builtins.print = print
sys.argv = ["main.py", "--startup-probe"]
import main
code = main.main()
say(json.dumps(dict(seen, code=code)))
"""


def test_a_start_runs_the_code_the_last_start_kept(tmp_path):
    """Through main.py, as a user starts it: the first start compiles the classes' code and keeps it;
    the next (its first frame not kept: a change) compiles none."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", BATTLEHEX_DATA=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    runs = []
    for _ in range(2):
        (tmp_path / "data" / "cache" / "first_frame.bin").unlink(missing_ok=True)
        r = subprocess.run([sys.executable, "-c", START], cwd=ROOT, capture_output=True, text=True, env=env,
                           timeout=120)
        assert r.returncode == 0, r.stderr
        runs.append(json.loads(r.stdout.strip().splitlines()[-1]))
    first, second = runs
    assert first["compiled"] > 100 and first["code"] == 0, first
    assert second["compiled"] == 0 and second["used"] >= 100 and second["code"] == 0, second
