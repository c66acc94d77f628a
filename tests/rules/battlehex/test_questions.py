"""The checks every V13 question shares (rules/battlehex/questions.py) and how a refusal quotes the
answer it refuses (rules/battlehex/log.py ``shown``): short, and never an error of its own."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.log import shown
from rules.battlehex.questions import once_each, unit_list


def _deep(n):
    out: list = []
    for _ in range(n):
        out = [out]
    return out


def test_shown_quotes_an_answer_up_to_60_characters():
    assert shown("2115") == "'2115'" and shown(None) == "None"
    assert shown("x" * 58) == "'" + "x" * 58 + "'"  # 60 characters: whole
    assert shown("x" * 59) == "'" + "x" * 59 + " ..."  # 61: cut at 60
    assert shown(list(range(100)), most=10) == "[0, 1, 2, ..."


def test_shown_words_what_cannot_be_printed():
    assert shown(16**5000) == "a number of 5001 hex digits"
    assert shown(_deep(100_000)) == "an answer nested too deep"


NAMES = {"b1": "KHS One", "b2": "KHS Two"}


def test_a_unit_list_names_the_options_and_the_answer_it_refuses():
    with pytest.raises(IllegalAnswer) as e:
        unit_list(["b3"], ("b1", "b2"), "V13.721", NAMES.__getitem__, "choose among")
    assert (e.value.rule, e.value.message) == ("V13.721", "choose among: KHS One, KHS Two; not ['b3']")
    with pytest.raises(IllegalAnswer) as e:
        unit_list("b1", (), "V13.523", NAMES.__getitem__, "choose among")
    assert e.value.message == "choose among: none; not 'b1'"


@pytest.mark.parametrize("bad", [None, "b1", ["b1", None], ["b1", ["b2"]], [1], {"b1": 1}])
def test_a_unit_list_is_a_list_of_ids(bad):
    with pytest.raises(IllegalAnswer):
        unit_list(bad, ("b1", "b2"), "V13.721", NAMES.__getitem__, "choose among")


def test_a_unit_list_names_each_unit_once():
    assert unit_list(["b2", "b1"], ("b1", "b2"), "V13.721", NAMES.__getitem__, "choose among") == ["b2", "b1"]
    assert unit_list([], ("b1", "b2"), "V13.721", NAMES.__getitem__, "choose among") == []
    with pytest.raises(IllegalAnswer) as e:
        once_each(["b1", "b2", "b2", "b1", "b1"], "V13.23", NAMES.__getitem__)
    assert (e.value.rule, e.value.message) == ("V13.23", "name each unit once: KHS One is named 3 times")


def test_a_choice_names_its_options_and_a_number_its_range():
    from rules.battlehex.questions import choose, number
    q = choose("V13.28/left_behind", "blue", "V13.28", "?", ["unmanned", "active"])
    with pytest.raises(IllegalAnswer) as e:
        q.check("gone")
    assert (e.value.rule, e.value.message) == ("V13.28", "answer one of unmanned, active, not 'gone'")
    n = number("V13.425/choice", "red", "V13.425", "?", 10, 20, why="the advantage window")
    with pytest.raises(IllegalAnswer) as e:
        n.check(21)
    assert e.value.message == "21 is outside 10-20: the advantage window"
    with pytest.raises(IllegalAnswer) as e:
        n.check(True)
    assert e.value.message == "answer a whole number, not True"
    assert n.check(10) == 10 and n.check(20) == 20


def test_a_yes_or_no_is_true_false_or_those_words_in_any_case():
    from rules.battlehex.questions import yes_no
    q = yes_no("V13.21/announce", "blue", "V13.21", "?")
    assert [q.check(a) for a in (True, False, "Yes", "no", "TRUE", "False")] == [True, False, True, False, True, False]
    for bad in ("maybe", "y", 1, None, ["yes"]):
        with pytest.raises(IllegalAnswer) as e:
            q.check(bad)
        assert (e.value.rule, e.value.message) == ("V13.21", f"answer yes or no, not {bad!r}")


def test_an_optional_number_says_none_is_allowed():
    from rules.battlehex.questions import number
    q = number("V13.422/attacker", "red", "V13.422", "?", 1, 200, optional=True)
    assert q.check(None) is None and q.check(200) == 200
    with pytest.raises(IllegalAnswer) as e:
        q.check("50")
    assert e.value.message == "answer a whole number (or none), not '50'"
    with pytest.raises(IllegalAnswer) as e:
        q.check(0)
    assert e.value.message == "0 is outside 1-200"


def test_a_yes_no_and_a_choice_carry_the_rules_usual_case_outside_their_data():
    """Issue 22: the dialog opens at ``default``; it is never part of the question's data (replays
    and files stay the same bytes)."""
    from rules.battlehex.questions import choose, yes_no
    plain, agreed = yes_no("k", "red", "R", "?"), yes_no("k", "red", "R", "?", default=True)
    assert (plain.default, agreed.default) == (False, True)
    assert plain.to_dict() == agreed.to_dict() and "default" not in str(agreed.to_dict())
    first, picked = choose("k", "red", "R", "?", ["a", "b"]), choose("k", "red", "R", "?", ["a", "b"], default="b")
    assert (first.default, picked.default) == ("a", "b")
    assert first.to_dict() == picked.to_dict() and "default" not in str(picked.to_dict())
    with pytest.raises(ValueError, match="not one of the options"):
        choose("k", "red", "R", "?", ["a", "b"], default="c")
