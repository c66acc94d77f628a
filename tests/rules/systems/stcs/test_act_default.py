"""The GM's act question opens at an act the GM may do (issue 22's defaults: Return plays on): with the
cloaked Bird of Prey off the board in a sensor shadow, its fixed acts lead the list but are refused, and the
question opened at the first of them ('move:bop'), so Return was refused (tests/app/widgets/
test_question_defaults.py caught it on a clean clone of 3eab8bf)."""
from __future__ import annotations

from tests.rules.systems.stcs.test_cloaked_damage import entered
from tests.rules.systems.stcs.test_cloaked_tells import opened


def test_the_act_question_opens_at_an_act_the_gm_may_do() -> None:
    gone = opened()
    entered(gone, "shadow:bop")
    q = gone.pending
    assert q is not None and q.key.endswith("/act")
    assert q.default is not None and q.default in q.options and q.default != "move:bop"
    given = len(gone.answers)
    gone.answer(q.default)  # Return: taken
    assert len(gone.answers) == given + 1


def test_the_default_is_no_part_of_what_the_other_side_reads() -> None:
    gone = opened()
    entered(gone, "shadow:bop")
    assert "default" not in gone.pending.to_dict()
