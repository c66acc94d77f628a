"""File > Replay a Battle... (issue 22): the battles of this session that can be replayed, and
the battle window opened in replay mode (:mod:`app.battle_replay`) as the Team chosen, or the
GM behind the GM's passphrase."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt


def replayable(main: Any) -> list[tuple[str, Any]]:
    """The battles of this session that can be replayed, as (label, sector): every battle with a
    run held by its controller (an open one, or one resolved in this session, whose campaign
    before the results the controller keeps) and at least one answer."""
    session = main.session
    if session is None:
        return []
    names = {t.id: t.name for t in session.campaign.teams}
    out = []
    for at, ctl in sorted(session.battles.items(), key=lambda x: str(x[0])):
        run = ctl.run or ctl.last
        if run is None or not run.answers:
            continue
        r = run.record
        state = "resolved" if run.status().resolved else "open"
        out.append((f"{at}: {names.get(r.attacker, r.attacker)} attacks {names.get(r.defender, r.defender)} "
                    f"({state}, {len(run.answers)} answers)", at))
    return out


def replay_from_main(main: Any) -> Any:
    """File > Replay a Battle...: choose a battle of this session and who watches it (a Team of
    the battle, or the GM behind the GM's passphrase), then its window opens in replay mode at
    the first answer. Returns the battle window, or None."""
    from PySide6.QtWidgets import QInputDialog

    from app.battle_window import BattleWindow
    from app.passphrases import gm_may_see
    from rules.battle.log import GM

    battles = replayable(main)
    if not battles:
        main.statusBar().showMessage("No battle to replay: a battle fought in this session (open, or resolved "
                                     "since the file was opened) can be replayed", 8000)
        return None
    labels = [text for text, _at in battles]
    choice, ok = QInputDialog.getItem(main, "Replay a battle", "Battle:", labels, 0, False)
    if not ok:
        return None
    at = battles[labels.index(choice)][1]
    ctl = main.session.battles[at]
    run = ctl.run or ctl.last
    teams = {t.id: t.name for t in main.session.campaign.teams}
    sides = [t for t in dict.fromkeys([run.record.attacker, run.record.defender, *run.record.others]) if t in teams]
    who = [teams[t] for t in sides] + ["Game Master"]
    name, ok = QInputDialog.getItem(main, "Replay a battle", "Watched by (it shows what they may see):", who, 0,
                                    False)
    if not ok:
        return None
    viewer = GM if name == "Game Master" else sides[who.index(name)]
    if viewer == GM and not gm_may_see(main, main.session, "The replay as the GM"):
        return None
    window = next((w for w in getattr(main, "_battle_windows", []) if w.at == at and w.isVisible()), None)
    if window is None:
        window = BattleWindow(main.session, at, main)
        window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        main._battle_windows = [*main._battle_windows, window]
        window.destroyed.connect(main._forget_closed_battle_windows)
    window.replay.leave()
    window.seat = viewer if viewer != GM else window.seat  # as taking the seat
    window.show()
    window.replay.enter(0, viewer)
    return window
