"""bench/gui.py times a cold reopen as a user's battle has it (issue 21: open + Fight < 100 ms at
5,000 answers): each size's battle is a battle of its own, so its checkpoint on disk is its own.
The three sizes played the same campaign, their checkpoints were filed under the same inputs,
each size's save overwrote the others', and the cold reopen at 2,000 and 5,000 answers replayed
every answer from formation instead of resuming."""
from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from rules.systems.v13.cold import disk_key

ROOT = Path(__file__).resolve().parent.parent


def test_each_size_of_the_gui_bench_files_its_checkpoint_apart(qtbot, monkeypatch, tmp_path):
    monkeypatch.setenv("BATTLEHEX_DATA", str(tmp_path / "data"))
    monkeypatch.syspath_prepend(str(ROOT / "bench"))
    sys.modules.pop("gui", None)
    import gui  # bench/gui.py

    app = QApplication.instance()
    benches = [gui.Bench(app, n) for n in (100, 5000)]
    try:
        keys = [disk_key(b.bw.b) for b in benches]
        assert keys[0] != keys[1], keys
        assert all(b.bw.b.record.at == benches[0].bw.b.record.at for b in benches)  # the same Battle Hex
    finally:
        for b in benches:
            b.bw.close()
            b.main.close()
