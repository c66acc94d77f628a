"""Seed 004 Intel missions (issue 23): "Intel missions require a target system, staging system,
mission details, and the allocation of Intel points. The total Intel points spent on missions from
a system cannot exceed the system's Census rating." The seed gives no table for the outcome: the GM
rules, logged; a caught mission is Exhibit B's fact ("breaking a Peace Treaty after being caught
spying with 2 intel points" -> 45%)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.errors import RuleError
from rules.model.campaign import Campaign, Relation
from rules.model.types import DiplomaticState as D
from rules.turn import intel_missions as im
from rules.turn.run import TurnRun, play
from tests.rules.turn.test_empire import economy, power, scenario
from tests.rules.turn.test_purchases import TO_ORDERS


def spies(**relations: str) -> Campaign:
    c = scenario()
    economy(c, "klingon", intel_points=12)
    for pair, st in relations.items():
        a, b = pair.split("_")
        c.diplomacy = [r for r in c.diplomacy if set(r.powers) != {a, b}] + [Relation(powers=(a, b), state=D(st))]
    return c


def mission(points: int, staging: str = "1208", target: str = "0207", kind: str = "espionage") -> dict:
    return {"mission": {"power": "klingon", "mission": kind, "staging": staging, "target": target, "intel": points}}


def test_a_mission_takes_its_points_and_the_gm_rules_it_logged() -> None:
    run = play(spies(), TO_ORDERS)
    run.answer(mission(3) | {"mission": {**mission(3)["mission"], "details": "steal the shipyard plans"}})
    eco = power(run.campaign, "klingon").economy
    assert eco.intel_points == 9 and [m.points for m in eco.missions] == [3]
    line = run.campaign.log[-1]
    assert line.rule == im.RULE and line.secret_of == ["coalition"]
    assert line.text == ("Klingon Empire orders an espionage mission against United Federation of Planets at 0207, staged "
                         "from 1208 with 3 Intel Points (3 of its Census 9 used there this turn); Military Intel Pool "
                         "12 to 9")
    q = run.pending
    assert (q.key.split("/")[:2], q.to, q.rule) == (["mission", "klingon"], "gm", im.RULE)
    assert "the seed gives no table for Intel missions" in q.text and "steal the shipyard plans" in q.text
    assert "succeeded_implicated" not in q.options  # only a sabotage or insurgency implicates
    with pytest.raises(IllegalAnswer):
        run.answer("end_movement")  # the ruling comes first
    run.answer("succeeded")
    assert [m.ruled for m in power(run.campaign, "klingon").economy.missions] == ["succeeded"]
    last = run.campaign.log[-1]
    assert last.text.startswith("The GM rules Klingon Empire's espionage mission against United Federation")
    assert last.text.endswith(": succeeded") and last.secret_of == ["coalition"]
    assert run.pending.key == "turn/1/orders"


def test_the_staging_systems_census_caps_its_missions_just_inside_and_outside() -> None:
    run = play(spies(), TO_ORDERS)
    run.answer(mission(8))
    run.answer("failed")
    run.answer(mission(1, staging="1009"))  # another system has its own Census
    run.answer("failed")
    with pytest.raises(RuleError, match=r"missions from 1009 use 4 Intel Points, over its Census \(3\)") as e:
        run.answer(mission(3, staging="1009"))
    assert e.value.rule == im.RULE
    with pytest.raises(RuleError, match="over its Census"):
        run.answer(mission(10))
    run.answer(mission(2, staging="1009"))  # 3 of 3: just inside


def test_a_mission_is_refused_with_the_rule() -> None:
    run = play(spies(), TO_ORDERS)
    cut = [r for r in run.campaign.diplomacy if set(r.powers) != {"klingon", "fed"}]
    run.campaign = run.campaign.model_copy(update={"diplomacy": cut + [  # no contact (traced again next turn)
        Relation(powers=("klingon", "fed"), state=D.NO_CONTACT)]})
    for bad, words in ((mission(3), "has no contact with United Federation of Planets"),
                       (mission(13, target="0203"), r"missions from 1208 use 13 Intel Points, over its Census \(9\)"),
                       (mission(1, staging="0207", target="0203"), "0207 is not one of the power's systems"),
                       (mission(1, target="1009"), "1009 is no system of another power")):
        with pytest.raises(RuleError, match=words):
            run.answer(bad)
    with pytest.raises(IllegalAnswer, match="a mission is espionage, sabotage, insurgency"):
        run.answer(mission(1, target="0203", kind="assassination"))
    assert power(run.campaign, "klingon").economy.intel_points == 12


def test_no_more_points_than_the_military_intel_pool_holds() -> None:
    c = spies()
    economy(c, "klingon", intel_points=3)
    run = play(c, TO_ORDERS)
    with pytest.raises(RuleError, match="missions use 4 Intel Points, more than the 3 held"):
        run.answer(mission(4))
    run.answer(mission(3))  # all of it: just inside
    assert power(run.campaign, "klingon").economy.intel_points == 0


def test_caught_spying_then_a_peace_treaty_broken_with_2_intel_points_is_45_percent() -> None:
    c = spies(klingon_fed="peace")
    economy(c, "fed", intel_points=2)
    run = play(c, TO_ORDERS)
    run.answer(mission(2))
    run.answer("failed_caught")
    last = run.campaign.log[-1]
    assert "was caught running an espionage mission on a system of United Federation of Planets" in last.text
    assert last.secret_of == ["coalition", "alliance"]  # the target knows
    run.answer({"break": {"power": "fed", "with": "klingon", "treaty": "peace", "intel": 2}})
    odds = next(e.text for e in reversed(run.campaign.log) if e.rule == "004 Exhibit B")
    assert ("Break the Peace Treaty: base 10 + Power was caught running an espionage mission on one of your systems "
            "25 + 2 Intel Points 10 = 45%") in odds


def test_a_sabotage_may_implicate_its_power() -> None:
    run = play(spies(), TO_ORDERS)
    run.answer(mission(2, kind="sabotage"))
    assert "succeeded_implicated" in run.pending.options
    run.answer("succeeded_implicated")
    rec = next(tp for tp in run.campaign.treaties if set(tp.powers) == {"fed", "klingon"})
    assert [(f.fact, f.by) for f in rec.facts] == [("implicated_sabotage", "klingon")]


def test_missions_play_in_each_powers_own_orders_then_the_gm_rules() -> None:
    from tests.rules.turn.test_orders import ASKED, by_powers

    c = by_powers()
    economy(c, "klingon", intel_points=5)
    run = TurnRun(c)
    for a in TO_ORDERS:
        run.answer(a)
    while run.pending.key != "orders/klingon":
        run.answer("done")
    run.answer({"mission": {"mission": "espionage", "staging": "1208", "target": "0207", "intel": 2}})
    while run.pending.key.startswith("orders/"):
        run.answer("done")
    assert run.pending.key.startswith("mission/klingon/") and len(ASKED) > 1


def test_the_phase_bar_says_the_gm_rules_a_mission_first() -> None:
    from rules.turn.sequence import waits_for

    run = play(spies(), [*TO_ORDERS, mission(2)])
    assert waits_for(run.campaign).startswith("the GM: rule on an Intel mission (Turn > Answer, Ctrl+Shift+A); then "
                                              "movement orders")
    run.answer("failed")
    assert waits_for(run.campaign).startswith("movement orders from every team")


def test_a_mission_and_its_ruling_are_saved_and_replay_to_the_same_bytes() -> None:
    from rules.model import dumps, parse_campaign
    from tests.play.turn_player import replay, run_bytes

    c = spies()
    run = play(c, [*TO_ORDERS, mission(2, kind="sabotage"), "succeeded_implicated", "morale", 3, 1,
                   "damaged/fed-sb-11", "none", mission(1, staging="1009"), "failed_caught"])
    assert parse_campaign(dumps(run.campaign)) == run.campaign  # saved, reopened equal
    assert replay(c, run.answers) == run_bytes(run)


def test_an_order_and_a_ruling_leave_the_campaign_they_were_given_as_it_was() -> None:
    c = spies(klingon_fed="peace")
    before = c.model_dump_json()
    ordered = im.order(c, mission(2)["mission"])
    assert c.model_dump_json() == before  # a new campaign: the one given keeps its 12 points
    assert ordered.power("klingon").economy.missions[0].id == f"m{len(c.log) + 1}"
    mid = ordered.model_dump_json()
    im.answer(ordered, "failed_caught")
    assert ordered.model_dump_json() == mid  # the ruling's Exhibit B fact lands in the new one only


def test_every_malformed_or_misplaced_order_is_refused_with_its_words() -> None:
    c = spies()
    good = mission(1)["mission"]
    for bad in ("espionage", good | {"intel": True}, good | {"staging": 1208}, good | {"extra": "x"},
                {k: v for k, v in good.items() if k != "intel"}):
        with pytest.raises(IllegalAnswer, match=r'^004 Intel Phase \(Intel missions\): a mission is '
                                                r'\{"mission": \{"power": \.\.\., "mission": "espionage" '
                                                r'\| "sabotage" \| "insurgency", "staging": "1208"') as e:
            im.order(c, bad)
        assert e.value.rule == im.RULE
    for bad, words in ((good | {"power": "gorn"}, "there is no power 'gorn'"),
                       (good | {"staging": "x12"}, "the staging system is a sector label such as \"0507\", not 'x12'"),
                       (good | {"target": "x12"}, "the target system is a sector label such as \"0507\", not 'x12'")):
        with pytest.raises(IllegalAnswer) as e:
            im.order(c, bad)
        assert str(e.value) == f"{im.RULE}: {words}"
    with pytest.raises(IllegalAnswer) as e:
        im.order(c, good | {"mission": "assassination"})
    assert str(e.value) == f"{im.RULE}: a mission is espionage, sabotage, insurgency, not 'assassination'"
    with pytest.raises(RuleError, match=r"a mission from 1208 against 0207 needs at least 1 Intel Point"):
        im.order(c, good | {"intel": 0})
    for bad, words in ((good | {"target": "1009"}, "1009 is no system of another power: a mission targets another "
                                                   "power's system"),):
        with pytest.raises(RuleError) as e:
            im.order(c, bad)
        assert str(e.value) == f"{im.RULE}: {words}"
    c.diplomacy = [r for r in c.diplomacy if set(r.powers) != {"klingon", "fed"}] + [
        Relation(powers=("klingon", "fed"), state=D.NO_CONTACT)]
    with pytest.raises(RuleError) as e:
        im.order(c, good)
    assert str(e.value) == (f"{im.RULE}: Klingon Empire has no contact with United Federation of Planets: Intel "
                            "missions can be initiated once contact is established (a path traced)")
    by_hand = spies()
    by_hand.settings.empire_turn = "by_hand"
    with pytest.raises(RuleError) as e:
        im.order(by_hand, good)
    assert str(e.value) == f"{im.RULE}: Intel missions are kept by hand in this campaign (settings.empire_turn by_hand)"
    with pytest.raises(RuleError) as e:
        im.answer(c, "failed")
    assert str(e.value) == f"{im.RULE}: no Intel mission waits for a ruling"


def test_one_intel_point_reads_singular_in_the_order_and_the_question() -> None:
    c = im.order(spies(), mission(1)["mission"])
    assert " with 1 Intel Point (1 of its Census 9 used there this turn);" in c.log[-1].text
    q = im.pending(c)
    assert q.text == ("Game Master: rule on Klingon Empire's espionage mission against United Federation of Planets at "
                      "0207 (1 Intel Point, staged from 1208): the seed gives no table for Intel missions - how did "
                      "it go?")
    assert q.kind.value == "choose"
    assert q.data == {"secret": True, "option_words": {o: im.RULINGS[o] for o in q.options}}
    two = im.pending(im.order(spies(), mission(2)["mission"]))
    assert "(2 Intel Points, staged from 1208):" in two.text


def test_last_turns_ruled_missions_are_dropped_this_turns_and_unruled_kept() -> None:
    c = spies()
    c = im.answer(im.order(c, mission(1)["mission"]), "failed")
    c = im.order(c, mission(1)["mission"])  # still pending
    assert [m.ruled for m in power(c, "klingon").economy.missions] == ["failed", ""]  # this turn's ruled one kept
    nxt = c.model_copy(deep=True)
    nxt.turn += 1
    after = im.order(nxt, mission(1, staging="1009")["mission"])
    kept = power(after, "klingon").economy.missions
    assert [(m.turn, m.ruled, str(m.staging)) for m in kept] == [(1, "", "1208"), (2, "", "1009")]


def test_the_gm_rules_one_mission_at_a_time_each_logged_under_the_rule() -> None:
    c = im.order(im.order(spies(), mission(1, kind="sabotage")["mission"]), mission(2)["mission"])
    c = im.answer(c, "succeeded_implicated")
    assert [m.ruled for m in power(c, "klingon").economy.missions] == ["succeeded_implicated", ""]
    assert c.log[-1].rule == im.RULE and c.log[-1].text.endswith(
        ": succeeded, and the power is implicated (sabotage or insurgency) - Exhibit B: Klingon Empire is implicated "
        "in a successful sabotage mission")
    c = im.answer(c, "failed_caught")
    assert c.log[-1].text.endswith(": failed, and its agents were caught - Exhibit B: Klingon Empire was caught "
                                   "running an espionage mission on a system of United Federation of Planets")


def test_who_sees_a_mission_order_its_own_team_only() -> None:
    c = spies()
    assert im.order_seen(c, mission(1)) == ("coalition",)
    assert im.order_seen(c, {"mission": {"mission": "espionage"}}) is None  # no power named
    assert im.order_seen(c, mission(1) | {"other": 1}) is None and im.order_seen(c, "failed") is None


def test_a_planet_held_in_a_system_makes_it_a_target_and_a_system_without_star_is_one_too() -> None:
    c = spies()
    tagh = next(s for s in c.map.sectors if str(s.at) == "1009")
    tagh.star_system.planets[0].owner = "fed"  # a Federation planet in a Klingon sector
    c = im.order(c, mission(1, target="1009", kind="sabotage")["mission"])
    assert power(c, "klingon").economy.missions[-1].against == "fed"
    bare = next(s for s in c.map.sectors if s.owner == "fed" and s.star_system is None)
    c = im.order(c, mission(1, target=str(bare.at))["mission"])
    assert power(c, "klingon").economy.missions[-1].against == "fed"
    c = im.answer(c, "failed_caught")
    assert "was caught running a sabotage mission on a system of" in c.log[-1].text


def test_a_power_without_an_economy_has_no_mission_waiting() -> None:
    c = spies()
    power(c, "fed").economy = None
    assert im.pending(c) is None


def _sabotaged(ruling: str, kind: str = "sabotage") -> TurnRun:
    run = play(spies(), TO_ORDERS)
    run.answer(mission(3, kind=kind))
    run.answer(ruling)
    return run


def test_a_successful_sabotage_asks_its_effects_and_the_engine_applies_them() -> None:
    """Klingon sabotage at 0207 (Vanguard II, Morale 7, a Command Post; Starbase 11): the GM rules a
    morale check (target 4, -2 Morale) and Starbase 11 destroyed, then nothing more. The Alliance
    sees what happened in its system but not whose mission it was; the Coalition sees its mission."""
    from rules.economy import planet as pe

    run = _sabotaged("succeeded")
    q = run.pending
    assert q.key.endswith("/effect/1") and q.to == "gm" and q.data["secret"] and q.default == "none"
    assert {"none", "morale", "destroyed/fed-sb-11", "damaged/fed-sb-11", "destroyed/fed-ff-burke"} <= set(q.options)
    run.answer("morale")
    assert run.pending.key.endswith("/effect/1/target") and (run.pending.low, run.pending.high) == (1, 10)
    with pytest.raises(IllegalAnswer):
        run.answer(11)  # a d10 target number
    run.answer(4)
    assert run.pending.key.endswith("/effect/1/change")
    run.answer(2)
    mine, theirs = run.campaign.log[-2:]
    roll = int(mine.text.split("d10 ")[1].split(" ")[0])
    hit, morale = pe.varies_check(4, -2, roll, 7, command_post=True)
    planet = run.campaign.sector_at("0207").star_system.planets[0]
    assert planet.morale == morale and hit == (roll + 1 <= 4)
    assert mine.secret_of == ["coalition"] and mine.rule == im.RULE
    assert mine.text.startswith("Klingon Empire's sabotage mission against United Federation of Planets at 0207: "
                                f"Morale Check Chart \"Use of Intel\": Vanguard II d10 {roll} +1 (Command Post) "
                                "(target 4): ")
    assert theirs.secret_of == ["alliance"] and "Klingon" not in theirs.text
    assert theirs.text.startswith("Sabotage at 0207 against United Federation of Planets, by whom is not known: ")
    assert run.pending.key.endswith("/effect/2")
    run.answer("destroyed/fed-sb-11")
    base = run.campaign.sector_at("0207").garrison[0]
    assert base.destroyed and base.fate.value == "destroyed"
    assert run.campaign.log[-1].text == ("Sabotage at 0207 against United Federation of Planets, by whom is not "
                                         "known: Starbase 11 destroyed")
    assert "destroyed/fed-sb-11" not in run.pending.options  # a destroyed base is no target again
    run.answer("none")
    assert run.pending.key == "turn/1/orders"
    again = _sabotaged("succeeded")
    for raw in ("morale", 4, 2, "destroyed/fed-sb-11", "none"):
        again.answer(raw)
    assert [e.text for e in again.campaign.log] == [e.text for e in run.campaign.log]  # same answers, same dice


def test_a_caught_saboteur_is_named_to_the_target_and_a_unit_is_damaged() -> None:
    run = _sabotaged("succeeded_caught", kind="insurgency")
    run.answer("damaged/fed-ff-burke")
    line = run.campaign.log[-1]
    assert line.secret_of == ["coalition", "alliance"]
    assert line.text == ("Klingon Empire's insurgency mission against United Federation of Planets at 0207: USS Burke "
                         "damaged (crippled)")
    burke = next(u for f in run.campaign.fleets for u in f.units if u.id == "fed-ff-burke")
    assert burke.crippled and not burke.destroyed
    assert "damaged/fed-ff-burke" not in run.pending.options and "destroyed/fed-ff-burke" in run.pending.options


@pytest.mark.parametrize(("ruling", "kind"), [("succeeded", "espionage"), ("failed", "sabotage"),
                                              ("failed_caught", "insurgency")])
def test_no_effect_is_asked_of_espionage_or_a_failed_mission(ruling, kind) -> None:
    assert _sabotaged(ruling, kind).pending.key == "turn/1/orders"


def test_the_chart_s_d10_test_with_the_gms_numbers() -> None:
    """A "Varies" row rolls as every row of the Morale Check Chart: at or under the target number,
    a Command Post adding 1 to the roll and keeping Morale at 1 or more."""
    from rules.economy import planet as pe

    assert pe.varies_check(3, -2, 3, 7) == (True, 5) and pe.varies_check(3, -2, 4, 7) == (False, 7)
    assert pe.varies_check(3, -2, 2, 7, True) == (True, 5) and pe.varies_check(3, -2, 3, 7, True) == (False, 7)
    assert pe.varies_check(10, -10, 1, 5) == (True, 0) and pe.varies_check(10, -10, 1, 5, True) == (True, 1)
    with pytest.raises(ValueError):
        pe.varies_check(3, -1, 11, 5)


def test_the_effect_questions_in_full() -> None:
    """The GM's effect questions (kind, seat, rule, words, option words, the check) and the morale
    check's two numbers; the second effect asks what it did "else"."""
    from rules.battlehex.questions import QKind

    run = _sabotaged("succeeded")
    q = run.pending
    what = "Klingon Empire's successful sabotage mission against United Federation of Planets at 0207"
    assert (q.kind, q.to, q.rule) == (QKind.CHOOSE, "gm", im.RULE)
    assert q.text == f"Game Master: what did {what} do? The seed gives no table: the GM rules it, and BattleHex applies it"
    words = q.data["option_words"]
    assert (words["none"], words["morale"], words["destroyed/fed-sb-11"], words["damaged/fed-sb-11"]) == (
        "Nothing more", 'A morale check of the system (Morale Check Chart "Use of Intel")', "Starbase 11 destroyed",
        "Starbase 11 damaged (crippled)")
    with pytest.raises(IllegalAnswer):
        run.answer("destroyed/kli-d7-1")
    run.answer("morale")
    q = run.pending
    assert (q.kind, q.to, q.rule, q.low, q.high) == (QKind.NUMBER, "gm", im.RULE, 1, 10)
    assert q.text == (f"Game Master: {what}: the morale check's d10 target number (Morale Check Chart \"Use of Intel | "
                      "Varies\": a roll at or under it applies the effect)")
    run.answer(4)
    assert run.pending.text == (f"Game Master: {what}: the morale check's effect, the Morale lost when a planet fails "
                                "it (target number 4)")
    run.answer(2)
    assert run.pending.text.startswith(f"Game Master: what did {what} do else? ")
