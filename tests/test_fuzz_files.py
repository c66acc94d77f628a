"""Files that break the tool (issues 11 and 19): thousands of spoilt copies of the default campaign.

Each case mutates ``scenarios/default_campaign.json``, or the same campaign in its Encounters
Phase with Battle Hex records (``answers``, ``encounter_answers``, ``pursuit``), seeded so that a
failure is repeatable: the message names the case and its mutations. Among the mutations: text a
save cannot write (lone surrogates), ``1e400``, deep nesting, 20,000 spaces and 50,000 newlines.
``load_campaign`` either returns a campaign that a save writes back, or raises ``CampaignError``,
never anything else; ``main.py --check`` prints no traceback (how long it takes is measured in
bench/startup.py, never asserted: what kept it under a second, patterns that take a run of blanks
one way, a string scan that never fails once begun, problems kept in a set, is tested in
tests/test_linear_patterns.py and tests/test_main_cli_files.py); and the
window's File > Open (dialogs answered through their widgets) opens exactly the files ``--check``
accepts, refuses the others with a dialog, and never fails. ``BATTLEHEX_FUZZ_CASES`` sets the
number of cases (default 4,000), ``BATTLEHEX_FUZZ_SEED`` the seed and ``BATTLEHEX_FUZZ_GUI_EVERY``
how many of them go through the window (every 8th by default), for a longer hunt.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from itertools import chain, islice
from pathlib import Path
from typing import Any

import pytest

import main
from rules.model import Campaign, CampaignError, load_campaign, parse_campaign
from rules.model.io import campaign_text
from tests.conftest import ROOT
from tests.fuzz_cases import CASES, GUI_EVERY, HOSTILE, MID_TEXT, TEXT, cases

def test_no_mutated_file_breaks_load_campaign(tmp_path: Path) -> None:
    """Every case loads or is refused with its problems (the engine's part of opening a file
    runs in the ``--check`` and window tests below); every 4th that loads is written back by both
    forms of a save (File > Save's and the autosave's) and reads back the same campaign."""
    loaded = refused = 0
    path = tmp_path / "case.json"
    for i, raw, what in cases(CASES):
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
    or refuses it (exit 1, the problems on stderr), never a traceback."""
    code = main.main(["--check", str(path)])
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err, f"{case}: {err[-500:]}"
    assert (code, bool(err)) in ((0, False), (1, True)), f"{case}: exit {code}, {err[:300]}"
    return code == 0


def test_check_never_prints_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``main.py --check`` on every 4th case: exit 0 with OK or exit 1."""
    path = tmp_path / "case.json"
    runs = 0
    for i, raw, what in islice(cases(CASES), 0, None, 4):
        path.write_bytes(raw)
        _check(path, capsys, f"case {i} ({what})")
        runs += 1
    print(f"\nfuzz: main.py --check ran on {runs} mutated files")


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

    from app.shell import errors
    from app.shell.files import FILE_FILTER
    from app.shell.window import MainWindow

    window = MainWindow(settings=QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    chosen: list[str] = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (chosen[-1], FILE_FILTER)))
    open_action = next(a for a in window.findChildren(QAction) if a.text() == "&Open...")
    answerer = ModalAnswerer()
    opened = refused = 0
    hostile = ((f"h{n}", raw, what) for n, (what, raw) in enumerate(HOSTILE))
    for i, raw, what in chain(hostile, islice(cases(CASES), 0, None, GUI_EVERY)):
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

    from app.shell.files import FILE_FILTER
    from app.shell.window import MainWindow
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
