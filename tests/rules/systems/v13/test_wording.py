"""The log in the rule's words: answers as sentences with names, never ids, JSON or (col,row)
labels; the raw answers kept in the events' data; the undo-stack summaries."""
from __future__ import annotations

import json
import re

import pytest

from hexmap import Label
from rules.systems.v13.procedure import BattleProcedure
from rules.battlehex.log import IllegalAnswer
from rules.systems.v13.autoplay import play
from rules.battlehex.questions import QKind
from rules.systems.v13.wording import answer_summary, answer_text
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from tests.rules.systems.v13.helpers import battle, duel, place, unit
from tests.rules.systems.v13.test_combat import WS, fight
from tests.rules.systems.v13.test_procedure import ATTENTION
from tests.hand_kept import hand_kept

L = Label.parse
HEXES = ["0509", "0604", "0703", "0707", "0907"]


@pytest.fixture(scope="module")
def formed():
    c = hand_kept()
    g = build_graph(c)
    return end_movement(c, g, ATTENTION).campaign, g


def leaks(b: BattleProcedure) -> list[str]:
    """Event texts that show JSON, true/false/null, a (col,row) label, a unit id or a Team id."""
    c = b.campaign
    ids = {u for u in b.state.units} | {f.id for f in c.fleets}
    teams = {b.state.attacker, b.state.defender, *b.record.others} - {"monsters"}  # "monsters" is also a word
    words = re.compile(r"[{}]|\b(null|true|false|None|True|False)\b|\(-?\d+,\s*-?\d+\)|(?<![\w-])("
                       + "|".join(re.escape(i) for i in sorted(ids | teams, key=len, reverse=True)) + r")(?![\w-])")
    return [f"{e.seq} {e.kind} {e.rule}: {e.text}" for e in b.log.events if words.search(e.text)]


@pytest.mark.parametrize("at", HEXES)
@pytest.mark.parametrize("seed", [3, 8])
def test_the_default_battles_log_no_ids_json_or_raw_labels(formed, at, seed):
    c, g = formed
    b = BattleProcedure(c, L(at), seed=seed, graph=g)
    play(b, seed, through_combat=True, combat_actions=30)
    assert b.done and b.answers
    assert leaks(b) == []


def test_the_0604_set_up_reads_in_words(formed):
    """The 0604 set-up as the GUI test plays it: the carrier group near the top, the Lyrans 50
    hexes below, the proposed centre."""
    c, g = formed
    b = BattleProcedure(c, L("0604"), seed=8, graph=g)
    b.answer(False)  # no withdrawal announced
    b.answer(False)  # no approach battle
    while b.pending.kind is not QKind.PLACE:
        q = b.pending
        b.answer(None if q.kind is QKind.OPTIONAL_NUMBER else 50 if q.low <= 50 <= q.high else q.low)
    for uid, at, facing in (("kz-cv-claw", "2103", "D"), ("kz-aac-1", "2106", None), ("kz-eff-1", "2104", None)):
        b.answer(place(uid, at, facing))
    r = b.state.min_range
    for uid, at in (("lyr-ca-pride", f"21{6 + r:02d}"), ("lyr-cw-1", f"22{6 + r:02d}"),
                    ("lyr-dd-1", f"20{6 + r:02d}")):
        b.answer(place(uid, at, "A"))
    b.answer(b.pending.data["proposed"])
    b.answer({"move": "kz-eff-1", "to": b.ctx.label(b.state.units["kz-eff-1"].pos + b.state.units["kz-eff-1"]
                                                      .facing.vector), "facing": "E"})
    b.answer({"mark": "lyr-dd-1", "status": "crippled"})
    texts = [e.text for e in b.log.events if e.kind == "answer"]
    claw = b.state.units["kz-cv-claw"].name
    assert texts[:2] == ["Alliance does not withdraw before combat", "Alliance declines the Approach Battle"]
    assert "Coalition makes no range proposal" in texts and "Alliance makes no range proposal" in texts
    assert f"Alliance places {claw} at 2103 facing D" in texts
    assert any(t.startswith("the GM fixes the original centre hex at") for t in texts)
    assert texts[-1] == f"{b.state.units['lyr-dd-1'].name} marked crippled"
    assert re.fullmatch(rf"{b.state.units['kz-eff-1'].name} moves to (\d{{4}} |a hex off the map, \d+ hexes "
                        r"(above|below|left of|right of|above and right of|above and left of) \d{4}, )facing E",
                        texts[-2])
    assert leaks(b) == []
    raw = [e.data["answer"] for e in b.log.events if e.kind == "answer"]
    assert raw == b.answers  # the raw answers stay in the events' data
    assert '"unit": "kz-cv-claw"' in b.events_json()  # and in the JSON export


def test_every_combat_action_in_words():
    b = fight()
    r1, b1 = b.state.units["r1"].name, b.state.units["b1"].name
    for raw in ({"move": "r1", "to": "2129", "facing": "B"}, {"clock": 1}, {"clock": 3},
                {"float": "D", "hexes": 5}, {"mark": "r1", "status": "crippled"}, {"mark": "r1", "status": "active"}):
        b.answer(raw)
    said = [e.text for e in b.log.events if e.kind == "answer"][-6:]
    assert said == [f"{r1} moves to 2129 facing B", "the clock advances 1 impulse", "the clock advances 3 impulses",
                    "the map floats 5 hexes in direction D", f"{r1} marked crippled", f"{r1} marked active again"]
    b.answer({"declare": "r1"})
    assert b.log.events[-2].text == f"{r1} declares disengagement"  # then the question to Blue
    assert b.log.events[-1].kind == "question" and b.log.events[-1].rule == "V13.515"
    b.answer(False)
    assert [e.text for e in b.log.events if e.kind == "answer"][-1] == f"Blue does not oppose the disengagement of {r1}"
    b2 = fight()
    b2.answer({"declare": "b1"})
    assert b2.log.events[-2].text == f"{b1} declares a retreat"
    b3 = fight()
    b3.answer({"end": "both fleets agree to stop", "by": "gm"})
    assert any(e.text == "the GM ends the battle: both fleets agree to stop" for e in b3.log.events)


def test_off_the_map_hexes_are_told_by_distance_from_the_sheet():
    b = fight(centre=None, red_at=("2148",))  # r1 is 18 rows below the bottom row (30) of the first map
    placed = next(e for e in b.log.events if e.kind == "answer" and "R1" in e.text)
    assert placed.text == "Red places R1 at a hex off the map, 18 hexes below 2130, facing A"
    assert placed.data["answer"]["at"] == "2148"


def test_numbers_proposals_and_choices():
    b = battle(duel([unit("b1")], [unit("r1")]), answers=(False, None, 30), faces=WS)
    said = [e.text for e in b.log.events if e.kind == "answer"]
    assert said == ["Blue does not withdraw before combat", "Red makes no range proposal",
                    "Blue proposes an opening range of 30"]


def test_a_gm_ruling_says_why_and_what():
    b = battle(duel([unit("b1")], [unit("r1")]), answers=(False, 30, 30), faces=WS)
    b.answer({"gm_ruling": "the players agreed", "answer": place("b1", "2115", "D")})
    ruling = next(e for e in b.log.events if e.kind == "ruling")
    assert ruling.text == "GM ruling (the players agreed): Blue places B1 at 2115 facing D"
    assert ruling.data["answer"]["gm_ruling"] == "the players agreed"


def test_summaries_for_the_undo_stack():
    b = battle(duel([unit("b1")], [unit("r1")]), answers=(False, 30, 30), faces=WS)
    q = b.pending
    assert answer_summary(q, place("b1", "2103", "D", 4), b.ctx) == "Battle 0304: Blue places B1 at 2103"
    assert answer_text(q, place("b1", "2103", "D", 4), b.ctx) == "Blue places B1 at 2103 facing D, speed 4"
    assert answer_summary(q, {"unit": "nobody"}, b.ctx).startswith("Battle 0304: Blue ")  # words, even if illegal
    assert "{" not in answer_summary(q, {"unit": "nobody"}, b.ctx)


def test_secret_choices_stay_secret_in_the_summary():
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2103", "2104"), red=[unit("r1"), unit("r2"), unit("r3")],
              red_at=("2140", "2141", "2142"), faces=[3, 3])
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)  # unopposed
    assert b.pending.key == "V13.702/blue"
    b.answer(True)
    assert [e.text for e in b.log.events if e.kind == "answer"][-1] == "Blue pursues"
    q = b.pending
    assert q.key == "V13.721/force" and q.data.get("secret")
    assert answer_summary(q, ["b1", "b2"], b.ctx) == "Battle 0304: Blue chooses its Pursuit Force"
    assert answer_text(q, ["b1", "b2"], b.ctx) == "Blue chooses its Pursuit Force: B1 and B2"
    b.answer(["b1", "b2"])
    secret = b.log.events[-1] if b.log.events[-1].kind == "answer" else next(
        e for e in b.log.events if e.kind == "answer" and e.data["key"] == "V13.721/force")
    assert secret.visible_to == ("blue", "gm") and secret.text == "Blue chooses its Pursuit Force: B1 and B2"


def test_the_log_is_the_same_bytes_for_the_same_answers(formed):
    c, g = formed
    first = BattleProcedure(c, L("0604"), seed=5, graph=g)
    answers = play(first, 5, through_combat=True, combat_actions=20)
    again = BattleProcedure(c, L("0604"), seed=5, answers=answers, graph=g)
    assert again.events_json() == first.events_json()
    assert [e["data"]["answer"] for e in json.loads(first.events_json()) if e["kind"] == "answer"] == answers


def test_refusals_name_the_units():
    b = battle(duel([unit("b1"), unit("b2")], [unit("r1")]), answers=(False, 30, 30), faces=WS)
    with pytest.raises(IllegalAnswer) as e:
        b.answer(place("r1", "2140", "A"))  # an attacker while the defenders are placed
    assert "R1 is not a unit to place now; still to place: B1, B2" in str(e.value) and "'r1'" not in str(e.value)
    with pytest.raises(IllegalAnswer) as e:
        b.answer(place("nobody", "2140", "A"))
    assert "that unit is not a unit to place now" in str(e.value)


def test_the_placement_step_is_named_once():
    b = battle(duel([unit("b1")], [unit("r1")]), answers=(False, 30, 30), faces=WS)
    step = next(e for e in b.log.events if e.rule == "V13.430" and e.kind == "info")
    assert step.text == "Placement of Defending Units: B1"
