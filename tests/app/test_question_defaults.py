"""Where a question's dialog opens (issue 22): at a legal answer, and at the rule's usual case.

Random games of every battle system (V13, the table, SIDCORS, AF/EF) and of the seed-004 Combat
Phase ask their questions (:mod:`tests.play.walk`); each question is opened in the dialog a user
answers it in (:class:`app.question_dialogs.QuestionDialog`), and the answer OK gives untouched
must pass the question's own check. A number question opens where the engine says
(``Question.default``): the rule's usual case, never the maximum by accident.
"""
from __future__ import annotations

from functools import lru_cache

from app.question_dialogs import QuestionDialog
from rules.battle.log import IllegalAnswer
from rules.battle.questions import QKind
from tests.play.walk import battle_questions, phase_questions

IN_A_DIALOG = (QKind.YES_NO, QKind.CHOOSE, QKind.CHOOSE_UNITS, QKind.NUMBER, QKind.OPTIONAL_NUMBER, QKind.LABEL)
"""The kinds QuestionDialog asks (placements and actions are answered on the map and the panel)."""


@lru_cache(maxsize=1)
def _asked() -> tuple:
    return tuple((s, q) for s, _run, q in list(battle_questions()) + list(phase_questions()))


def _opened(qtbot, q):
    d = QuestionDialog(q, "Alliance", dict(q.data.get("names", {})))
    qtbot.addWidget(d)
    return d.answer()


def _refused(q, a) -> bool:
    try:
        q.check(a)
    except IllegalAnswer:
        return True
    return False


def test_every_question_of_every_system_opens_at_a_legal_answer(qtbot):
    seen, bad = set(), []
    for system, q in _asked():
        if q.kind not in IN_A_DIALOG:
            continue
        seen.add((system, q.kind))
        a = _opened(qtbot, q)
        if q.kind is QKind.LABEL and q.data.get("gm_question"):
            assert _refused(q, a)  # no centre holds every unit (placed too far apart): only a GM ruling
            continue
        try:
            q.check(a)
        except IllegalAnswer as e:
            bad.append(f"{system} {q.key} ({q.kind.value}) opens at {a!r}: {e}")
        if q.kind is QKind.NUMBER:
            assert q.default is not None and a == q.default, (q.key, a, q.default)
            assert a != q.high or q.low == q.high or "fighters" in q.key or "transfer" in q.key, (q.key, a)
    assert not bad, "\n".join(bad)
    systems = {s for s, _k in seen}
    assert systems == {"v13", "table", "sidcors", "afef", "combat phase"}, systems


def test_the_rules_usual_case_is_where_a_number_opens(qtbot):
    """V13.414 "0 if none"; V13.425 the standard range (V13.426 declines); V13.422 the second side
    opens at the first side's proposal; SIDCORS's BIR (no usual case) mid-scale, not 8."""
    named: dict[str, list] = {}
    for _system, q in _asked():
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
