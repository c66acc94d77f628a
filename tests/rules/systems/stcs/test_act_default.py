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


def test_return_through_a_turn_allocates_each_ship_once_and_moves_on() -> None:
    """Issue 22 (H7 on the real screen): the act question opened at the first ship's power allocation however
    often it had been given, so Return allocated Battle Station Tau's power twice and never moved on. Now it
    opens at a ship not yet allocated this turn, then at the turn's next step; each turn anew."""
    from tests.rules.systems.stcs.test_power import battle

    run = battle()
    listed = sorted(o.partition(":")[2] for o in run.pending.options if o.startswith("power:"))
    assert listed == ["bop", "d7", "enterprise", "lexington"]
    for turn in (1, 2):
        given = []
        while run.pending.default.startswith("power:"):
            given.append(run.pending.default.partition(":")[2])
            assert len(given) <= len(listed), f"turn {turn}: Return allocated {given}"
            run.answer(run.pending.default)
            run.answer(run.pending.default)  # the allocation as proposed
        assert sorted(given) == listed, f"turn {turn}: {given}"
        q = run.pending
        assert q.key.endswith("/act") and q.default in q.options and not q.default.startswith("power:"), q.default
        for _segment in range(3):  # on to the next turn: its Power Allocation Phase
            run.answer("next")
            while not run.pending.key.endswith("/act"):  # the segment's end (the cloaked ship's side: no warp out)
                run.answer(run.pending.options[0] if run.pending.default is None else run.pending.default)


def test_return_through_a_cloaked_ship_s_allocation_keeps_it_cloaked() -> None:
    """Seen on the real screen with the fix above (H9): Return through the Bird of Prey's allocation gave its
    cloak no power, so it uncloaked, shown to the other side; the usual case keeps a cloaked ship's cloak
    powered (its power first), the rest spread as before."""
    from tests.rules.systems.stcs.test_power import battle

    run = battle()
    run.answer("power:bop")
    default = run.pending.default
    assert "cloak 8" in default, default
    run.answer(default)
    assert run.engine.cloaked["bop"] and not [e for e in run.log.events if e.text == "Bird of Prey uncloaks"]


def test_return_at_every_question_ends_the_battle() -> None:
    """Found by the random play of every system pressing Return (tests/test_random_play_every_system.py): past the
    allocations the act question opened at the segment's first act the GM may do, so Return repeated it for ever
    (at 0509 of the default campaign: 191 area scans by IKV Kumara in turn 1, segment 1, and on). Past the
    allocations it opens at the segment's end; the segment limit then leaves only resolving."""
    from rules.systems import start
    from rules.systems.stcs.engine import SEGMENT_LIMIT
    from tests.play.pressed import pressed
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.v13.helpers import AT

    run = start(stcs_campaign(), AT)
    acts: list[str] = []
    for _ in range(1000):
        q = run.pending
        if q is None:
            break
        a = pressed(q)
        if q.key.endswith("/act"):
            acts.append(a)
        run.answer(a)
    assert run.pending is None and run.state.resolved and run.engine.round == SEGMENT_LIMIT + 1
    assert acts.count("next") == SEGMENT_LIMIT and acts[-1] == "resolve"
