"""The campaign turn as questions and answers (issue 13): a whole seed-004 turn played from a
list of answers, each kind of question refusing an illegal answer with its rule and changing
nothing, the same answers giving the same bytes, and the readings of rules/turn/run.py."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.model.io import dumps
from rules.model.records import IgnoreRecord, Phase
from rules.model.turn_model import EncounterState, Scenario
from rules.turn.run import BattleAnswerIllegal, TurnRun, play
from tests.rules.strategic.builder import campaign, fleet, unit

KL = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}
FED = {"id": "g2", "name": "Fed marines", "power": "fed", "attrition": 3, "marines": True}
PLANET = {"0505": {"owner": "klingon", "star_system": {"name": "Vor", "planets": [
    {"name": "Vor I", "owner": "klingon", "census": 3, "morale": 3, "ground_units": [KL, FED]}]}}}
ORION = [unit("ori", orion_status="independent")]


def small(**settings):
    """Blue's fleet f at 0303 (no orders yet), Red's k at 0304; Vor I at 0505 holds a Klingon
    legion and Federation marines."""
    return campaign(settings={"combat_phase": "seed004", **settings}, sectors=PLANET,
                    fleets=[fleet("f", "fed", "0303"), fleet("k", "klingon", "0304")])


TURN = [
    {"orders": {"f": ["0304"]}},                     # turn/1/orders
    "end_movement",                                  # turn/1/orders -> Supply
    "end_phase",                                     # turn/1/supply/end -> Encounters
    "deep_space",                                    # encounter/0304/demand/red
    True,                                            # encounter/0304/agree/blue
    "end_phase",                                     # turn/1/encounters/end -> Space Combat
    {"battle": "0304", "ruling": "fought at the table: both withdrew"},  # turn/1/battle/0304
    "end_phase",                                     # turn/1/battles/end -> Orbital Bombardment
    {"end_phase": "no bombardment"},                 # turn/1/bombardment/end -> Troop Combat
    ["g1"],                                          # ground/0505/Vor I
    True,                                            # morale/seized/0505/Vor I: the check failed
    "end_phase",                                     # turn/1/troops/end -> turn 2
]
KEYS = ["turn/1/orders", "turn/1/orders", "turn/1/supply/end", "encounter/0304/demand/red",
        "encounter/0304/agree/blue", "turn/1/encounters/end", "turn/1/battle/0304", "turn/1/battles/end",
        "turn/1/bombardment/end", "ground/0505/Vor I", "morale/seized/0505/Vor I", "turn/1/troops/end",
        "turn/2/orders"]


def keys_of(c, answers):
    run, out = TurnRun(c), []
    for a in answers:
        out.append(run.pending.key)
        run.answer(a)
    return out + [run.pending.key], run


def test_a_whole_seed004_turn_is_played_from_its_answers():
    keys, run = keys_of(small(), TURN)
    assert keys == KEYS
    c = run.campaign
    assert (c.turn, c.phase) == (2, Phase.ORDERS)
    r = c.battle_hexes[0]
    assert r.scenario is Scenario.DEEP_SPACE and r.encounter is EncounterState.SCENARIO
    assert r.resolved and r.resolution == "GM ruling: fought at the table: both withdrew"
    pl = c.sector_at("0505").star_system.planets[0]
    assert pl.owner == "fed" and [g.id for g in pl.ground_units] == ["g2"]  # 004 Invasion Phase: conquest
    assert pl.seized_turn == 1 and any("failed its morale check for the hostile seizure" in t
                                       for t in (e.text for e in c.log))
    texts = [e.text for e in c.log]
    assert any("Orbital Bombardment" in e.rule and "no bombardment" in e.text for e in c.log)
    assert "Turn 2 begins" in texts


def test_the_questions_go_to_whom_the_rules_name():
    run = TurnRun(small())
    who = []
    for a in TURN:
        who.append((run.pending.to, run.pending.rule))
        run.answer(a)
    assert who[0] == ("gm", "004 Movement Phase") and who[3] == ("red", "004 Encounters Phase")
    assert who[4] == ("blue", "004 Encounters Phase") and who[6] == ("gm", "V13.12")
    assert who[9] == ("gm", "004 Invasion Phase") and who[2] == ("gm", "004 Sequence of Play")


def test_the_log_holds_each_question_and_answer_with_its_rule_then_the_campaign_lines():
    run = play(small(), TURN[:4])
    kinds = [(e.kind, e.data.get("key")) for e in run.log if e.kind != "log"]
    assert kinds[-2:] == [("question", "encounter/0304/demand/red"), ("answer", None)]
    demand = [e for e in run.log if e.kind == "answer"][-1]
    assert demand.rule == "004 Encounters Phase" and demand.data == {"answer": "deep_space"}
    assert any(e.kind == "log" and e.text == "Combat: Encounters begins" for e in run.log)
    assert [e.seq for e in run.log] == list(range(1, len(run.log) + 1))


def test_orders_for_several_fleets_in_one_answer():
    c = campaign(settings={"combat_phase": "seed004"},
                 fleets=[fleet("f", "fed", "0303"), fleet("z", "kzinti", "0101")])
    run = play(c, [{"orders": {"f": ["0304"], "z": ["0102"]}}])
    assert [[str(x) for x in f.orders] for f in run.campaign.fleets] == [["0304"], ["0102"]]
    assert run.pending.key == "turn/1/orders"


def reach(n, c=None):
    return play(c or small(), TURN[:n])


@pytest.mark.parametrize("at, bad, rule", [
    (0, {"orders": {"nobody": ["0304"]}}, "004 Movement Phase"),      # no such fleet: set_orders refuses
    (0, {"orders": {"f": ["0306"]}}, "004 Movement Phase"),            # no lane joins 0303 to 0306
    (0, {"orders": {"f": [304]}}, "004 Movement Phase"),              # a label is a string
    (0, {"orders": {"f": ["0304"], "nobody": ["0304"]}}, "004 Movement Phase"),  # f's order is not kept either
    (0, "end_phase", "004 Movement Phase"),                            # not an orders answer
    (2, "end_movement", "004 Sequence of Play"),                       # the end of Supply
    (2, {"end_phase": 3}, "004 Sequence of Play"),
    (3, "orbit", "004 Encounters Phase"),                              # the encounter's own answers
    (4, "perhaps", "004 Encounters Phase"),
    (6, {"battle": "0305", "ruling": "x"}, "V13.12"),                  # no Battle Hex there
    (6, {"battle": "0304", "ruling": "  "}, "GM ruling"),              # a ruling needs a reason
    (6, {"battle": "0304", "answers": []}, "V13.12"),                  # an empty battle changes nothing
    (6, {"battle": "0304"}, "V13.12"),
    (9, ["g9"], "004 Invasion Phase"),                                 # a ground unit not on the planet
    (9, ["g1", "g1"], "004 Invasion Phase"),
])
def test_an_illegal_answer_is_refused_with_its_rule_and_changes_nothing(at, bad, rule):
    run = reach(at)
    before, key, log, answers = dumps(run.campaign), run.pending.key, list(run.log), list(run.answers)
    with pytest.raises(RuleError) as e:
        run.answer(bad)
    assert e.value.rule == rule, e.value
    assert e.value.rule and e.value.message
    assert dumps(run.campaign) == before and run.pending.key == key and run.log == log and run.answers == answers


def test_end_phase_is_refused_while_a_battle_hex_is_open_by_asking_for_the_battle_instead():
    run = reach(6)
    assert run.pending.key == "turn/1/battle/0304"
    with pytest.raises(IllegalAnswer, match="V13.12"):
        run.answer("end_phase")


def test_replaying_the_same_answers_gives_the_same_bytes():
    def out():
        run = play(small(), TURN)
        return json.dumps([e.to_dict() for e in run.log], sort_keys=True) + dumps(run.campaign)
    assert out() == out()


# -- the ignore questions of V13.16 / V13.18 -------------------------------------------------------------

def orion_met():
    return campaign(settings={"combat_phase": "seed004"},
                    fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("o", "orion", "0304", units=ORION)])


def test_an_ignore_question_is_asked_of_its_team_and_true_ignores():
    run = play(orion_met(), ["end_movement"])
    q = run.pending
    assert (q.key, q.to, q.rule) == ("turn/1/ignore/blue/ori", "blue", "V13.16")
    assert run.campaign.phase is Phase.ORDERS  # nothing moved until every team has answered
    run.answer(True)
    assert run.campaign.phase is Phase.SUPPLY and run.campaign.battle_hexes == []
    assert [(i.team, i.unit) for i in run.campaign.ignores] == [("blue", "ori")]


def test_paying_attention_forms_the_battle_hex():
    run = play(orion_met(), ["end_movement", False])
    assert [(r.attacker, r.defender) for r in run.campaign.battle_hexes] == [("blue", "orions")]


def test_an_illegal_ignore_answer_is_refused_with_its_rule_and_the_question_stays():
    run = play(orion_met(), ["end_movement"])
    with pytest.raises(IllegalAnswer, match="V13.16"):
        run.answer("maybe")
    assert run.pending.key == "turn/1/ignore/blue/ori" and run.campaign.phase is Phase.ORDERS


def test_an_ignore_question_opens_at_the_rules_usual_case_as_the_dialog_does():
    """Its default is a bool (questions.Question.default): pay attention, or keep ignoring what this
    Team ignored before (app/shell/turn_dialogs.py opens there); was None, an answer refused."""
    run = play(orion_met(), ["end_movement"])
    assert run.pending.default is False
    run.answer(run.pending.default)
    assert [(r.attacker, r.defender) for r in run.campaign.battle_hexes] == [("blue", "orions")]
    c = orion_met()
    c.ignores = [IgnoreRecord(team="blue", unit="ori", at="0304", turn=1, rule="V13.16")]
    run = play(c, ["end_movement"])
    assert run.pending.key == "turn/1/ignore/blue/ori" and run.pending.default is True


def test_reading_the_ignore_question_and_answer_are_seen_by_its_team_and_the_gm_only():
    run = play(orion_met(), ["end_movement", True])
    asked = [e for e in run.log if e.data.get("key") == "turn/1/ignore/blue/ori"][0]
    assert asked.visible_to == ("blue",) and asked.seen_by("gm") and not asked.seen_by("orions")
    end = [e for e in run.log if e.data.get("key") == "turn/1/orders"][0]
    assert end.visible_to is None and end.seen_by("orions")


# -- Space Combat --------------------------------------------------------------------------------------

def test_a_battle_fought_from_its_answers_is_stored_and_resolved():
    run = play(small(battle_system="table"), TURN[:6])
    run.answer({"battle": "0304", "answers": [[], [], ["f-1"]]})  # table: destroyed, captured, crippled
    c = run.campaign
    assert c.battle_hexes[0].resolved and c.battle_hexes[0].answers == [[], [], ["f-1"]]
    assert [u.crippled for f in c.fleets for u in f.units if u.id == "f-1"] == [True]
    assert run.pending.key == "turn/1/battles/end"


def test_a_battle_left_open_is_asked_again_and_goes_on_from_its_stored_answers():
    run = play(small(battle_system="table"), TURN[:6])
    run.answer({"battle": "0304", "answers": [[]]})
    assert run.pending.key == "turn/1/battle/0304" and run.campaign.battle_hexes[0].answers == [[]]
    run.answer({"battle": "0304", "answers": [[], []]})
    assert run.campaign.battle_hexes[0].resolved


def test_an_illegal_answer_inside_a_battle_names_its_rule_and_index_and_changes_nothing():
    run = play(small(battle_system="table"), TURN[:6])
    before = dumps(run.campaign)
    with pytest.raises(BattleAnswerIllegal) as e:
        run.answer({"battle": "0304", "answers": [[], ["k-9"]]})
    assert e.value.rule == "V13.01" and e.value.index == 1 and "its answer 2" in e.value.message
    assert dumps(run.campaign) == before


def test_reading_the_gm_may_fight_any_open_battle_hex_first():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304"),
                         fleet("z", "kzinti", "0101", ("0102",)), fleet("l", "lyran", "0102")])
    run = play(c, ["end_movement"])
    assert run.pending.key == "turn/1/battle/0102" and run.pending.options == ("0102", "0304")
    run.answer({"battle": "0304", "ruling": "by hand"})
    assert run.pending.key == "turn/1/battle/0102"


def test_reading_a_battle_hex_no_longer_fightable_is_not_asked_about():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    run = play(c, ["end_movement"])
    assert run.pending.key == "turn/1/battle/0304"
    gone = run.campaign.model_copy(update={"fleets": [f for f in run.campaign.fleets if f.id != "k"]})
    run = TurnRun(gone)
    assert run.pending.key == "turn/1/battles/end"
    run.answer("end_phase")
    assert run.campaign.turn == 2 and run.campaign.battle_hexes[0].resolved


# -- v13 campaigns and notes ---------------------------------------------------------------------------

def test_a_v13_campaign_goes_from_the_battle_hexes_to_the_next_turn():
    c = campaign(fleets=[fleet("f", "fed", "0303", ("0304",)), fleet("k", "klingon", "0304")])
    keys, run = keys_of(c, ["end_movement", {"battle": "0304", "ruling": "by hand"}, "end_phase"])
    assert keys == ["turn/1/orders", "turn/1/battle/0304", "turn/1/battles/end", "turn/2/orders"]
    assert run.campaign.turn == 2


def test_reading_a_note_with_end_phase_is_logged_in_any_phase():
    run = play(small(), [*TURN[:2], {"end_phase": "supply checked"}])
    assert run.campaign.phase is Phase.ENCOUNTERS
    assert any(e.text == "GM note on Combat: Supply: supply checked" for e in run.campaign.log)
    bombard = play(small(), TURN[:9]).campaign.log
    assert sum("no bombardment" in e.text for e in bombard) == 1  # logged once, by the phase itself


def test_the_campaign_passed_in_is_never_changed():
    c = small()
    before = dumps(c)
    play(c, TURN)
    assert dumps(c) == before


def test_a_landing_and_its_conquest_played_from_answers():
    """Seed 004 Invasion Phase: cargo moves in the Troop Combat step; a landing there opens the
    planet's ground combat, whose losses the GM enters; the largest attrition conquers."""
    from rules.battlehex.log import IllegalAnswer
    from rules.errors import RuleError
    from rules.turn.run import play
    from tests.rules.turn.test_combat_phase import planet, seed004
    from tests.rules.turn.test_logistics import transport

    kl = {"id": "g1", "name": "Klingon legion", "power": "klingon", "attrition": 2}
    c, g = seed004(fleets=[transport("0404", orders=["0505"])], sectors=planet(kl))
    land = {"cargo": {"fleet": "t", "verb": "land", "cargo": "c1", "planet": "Vor I"}}
    run = play(c, ["end_movement"], g)
    with pytest.raises(RuleError, match="Troop Combat"):
        run.answer(land)  # the Supply Phase: cargo waits for the Troop Combat step
    for _ in range(4):
        run.answer("end_phase")
    with pytest.raises(IllegalAnswer, match="a cargo order is"):
        run.answer({"cargo": {"fleet": "t"}})
    run.answer(land)
    assert run.pending.key == "ground/0505/Vor I"
    run.answer(["g1"])
    assert run.pending.key == "morale/seized/0505/Vor I" and run.pending.to == "gm"
    run.answer(False)
    run.answer("end_phase")
    assert run.campaign.turn == 2 and run.campaign.sector_at("0505").star_system.planets[0].owner == "fed"
    again = play(c, run.answers, g)
    assert [e.to_dict() for e in again.log] == [e.to_dict() for e in run.log]
