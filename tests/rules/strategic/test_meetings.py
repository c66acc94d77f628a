"""Several meetings in one sector (issue 19): a meeting whose side an earlier battle there removed
is settled, not fought (V13.12); a GM ruling settles the one meeting it names; each open meeting
has an answer name of its own. Generated campaigns (tests/strategies/campaigns.py) where three
or more Teams meet in a sector; the walls were found by random play of them (/tmp/walls)."""
from __future__ import annotations

import pytest

from hexmap import Label
from rules.errors import RuleError
from rules.strategic import meetings
from rules.strategic.turn import PhaseError, gm_resolve, refresh_resolution
from rules.systems import open_record, start
from rules.turn.run import TurnRun
from tests.strategies.campaigns import campaign_from_seed

L = Label.parse
DEMANDS = ["deep_space", True]  # a demand and its agreement: the meeting becomes a battle
# Seed 9 (SIDCORS): Coalition, Concord and League meet at 0301; three battles elsewhere come first.
SEED9_BATTLES = ["end_movement", "end_phase", *DEMANDS * 9, "end_phase",
                 {"battle": "0707", "answers": ["gorn-fleet-3-3", ["gorn-fleet-3-1"], 2, "lyran-base-1",
                                                "gorn-fleet-3-2", True, "A"]},
                 {"battle": "0607", "answers": [1, 1, "none", "gorn-fleet-1-1", "hydran-fleet-1-1",
                                                "hydran-fleet-1-1", True, True, "A", "A"]},
                 {"battle": "0104", "answers": ["fed-fleet-2-1", ["fed-fleet-2-2"], 1, 1, "none", "romulan-fleet-2-1",
                                                "romulan-fleet-2-1", "fed-fleet-2-1"]}]
# Coalition v Concord at 0301: the Coalition loses every unit it has there
COALITION_V_CONCORD = [1, 1, "lyran-fleet-2-1", "hydran-fleet-3-1", "hydran-fleet-3-1"]
# Seed 2 (AF/EF), turn 2: Coalition, Alliance and a monster (GM) meet at 0803
SEED2_BATTLES = ["end_movement", "end_phase", *DEMANDS * 4, "deep_space", "deep_space", "end_phase"]


def played(seed: int, answers: list[object]) -> TurnRun:
    turn = TurnRun(campaign_from_seed(seed))
    for a in answers:
        turn.answer(a)
    return turn


def at(turn: TurnRun, sector: str) -> dict[tuple[str, str], int]:
    """The records of ``sector`` by their sides (attacker, defender) -> index."""
    return {(r.attacker, r.defender): i for i, r in enumerate(turn.campaign.battle_hexes) if r.at == L(sector)}


def test_a_meeting_whose_side_an_earlier_battle_removed_is_settled_and_never_starts():
    turn = played(9, SEED9_BATTLES)
    c, g = turn.campaign, turn.graph
    first = start(c, L("0301"), g)
    # a meeting is of its two sides: the League, also at 0301, meets each in its own (test_meeting_roster.py)
    assert (first.record.attacker, first.record.defender, first.record.others) == ("coalition", "concord", [])
    assert {u.team for u in first.state.units.values()} == {"coalition", "concord"}
    for a in COALITION_V_CONCORD:
        first.answer(a)
    after = first.saved()
    assert (open_record(after, L("0301")).attacker, open_record(after, L("0301")).defender) == ("coalition", "league")
    with pytest.raises(RuleError) as e:  # its battle would begin over ("0 rounds"): no answer could pass
        start(after, L("0301"), g)
    assert e.value.rule == "V13.12" and "Coalition v League" in str(e.value) and "no units of Coalition" in str(e.value)
    settled = refresh_resolution(after, g)
    records = {(r.attacker, r.defender): r for r in settled.battle_hexes if r.at == L("0301")}
    assert records[("coalition", "league")].resolved
    assert records[("coalition", "league")].resolution == "V13.12: no units of Coalition remain"
    assert not records[("concord", "league")].resolved  # the other pair there still fights: only its own record
    assert [x.text for x in settled.log[len(after.log):]] == [
        "Battle Hex 0301 (Coalition v League) resolved: no units of Coalition remain"]
    assert start(settled, L("0301"), g).record.defender == "league"  # Concord v League begins


def test_the_turn_settles_the_meeting_after_the_battle_and_offers_only_those_that_may_fight():
    turn = played(9, [*SEED9_BATTLES, {"battle": "0301 coalition v concord", "answers": COALITION_V_CONCORD}])
    q = turn.pending
    assert q is not None and list(q.options) == ["0301", "0102 coalition v alliance", "0102 coalition v concord",
                                                 "0102 concord v alliance"]
    assert q.data["sides"]["0301"] == "Concord v League"
    assert turn.campaign.log[-1].text == "Battle Hex 0301 (Coalition v League) resolved: no units of Coalition remain"
    turn.answer({"battle": "0301", "answers": [1]})  # the one meeting left there: the sector alone names it
    rec = open_record(turn.campaign, L("0301"))
    assert (rec.attacker, rec.defender, rec.answers) == ("concord", "league", [1])


def test_a_gm_ruling_settles_only_the_meeting_it_names():
    turn = played(2, SEED2_BATTLES)
    c, index = turn.campaign, at(turn, "0803")
    ruled = gm_resolve(c, L("0803"), "fought at the table", index[("alliance", "gm")])
    assert [r.resolved for r in ruled.battle_hexes if r.at == L("0803")] == [False, True, False]
    assert ruled.log[-1].text == "GM ruling: Battle Hex 0803 (Alliance v Wild Space (GM)) resolved: fought at the table"
    first = gm_resolve(c, L("0803"), "fought at the table")  # no record named: the sector's first open one alone
    assert [r.resolved for r in first.battle_hexes if r.at == L("0803")] == [True, False, False]
    with pytest.raises(PhaseError):  # a record of another sector is not the one at 0803
        gm_resolve(c, L("0803"), "fought at the table", at(turn, "0204")[("alliance", "gm")])


def test_the_turn_s_ruling_names_one_meeting_and_the_others_stay_to_fight():
    turn = played(2, SEED2_BATTLES)
    turn.answer({"battle": "0803 coalition v gm", "ruling": "the monster fled"})
    assert [(r.attacker, r.defender, r.resolved) for r in turn.campaign.battle_hexes if r.at == L("0803")] == [
        ("coalition", "alliance", False), ("alliance", "gm", False), ("coalition", "gm", True)]
    q = turn.pending
    assert q is not None and list(q.options) == ["0803 coalition v alliance", "0803 alliance v gm", "0204", "0502"]


def test_each_open_meeting_has_its_own_answer_name():
    # Concord ignores the Alliance's sub-light KZINTI Monitor at 0507 (V13.18): no meeting there (test_encounter_ignored)
    turn = played(30, ["end_movement", True, "end_phase", *DEMANDS * 7, "end_phase"])
    q = turn.pending
    assert q is not None and len(set(q.options)) == len(q.options) == 7
    assert [o for o in q.options if not o.startswith("0308")] == ["0307"]
    assert q.data["sides"]["0308 alliance v gm"] == "Alliance v Wild Space (GM)"
    before = turn.campaign
    with pytest.raises(RuleError) as e:  # the sector alone no longer says which
        turn.answer({"battle": "0308", "ruling": "x"})
    assert "6 meetings are open at 0308: name one" in str(e.value) and turn.campaign is before
    turn.answer({"battle": " 0308  concord v gm ", "ruling": "settled by treaty"})
    assert [r.resolved for r in turn.campaign.battle_hexes if r.at == L("0308")] == [False] * 5 + [True]


def test_answer_names_are_distinct_even_for_the_same_sides_twice():
    turn = played(9, SEED9_BATTLES)
    c = turn.campaign
    i = at(turn, "0301")[("coalition", "league")]
    twice = c.model_copy(update={"battle_hexes": [*c.battle_hexes, c.battle_hexes[i]]})
    idx = [i, len(c.battle_hexes)]
    assert meetings.answer_names(twice, idx) == ["0301 coalition v league", "0301 coalition v league #2"]
    assert meetings.named(twice, idx, "0301 coalition v league #2") == len(c.battle_hexes)
    assert meetings.named(twice, idx, "0301") is None
    moved = meetings.bring_first(c, i)  # Coalition v League comes before Coalition v Concord: the one fought
    assert open_record(moved, L("0301")) is c.battle_hexes[i] and len(moved.battle_hexes) == len(c.battle_hexes)
    assert meetings.bring_first(moved, moved.battle_hexes.index(c.battle_hexes[i])) is moved  # already first
