"""Where a question's dialog opens (issue 22): at a legal answer, and at the rule's usual case.

Random games of every battle system (V13, the table, SIDCORS, AF/EF, and B5 and STCS through the
registry's seam) and of the seed-004 Combat Phase ask their questions (:mod:`tests.play.walk`); each question is opened in the dialog a user
answers it in (:class:`app.widgets.question_dialogs.QuestionDialog`), and the answer OK gives untouched
must pass the question's own check. A number question opens where the engine says
(``Question.default``): the rule's usual case, never the maximum by accident.
"""
from __future__ import annotations

import re
from itertools import chain

from app.widgets.question_dialogs import QuestionDialog
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind
from tests.play.walk import battle_questions, phase_questions, seam_questions

IN_A_DIALOG = (QKind.YES_NO, QKind.CHOOSE, QKind.CHOOSE_UNITS, QKind.NUMBER, QKind.OPTIONAL_NUMBER, QKind.LABEL,
               QKind.TEXT)
"""The kinds QuestionDialog asks (placements and actions are answered on the map and the panel)."""


def _asked(qtbot) -> list[tuple[str, object, object, str]]:
    """``(system, question, the answer its dialog opens at, why the question refuses it or "")``,
    each judged while the question is pending (a check reads the battle as it is then)."""
    out = []
    for system, _run, q, _a in chain(battle_questions(), seam_questions(), phase_questions()):  # each judged as it is asked
        if q.kind not in IN_A_DIALOG:
            continue
        if "plot" in q.data and q.default is None:  # straight on would leave the board: the bar opens empty
            continue
        a = _opened(qtbot, q)
        try:
            q.check(a)
            why = ""
        except IllegalAnswer as e:
            why = str(e)
        out.append((system, q, a, why))
    return out


BAR = ("plot", "elint", "tactical", "secondary", "fighter_orders", "flights")
"""The B5 questions typed in its panel's bar (app/systems/b5/panel.py ``handles``), which opens at the default."""


def _opened(qtbot, q):
    """The answer where ``q`` opens: its dialog's untouched, or the B5 bar's text."""
    if any(k in q.data for k in BAR):
        return "" if q.default is None else q.default
    d = QuestionDialog(q, "Alliance", dict(q.data.get("names", {})))
    qtbot.addWidget(d)
    return d.answer()


def test_every_question_of_every_system_opens_at_a_legal_answer(qtbot):
    seen, bad = set(), []
    for system, q, a, why in _asked(qtbot):
        seen.add(system)
        if why:  # V13.811's centre too when none holds every unit: its proposal is then the engine's ruling
            bad.append(f"{system} {q.key} ({q.kind.value}) opens at {a!r}: {why}")
        if q.kind is QKind.NUMBER:
            assert q.default is not None and a == q.default, (q.key, a, q.default)
            assert a != q.high or q.low == q.high or "fighters" in q.key or "transfer" in q.key or _meeting_speed(q), (
                q.key, a)
    assert not bad, "\n".join(bad)
    assert seen == {"v13", "table", "sidcors", "afef", "b5", "stcs", "combat phase"}, seen


def _meeting_speed(q) -> bool:
    """A B5 fleet's secret speed before a meeting engagement, which opens at its maximum on purpose (seed 003)."""
    return q.key.startswith("b5/speed/") and q.key.count("/") == 2 and q.rule == "B5 Meeting Engagements"


def test_a_b5_turn_opens_at_plot_and_move_and_a_meeting_at_speed_10(qtbot):
    """Issue 22 in B5: the GM's turn question opened at "at the table", so Return played empty turns to the turn
    limit, and a fleet's secret prior speed at 0, so fleets 45 hexes apart never met. Now "plot and move" (the
    tool's own play) and seed 003's "a speed of 10 or less" at 10 (tests/rules/systems/b5/test_return_plays_on.py
    plays it)."""
    turns, speeds = [], []
    for system, q, a, _why in _asked(qtbot):
        if system == "b5" and re.fullmatch(r"b5/\d+/turn", q.key) and len(q.options) > 1:
            turns.append(a)
        elif system == "b5" and _meeting_speed(q):
            speeds.append(a)
    assert turns and set(turns) == {"plot and move"}, set(turns)
    assert speeds and set(speeds) == {10}, set(speeds)


def test_the_rules_usual_case_is_where_a_number_opens(qtbot):
    """V13.414 "0 if none"; V13.425 the standard range (V13.426 declines); V13.422 the second side
    opens at the first side's proposal; SIDCORS's BIR (no usual case) mid-scale, not 8."""
    named: dict[str, list] = {}
    for _system, q, _a, _why in _asked(qtbot):
        if q.kind in (QKind.NUMBER, QKind.OPTIONAL_NUMBER):
            head = q.key.split("/")
            named.setdefault("/".join(head[:2]) if q.key.startswith("V13") else f"{head[0]}/{head[2]}", []).append(q)
    assert named.get("V13.414/terrain") and named.get("V13.425/choice") and named.get("sidcors/bir"), sorted(named)
    for q in named["V13.414/terrain"]:
        assert _opened(qtbot, q) == 0, q.text  # "0 if none"
    for q in named["V13.422/defender"]:
        proposed = q.text.rsplit(" proposed ", 1)
        want = int(proposed[1]) if len(proposed) == 2 else None
        assert _opened(qtbot, q) == want == q.default, (q.text, q.default)
    assert any(q.default is not None for q in named["V13.422/defender"])
    for q in named["V13.425/choice"]:
        assert _opened(qtbot, q) == q.default and q.low < q.default < q.high, (q.text, q.default)
    assert {_opened(qtbot, q) for q in named["sidcors/bir"]} == {5}


def test_a_yes_no_or_a_choice_opens_at_the_rules_usual_case(qtbot):
    """Issue 22: a yes/no dialog opened at No and a choice at its first option whatever the engine
    named; now each opens at ``Question.default`` (``yes_no`` always names one). The Encounters
    Phase's "Agree?" opens at Yes, so Return plays on into the encounter."""
    agree, kinds = [], set()
    for system, q, a, _why in _asked(qtbot):
        if q.kind is QKind.YES_NO:
            assert a is (q.default is True), (system, q.key, a, q.default)  # no default named: No
        elif q.kind is QKind.CHOOSE and not any(k in q.data for k in BAR):
            assert a == (q.default if q.default is not None else q.options[0]), (system, q.key, a, q.default)
        else:
            continue
        kinds.add(q.kind)
        if "/agree/" in q.key:
            agree.append((q.key, a))
    assert kinds == {QKind.YES_NO, QKind.CHOOSE}
    assert agree and all(a is True for _k, a in agree), agree


def test_the_dialog_opens_at_a_default_given_by_the_engine(qtbot):
    from rules.battlehex.questions import choose, yes_no
    assert _opened(qtbot, yes_no("k", "red", "R", "?", default=True)) is True
    assert _opened(qtbot, yes_no("k", "red", "R", "?")) is False
    assert _opened(qtbot, choose("k", "red", "R", "?", ["a", "b", "c"], default="c")) == "c"
    assert _opened(qtbot, choose("k", "red", "R", "?", ["a", "b", "c"])) == "a"


def test_this_sessions_questions_open_at_the_rules_usual_case(qtbot):
    """Issue 24's set-up designations open at the seed's usual choice (a tie's first listed flagship, the
    commander able to command the most, as many squadrons under the new flagship as its rating lets it
    command); fighter orders at "none" (no change: an even turn changes only through the Ex-Fighter Ops
    Commander); a ship's first STCS power allocation at the proposal without boarding parties."""
    from tests.play.walk import _replayed, session_games

    seen, powered = set(), set()
    for _system, run, q, _a in _replayed(session_games()):
        head = re.sub(r"/\d+(?=/|$)", "/N", q.key)
        if head in ("b5/flagship/blue", "b5/commander/blue/N"):
            assert _opened(qtbot, q) == q.options[0] == q.default, (q.key, q.default)
        elif head == "b5/net/blue":
            rating = run.engine.data(run.engine.net.flagships["blue"]).command_rating
            assert _opened(qtbot, q) == list(q.options[:rating]) == q.default, (q.text, q.default)
        elif head == "b5/N/orders/red" and run.engine.round % 2 == 0:
            assert _opened(qtbot, q) == "none", q.text
        elif "/power/" in q.key and q.key.startswith("stcs/") and q.key.split("/")[-1] not in powered:
            powered.add(q.key.split("/")[-1])  # a ship's first (later ones open at its last allocation)
            assert "boarding" not in _opened(qtbot, q), q.default
        else:
            continue
        seen.add(head if head.startswith("b5") else "stcs power")
    assert seen == {"b5/flagship/blue", "b5/commander/blue/N", "b5/net/blue", "b5/N/orders/red", "stcs power"}, seen


def test_an_stcs_move_opens_at_the_points_the_ship_usually_spends_straight_on(qtbot):
    """Issue 22: the STCS move opened at 0 points, so Return held every ship still. Seed 002 reads a ship as
    spending its movement (an "unexpended movement point" is its choice): each move of the random STCS games
    opens at :func:`rules.systems.stcs.movement.usual` (what its power to movement buys, else its speed, else
    its Cruising Warp; an outpost 0), within its caps, and its path straight on with every point."""
    from rules.systems.stcs import movement

    points, paths = [], 0
    for system, run, q, _a in seam_questions():
        if system != "stcs" or "/move/" not in q.key:
            continue
        x = q.key.split("/")[3]
        if q.key.endswith("/points"):
            usual = movement.usual(run.engine, x)
            assert _opened(qtbot, q) == str(usual) == q.default, (q.key, q.default, usual)
            points.append(usual)
        else:
            straight = f"{run.engine.facing[x].name}:{run.answers[-1]}"  # every point answered, heading kept
            assert _opened(qtbot, q) == straight == q.default, (q.key, q.default)
            paths += 1
    assert points and paths and max(points) > 0, points

