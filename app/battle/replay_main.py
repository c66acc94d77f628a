"""File > Replay a Battle... (issue 22): the battles that can be replayed - those of this session
and those resolved in the file in an earlier one (rebuilt from the inputs their record keeps,
:mod:`rules.battlehex.replay_source`) - and the battle window opened in replay mode
(:mod:`app.battle.replay`) as the Team chosen behind its hand-over, or the GM behind the GM's
passphrase."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QObject, Qt, QTimer

from app.battle.replay_link import ReplayLink


def replayable(main: Any) -> list[tuple[str, Any]]:
    """The battles that can be replayed, as (label, what): every battle with a run held by its
    controller (an open one, or one resolved in this session, whose campaign before the results
    the controller keeps) and at least one answer, by its sector; then every battle the file
    holds resolved with the inputs it began with (:func:`rules.battlehex.replay_source.replayable`)
    that is not one of those, by its record's index (an int)."""
    session = main.session
    if session is None:
        return []
    from rules.battlehex.replay_source import replayable as in_file
    from rules.systems import systems

    c = session.campaign
    names = {t.id: t.name for t in c.teams}
    out: list[tuple[str, Any]] = []
    held = []
    for at, ctl in sorted(session.battles.items(), key=lambda x: str(x[0])):
        run = ctl.run or ctl.last
        if run is None or not run.answers or (ctl.run is None and getattr(ctl, "from_file", None) is not None):
            continue  # (a battle rebuilt from the file is listed by its record, below)
        r = run.record
        held.append((r.at, r.turn, r.kind, r.attacker, r.defender))
        state = "resolved" if run.status().resolved else "open"
        out.append((_label(r, names, ctl.system.title, state, len(run.answers)), at))
    for i in in_file(c):
        r = c.battle_hexes[i]
        if (r.at, r.turn, r.kind, r.attacker, r.defender) in held:
            continue
        assert r.began is not None  # (in_file lists only the records keeping their inputs)
        system = systems().get(r.began.system)
        out.append((_label(r, names, system.title if system is not None else r.began.system, "resolved",
                           len(r.answers)), i))
    return out


def _label(r: Any, names: dict[str, str], system: str, state: str, answers: int) -> str:
    """A battle's line in the list: its sector, its sides, its turn (and kind unless main), open or
    resolved, its answers, then its battle system in words. Seen on the real screen (issue 22): only
    the battles read from the file said their turn, none its system; two of 0703 read alike."""
    kind = "" if r.kind == "main" else ", " + r.kind.replace("_", " ")
    return (f"{r.at}: {names.get(r.attacker, r.attacker)} attacks {names.get(r.defender, r.defender)} "
            f"(turn {r.turn}{kind}, {state}, {answers} answers) \u2014 {system}")


def _from_file(main: Any, index: int) -> Any:
    """The controller of the file's resolved Battle Hex record ``index``, holding its run rebuilt
    from the inputs it began with as the battle as it ended; None (and why, in the status bar)
    when its hex has an open battle or the record does not replay."""
    from rules.errors import RuleError
    from rules.systems import get
    from rules.battlehex.replay_source import replay_run

    session = main.session
    rec = session.campaign.battle_hexes[index]
    try:
        run = replay_run(session.campaign, index, session.graph)
    except RuleError as e:
        main.statusBar().showMessage(f"Cannot replay: {e}", 10000)
        return None
    ctl = session.battle(rec.at)
    if ctl.run is not None and not ctl.run.answers and ctl.undo_stack.count() == 0:
        ctl.run = None  # the hex's next battle, not begun: set aside (the next session.battle() loads it again)
    if ctl.run is not None:
        main.statusBar().showMessage(f"Cannot replay the battle of turn {rec.turn} at {rec.at} now: the hex has an "
                                     "open battle (replay it, or resolve it first)", 10000)
        return None
    assert rec.began is not None  # replay_run refuses a record without its inputs
    ctl.last, ctl.system, ctl.from_file = run, get(rec.began.system), index
    return ctl


def replay_from_main(main: Any) -> Any:
    """File > Replay a Battle...: choose a battle of this session and who watches it (a Team of
    the battle, or the GM behind the GM's passphrase), then its window opens in replay mode at
    the first answer. Returns the battle window, or None."""
    from PySide6.QtWidgets import QInputDialog

    battles = replayable(main)
    if not battles:
        main.statusBar().showMessage("No battle to replay: a battle fought in this session, or one the file holds "
                                     "resolved with the inputs it began with, can be replayed", 8000)
        return None
    labels = [text for text, _at in battles]
    choice, ok = QInputDialog.getItem(main, "Replay a battle", "Battle:", labels, 0, False)
    if not ok:
        return None
    return open_replay(main, battles[labels.index(choice)][1])


def open_link(main: Any, link: ReplayLink) -> Any:
    """A replay link of an exported report (:mod:`app.battle.replay_link`), for the campaign
    ``main`` has open: the battle window of the link's Battle Hex (its battle of the link's
    turn: open in the file, or resolved with its inputs kept) in replay mode at the link's event,
    as the link's viewer (asked when the link names none of the battle's). Returns the battle
    window, or None: why, in a message box (the link was asked for at start, when a status bar
    message passes unseen while the window is laid out)."""
    from PySide6.QtWidgets import QMessageBox

    main.statusBar().clearMessage()
    window = _open_link(main, link)
    why = main.statusBar().currentMessage()
    if window is None and why.startswith("Cannot replay"):
        QMessageBox.warning(main, "Cannot replay the battle", why)
    return window


def _open_link(main: Any, link: ReplayLink) -> Any:
    c = main.session.campaign if main.session is not None else None
    found = [] if c is None else [
        (r.turn, not r.resolved, i) for i, r in enumerate(c.battle_hexes)
        if str(r.at) == link.hex and (link.turn is None or r.turn == link.turn) and r.answers
        and (not r.resolved or r.began is not None)]
    if not found:
        turn = "" if link.turn is None else f" in turn {link.turn}"
        main.statusBar().showMessage(f"Cannot replay: {link.file} holds no battle at {link.hex}{turn} with answers "
                                     "to replay (save the campaign after the battle, then export its report)", 15000)
        return None
    _turn, is_open, index = max(found)  # the latest battle there; of one turn, the one still open
    what = c.battle_hexes[index].at if is_open else index
    if is_open:
        main.session.battle(what)  # its run rebuilt from the answers the file holds
    return open_replay(main, what, link.viewer, link.event)


def _handed_over(main: Any, team: str, name: str, at: Any) -> bool:
    """A Team's view of a battle is for that Team's commander: it shows what the battle showed the
    Team (the other side's hidden units, V13.03, V13.29), so unless its commander holds the main
    window's screen, the screen is handed over first, and the main window takes the seat as well
    (its campaign log, map and Empire Sheet the Team's, as at the Empire Sheet's seat; Turn > Hand
    the Screen Back to the GM gives it back). It was shown to whoever sat at the screen: the Orion
    Pirates' commander, seated, chose "Coalition" and read the Coalition's cloaked ships. False
    when the hand-over is cancelled."""
    at_screen = getattr(main, "team_at_screen", None)
    if at_screen is None or at_screen() == team:
        return True
    from app.shell.turn_dialogs import HandOverDialog

    screen = HandOverDialog(name, f"The replay of Battle Hex {at} shows the battle as the {name} commander saw it, "
                                  "which the other commanders may not know.", "Cancel", main,
                            f"Hand over to {name}: replay of Battle Hex {at}")
    main.handover_dialog = screen
    if screen.exec() != HandOverDialog.DialogCode.Accepted:
        return False
    main.combat_seat = team  # one seat, one hand-over (as the Empire Sheet's seat)
    main.take_seat(team)
    return True


class _ScreenBack(QObject):
    """Watches a replay window a Team's commander took the screen for: when it closes, the screen
    goes back as it was before the replay (:func:`give_back`)."""

    def __init__(self, window: Any, main: Any, at: Any) -> None:
        super().__init__(window)
        self.main, self.at = main, at
        self.pending: tuple[str, str | None, bool] | None = None  # (the Team, who held the screen before, at the sheet)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Close and self.pending is not None:
            team, before, seated = self.pending
            self.pending = None
            main, at = self.main, self.at  # after the window is closed (and gone): the hand-over comes next
            QTimer.singleShot(0, main, lambda: give_back(main, team, before, at, seated))
        return False


def _screen_back_on_close(main: Any, window: Any, team: str, before: str | None, at: Any, seated: bool) -> None:
    """``team``'s commander took the screen for ``window``'s replay from ``before`` (a Team, or None:
    the GM's seat, the table's view; ``seated``: at the Empire Sheet's seat): closing it gives the screen
    back (the first holder's, when the window is replayed anew for another Team)."""
    watch = getattr(window, "screen_back", None)
    if watch is None:
        watch = window.screen_back = _ScreenBack(window, main, at)
        window.installEventFilter(watch)
    elif watch.pending is not None:
        before, seated = watch.pending[1:]
    watch.pending = (team, before, seated)


def give_back(main: Any, team: str, before: str | None, at: Any, seated: bool = False) -> None:
    """The replay ``team``'s commander took the screen for is closed: on a shared screen the next
    person would read that Team's map and log (seen on the real screen: the main window stayed the
    Coalition's until Turn > Hand the Screen Back to the GM). The screen goes back as it was before
    the replay: to the Game Master behind "Pass the screen back to the Game Master"
    (:meth:`hand_back`) when nobody's commander held it; to the Team ``before`` behind its
    hand-over, the window covered meanwhile and at the GM's seat if it is put off; the Empire Sheet it sat at
    (``seated``) seated for it again (issue 22: it stayed the table's view, nobody's figures). Nothing when
    ``team`` no longer holds the screen (given back already, or taken by another)."""
    if main.session is None or not main.isVisible() or main.team_at_screen() != team:
        return  # (the main window closed with it: nobody is left at the screen)
    if before is None:
        main.hand_back()
        return
    from app.shell.turn_dialogs import HandOverDialog

    names = {t.id: t.name for t in main.session.campaign.teams}
    name = names.get(before, before)
    main.combat_seat = "gm"
    main.take_seat("gm")  # nothing of the replay's Team stays, while the hand-over shows and if it is put off
    screen = HandOverDialog(name, f"The replay of Battle Hex {at} is closed: the screen goes back to the {name} "
                                  "commander, who held it before.", "Not now", main,
                            f"Hand over to {name}: replay of {at} closed")
    main.handover_dialog = screen
    if screen.exec() != HandOverDialog.DialogCode.Accepted:
        main.statusBar().showMessage(f"The screen stays with the Game Master: the {name} commander takes it at its "
                                     "next hand-over", 10000)
        return
    main.combat_seat = before
    main.take_seat(before)
    if seated and (sheet := main._bottom.get("empire_sheet")) is not None:
        sheet.seat_again(before)


def open_replay(main: Any, what: Any, viewer: str | None = None, event: int | None = None) -> Any:
    """The battle window of ``what`` (a sector with a battle held by its controller, or the
    index of a record the file holds resolved) in replay mode, as ``viewer`` (asked when not one
    of the battle's Teams or the GM; the GM's view behind the GM's passphrase, a Team's behind its
    hand-over: :func:`_handed_over`), at the first answer or at the log's event number ``event``.
    Returns the battle window, or None."""
    from PySide6.QtWidgets import QInputDialog

    from app.battle.window import BattleWindow
    from app.shell.passphrases import gm_may_see
    from rules.battlehex.log import GM
    from rules.battlehex.sight import sight

    if isinstance(what, int):  # resolved in the file: rebuilt from the inputs its record keeps
        ctl = _from_file(main, what)
        if ctl is None:
            return None
        at = ctl.at
    else:
        at = what
        ctl = main.session.battles[at]
    run = ctl.run or ctl.last
    teams = {t.id: t.name for t in main.session.campaign.teams}
    sides = [t for t in dict.fromkeys([run.record.attacker, run.record.defender, *run.record.others]) if t in teams]
    if viewer not in (*sides, GM):
        who = [teams[t] for t in sides] + ["Game Master"]
        name, ok = QInputDialog.getItem(main, "Replay a battle", "Watched by (it shows what they may see):", who,
                                        0, False)
        if not ok:
            return None
        viewer = GM if name == "Game Master" else sides[who.index(name)]
    if viewer == GM and not gm_may_see(main, main.session, "The replay as the GM"):
        return None
    at_screen = getattr(main, "team_at_screen", None)
    before = at_screen() if at_screen is not None else viewer
    seated = before is not None and getattr(getattr(main, "_bottom", {}).get("empire_sheet"), "seat", None) == before
    if viewer != GM and not _handed_over(main, viewer, teams[viewer], at):
        return None
    window = next((w for w in getattr(main, "_battle_windows", []) if w.at == at and w.isVisible()), None)
    if window is not None and window.replay.steps is not None and window.replay.steps.answers != list(run.answers):
        window.close()  # it shows another battle of the hex: a new window for this one (its system's panel)
        window = None
    if window is None:
        # the window asks session.battle(at), whose reload would put the hex's next battle, set aside by
        # _from_file, back over the one replayed from the file
        if ctl.run is None and isinstance(what, int):
            with ctl.reload_held():
                window = BattleWindow(main.session, at, main)
        else:
            window = BattleWindow(main.session, at, main)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        main._battle_windows = [*main._battle_windows, window]
        window.destroyed.connect(main._forget_closed_battle_windows)
    window.replay.leave()
    if viewer != GM and before != viewer:  # its commander took the screen for it: closed, it goes back
        _screen_back_on_close(main, window, viewer, before, at, seated)
    window.seat = viewer if viewer != GM else window.seat  # as taking the seat
    window.show()
    window.replay.enter(0, viewer)
    index = None if event is None else sight(run, viewer).index(run.log.view(), event)  # its own numbers
    if index is not None:
        window.replay.enter_at_event(index)
    return window
