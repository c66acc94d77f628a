"""Every battle system refuses junk answers with a rule and changes nothing (issue 11's
promise for V13, held for SIDCORS, AF/EF and the table): at each question of a battle played
to its end, a batch of malformed answers (wrong types, unhashable values, huge numbers, nested
junk) is given first; each must raise ``IllegalAnswer`` (never another exception) and leave
the log and the pending question as they were."""
from __future__ import annotations

from typing import Any

import pytest

from rules.battlehex.log import IllegalAnswer, ruled, shown
from rules.systems import start
from tests.rules.systems.v13.helpers import AT
from tests.rules.battlehex.test_compose_systems import _answer_something, over_cap

JUNK: tuple[Any, ...] = (None, {"x": 1}, [{"x": 1}], [[1]], {"unit": ["r1"], "fighters": 1},
                         {"unit": "r1", "fighters": True}, {"gm_ruling": ""}, {"gm_ruling": "x", "answer": {"y": []}},
                         10**100, -5, 2.5, "", "nobody", ["nobody"], ["r1", "r1"], True, [None], {"break_off": []},
                         {"b1": {"r1": 10**9}}, {"r1": {"b1": "x"}}, {"r1": [1]},
                         # issue 19: a number past 4,300 digits, nesting past the stack, rulings not in form
                         10**5000, [10**5000], {"b1": {"r1": 10**5000}}, {"r1": {"b1": 10**5000}},
                         {"gm_ruling": "   ", "answer": True}, {"gm_ruling": 7, "answer": True},
                         {"gm_ruling": ["x"], "answer": True}, {"gm_ruling": "x"},
                         {"gm_ruling": "x", "answer": True, "extra": 1})


@pytest.mark.parametrize("system", ("sidcors", "afef", "table"))
def test_junk_is_refused_with_a_rule_at_every_question_and_changes_nothing(system):
    run = start(over_cap(system), AT)
    asked = 0
    junk_list = (*JUNK, _DEEP, [_DEEP], {"b1": _DEEP}, {"gm_ruling": "x", "answer": _DEEP})
    for _ in range(200):
        q = run.pending
        if q is None:
            break
        asked += 1
        before = (len(run.log.events), list(run.answers))
        for junk in junk_list:
            try:
                run.answer(junk)
            except IllegalAnswer as e:
                assert e.rule and len(str(e)) < 600, (q.key, shown(junk))
                assert run.pending is q and (len(run.log.events), list(run.answers)) == before, (q.key, shown(junk))
            else:  # a few junk values are legal somewhere (True to a yes/no): then go on from there
                break
        else:
            _answer_something(run)
    assert run.state.resolved and asked >= 3


# -- V13 (issue 19): junk of every kind at every question of battles played to their end ----------
def _v13_campaign(base: bool, convoy: bool, orion: bool, monster: bool) -> Any:
    from tests.rules.systems.v13.helpers import duel, fleet, unit
    blue = [unit("b1"), unit("b2"), unit("cv", is_carrier=True),
            unit("ftr", kind="fighter", strategic_movement_capable=False, carrier_id="cv")]
    if convoy:
        blue += [unit("cv1", kind="convoy_ship"), unit("cvi", is_incidental=True, kind="freighter")]
    extra = []
    if orion:
        extra.append(fleet("of", "orion", "0304", units=[unit("o1")]))
    if monster:
        extra.append(fleet("mf", "monsters", "0304", units=[unit("m1", kind="monster")]))
    sectors = {"0304": {"owner": "fed", "garrison": [unit("sb", kind="starbase"),
                                                     unit("inc", is_incidental=True, kind="defsat")]}} if base else None
    return duel(blue, [unit("r1"), unit("r2"), unit("r3")], sectors=sectors, extra=extra)


def _nested(n: int) -> list[Any]:
    out: list[Any] = []
    for _ in range(n):
        out = [out]
    return out


_DEEP = _nested(50_000)
"""An answer nested past the interpreter's stack (its repr raises RecursionError)."""


def _v13_junk(b: Any) -> list[Any]:
    """Answers no V13 question may take: the common junk, and for the pending question's kind the
    holes of issue 19 (null parts, repeated ids, unknown ids, a ``by`` that is no Team of this
    battle or not the unit's owner, a unit that left marked back)."""
    from rules.battlehex.questions import QKind
    from rules.battlehex.roster import Role
    q, st = b.pending, b.state
    out: list[Any] = [None, {"x": 1}, [{"x": 1}], [[1]], 10**100, 10**5000, _DEEP, 2.5, "nobody", ["nobody"],
                      [None], {"gm_ruling": ""}, {"gm_ruling": "x", "answer": {"y": []}}, {"b1": {"r1": 10**9}}]
    if q.kind is QKind.OPTIONAL_NUMBER:
        out.remove(None)  # "no agreed range" (V13.422)
    opts = list(q.options)
    if q.kind is QKind.CHOOSE_UNITS and opts:
        out += [[opts[0], opts[0]], [opts[0]] * 1000, [*opts, opts[-1]], [opts[0], None], "".join(opts[:1])]
    if q.kind is QKind.PLACE:
        u = opts[0]
        good = {"unit": u, "at": "2115", "facing": "A", "speed": 4}
        out += [{**good, "speed": 10**5000}, {**good, "at": _DEEP}, {**good, "docked": None}, {**good, "at": None},
                {**good, "facing": None}, {**good, "speed": None},
                {**good, "at": 2115}, {**good, "facing": "G"}, {**good, "speed": 10**100}, {**good, "speed": True},
                {**good, "unit": [u]}, {**good, "unit": "nobody"}, {**good, "at": "zzzz"}, {**good, "docked": "yes"},
                {**good, "colour": "red"}, {"gm_ruling": "x", "answer": {**good, "docked": None}}]
    if q.kind is QKind.ACTION:
        live = [u for u in st.units.values() if u.pos is not None and u.present]
        gone = [u for u in st.units.values() if u.pos is not None and not u.present and u.status.name not in
                ("DESTROYED", "CAPTURED")]
        out += [{"clock": 1, "by": "orions"} if "orions" not in st.battle_teams else {"clock": 1, "by": "lyran"},
                {"clock": 1, "by": None}, {"clock": 1, "by": ["red"]}, {"clock": 1, "by": {"t": 1}}, {"clock": 0},
                {"clock": True}, {"clock": None}, {"clock": 10**100}, {"float": "D", "hexes": 0},
                {"clock": 10**5000}, {"float": "D", "hexes": 10**5000}, {"move": "r1", "to": _DEEP},
                {"float": None}, {"move": "nobody", "to": "2115"}, {"move": {"a": 1}, "to": "2115"},
                {"mark": ["r1"], "status": "active"}, {"mark": "r1", "status": "dead"}, {"end": "x", "by": "red"},
                {"end": ""}, {"end": None, "by": "gm"}, {"declare": None}, {"clock": 1, "move": "r1"}]
        for u in live[:3]:
            other = next(t for t in (st.attacker, st.defender) if t != u.team)
            out += [{"move": u.id, "to": "2115", "facing": None}, {"move": u.id, "to": None},
                    {"move": u.id, "to": "2115", "by": other}, {"mark": u.id, "status": None}]
            if u.role in (Role.ATTACKER, Role.DEFENDER):
                out.append({"declare": u.id, "by": other})
        for u in gone:
            out += [{"mark": u.id, "status": s} for s in ("active", "crippled", "destroyed")]
            out.append({"move": u.id, "to": "2115", "by": "gm"})
    return out


@pytest.mark.parametrize("seed", range(6))
def test_v13_refuses_junk_with_a_rule_at_every_question_and_changes_nothing(seed):
    import random

    from rules.systems.v13.autoplay import random_answer
    from rules.battlehex.questions import QKind
    from rules.battlehex.roster import Role
    from tests.rules.systems.v13.helpers import battle
    rng = random.Random(seed)
    b = battle(_v13_campaign(seed % 2 == 0, seed % 3 == 0, seed in (1, 4), seed in (2, 5)))
    kinds, actions = set(), 0
    for _ in range(400):
        q = b.pending
        if q is None:
            break
        kinds.add(q.kind)
        before = (len(b.log.events), list(b.answers), b.state.marks())
        for junk in _v13_junk(b):
            with pytest.raises(IllegalAnswer) as e:
                b.answer(junk)
            assert e.value.rule and len(str(e.value)) < 600, (q.key, junk)
            assert b.pending is q and (len(b.log.events), list(b.answers), b.state.marks()) == before, (q.key, junk)
        if q.kind is QKind.ACTION:
            actions += 1
            mine = [u for u in b.state.units.values() if u.present and u.pos is not None and not u.under_fire
                    and u.role in (Role.ATTACKER, Role.DEFENDER)]
            if actions > 14:
                b.answer({"end": "enough", "by": "gm"})
            elif mine and rng.random() < 0.3:
                u = rng.choice(mine)
                b.answer({"declare": u.id, "by": u.team})
            else:
                try:
                    b.answer(random_answer(b, rng))
                except IllegalAnswer:
                    pass  # a random move the rules refuse
            continue
        if q.kind is QKind.YES_NO and q.key.startswith("V13.70"):
            b.answer(True)  # pursue: the Pursuit Force and Rear Guard questions follow
            continue
        a = random_answer(b, rng)
        try:
            b.answer(a)
        except IllegalAnswer:
            b.answer({"gm_ruling": "random play", "answer": a})
    assert b.pending is None and b.state.resolved
    assert {QKind.PLACE, QKind.ACTION, QKind.LABEL} <= kinds


def _bad_rulings(raw: Any) -> list[Any]:
    """GM rulings out of form around ``raw``: no reason in words, parts missing or extra (issue 19)."""
    return [{"gm_ruling": "", "answer": raw}, {"gm_ruling": "  ", "answer": raw}, {"gm_ruling": 7, "answer": raw},
            {"gm_ruling": ["why"], "answer": raw}, {"gm_ruling": None, "answer": raw},
            {"gm_ruling": "why", "answer": raw, "by": "gm"}, {"gm_ruling": "why", "answer": raw, "note": 1}]


def test_sidcors_refuses_a_gm_ruling_out_of_form_as_v13_does():
    """A SIDCORS ruling is exactly {"gm_ruling": <reason in words>, "answer": ...}: around every plain
    answer of a battle played to its end, rulings without a reason or with other parts are refused
    with the ruling's rule, quoting the reason shortened, and change nothing."""
    from tests.rules.battlehex.test_compose_systems import _answer_something
    run = start(over_cap("sidcors"), AT)
    asked = 0
    while run.pending is not None and asked < 200:
        q, asked = run.pending, asked + 1
        before = (len(run.log.events), list(run.answers))
        for raw in (True, {"break_off": "both", "reason": "the test ends it"}, *(q.options or ())[:3], [], {}, 1):
            for bad in _bad_rulings(raw):
                with pytest.raises(IllegalAnswer) as e:
                    run.answer(bad)
                assert e.value.rule == "GM ruling" and len(str(e.value)) < 300, (q.key, bad)
                assert run.pending is q and (len(run.log.events), list(run.answers)) == before, (q.key, bad)
        _answer_something(run)
    assert run.state.resolved and asked >= 3
    with pytest.raises(IllegalAnswer, match="its reason in words, not 7$"):
        ruled({"gm_ruling": 7, "answer": 1})
