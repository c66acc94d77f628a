"""BattleHex: start the GUI, or run a headless command.

    python main.py [CAMPAIGN.json]          open the app (the built-in campaign by default)
    python main.py --check FILE.json        validate a campaign file; exit 1 on problems
    python main.py --screenshot OUT.png     render the main window headless to a PNG
    python main.py CAMPAIGN.json --replay 0509:12
                                            open a battle's replay at event 12 of its log (or give
                                            an exported report's battlehex://replay link instead)
    python main.py battle CAMPAIGN --hex SECTOR [--answers FILE] [--seed N]
                                            run a Battle Hex's set-up headless (JSON out)
    python main.py turn CAMPAIGN --answers FILE [--seed N] [--out FILE]
                                            play the campaign turn from answers (JSON out)
    python main.py team-copy CAMPAIGN --team TEAM --passphrase gm=FILE --out FILE
                                            the GM writes a Team's own copy (play by e-mail)
    python main.py unit-lists CAMPAIGN --lists FILE [--out FILE]
                                            the GM enters the powers' unit lists (JSON out)
"""
from __future__ import annotations

import time

_T0 = time.perf_counter()

import argparse  # noqa: E402
import gc  # noqa: E402
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
                                       "answers file cannot be used. Commands: battle, turn, orders, team-copy, unit-lists "
                                       "(main.py COMMAND --help).")
    p.add_argument("campaign", nargs="?", help="campaign file to open (default: the built-in campaign)")
    p.add_argument("--check", metavar="FILE", help="validate a campaign file, print its problems, exit 1 if any")
    p.add_argument("--passphrase", action="append", default=[], metavar="NAME=FILE",
                   help="with --check: open the secrets sealed for NAME (a team id or gm) with the passphrase on "
                        "FILE's first line (-: standard input); may be repeated")
    p.add_argument("--screenshot", metavar="PNG", help="render the main window headless to a PNG and exit")
    p.add_argument("--size", default=(1500, 950), type=_size, help="window size for --screenshot (default 1500x950)")
    p.add_argument("--replay", metavar="SECTOR[:EVENT]",
                   help="open the campaign's battle at SECTOR in replay mode, at event EVENT of its log; a "
                        "battlehex://replay link of an exported battle report may stand for the campaign instead")
    p.add_argument("--startup-probe", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--fight-probe", metavar="SECTOR", help=argparse.SUPPRESS)  # bench/startup.py
    return p


def _arguments(argv: list[str]) -> argparse.Namespace:
    """The command line read. ``main.py`` alone (a user's start, and the start-up probe's) builds
    no parser: ~4 ms of the start (issue 21); a test holds both to the same answer."""
    if argv in ([], ["--startup-probe"]):
        return argparse.Namespace(campaign=None, check=None, passphrase=[], screenshot=None, size=(1500, 950),
                                  replay=None, startup_probe=bool(argv), fight_probe=None)
    return _parser().parse_args(argv)


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
    from rules.systems.b5.unready import warnings

    for line in warnings(c):  # valid, but units a B5 battle will leave out (issue 24)
        print(f"{path}: warning: {line}")
    return 0


def replay_link(args: argparse.Namespace):
    """The battle replay the command line asks for (``--replay SECTOR[:EVENT]`` with the campaign,
    or a report's ``battlehex://replay`` link for the campaign: :mod:`app.battle.replay_link`), or
    None. Raises ValueError for a link or a ``--replay`` that names no campaign or sector."""
    text = args.campaign or ""
    if not args.replay and not text.lower().startswith("battlehex:"):
        return None
    from app.battle.replay_link import from_option, is_link, parse

    link = parse(text) if is_link(text) else from_option(text, args.replay)
    if not link.file:
        raise ValueError("--replay needs the campaign file")
    return link


def _preload() -> None:
    """Import the engine (pydantic) before PySide6: once PySide6 is loaded, every later
    import of a Python module also reads its whole source (PySide6's ``__feature__`` hook looks
    for the word "PySide6" in it), which cost some 90 ms of start-up for these modules alone."""
    import html  # noqa: F401
    import textwrap  # noqa: F401

    _pydantic_quiet()
    import rules.model.campaign  # noqa: F401
    import rules.model.io  # noqa: F401
    import rules.strategic.battle_hex  # noqa: F401
    import rules.strategic.movement  # noqa: F401
    import rules.strategic.neighbours  # noqa: F401
    import rules.strategic.planning  # noqa: F401
    import rules.strategic.turn  # noqa: F401


def _pydantic_quiet() -> None:
    """pydantic looks for plugins in every installed package's entry points when it builds the
    first model (~10 ms of start-up); BattleHex uses none (an environment may still name some)."""
    os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
    _no_plugin_loader()


class _Start:
    """No garbage collection while the program starts: its imports and the first window make
    some 100,000 objects that last and no garbage, and the collector went through them ~120
    times (~50 ms of a 420 ms start, issue 21). :meth:`done` collects again."""

    def __init__(self, own_process: bool) -> None:
        self.own_process = own_process
        self.collecting: bool | None = gc.isenabled()
        gc.disable()

    def done(self, started: bool = False) -> None:
        """Collect again (once). ``started``: the window is up; in a process of its own (the
        command line's) what the start made is first set aside for good (``gc.freeze``), so later
        collections, a Fight's say, no longer go through every module, class and schema."""
        if self.collecting is None:
            return
        if started and self.own_process:
            gc.freeze()
        if self.collecting:
            gc.enable()
        self.collecting = None


PLUGINS_OFF = ("__all__", "1", "true")
"""The values of ``PYDANTIC_DISABLE_PLUGINS`` with which pydantic's loader finds no plugin."""


def _no_plugin_loader() -> None:
    """With every pydantic plugin off, stand in for pydantic's plugin loader: it finds none then,
    yet the real one imports ``importlib.metadata`` (email, zipfile, csv: ~20 ms of start-up, 5%)
    when the first model is built. The stand-in answers ``get_plugins()`` as the real one does
    with the plugins off; with any plugin on, or the loader already imported, nothing changes."""
    name = "pydantic.plugin._loader"
    if os.environ.get("PYDANTIC_DISABLE_PLUGINS") not in PLUGINS_OFF or name in sys.modules:
        return
    import types

    loader = types.ModuleType(name, "pydantic's plugin loader with every plugin off (main.py): finds none")
    vars(loader).update(PYDANTIC_ENTRY_POINT_GROUP="pydantic", _plugins=None, _loading_plugins=False,
                        get_plugins=lambda: ())  # _plugins: never searched
    sys.modules[name] = loader


def _no_feature_hook() -> bool:
    """Take Qt for Python's ``__feature__`` import hook off (issue 21: the start with no kept first
    frame). ``import PySide6`` puts a Python function in front of every later import statement (some
    2,000 on a start) and a check of every module imported (does its source name "PySide6"?), ~10
    ms of CPU, all for ``from __feature__ import snake_case, true_property``, which BattleHex never
    uses (tests/test_main_startup_feature.py holds it to that). With no feature selected, Qt reads
    every module alike, checked or not. Returns whether the hook was taken off (False: another
    PySide6 release, nothing changed)."""
    import builtins

    plain = getattr(builtins, "__orig_import__", None)
    if plain is None or getattr(builtins.__import__, "__name__", "") != "__feature_import__":
        return False
    builtins.__import__ = plain
    return True


def _quick_feature_check() -> None:
    """Stand in for the check Qt for Python's import hook makes of every module imported after
    PySide6 (does its source name "PySide6"? its ``__feature__`` switching then applies): the
    hook asks ``inspect.getsource``, which reads the file through ``linecache`` line by line,
    keeps every module's text in memory and cost ~12 ms of start-up for some 110 modules. The
    stand-in reads the file's bytes for the same answer; a module that is not a ``.py`` file,
    or one it cannot read, is left to the hook's own check. Nothing changes when the hook is
    not there (another PySide6 release)."""
    feature = sys.modules.get("shibokensupport.feature")
    slow = getattr(feature, "_mod_uses_pyside", None)
    if slow is None or getattr(slow, "quick", False):
        return

    def uses_pyside(module) -> bool:
        path = getattr(module, "__file__", None)
        if isinstance(path, str) and path.endswith(".py"):
            try:
                with open(path, "rb") as f:
                    return b"PySide6" in f.read()
            except OSError:
                pass
        return slow(module)

    uses_pyside.quick = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside


def main(argv: list[str] | None = None) -> int:
    start = _Start(own_process=argv is None)
    try:
        return _main(sys.argv[1:] if argv is None else argv, start)
    finally:
        start.done()


def _main(argv: list[str], start: _Start) -> int:
    if argv[:1] == ["battle"]:
        from rules.battlehex.headless import run

        start.done()
        return run(argv[1:])
    if argv[:1] == ["orders"]:  # a power's Turn Orders sealed to the GM (issue 23)
        from rules.turn.orders_headless import run as run_orders

        start.done()
        return run_orders(argv[1:])
    if argv[:1] == ["team-copy"]:  # a Team's own copy of the campaign for play by e-mail (issue 23)
        from rules.turn.team_copy_headless import run as run_copy

        start.done()
        return run_copy(argv[1:])
    if argv[:1] == ["unit-lists"]:  # the GM's unit lists, as Campaign > Unit Lists... (issue 23)
        from rules.turn.unit_lists_headless import run as run_lists

        start.done()
        return run_lists(argv[1:])
    if argv[:1] == ["turn"]:
        from rules.turn.headless import run as run_turn

        start.done()
        return run_turn(argv[1:])
    args = _arguments(argv)
    if args.check:
        start.done()
        return check(args.check, args.passphrase)
    try:
        link = replay_link(args)
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    from app.shell import dataclass_code

    dataclass_code.install()  # before any class is made: the code @dataclass writes, compiled by an earlier start
    if link is not None:
        args.campaign = link.file
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
    drawn = path is None and link is None and not args.screenshot  # its first frame may have been kept
    if not drawn:
        _preload()
    import PySide6  # noqa: F401 (Qt for Python's import hook, which the next imports go through)

    if not _no_feature_hook():
        _quick_feature_check()
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("BattleHex")
    app.setOrganizationName("BattleHex")
    from app.shell.errors import install

    install()  # no failure ends as a line on stderr alone: a dialog, and the log in the data folder
    opening = _opening(path, campaign, args.screenshot, drawn)
    if args.screenshot:
        start.done()
        window = opening.window
        window.resize(*args.size)
        window.show()
        app.processEvents()
        ok = window.grab().save(args.screenshot)
        folder = Path(args.screenshot).resolve().parent
        why = "no such folder" if not folder.is_dir() else "its folder is not writable" if not os.access(
            folder, os.W_OK) else "not a file name Qt can write a picture to (.png, .jpg, .bmp ...)"
        print(f"wrote {args.screenshot}" if ok else f"--screenshot {args.screenshot}: could not write it ({why})",
              file=sys.stdout if ok else sys.stderr)
        _tear_down(app, window)
        return 0 if ok else 1
    opening.show()
    warming = []

    def ready(window) -> None:  # the real window shown, its first frame queued
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, lambda: start.done(started=True))
        if link is not None:  # the battle's window in replay mode, once the main window is up
            from app.battle.replay_main import open_link

            QTimer.singleShot(0, lambda: open_link(window, link))
        from app.shell.warm_up import warm_up

        warming.append(warm_up())
    opening.when_ready(ready)
    if args.startup_probe or args.fight_probe:
        _probe(app, opening, args.fight_probe)
    code = app.exec()
    for thread in warming:  # started: let its imports end (one cut off by the exit could crash it)
        if thread.ident is not None:
            thread.join(5)
    opening.tear_down()
    if code == 0:
        _keep_next_start()
    dataclass_code.save()  # what this start compiled, for the next
    return code


def _opening(path: Path | None, campaign, screenshot: bool, drawn: bool, settings=None):
    """The main window being opened (:class:`app.shell.stand_in.Opening`): with nothing named,
    behind its first frame kept by the last such start when the key matches
    (:mod:`app.shell.first_frame`), else made at once. ``settings``: the app's (tests pass theirs)."""
    from PySide6.QtCore import QSettings

    from app.shell.opening import Opening

    key = picture = None
    if drawn:
        from app.shell import first_frame

        key = first_frame.start_key(settings or QSettings("BattleHex", "BattleHex"))
        picture = first_frame.read_picture(key)
        if picture is None:
            _preload()

    def make(later: bool):
        from app.shell.window import MainWindow

        return MainWindow(path, settings, campaign=campaign, offer_recovery=not screenshot, open_later=later,
                          reopen_last=not screenshot)  # a screenshot shows the file named, or the default
    return Opening(make, picture, key, prepare=_pydantic_quiet)


def _keep_next_start() -> None:
    """The next start's first frame kept at the exit (:func:`app.shell.first_frame.keep_for_next_start`):
    the start after playing is then not the plain one. A frame that cannot be kept only costs that
    start its head start."""
    from app.shell.first_frame import keep_for_next_start

    try:
        keep_for_next_start()
    except Exception:  # noqa: BLE001 (the user closed the window: nothing to tell)
        pass


def _probe(app, opening, fight: str | None = None) -> None:
    """Print how long the start took, then quit (bench/startup.py reads it): :func:`app.shell.start_probe.probe`."""
    from app.shell.start_probe import probe

    probe(app, opening, fight, _T0)


def _tear_down(app, window) -> None:
    """Delete the window while Qt is still alive, so nothing is freed during interpreter exit."""
    window.close()
    window.deleteLater()
    app.processEvents()


if __name__ == "__main__":
    sys.exit(main())
