"""The app as a user starts it (``main.main``), with a test hook that gives battle answers once
the window is up, then keeps running until the test kills it (``SIGKILL``, a crash).

    python tests/e2e/crash_child.py CAMPAIGN.json '[["0304", ["r1"]], ["0304", []]]'

The answers go through the session's battle controllers (as the battle window's do), so they
reach the campaign and its autosave by the app's own path. Prints ``ANSWERED`` when given.
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))


def main() -> int:
    campaign, answers = sys.argv[1], json.loads(sys.argv[2])
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    import main as app_main
    from hexmap import Label

    app = QApplication(sys.argv[:1])

    def answer() -> None:
        window = next(w for w in app.topLevelWidgets() if w.objectName() == "main_window")
        for at, raw in answers:
            refused = window.session.battle(Label.parse(at)).answer(raw)
            if refused:
                print(f"REFUSED {at} {raw}: {refused}", flush=True)
                return
        print("ANSWERED", flush=True)

    QTimer.singleShot(200, answer)
    return app_main.main([campaign])


if __name__ == "__main__":
    sys.exit(main())
