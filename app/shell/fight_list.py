"""The Fight list of the main window (app/shell/turn.py): its meetings in a steady order, each named by
its sides and the battle system it was given, the status bar's word on a system chosen, and the one
battle window of a sector the meeting picked is fought in."""
from __future__ import annotations

from PySide6.QtCore import Qt

from hexmap import Label
from rules.model.records import EncounterState
from rules.strategic import meetings
from rules.turn.sequence import system_order


def _fought_with(c, index: int, text: str) -> str:
    """``text`` (a meeting's label) with the battle system its record was given for itself (a
    sector's right-click menu, Fight it with): seen on the real screen (issue 22), nothing in
    the Fight list said how each meeting would be fought, and where three Teams met the choice
    was the first meeting's alone."""
    key = c.battle_hexes[index].system
    if not key:
        return text  # the campaign's own system (Turn > Battle System for New Battle Hexes)
    from rules.systems import systems
    system = systems().get(key)
    return f"{text} \u2014 {system.title if system is not None else key}"


def _sector_rank(c):
    """The Fight list's order, the same at every opening (issue 22: seen on the real screen, it
    changed as battles were fought - seed 004's shuffle was drawn anew over the sectors left, and
    the meeting fought next was brought first): each sector's place among this turn's Battle
    Hexes (seed 004: the turn's order of systems over all of them; else as they were found),
    then its meetings by their sides."""
    turn = [r.at for r in c.battle_hexes if r.turn == c.turn and r.encounter in (EncounterState.V13,
                                                                                  EncounterState.SCENARIO)]
    if c.settings.combat_phase == "seed004":
        order = system_order(c, turn)
        return lambda at: (order.get(at, len(order)), str(at))
    first = {at: k for k, at in reversed(list(enumerate(turn)))}
    return lambda at: (first.get(at, len(first)), str(at))


def in_order(c, still: list[int]) -> tuple[list[int], list[str]]:
    """The meetings ``still`` in the Fight list's order (:func:`_sector_rank`), and their items."""
    named = dict(zip(still, meetings.labels(c, still)))
    rank = _sector_rank(c)
    still = sorted(still, key=lambda i: (*rank(c.battle_hexes[i].at), named[i]))
    return still, [_fought_with(c, i, named[i]) for i in still]


def chosen_words(title: str, at: Label | None, own: bool) -> str:
    """The status bar's word that a battle system was chosen (for the campaign, or for ``at``:
    ``own``, the campaign's, which the Fight list leaves unnamed)."""
    if at is None:
        return f"New Battle Hexes will be fought with: {title}"
    return f"Battle Hex {at} will be fought with: {title}" + (", the campaign's own" if own else " (Ctrl+F names it)")


def battle_window_for(main, at: Label):
    """The battle window of the sector ``at`` for the meeting the session fights next there: its window,
    when one is open, moved on to that meeting (raised); else a new one. The sector's meetings share
    one BattleController, which the session reloads onto the meeting picked: a second window on it showed
    the new battle in the resolved one's window too (issue 22, seen at QT_SCALE_FACTOR=2: two windows
    titled "Battle Hex 0703 - Coalition attacks Alliance", one of them the resolved Orion battle's)."""
    import shiboken6

    here = next((w for w in main._battle_windows if shiboken6.isValid(w) and w.at == at and w.isVisible()), None)
    if here is not None:
        from rules.systems.registry import load
        if type(here.panel) is load(main.session.battle(at).system.panel):
            here.raise_()
            here.activateWindow()
            return here
        here.close()  # the next meeting is fought with another system (issue 22): a window with its panel
    from app.battle.window import BattleWindow  # loaded when a Battle Hex is fought, not at start-up

    window = BattleWindow(main.session, at, main)
    window.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
    window.show()
    main._battle_windows = [*main._battle_windows, window]
    window.destroyed.connect(main._forget_closed_battle_windows)  # closed: let it (and its session) go
    return window
