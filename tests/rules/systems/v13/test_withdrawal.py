"""Step 1: Withdrawal Before Combat (V13.20-V13.29)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.state import Step
from rules.battlehex.roster import Status
from tests.rules.systems.v13.helpers import AT, battle, duel, unit


def key(b):
    return b.pending.key if b.pending else None


def test_defender_is_asked_then_attacker_then_selection():
    b = battle(duel([unit("b1"), unit("b2")]))
    assert key(b) == "V13.21/announce" and b.pending.to == "blue"
    b.answer(True)
    assert key(b) == "V13.22/oppose" and b.pending.to == "red"
    b.answer(False)
    assert key(b) == "V13.23/select" and set(b.pending.options) == {"b1", "b2"}
    assert b.state.pursuit_forbidden  # V13.23: unopposed -> no Pursuit


def test_not_announcing_goes_to_step_2_and_on():
    b = battle(duel(), answers=(False,))
    assert b.state.step is not Step.WITHDRAWAL


def test_all_sublight_defenders_are_not_offered_v13_21b():
    b = battle(duel([unit("wb", native_sublight=True)]), decisions={(AT, "red", "blue"): False})
    assert key(b) != "V13.21/announce"
    assert any("all sub-light" in e.text for e in b.log.events)


def test_only_a_starbase_skips_step_1_a_23():
    b = battle(duel([unit("b1", kind="starbase")], sectors=None))
    assert key(b) != "V13.21/announce" and any("A-23" in e.rule for e in b.log.events)


@pytest.mark.parametrize(("deny", "offered"), [(True, False), (False, True)])
def test_cloaked_attacker_written_denial_v13_29(deny, offered):
    c = duel(red_units=[unit("r1", is_cloaked=True)])
    c.fleets[1].deny_withdrawal = deny
    b = battle(c)
    assert (key(b) == "V13.21/announce") is offered
    v1329 = [e for e in b.log.events if e.rule == "V13.29"]
    assert v1329 and all(e.visible_to == ("red", "gm") for e in v1329)  # hidden from the defender
    assert not [e for e in b.log.for_viewer("blue") if e.rule == "V13.29"]


def test_uncloaked_unit_voids_the_denial():
    c = duel(red_units=[unit("r1", is_cloaked=True), unit("r2")])
    c.fleets[1].deny_withdrawal = True
    assert key(battle(c)) == "V13.21/announce"


def test_carrier_takes_its_fighters_and_fighters_cannot_go_alone_v13_23():
    units = [unit("cv", is_carrier=True),
             unit("ftr", kind="fighter", strategic_movement_capable=False, carrier_id="cv"), unit("ff")]
    b = battle(duel(units), answers=(True, False))
    assert set(b.pending.options) == {"cv", "ff"}
    with pytest.raises(IllegalAnswer, match="only with their carrier"):
        b.answer(["ftr"])
    b.answer(["cv"])
    assert b.state.units["ftr"].status is Status.WITHDRAWN and b.state.units["ff"].present


def test_whole_team_takes_aux_and_incidental_units_v13_23():
    units = [unit("b1"), unit("aux", is_auxiliary=True)]
    b = battle(duel(units), answers=(True, False, ["b1"]))
    assert b.state.units["aux"].status is Status.WITHDRAWN
    assert b.state.resolved and "V13.26" in b.state.resolution  # nothing left: resolved


def test_towed_units_need_a_withdrawing_tug_v13_27():
    units = [unit("tug", is_tug=True, towing=["hulk"]), unit("hulk", strategic_movement_capable=False), unit("b1")]
    b = battle(duel(units), answers=(True, True))
    assert "hulk" in b.pending.options
    with pytest.raises(IllegalAnswer, match="only if towed"):
        b.answer(["hulk"])
    b.answer(["tug", "hulk"])
    assert b.state.units["hulk"].status is Status.WITHDRAWN


def test_ground_bases_are_never_selectable():
    units = [unit("gb", kind="ground_base"), unit("b1")]
    b = battle(duel(units), answers=(True, False))
    assert b.pending.options == ("b1",)
    with pytest.raises(IllegalAnswer, match="V13.27"):
        b.answer(["gb"])


def test_bluff_withdraws_nothing_v13_25():
    b = battle(duel([unit("b1")]), answers=(True, True, []))
    assert b.state.units["b1"].present and not b.state.resolved


LEFT = [unit("bats", kind="battle_station", economic_bpv=110), unit("ds1", kind="defsat", economic_bpv=9),
        unit("ds2", kind="defsat", economic_bpv=9), unit("ff", economic_bpv=70)]


def test_left_behind_unmanned_gives_a_quarter_v13_28a():
    b = battle(duel(LEFT), answers=(True, False, ["ff"]))
    assert b.pending.key == "V13.28/left_behind"
    b.answer("unmanned")
    assert b.state.awards == {"red": 32} and b.state.resolved  # floor(128 / 4)
    assert all(b.state.units[u].status is Status.UNMANNED for u in ("bats", "ds1", "ds2"))


def test_left_behind_active_get_poor_crews_v13_28b():
    b = battle(duel(LEFT), answers=(True, False, ["ff"], "active"))
    assert all(b.state.units[u].poor for u in ("bats", "ds1", "ds2")) and not b.state.resolved
    ws_mods = [e.text for e in b.log.events if e.kind == "roll" and "Blue" in e.text]
    assert ws_mods and "-2 all ships have Poor crews" in ws_mods[0]


def test_units_staying_by_choice_is_not_left_behind():
    b = battle(duel(LEFT + [unit("dd")]), answers=(True, False, ["ff"]))
    assert b.pending.key != "V13.28/left_behind"


def test_opposed_withdrawal_notes_the_external_pinning_rules_v13_24():
    b = battle(duel([unit("b1"), unit("b2")]), answers=(True, True))
    assert any(e.rule == "V13.24" and "[V8.24]" in e.text for e in b.log.events)
    assert not b.state.pursuit_forbidden


def test_refusing_an_untowed_starbase_names_the_rule_not_none_v13_23():
    """V13.23: "Only units capable of Strategic Movement (or towed by units capable of Strategic
    Movement, see V8.30) may be withdrawn"; a starbase nobody tows is refused with that reason."""
    b = battle(duel([unit("sb", kind="starbase"), unit("b1")]), answers=(True, False))
    assert b.pending.options == ("b1",)
    with pytest.raises(IllegalAnswer) as e:
        b.answer(["sb"])
    assert "None" not in str(e.value) and "Strategic Movement" in str(e.value) and "V13.23" in str(e.value)


def test_the_left_behind_question_goes_to_the_defender_with_the_bpv_at_stake_v13_28():
    left = [unit("bats", kind="battle_station", economic_bpv=110), unit("ds1", kind="defsat", economic_bpv=9),
            unit("ds2", kind="defsat", economic_bpv=10), unit("ff", economic_bpv=70)]
    b = battle(duel(left), answers=(True, False, ["ff"]))
    q = b.pending
    assert (q.key, q.to, q.rule, q.options) == ("V13.28/left_behind", "blue", "V13.28", ("unmanned", "active"))
    assert q.text == ("Blue: BATS, DS1, DS2 stay behind (Economic BPV 129). Withdraw all personnel (the attacker "
                      "gains 32) or keep them active with Poor crews?")
    b.answer("unmanned")
    assert b.state.awards == {"red": 32} and type(b.state.awards["red"]) is int  # floor(129 / 4), A-25
    assert b.state.resolution == "V13.28(a): the defenders left behind were abandoned"
    assert b.log.events[-1].rule == "V13.28" and "Red gains floor(1/4 x 129) = 32 (A-25)" in b.log.events[-1].text


def test_defenders_that_could_leave_and_stay_go_on_to_step_2_v13_26():
    b = battle(duel([unit("b1"), unit("b2")]), answers=(True, False, ["b1"]))
    assert any(e.rule == "V13.26" and e.text == "defending units remain: on to Step 2" for e in b.log.events)


TEAM = [unit("cv", is_carrier=True), unit("ftr", kind="fighter", strategic_movement_capable=False, carrier_id="cv"),
        unit("cv2", is_carrier=True), unit("ftr2", kind="fighter", strategic_movement_capable=False, carrier_id="cv2"),
        unit("tug", is_tug=True, towing=["hulk"]), unit("hulk", strategic_movement_capable=False),
        unit("aux", is_auxiliary=True), unit("inc", is_incidental=True)]


@pytest.mark.parametrize(("answer", "rule", "message"), [
    ("cv", "V13.23", "answer the list of units to withdraw"),
    (["cv", 3], "V13.23", "answer the list of units to withdraw"),
    (["r1"], "V13.23", "R1 is not a defending unit in this battle"),
    (["zz"], "V13.23", "that unit is not a defending unit in this battle"),
    (["ftr"], "V13.23", "FTR: V13.23: fighters and PFs go only with their carrier or tender"),
    (["aux"], "V13.23", "AUX: V13.23: Auxiliary and Incidental units withdraw only when the whole Defending Team does"),
    (["cv", "cv"], "V13.23", "name each unit once: CV is named 2 times"),
    (["hulk"], "V13.27", "HULK cannot move strategically and may be withdrawn only if towed by a withdrawing unit "
                         "[V8.30]"),
])
def test_a_withdrawal_refused_names_its_rule_and_why_v13_23_v13_27(answer, rule, message):
    b = battle(duel(TEAM), answers=(True, False))
    with pytest.raises(IllegalAnswer) as e:
        b.answer(answer)
    assert (e.value.rule, e.value.message) == (rule, message)


def test_an_untowed_unit_that_cannot_move_is_refused_with_v13_27():
    b = battle(duel([unit("sb", kind="starbase"), unit("b1")]), answers=(True, False))
    with pytest.raises(IllegalAnswer) as e:
        b.answer(["sb"])
    assert e.value.message == ("SB: V13.23 / V13.27: only units capable of Strategic Movement, or towed by one "
                               "[V8.30], may be withdrawn; no defending unit tows it")


def _texts(b, rule):
    return [(e.text, e.visible_to, e.data) for e in b.log.events if e.rule == rule and e.kind == "info"]


def test_a_carrier_takes_only_its_own_fighters_v13_23():
    b = battle(duel(TEAM), answers=(True, False, ["cv"]))
    st = b.state
    assert [u for u in ("cv", "ftr", "cv2", "ftr2") if st.units[u].status is Status.WITHDRAWN] == ["cv", "ftr"]
    assert st.units["aux"].present and st.units["inc"].present  # not the whole team: they stay (V13.25)
    assert _texts(b, "V13.23")[-1] == ("withdrawn: CV, FTR; each must spend its next Strategic Movement Point moving "
                                       "to an adjacent hex without enemy units (A-57)", None, {"units": ["cv", "ftr"]})


def test_the_whole_team_takes_its_auxiliaries_in_words_only_its_own_team_reads_v13_23():
    b = battle(duel(TEAM), answers=(True, True, ["cv", "cv2", "tug", "hulk"]))
    st = b.state
    assert all(u.status is Status.WITHDRAWN for u in st.units.values() if u.team == "blue")
    whole, gone = _texts(b, "V13.23")[-2:]
    assert whole == ("the whole Defending Team withdraws, so its Auxiliary and Incidental units go too: AUX, INC",
                     ("blue", "gm"), {})  # the attacker does not learn of the Incidental Units (V13.03)
    assert gone[0].startswith("withdrawn: CV, FTR, CV2, FTR2, TUG, HULK;")
    assert gone[2] == {"units": sorted(["cv", "ftr", "cv2", "ftr2", "tug", "hulk", "aux", "inc"])}
    assert st.resolution == "V13.26: every defending unit withdrew before combat"
    assert _texts(b, "V13.26 / V13.12") == [("no defending unit is left: the Battle Hex is resolved (the attacker "
                                             "opposed, A-24)", None, {})]


def test_an_unopposed_withdrawal_of_everything_is_resolved_without_a24_v13_26():
    b = battle(duel([unit("b1")]), answers=(True, False, ["b1"]))
    assert _texts(b, "V13.26 / V13.12") == [("no defending unit is left: the Battle Hex is resolved", None, {})]


def test_withdrawing_nothing_is_said_v13_25():
    b = battle(duel([unit("b1")]), answers=(True, True, []))
    assert _texts(b, "V13.25") == [("Blue withdraws nothing", None, {})]
