"""A V13 battle reopened from its file in a new process resumes from the checkpoint written to
disk (issue 21 part 4: open + Fight < 100 ms at 5,000 answers) and replays only the answers
after it, with the bytes of a replay from formation; a tampered, foreign or stale checkpoint, or
answers that no longer begin with its own, are replayed from formation
(:mod:`rules.systems.v13.cold`, :mod:`rules.battlehex.resume`)."""
from __future__ import annotations

from typing import Any

import pytest

from hexmap import Label
from rules.systems.v13.procedure import BattleProcedure
from rules.systems.v13.autoplay import play
from rules.dice import DiceRoller
from rules.model import dumps
from rules.battlehex import resume
from rules.battlehex.checkpoints import SPACING
from rules.systems.v13.cold import DEPTH
from tests.rules.systems.v13.test_procedure import _formed_cache
from tests.rules.battlehex.test_resume import new_process

AT = Label.parse("0604")
CLOCKS = 400


def _long_battle(clocks: int = CLOCKS) -> tuple[Any, Any, BattleProcedure]:
    c, g = _formed_cache()
    b = BattleProcedure(c, AT, seed=21, graph=g)
    play(b, 21)
    assert b.pending is not None and b.pending.key.startswith("combat/"), b.pending
    for i in range(clocks):
        b.answer({"clock": 1 + i % 3})
        if i % 50 == 0:
            b.adopt(b.saved())  # the GUI stores the battle after each answer; every so often here
    return c, g, b


def _replayed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many answers each replay of a procedure gives, from now on."""
    sizes: list[int] = []
    real = BattleProcedure._replay

    def replay(self: BattleProcedure, answers: list[Any]) -> None:
        sizes.append(len(answers))
        real(self, answers)
    monkeypatch.setattr(BattleProcedure, "_replay", replay)
    return sizes


def _undo_cold(b: BattleProcedure, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """``b``'s checkpoints written to disk, its newest checkpoint less than 10 answers before its last (else an undo
    of 10 tests nothing), and a new process begun: the sizes of the replays from now on (:func:`_replayed`)."""
    resume.flush()
    newest = max(cp.answers for cp in b._checkpoints.kept if cp.answers < len(b.answers))
    assert len(b.answers) - newest < 10, "the undo does not go before the newest checkpoint: the test tests nothing"
    new_process()
    return _replayed(monkeypatch)


def _same(a: BattleProcedure, b: BattleProcedure) -> None:
    assert a.events_json() == b.events_json()
    for team in a.state.teams:
        assert a.events_json(team) == b.events_json(team)
    assert dumps(a.saved()) == dumps(b.saved())
    assert (a.pending and a.pending.to_dict()) == (b.pending and b.pending.to_dict())


def _from_formation(saved: Any, g: Any) -> BattleProcedure:
    return BattleProcedure(saved, AT, graph=g, dice=lambda s: DiceRoller(s))  # another callable: no disk


def test_a_cold_reopen_resumes_from_the_checkpoint_on_disk(monkeypatch):
    _c, g, b = _long_battle()
    saved = b.saved()
    resume.flush()
    new_process()
    sizes = _replayed(monkeypatch)
    reopened = BattleProcedure(saved, AT, graph=g)
    total = len(saved.battle_hexes[[r.at for r in saved.battle_hexes].index(AT)].answers)
    assert total == len(b.answers) and sizes and max(sizes) < 100, f"replayed {sizes} of {total} answers"
    _same(reopened, _from_formation(saved, g))
    reopened.undo(150)  # before the checkpoint: from formation, the same bytes
    _same(reopened, BattleProcedure(saved, AT, graph=g, answers=b.answers[:-150], dice=lambda s: DiceRoller(s)))
    for a in b.answers[-150:]:
        reopened.answer(a)
    _same(reopened, b)


def test_a_tampered_checkpoint_is_replayed_from_formation(monkeypatch):
    _c, g, b = _long_battle()
    saved = b.saved()
    resume.flush()
    files = list(resume.folder().glob("*.bin"))
    assert files, "no checkpoint written"
    for f in files:
        data = bytearray(f.read_bytes())
        data[-5] ^= 1
        f.write_bytes(bytes(data))
    new_process()
    sizes = _replayed(monkeypatch)
    reopened = BattleProcedure(saved, AT, graph=g)
    assert max(sizes) == len(b.answers)
    _same(reopened, _from_formation(saved, g))


def test_other_answers_do_not_resume_from_it(monkeypatch):
    _c, g, b = _long_battle()
    b.saved()
    resume.flush()
    new_process()
    sizes = _replayed(monkeypatch)
    k = len(b.answers) - CLOCKS + 10  # one clock answer early in the combat changed: not the checkpoint's line
    other = b.answers[:k] + [{"clock": 3 if b.answers[k] != {"clock": 3} else 2}] + b.answers[k + 1:]
    reopened = BattleProcedure(b.campaign, AT, graph=g, answers=other)
    assert max(sizes) == len(other)
    _same(reopened, BattleProcedure(b.campaign, AT, graph=g, answers=other, dice=lambda s: DiceRoller(s)))


def test_an_illegal_answer_after_the_checkpoint_is_refused_as_from_formation():
    from rules.battlehex.log import IllegalAnswer

    _c, g, b = _long_battle()
    b.saved()
    resume.flush()
    new_process()
    bad = b.answers + [{"move": "no-such-unit", "to": "2101"}]
    with pytest.raises(IllegalAnswer) as cold:
        BattleProcedure(b.campaign, AT, graph=g, answers=bad)
    with pytest.raises(IllegalAnswer) as warm:
        BattleProcedure(b.campaign, AT, graph=g, answers=bad, dice=lambda s: DiceRoller(s))
    assert str(cold.value) == str(warm.value)


def test_an_undo_after_a_cold_reopen_decodes_none_of_the_events_read_from_disk(monkeypatch):
    """The undo resumes from the checkpoint read from disk, whose events stay undecoded (bench/replay.py: decoding
    them all made that undo grow with the battle, 18 ms at 5,000 answers against 1.6 at 2,000), with the bytes
    of a replay from formation."""
    _c, g, b = _long_battle()
    saved = b.saved()
    resume.flush()
    new_process()
    reopened = BattleProcedure(saved, AT, graph=g)
    stored = reopened.log.stored
    assert stored > 1000, f"the reopen did not resume from the disk ({stored} events stored)"
    reopened.undo(1)
    assert reopened.log.stored == stored, f"the undo decoded {stored - reopened.log.stored} of {stored} stored events"
    _same(reopened, BattleProcedure(saved, AT, graph=g, answers=b.answers[:-1], dice=lambda s: DiceRoller(s)))


@pytest.mark.parametrize("n", [10, DEPTH])
def test_an_undo_of_up_to_depth_answers_after_a_cold_reopen_resumes_from_a_checkpoint_on_disk(monkeypatch, n):
    """The newest checkpoint on disk stands 4 answers before the last (420 clock answers): an undo of 10, or of
    :data:`DEPTH`, goes before it and used to replay every answer kept from formation (422 of 432; 126 ms at 5,000
    in bench/replay.py). Now it resumes from the older checkpoint written beside it and replays at most DEPTH plus
    a checkpoint spacing's answers, with the bytes of a replay from formation."""
    _c, g, b = _long_battle(420)
    saved = b.saved()
    sizes = _undo_cold(b, monkeypatch)
    reopened = BattleProcedure(saved, AT, graph=g)
    assert sizes and max(sizes) < 10, f"the reopen replayed {sizes}"
    sizes.clear()
    reopened.undo(n)
    assert sizes and max(sizes) <= DEPTH + SPACING, f"the undo of {n} replayed {sizes} of {len(b.answers) - n} answers"
    _same(reopened, BattleProcedure(saved, AT, graph=g, answers=b.answers[:-n], dice=lambda s: DiceRoller(s)))
    for a in b.answers[-n:]:
        reopened.answer(a)
    _same(reopened, b)


def test_an_undo_of_ten_after_a_second_cold_reopen_resumes_within_depth(monkeypatch):
    """A battle reopened cold from its newer checkpoint and played on (36 answers, its newest checkpoint then 8
    back): its next save writes as the older checkpoint the newest at least DEPTH answers back (here the one it was
    reopened from), so an undo of 10 after the next cold reopen resumes from it (it replayed from formation when
    only the newest was on disk)."""
    _c, g, b = _long_battle(420)
    saved = b.saved()
    resume.flush()
    new_process()
    reopened = BattleProcedure(saved, AT, graph=g)
    for i in range(36):
        reopened.answer({"clock": 1 + i % 3})
    again = reopened.saved()
    sizes = _undo_cold(reopened, monkeypatch)
    third = BattleProcedure(again, AT, graph=g)
    sizes.clear()
    third.undo(10)
    assert sizes and max(sizes) <= DEPTH + SPACING, f"the undo of 10 replayed {sizes} of {len(reopened.answers) - 10}"
    _same(third, BattleProcedure(again, AT, graph=g, answers=reopened.answers[:-10], dice=lambda s: DiceRoller(s)))


def test_an_undo_of_ten_after_a_cold_reopen_of_a_long_battle_replays_no_more_than_of_a_short_one(monkeypatch):
    """At 2,500 clock answers the checkpoints in memory are 64 apart, and the older checkpoint on disk stood up to
    DEPTH plus that spacing back (issue 21: an undo of 10 after a cold reopen replayed 126 answers at 5,000, 22 at
    100). The newest checkpoints now stay SPACING apart: it replays at most DEPTH plus SPACING less the 10 taken
    back, however long the battle, with the bytes of a replay from formation."""
    _c, g, b = _long_battle(2500)
    saved = b.saved()
    sizes = _undo_cold(b, monkeypatch)
    reopened = BattleProcedure(saved, AT, graph=g)
    sizes.clear()
    reopened.undo(10)
    assert sizes and max(sizes) <= DEPTH + SPACING - 10, f"the undo of 10 replayed {sizes}"
    _same(reopened, BattleProcedure(saved, AT, graph=g, answers=b.answers[:-10], dice=lambda s: DiceRoller(s)))
