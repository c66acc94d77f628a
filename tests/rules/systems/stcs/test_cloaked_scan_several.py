"""Seed 002 Detecting Cloaked Ships (issue 25): when one scan detects more than one cloaked ship, the cloaked side
secretly rolls a die for which one is locked on to, and a D10 for each other detected: on 1-5 the sensing ship is
told it located another ship, but not locked on (not where). Before, the first detected was locked and no other was
reported. Three Birds of Prey hold still 24 hexes from the Enterprise: on Cloak Detection Table (1-5) (Red's hidden
D10 4) a stationary ship with no lock at 21-30 hexes is detected on a 1."""
from __future__ import annotations

import json

import pytest

from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems import start
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs.helpers import BOP, D7, FED, ship
from tests.rules.systems.stcs.test_leaks import BLUE, RED, screen
from tests.rules.systems.stcs.test_stcs_checkpoints import reference
from tests.rules.systems.v13.helpers import AT, duel

BIRDS = ("bop", "bop2", "bop3")


def several_cloaked():
    """The STCS test battle with three cloaked Birds of Prey beside the Klothos."""
    blue = [ship("enterprise", FED, name="Enterprise"), ship("lexington", FED, name="Lexington")]
    red = [ship("d7", D7, name="Klothos"), *(ship(b, BOP, name=f"Bird of Prey {i + 1}", cloak_capable=True,
                                                  is_cloaked=True) for i, b in enumerate(BIRDS))]
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "stcs"
    c = type(c).model_validate(data)
    return end_movement(c, build_graph(c)).campaign


def scanned(faces: list[int], table_die: int = 4) -> STCSBattle:
    """The Enterprise scans; Red's hidden D10 ``table_die``; the dice in order: a scan die per Bird, then (several
    detected) the die for which is locked, then a D10 for each other detected."""
    run = STCSBattle(several_cloaked(), AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in ("sublight", ["lexington"], "scan:enterprise", table_die):
        run.answer(a)
    assert [run.engine.range("enterprise", b) for b in BIRDS] == [24, 24, 24]
    return run


def public(run: STCSBattle) -> list[str]:
    return [e["text"] for e in json.loads(run.events_json(BLUE)) if e["rule"] == "STCS Cloak Detection Table" and e["kind"] == "ruling"]


def test_one_detected_is_locked_and_nothing_more_is_told() -> None:
    run = scanned([2, 1, 2])  # only the second Bird detected: no more dice
    assert run.engine.locks["enterprise"] == "bop2"
    assert public(run) == ["Enterprise's scan locks on a cloaked ship: Bird of Prey 2 at 0,4"]


@pytest.mark.parametrize(("which", "locked"), [(1, "bop"), (3, "bop3")])
@pytest.mark.parametrize(("report", "told"), [(5, True), (6, False), (1, True), (10, False)])
def test_of_three_detected_a_secret_die_picks_the_lock_and_each_other_is_reported_on_1_to_5(
        which: int, locked: str, report: int, told: bool) -> None:
    run = scanned([1, 1, 1, which, report, 6])  # all three detected; a d3; the two others' D10s
    assert run.engine.locks["enterprise"] == locked
    at = {"bop": "0,2", "bop3": "0,6"}[locked]
    name = {"bop": "Bird of Prey 1", "bop3": "Bird of Prey 3"}[locked]
    more = "; it located 1 more cloaked ship, not locked on (not where)" if told else ""
    assert public(run) == [f"Enterprise's scan locks on a cloaked ship: {name} at {at}{more}"]
    red = run.events_json(RED)
    assert f"3 detected: the lock by a d3: {which} ({name})" in red
    first_other = "Bird of Prey 2" if locked == "bop" else "Bird of Prey 1"
    assert f"{first_other} D10 {report % 10}: {'reported' if told else 'not reported'}" in red
    blue = json.loads(run.events_json(BLUE))  # the dice and the table are Red's
    assert not [e for e in blue if e["kind"] == "roll"] and "detected" not in json.dumps(blue)
    assert "Table (" not in json.dumps(blue)


def test_two_of_three_detected_both_others_reported() -> None:
    run = scanned([1, 3, 1, 2, 4])  # the first and third detected (a 3 misses); a d2 picks the third; the first 4
    assert run.engine.locks["enterprise"] == "bop3"
    assert public(run) == ["Enterprise's scan locks on a cloaked ship: Bird of Prey 3 at 0,6; it located 1 more "
                           "cloaked ship, not locked on (not where)"]
    assert "2 detected: the lock by a d2: 2 (Bird of Prey 3); Bird of Prey 1 D10 4: reported" in run.events_json(RED)


def test_blue_reads_the_same_whichever_table_red_rolled() -> None:
    """Table (6-0) (Red's 7) detects a still ship at 21-30 on a 0: the same finds on the other table's faces."""
    one, other = scanned([1, 1, 5, 2, 7]), scanned([10, 10, 5, 2, 7], table_die=7)
    assert one.engine.locks == other.engine.locks == {"enterprise": "bop2"}
    assert public(one) == public(other)
    assert one.events_json(BLUE) == other.events_json(BLUE)
    assert json.dumps(screen(one, BLUE), default=str) == json.dumps(screen(other, BLUE), default=str)


def test_the_scan_odds_say_how_several_are_settled() -> None:
    run = STCSBattle(several_cloaked(), AT, dice=lambda _seed: ScriptedDice([]))
    for a in ("sublight", ["lexington"]):
        run.answer(a)
    odds = run.question_odds()["scan:enterprise"]
    assert odds.endswith("several detected: a secret die picks the one locked on (each alike), each other reported "
                         "found, not where, on D10 1-5 (50%)")


def test_undo_after_every_answer_of_a_scan_of_several_gives_a_full_replays_bytes() -> None:
    """On the seeded dice (seed 144: two Birds detected, a d2, the other reported), then a second scan and the
    segment's end."""
    base = several_cloaked()
    c = start(base.model_copy(update={"battle_hexes": [b.model_copy(update={"seed": 144})
                                                       for b in base.battle_hexes]}), AT).saved()
    answers = ["sublight", ["lexington"], "scan:enterprise", 4, "next", "none", "scan:enterprise", 9, "next"]
    run = start(c, AT)
    for a in answers:
        run.answer(a)
        run.undo(1)
        run.answer(a)
        ref = reference(c, run.answers)
        assert run.events_json(BLUE) == ref.events_json(BLUE) and run.events_json() == ref.events_json()
        assert run.saved() == ref.saved()
    assert "2 detected: the lock by a d2: 2 (Bird of Prey 2); Bird of Prey 1 D10 5: reported" in run.events_json(RED)
    assert "it located 1 more cloaked ship, not locked on (not where)" in run.events_json(BLUE)
