"""Issue 24: a B5 battle saved mid-way by the code before the fighter flights flew on the board
(tests/fixtures/b5_saved_before_flights.json, saved by 5f47770's code: the default campaign's
Battle Hex 0604, a meeting engagement, turn 1 plotted and fought, turn 2's first plot given) still
opens: the fighter questions the old battle passed by are answered "none" on its replay, and the
battle goes on under today's rules. A record that does not replay either way is refused naming
the saved answer that no longer fits."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.battlehex.log import IllegalAnswer
from rules.model import load_campaign
from rules.systems.b5.battle import B5Battle
from rules.systems.b5.compat import new_question
from tests.conftest import ROOT

OLD = ROOT / "tests" / "fixtures" / "b5_saved_before_flights.json"
MID = ROOT / "tests" / "fixtures" / "b5_saved_before_dogfight_ends.json"
"""Saved by cd46c6c's code (flights on the board, no question at a dogfight's turn end): tests/rules/systems/b5/
test_flights.py's Battle Hex 0304, B-FL and R-FL2 in a dogfight through turn 1's end, turn 2's first plot given."""
AT = Label.parse("0604")
FLIGHT_ATTACK = ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "B"}, "1032", "1033",
                 {"at": "6030", "facing": "E"}, "6040", "6042", "plot and move", "FF F FF", "FFF FF FFF", "FFF FF FFF",
                 "fighters", "kz-fs-1", "lyr-dd-1", "done"]
"""Answers 5f47770's code took on the fixture's campaign (a flight attacking a ship at the table's word,
from aboard its carrier): its flights were not on the board, which today's rules refuse."""


def old_campaign(answers=None):
    c = load_campaign(OLD)
    if answers is None:
        return c
    return c.model_copy(update={"battle_hexes": [r.model_copy(update={"answers": answers, "secret_answers": {
        i: t for i, t in r.secret_answers.items() if int(i) < len(answers)}}) if r.at == AT else r
        for r in c.battle_hexes]})


def saved_answers():
    return next(r for r in old_campaign().battle_hexes if r.at == AT).answers


def test_a_battle_saved_before_the_flights_opens_where_it_stood():
    run = B5Battle(old_campaign(), AT)
    saved = saved_answers()
    kept = [a for a in saved if a != "done"]  # turn 1's three fire questions, asked for the flight alone
    assert len(kept) == len(saved) - 3
    rest = list(run.answers)
    for a in kept:  # every other saved answer, in its order; between them only "none" for the flights
        while rest[0] != a:
            assert rest.pop(0) == "none"
        rest.pop(0)
    assert rest == [] and len(run.answers) == len(kept) + 4  # turn 1's fighter orders, its three pulses' moves
    assert run.pending is not None and run.pending.key == "b5/2/orders/alliance"  # today's rules go on
    assert "Claw Fighter Squadron 1" in run.pending.text
    texts = [e.text for e in run.log.events]
    assert "Alliance: none" in texts and "squadron Claw (Alliance) plotted FF F FF" in texts


def test_the_reopened_battle_saves_the_answers_it_replayed_and_replays_them_byte_for_byte():
    run = B5Battle(old_campaign(), AT)
    run.answer("none")
    again = B5Battle(run.saved(), AT)
    assert again.answers == run.answers
    assert again.events_json() == run.events_json()
    run.undo(1)
    assert run.events_json() == B5Battle(old_campaign(run.answers), AT).events_json()


def test_a_saved_answer_that_no_longer_fits_is_refused_naming_it():
    with pytest.raises(IllegalAnswer) as e:
        B5Battle(old_campaign(FLIGHT_ATTACK), AT)
    words = str(e.value)
    assert "saved answer 16 of 19, 'fighters'" in words, words
    assert "to \"Game Master: turn 1's morale" in words and "not 'fighters'" in words, words  # no fire question now
    assert "saved before the fighter flights flew on the board" in words


def test_a_record_made_now_is_never_filled():
    """A fighter orders answer refused on replay is named as it is, not answered "none" for."""
    run = B5Battle(old_campaign(), AT)
    now = [*run.answers, "kz-fs-1 attack nowhere"]
    with pytest.raises(IllegalAnswer) as e:
        B5Battle(old_campaign(now), AT)
    words = str(e.value)
    assert f"saved answer {len(now)} of {len(now)}, 'kz-fs-1 attack nowhere', to \"Alliance: fighter orders for " \
           "turn 2" in words, words
    assert "saved before the fighter flights" not in words
    assert "attacks an enemy ship on the board, not 'nowhere'" in words


def test_only_the_flights_questions_are_filled():
    run = B5Battle(old_campaign(), AT)
    assert new_question(run.pending)
    run.answer("none")
    assert run.pending is not None and not new_question(run.pending)  # the Coalition's plot


def test_a_battle_saved_before_the_dogfights_end_was_asked_opens_where_it_stood():
    """Its dogfight drifted at turn 1's end with no question: replayed, Blue's call-off question is
    answered no (as the old code had it), and the battle stands at turn 2's second plot."""
    c = load_campaign(MID)
    at = Label.parse("0304")
    saved = next(r for r in c.battle_hexes if r.at == at).answers
    run = B5Battle(c, at)
    assert run.pending.key == "b5/2/plot/r-flag"
    i = saved.index([])  # turn 1's morale
    assert run.answers == [*saved[:i], False, *saved[i:]]
    texts = [e.text for e in run.log.events]
    assert texts.index("the dogfight at 4528 drifts d6 2 (direction B), d4 4: to 4926") > \
        texts.index("Blue: call off the dogfight at 4528 (B-FL (1 fighter) against R-FL2 (2 fighters))? It ends "
                    "only if both sides agree; else it drifts")
    again = B5Battle(run.saved(), at)
    assert again.answers == run.answers and again.events_json() == run.events_json()


class _Breaking:
    """A run whose replay meets a rule it cannot keep (a RuleError, not a refused answer) at the 2nd answer."""

    def __init__(self) -> None:
        self.answers: list = []
        self.pending = None

    def restart(self, answers, take=False) -> None:
        from rules.errors import RuleError
        self.answers = list(answers[:1])
        if len(answers) > 1:
            raise RuleError("B5 Energy Mines", "the chart stops at 33 launchers, not 34")

    def answer(self, raw) -> None:
        self.answers.append(raw)


def test_a_rule_the_replay_cannot_keep_is_named_as_a_refusal_not_a_traceback():
    from rules.systems.b5.compat import replay
    with pytest.raises(IllegalAnswer, match=r"B5 Energy Mines: saved answer 2 of 2, 'b' no longer fits: the chart stops"):
        replay(_Breaking(), ["a", "b"])
