"""Files that break the tool (issues 11 and 19): thousands of spoilt copies of the default campaign.

Each case mutates ``scenarios/default_campaign.json``, or the same campaign in its Encounters
Phase with Battle Hex records (``answers``, ``encounter_answers``, ``pursuit``), seeded so that a
failure is repeatable: the message names the case and its mutations. Among the mutations: text a
save cannot write (lone surrogates), ``1e400``, deep nesting, 20,000 spaces and 50,000 newlines.
``load_campaign`` either returns a campaign that a save writes back, or raises ``CampaignError``,
never anything else; ``main.py --check`` prints no traceback and takes under a second; and the
window's File > Open (dialogs answered through their widgets) opens exactly the files ``--check``
accepts, refuses the others with a dialog, and never fails. ``BATTLEHEX_FUZZ_CASES`` sets the
number of cases (default 4,000), ``BATTLEHEX_FUZZ_SEED`` the seed and ``BATTLEHEX_FUZZ_GUI_EVERY``
how many of them go through the window (every 8th by default), for a longer hunt.
"""
from __future__ import annotations

import copy
import json
import os
import random
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from itertools import chain, islice
from pathlib import Path
from typing import Any

import pytest

import main
from rules.model import Campaign, CampaignError, dumps, load_campaign, parse_campaign
from rules.model.io import campaign_text
from rules.turn.run import TurnRun
from tests.conftest import DEFAULT, ROOT

CASES = int(os.environ.get("BATTLEHEX_FUZZ_CASES", "4000"))
SEED = int(os.environ.get("BATTLEHEX_FUZZ_SEED", "20261123"))
GUI_EVERY = int(os.environ.get("BATTLEHEX_FUZZ_GUI_EVERY", "8"))
TEXT = DEFAULT.read_text(encoding="utf-8")
ENCOUNTERS = ["end_movement", False, False, False, "end_phase", "none", "none", "none", "none"]


def _mid_turn() -> str:
    """The default campaign in its Encounters Phase (0703's meetings answered), one Battle Hex
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
        blank = rng.choice([" " * 20_000, "\n" * 50_000, "\t \r\n" * 10_000])
        return (text[:i + 1] + blank + text[i + 1:]).encode(), f"blanks after {i}"
    return rng.choice([b"", b"null", b"[]", b"1", b'"x"', b"{}", b'{"format": "battlehex-campaign"}',
                       b"\xef\xbb\xbf" + text.encode()]), "other"


def _cases(count: int) -> Iterator[tuple[int, bytes, str]]:
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


def test_no_mutated_file_breaks_load_campaign(tmp_path: Path) -> None:
    """Every case loads or is refused with its problems (the engine's part of opening a file
    runs in the ``--check`` and window tests below); every 4th that loads is written back by both
    forms of a save (File > Save's and the autosave's) and reads back the same campaign."""
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
            if loaded % 4:
                continue
            try:
                again = [parse_campaign(campaign_text(c, compact).encode("utf-8").decode("utf-8"))
                         for compact in (False, True)]
            except Exception as e:  # noqa: BLE001: the point of the test
                pytest.fail(f"case {i} ({what}): loads, but a save fails: {type(e).__name__}: {str(e)[:300]}")
            assert again == [c, c], f"case {i} ({what}): saved and read back, it is another campaign"
    print(f"\nfuzz: {CASES} mutated files, {loaded} loaded, {refused} refused with a CampaignError")
    assert loaded + refused == CASES and CASES // 10 < loaded < refused


def _check(path: Path, capsys: pytest.CaptureFixture[str], case: str) -> bool:
    """``main.main(["--check", FILE])`` in-process: whether it accepts the file (exit 0, OK)
    or refuses it (exit 1, the problems on stderr), never a traceback, within a second."""
    start = time.perf_counter()
    code = main.main(["--check", str(path)])
    took = time.perf_counter() - start
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, f"{case}: {err[-500:]}"
    assert (code, bool(err)) in ((0, False), (1, True)), f"{case}: exit {code}, {err[:300]}"
    assert took < 1.0, f"{case}: --check took {took:.2f} s"
    return code == 0


def test_check_never_prints_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``main.py --check`` on every 4th case: exit 0 with OK or exit 1, under a second each."""
    path = tmp_path / "case.json"
    runs = 0
    for i, raw, what in islice(_cases(CASES), 0, None, 4):
        path.write_bytes(raw)
        _check(path, capsys, f"case {i} ({what})")
        runs += 1
    print(f"\nfuzz: main.py --check ran on {runs} mutated files")


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


class ModalAnswerer:
    """Answers every modal dialog through its widget as it opens (Escape: Cancel, or OK on an
    error box), keeping its title and text."""

    def __init__(self) -> None:
        from PySide6.QtCore import QTimer

        self.seen: list[tuple[str, str]] = []
        self.timer = QTimer()
        self.timer.setInterval(5)
        self.timer.timeout.connect(self._answer)
        self.timer.start()

    def _answer(self) -> None:
        from PySide6.QtWidgets import QApplication, QDialog, QMessageBox

        w = QApplication.activeModalWidget()
        if isinstance(w, QDialog) and w.isVisible():
            self.seen.append((w.windowTitle(), w.text() if isinstance(w, QMessageBox) else ""))
            w.reject()


def test_the_window_opens_exactly_the_files_check_accepts(tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """File > Open in the window (the file chosen in its dialog, every dialog answered) on every
    ``BATTLEHEX_FUZZ_GUI_EVERY``-th case: the window opens what ``--check`` accepts and shows
    why it refuses the rest, with no failure anywhere (it raised 6 tracebacks on 1,575 files
    ``--check`` refused or accepted cleanly); a file it opens, File > Save writes back."""
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QFileDialog

    from app import errors
    from app.main_files import FILE_FILTER
    from app.main_window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    chosen: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (chosen[-1], FILE_FILTER)))
    open_action = next(a for a in window.findChildren(QAction) if a.text() == "&Open...")
    answerer = ModalAnswerer()
    opened = refused = 0
    hostile = ((f"h{n}", raw, what) for n, (what, raw) in enumerate(HOSTILE))
    for i, raw, what in chain(hostile, islice(_cases(CASES), 0, None, GUI_EVERY)):
        case = f"case {i} ({what})"
        path = tmp_path / f"case{i}.json"
        path.write_bytes(raw)
        accepted = _check(path, capsys, case)
        answerer.seen.clear()
        chosen.append(str(path))
        open_action.trigger()
        failures = errors.take()
        assert not failures, f"{case}: " + "\n".join(f"{f.what}: {f.words}\n{f.details[-800:]}" for f in failures)
        shown = window.campaign_path == path
        assert shown == accepted, (f"{case}: --check {'accepts' if accepted else 'refuses'} it, the window "
                                   f"{'opens' if shown else 'does not open'} it; dialogs: {answerer.seen}")
        if shown:  # a change, so that the autosave thread writes it; then File > Save
            window.session.apply("a change to autosave", lambda c: c.model_copy())
            window.session.flush()
            saved = tmp_path / "saved.json"
            assert window.save_to(saved) and load_campaign(saved) == window.campaign, case
            failures = errors.take()
            assert not failures, f"{case}: " + "\n".join(f"{f.what}: {f.words}" for f in failures)
            opened += 1
        else:
            assert [t for t, _ in answerer.seen] == ["Cannot open campaign"], f"{case}: {answerer.seen}"
            refused += 1
        path.unlink()
    answerer.timer.stop()
    print(f"\nfuzz: the window opened {opened} mutated files and refused {refused}, as --check did")
    assert opened and refused


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


def test_an_engine_fault_on_opening_refuses_the_file_alike_in_check_and_the_window(
        tmp_path: Path, qtbot: Any, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """One way in: when the engine fails computing what opening a file shows (as the Sequence
    of Play's StopIteration did, for a file ``--check`` passed), ``--check`` and the window's
    File > Open both refuse the file, naming the fault and its line; no traceback escapes."""
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QFileDialog

    from app.main_files import FILE_FILTER
    from app.main_window import MainWindow
    from rules.turn import sequence

    path = tmp_path / "encounters.json"
    path.write_text(MID_TEXT, encoding="utf-8")
    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()

    def fault(c: Campaign) -> Any:
        return next(iter(()))  # what sequence.current raised for a phase its steps did not hold

    monkeypatch.setattr(sequence, "current", fault)
    assert main.main(["--check", str(path)]) == 1
    err = capsys.readouterr().err
    assert "BattleHex cannot open this campaign (StopIteration in tests/test_fuzz_files.py:" in err, err
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(path), FILE_FILTER)))
    answerer = ModalAnswerer()
    next(a for a in window.findChildren(QAction) if a.text() == "&Open...").trigger()
    answerer.timer.stop()
    assert window.campaign_path != path
    assert [t for t, _ in answerer.seen] == ["Cannot open campaign"]
    assert "BattleHex cannot open this campaign (StopIteration" in answerer.seen[0][1]
