"""What a replay after a checkpoint costs (issue 21: an AF/EF cold reopen at 300 v 300 over 100 v 100 was 2x,
"flat" asks < 2x): the answers after the checkpoint are given again with the cyclic collector off (its full
collections of everything the process holds landed in the replay of a round of fire), the AF/EF fire rolls its
pools as prepared dice (no dice text read at each of ~230 rolls) and a roll's log line is made without a second
Roll. The log's words stay what they were."""
from __future__ import annotations

import dataclasses
import gc

from hexmap import Label
from rules.battlehex import replay_points
from rules.battlehex import run as run_module
from rules.dice import DiceExpr
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from rules.battlehex.headless_systems import with_system
from tests.hand_kept import hand_kept

AT = Label.parse("0604")
ROUND = [{"lyr-ca-pride": 200}, [], {"attacks": {"lyr-ca-pride": {"kz-aac-1": 204}}},
         {"attacks": {"kz-aac-1": {"lyr-ca-pride": 3}}}]
"""A round: the GM's +200 AF, no screen, a pool of 204 dice (three rolls) on one ship, its return fire."""


def _campaign():
    c = hand_kept()
    asked = end_movement(c, build_graph(c)).questions
    formed = end_movement(c, build_graph(c), {(q.at, q.team, q.other): True for q in asked}).campaign
    return with_system(formed, AT, "afef", 3)


def test_the_answers_after_a_checkpoint_are_replayed_with_the_collector_off(monkeypatch):
    run = start(_campaign(), AT)
    for a in ROUND:
        run.answer(a)
    saved = run.saved()
    replay_points.SHELF.clear()  # nothing of the battle in the process: a reopen replays its answers
    replay_points._KNOWN.clear()
    seen: list[bool] = []
    give = run_module.ReplayRun._give

    def watched(self, raw, expected=None):
        seen.append(gc.isenabled())
        return give(self, raw, expected)
    monkeypatch.setattr(run_module.ReplayRun, "_give", watched)
    assert gc.isenabled()
    again = start(saved, AT)
    assert again.answers == ROUND and seen and not any(seen), seen  # the replay's answers: collector off
    assert gc.isenabled()  # and on again after it
    again.answer("fight")  # an answer given now: the collector as it was
    assert seen[-1] is True, seen


def test_the_fire_rolls_its_pools_without_reading_dice_text(monkeypatch):
    run = start(_campaign(), AT)
    for a in ROUND[:3]:
        run.answer(a)
    read: list[object] = []
    parse = DiceExpr.parse.__func__  # type: ignore[attr-defined]

    def counted(cls, text):
        if isinstance(text, str):
            read.append(text)
        return parse(cls, text)
    monkeypatch.setattr(DiceExpr, "parse", classmethod(counted))
    run.answer(ROUND[3])  # the round's fire: 100 + 100 + 4 dice on the Kzinti, 3 back
    rolls = [e for e in run.log.events if e.kind == "roll"]
    assert [len(e.data["faces"]) for e in rolls[-4:]] == [100, 100, 4, 3]
    assert read == [], read  # each roll's dice were made once, not read from "100d6" again


def test_each_roll_line_reads_as_the_roll_described_with_the_team_name():
    run = start(_campaign(), AT)
    for a in ROUND:
        run.answer(a)
    lines = [e for e in run.log.events if e.kind == "roll"]
    rolls = [r for r in run.engine.dice.history]
    assert len(lines) == len(rolls) == 4
    for e, r in zip(lines, rolls):  # the words before issue 21's change: the roll made again with the name
        named = dataclasses.replace(r, who=run.engine.name(r.who))
        assert e.text == named.describe().removeprefix(f"{r.rule}: ")
        assert e.rule == r.rule and e.data == {"faces": list(r.faces), "total": r.total, "purpose": r.purpose,
                                               "who": r.who}
    assert lines[0].text.startswith("LSS Pride of Redclaw at ") and ", dice 1-100 of 204 (" in lines[0].text
    assert "): 100d6 rolled " in lines[0].text


def test_the_answers_digest_is_that_of_their_compact_json_so_checkpoints_written_before_still_fit():
    """The digest a checkpoint on disk is filed with (rules.battlehex.resume: read without the encoder's check for
    cycles, issue 21) is the same text's as before: a checkpoint written by the code before still fits its file."""
    import hashlib
    import json

    from rules.battlehex import resume

    answers = [{"clock": 1}, {"attacks": {"a": {"b": 3}}, "hold": []}, "fight", ["x", "ü"], None, 2.5]
    text = json.dumps(answers, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    assert resume._answers_digest(answers) == hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    assert resume._answers_digest(tuple(answers)) == resume._answers_digest(answers)
