"""A B5 placement refused in words (issue 22, the whole-campaign play): Return in the empty hex field gave
"answer a hex and a facing, such as {"at": "4530", "facing": "A"}, not {'at': '', 'facing': 'A'}", the
panel's answer shown as code. What the panel sends is refused in words; a file's answer of another form
is still told the form it takes."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.systems.b5.asking import read_place

RULE = "B5 Meeting Engagements"


@pytest.mark.parametrize("given, words", [
    ({"at": "", "facing": "A"}, "type a hex, such as 1030 (its column, then its row)"),
    ({"at": "  ", "facing": "C"}, "type a hex, such as 1030 (its column, then its row)"),
    ({"at": "north", "facing": "A"}, 'type a hex, such as 1030 (its column, then its row), not "north"'),
    ("", "type a hex, such as 1030 (its column, then its row)"),
    ({"at": "1030", "facing": "Q"}, "a facing is a letter from A to F, not 'Q'")])
def test_the_panels_answers_are_refused_in_words(given: object, words: str) -> None:
    with pytest.raises(IllegalAnswer) as refused:
        read_place(given, RULE)
    assert refused.value.message == words and refused.value.rule == RULE
    assert "{" not in str(refused.value)


def test_a_files_answer_of_another_form_is_told_the_form() -> None:
    with pytest.raises(IllegalAnswer, match='such as {"at": "4530", "facing": "A"}, not 1030'):
        read_place(1030, RULE)


def test_a_hex_and_a_facing_are_read() -> None:
    at, facing = read_place({"at": "1030", "facing": "C"}, RULE)
    assert (str(at), facing.name) == ("1030", "C")
