"""The close acts (issue 25: tractors, transporters, boarding, melee, a cloaked ship's secret move) go
through the seam's checkpoints like every act: undo after each answer replays none of them and gives a
full replay's bytes and the same close-act record (:class:`rules.systems.stcs.contact.Contact`)."""
from __future__ import annotations

from rules.battlehex import replay_points
from rules.systems import start
from tests.rules.battlehex.test_replay_points import counting
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_stcs_checkpoints import reference
from tests.rules.systems.v13.helpers import AT


def game(c) -> list:
    """Warp-speed combat: the Enterprise and the Lexington lower their shields toward each other (in secret),
    the Enterprise takes the Lexington in a tractor beam (tried until it holds) and beams
    crew over; the Romulans move the Bird of Prey in secret; the next segment the Enterprise lets go."""
    run = start(c, AT)
    run.answer("warp")
    for a in ("shields:enterprise", "toward:lexington", "shields:lexington", "toward:enterprise"):  # Shield Control
        run.answer(a)
    while not run.engine.contact.tractors:
        for a in ("tractor:enterprise", "lexington", 10):
            run.answer(a)
    heading = run.engine.facing["bop"].name
    for a in ("beam:enterprise", "crew:lexington", 20, "move:bop", "2", f"{heading}:2", "next", "none",
              "release:enterprise", "lexington"):
        run.answer(a)
    return list(run.answers)


def test_undo_after_every_close_act_answer_replays_none_and_gives_a_full_replays_bytes(monkeypatch) -> None:
    c = start(stcs_campaign(), AT).saved()
    answers = game(c)
    replay_points.SHELF.clear()
    run = start(c, AT)
    given = counting(monkeypatch)
    replayed = {}
    for a in answers:
        q = run.pending
        assert q is not None
        run.answer(a)
        given.clear()
        run.undo(1)
        if given and q.key.endswith("/act"):
            replayed[q.key] = len(given)
        run.answer(a)
        ref = reference(c, run.answers)
        assert run.events_json() == ref.events_json() and run.saved() == ref.saved(), f"after {q.key}"
        assert run.engine.contact == ref.engine.contact
    assert not replayed, f"undo replayed answers after {replayed}"
    assert "Enterprise's tractor beam lets go of Lexington" in run.events_json()
    assert run.engine.contact.transports and run.engine.contact.tractors == {}
