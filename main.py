"""BattleHex: start the GUI, or run a headless command.

    python main.py [CAMPAIGN.json]          open the app (the built-in campaign by default)
    python main.py --check FILE.json        validate a campaign file; exit 1 on problems
    python main.py --screenshot OUT.png     render the main window headless to a PNG
    python main.py battle CAMPAIGN --hex SECTOR [--answers FILE] [--seed N]
                                            run a Battle Hex's set-up headless (JSON out)
    python main.py turn CAMPAIGN --answers FILE [--seed N] [--out FILE]
                                            play the campaign turn from answers (JSON out)
"""
from __future__ import annotations

import time

_T0 = time.perf_counter()

import argparse  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 1500x950") from None
    if not (200 <= w <= 8000 and 200 <= h <= 8000):
        raise argparse.ArgumentTypeError(f"{text!r}: width and height must be 200-8000 pixels")
    return w, h


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="battlehex", description="BattleHex campaign and tactical combat tool",
                                epilog="--check exits 0 when the file opens as the window would open it, 1 when it "
                                       "does not (every problem on stderr), 2 on a bad --passphrase. The battle and "
                                       "turn commands (main.py turn --help) exit 0 when every answer was legal, 1 "
                                       "on an illegal answer, 2 when the command line, the campaign file or the "
                                       "answers file cannot be used.")
    p.add_argument("campaign", nargs="?", help="campaign file to open (default: the built-in campaign)")
    p.add_argument("--check", metavar="FILE", help="validate a campaign file, print its problems, exit 1 if any")
    p.add_argument("--passphrase", action="append", default=[], metavar="NAME=FILE",
                   help="with --check: open the secrets sealed for NAME (a team id or gm) with the passphrase on "
                        "FILE's first line (-: standard input); may be repeated")
    p.add_argument("--screenshot", metavar="PNG", help="render the main window headless to a PNG and exit")
    p.add_argument("--size", default=(1500, 950), type=_size, help="window size for --screenshot (default 1500x950)")
    p.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    return p


def check(path: str, passphrases: list[str] | None = None) -> int:
    """Validate ``path`` as the window opens it (:func:`rules.opening.open_campaign_file`):
    print ``OK`` or every problem; 0 when valid, 1 otherwise. Sealed secrets are checked when
    ``passphrases`` (``NAME=FILE``) open them."""
    from rules.model import CampaignError, passphrase_arg
    from rules.opening import open_campaign_file

    try:
        keys = dict(passphrase_arg(p) for p in passphrases or [])
    except argparse.ArgumentTypeError as e:
        print(f"--passphrase {e}", file=sys.stderr)
        return 2
    try:
        c = open_campaign_file(path, passphrases=keys)
    except CampaignError as e:
        print(e.report(), file=sys.stderr)
        n = len(e.problems)
        print(f"{path}: {n} problem{'s' if n != 1 else ''} found", file=sys.stderr)
        return 1
    units = sum(len(f.units) for f in c.fleets) + sum(len(s.garrison) for s in c.map.sectors)
    print(f"{path}: OK ({c.name}: {len(c.map.sectors)} sectors, {len(c.fleets)} fleets, {units} units)")
    return 0


def _preload() -> None:
    """Import the engine (pydantic) before PySide6: once PySide6 is loaded, every later
    import of a Python module also reads its whole source (PySide6's ``__feature__`` hook looks
    for the word "PySide6" in it), which cost some 90 ms of start-up for these modules alone."""
    import html  # noqa: F401
    import textwrap  # noqa: F401

    import rules.model  # noqa: F401
    import rules.strategic.battle_hex  # noqa: F401
    import rules.strategic.movement  # noqa: F401
    import rules.strategic.neighbours  # noqa: F401
    import rules.strategic.planning  # noqa: F401
    import rules.strategic.turn  # noqa: F401


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["battle"]:
        from rules.battle.headless import run

        return run(argv[1:])
    if argv[:1] == ["turn"]:
        from rules.turn.headless import run as run_turn

        return run_turn(argv[1:])
    args = _parser().parse_args(argv)
    if args.check:
        return check(args.check, args.passphrase)
    path = Path(args.campaign) if args.campaign else None
    campaign = None
    if path is not None:  # validated here, once, as --check does: a bad file never reaches the GUI
        from rules.model import CampaignError, SealedError
        from rules.opening import open_campaign_file

        try:
            campaign = open_campaign_file(path)
        except SealedError as e:  # the window asks for the passphrases
            if args.screenshot:
                print(e.report(), file=sys.stderr)
                return 1
        except CampaignError as e:
            print(e.report(), file=sys.stderr)
            return 1
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    _preload()

    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("BattleHex")
    app.setOrganizationName("BattleHex")
    from app.errors import install

    install()  # no failure ends as a line on stderr alone: a dialog, and the log in the data folder
    window = MainWindow(path, campaign=campaign, offer_recovery=not args.screenshot,
                        reopen_last=not args.screenshot)  # a screenshot shows the file named, or the default
    if args.screenshot:
        window.resize(*args.size)
        window.show()
        app.processEvents()
        ok = window.grab().save(args.screenshot)
        print(f"{'wrote' if ok else 'could not write'} {args.screenshot}")
        _tear_down(app, window)
        return 0 if ok else 1
    window.show()
    if args.startup_probe:
        _probe(app, window)
    code = app.exec()
    _tear_down(app, window)
    return code


def _probe(app, window) -> None:
    """Print how long the start took and quit, once the window has painted its first frame and
    the event loop is idle (every event queued by then handled): the time from main.py's first
    line, and from the process's start when the caller passes its clock in ``BATTLEHEX_T0``
    (``time.time()`` just before it started this process)."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    def report() -> None:
        now = time.perf_counter()
        line = f"startup to interactive window: {(now - _T0) * 1000:.0f} ms"
        t0 = os.environ.get("BATTLEHEX_T0")
        if t0:
            line += f"; from process start {(time.time() - float(t0)) * 1000:.0f} ms"
        print(line, flush=True)
        app.quit()

    class FirstPaint(QObject):
        def eventFilter(self, obj, event) -> bool:  # noqa: N802
            if event.type() == QEvent.Type.Paint and obj.isWidgetType() and obj.window() is window:
                app.removeEventFilter(self)
                QTimer.singleShot(0, report)  # after the whole frame is painted, when the loop is idle
            return False

    watcher = FirstPaint(app)
    app.installEventFilter(watcher)


def _tear_down(app, window) -> None:
    """Delete the window while Qt is still alive, so nothing is freed during interpreter exit."""
    window.close()
    window.deleteLater()
    app.processEvents()


if __name__ == "__main__":
    sys.exit(main())
