"""The tracked battle and its endings (V13.48x-V13.968): moves and exits, the clock, the
floating map, declarations, V13.632, pursuit, disorganized withdrawal, sub-light fates, and
the results written back to the campaign."""
from __future__ import annotations

import pytest

from hexmap import Facing
from rules.battlehex.log import IllegalAnswer
from rules.battlehex.state import Step
from rules.battlehex.roster import Status
from tests.rules.systems.v13.helpers import AT, battle, duel, fleet, place, unit

WS = [1, 1, 1, 1]  # both teams WS 0 (2 -> 0): no modifiers in a plain duel


def fight(blue=None, red=None, *, faces=(), centre="2115", extra=(), sectors=None, red_at=("2140",),
          blue_at=("2103",), decisions=None, before_centre=(), scripted=True):
    """Blue (b1.., DoR A) at the top of the map, Red (r1.., DoD D) 37 hexes below; centre 2115."""
    c = duel(blue or [unit("b1")], red or [unit("r1")], sectors=sectors, extra=list(extra))
    answers = [False, 30, 30]
    for i, at in enumerate(blue_at):
        answers.append(place(f"b{i + 1}", at, "D" if i == 0 else None))
    for i, at in enumerate(red_at):
        answers.append(place(f"r{i + 1}", at, "A" if i == 0 else None))
    answers.extend(before_centre)
    dice = WS + list(faces) if scripted else None
    if centre is None:
        return battle(c, answers=tuple(answers), faces=dice, decisions=decisions)
    answers.append(centre)
    b = battle(c, answers=tuple(answers), faces=dice, decisions=decisions)
    assert b.state.step is Step.COMBAT, b.pending
    return b


def test_moves_and_the_clock():
    b = fight()
    b.answer({"move": "r1", "to": "2139", "facing": "B"})
    assert b.state.units["r1"].pos == b.ctx.window.hex_at("2139") and b.state.units["r1"].facing is Facing.B
    b.answer({"clock": 33})
    assert b.pending.data == {"turn": 2, "impulse": 2}


def test_organized_disengagement_across_the_dod_border_v13_513():
    b = fight()
    b.answer({"move": "r1", "to": "2145", "facing": "D"})  # bottom of the legal region around 2115 is row 44
    u = b.state.units["r1"]
    assert u.status is Status.DISENGAGED and u.forced_direction is Facing.D
    assert b.state.ended and "Attacking" in b.state.end_reason
    assert b.pending.key == "V13.702/blue"  # the defender may pursue (V13.711a)
    b.answer(False)
    assert b.done and b.state.resolved
    saved = b.saved()
    red = next(x for f in saved.fleets for x in f.units if x.id == "r1")
    assert red.forced_strategic_direction is Facing.D
    assert next(r for r in saved.battle_hexes if r.at == AT).resolved


def test_disorganized_withdrawal_goes_to_the_sector_beyond_its_facing_v13_821_t7():
    b = fight()
    b.answer({"move": "r1", "to": "2145", "facing": "C"})  # bottom border, but facing C: not the DoD
    assert b.state.units["r1"].status is Status.DISORGANIZED
    assert b.done  # no pursuer left the map after it, no organized withdrawal: resolved
    moved = next(e for e in b.log.events if e.rule in ("V13.822", "V13.823", "V13.824", "V13.825", "V13.826"))
    assert "0404" in moved.text  # C from 0304 (odd column): the lower right neighbour
    saved = b.saved()
    scattered = next(f for f in saved.fleets if any(u.id == "r1" for u in f.units))
    assert str(scattered.sector) == "0404" and "scattered" in scattered.name


def test_sublight_units_may_not_leave_in_disorder_v13_813():
    b = fight(red=[unit("r1", native_sublight=True, strategic_movement_capable=False)],
              decisions={(AT, "blue", "red"): False})
    with pytest.raises(IllegalAnswer, match="V13.813"):
        b.answer({"move": "r1", "to": "2145", "facing": "C"})
    b.answer({"move": "r1", "to": "2145", "facing": "D"})
    assert b.state.units["r1"].status is Status.DISENGAGED


def test_float_keeps_the_original_centre_on_the_map_v13_812():
    b = fight()
    b.answer({"float": "D", "hexes": 10})
    assert any("now reads 2105" in e.text for e in b.log.events)  # V13.812's example
    with pytest.raises(IllegalAnswer, match="V13.812"):
        b.answer({"float": "D", "hexes": 10})


def test_gm_alone_moves_monsters_v13_484():
    b = fight(extra=[fleet("m", "monsters", "0304", units=[unit("amoeba", kind="monster")])], centre=None)
    spot = b.placement.zone("amoeba")[0]
    b.answer(place("amoeba", b.ctx.label(spot)))
    b.answer(b.pending.data["proposed"])
    amoeba = b.state.units["amoeba"]
    step = b.ctx.label(amoeba.pos + Facing.A.vector)
    with pytest.raises(IllegalAnswer, match="V13.484"):
        b.answer({"move": "amoeba", "to": step, "by": "blue"})
    b.answer({"move": "amoeba", "to": step, "by": "gm"})


def test_unopposed_disengagement_is_removed_at_once_v13_522():
    b = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"))
    b.answer({"declare": "r1"})
    assert b.pending.key.startswith("V13.515/r1") and b.pending.to == "blue"
    b.answer(False)
    u = b.state.units["r1"]
    assert u.status is Status.DISENGAGED and u.forced_direction is Facing.D and not b.state.ended


def test_opposed_disengagement_by_sublight_evasion_then_its_fate_v13_532_v13_90():
    b = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"), faces=[1])  # T14a roll 1: locatable
    b.answer({"declare": "r1"})
    b.answer(True)
    assert b.pending.key.startswith("V13.532/r1") and set(b.pending.options) == {"acceleration", "separation",
                                                                                   "sub-light evasion"}
    shown = b.pending.data["odds"]  # issue 12: the exact odds of the fate, beside the choice
    assert shown.startswith("sub-light evasion (") and "%" in shown
    b.answer("sub-light evasion")
    assert b.state.units["r1"].status is Status.EVADED
    b.answer({"mark": "r2", "status": "destroyed"})
    assert b.state.ended
    fate = next(e for e in b.log.events if e.kind == "info" and e.rule.startswith(("V13.95", "V13.96")))
    assert "locatable" in fate.text
    logged = next(e.text for e in b.log.events if e.rule == "V13.90" and "the odds of its fate" in e.text)
    assert logged.split("): ", 1)[1] == shown.split("): ", 1)[1]  # the roll that followed had those odds
    saved = b.saved()
    r1 = next(x for f in saved.fleets for x in f.units if x.id == "r1")
    assert r1.warp_engines_dropped and r1.fate.value == "locatable"
    assert not any(x.id == "r2" for f in saved.fleets for x in f.units)  # destroyed: off the roster


def test_retreat_through_an_enemy_force_v13_632():
    # Blue at 2105 retreats (DoR A) while Red stands above it at 2102: the counter applies
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2105", "2106"), red_at=("2140",))
    b.answer({"move": "r1", "to": "2102", "facing": "A"})
    b.answer({"declare": "b1"})
    b.answer(True)
    b.answer("acceleration")
    u = b.state.units["b1"]
    assert u.counter is not None and u.under_fire
    b.answer({"move": "b1", "to": "2125"})  # 21 hexes from r1
    b.answer({"clock": 31})
    assert u.present and u.counter.count == 31
    with pytest.raises(IllegalAnswer, match=r"V13.632|31/32"):  # one impulse short: refused
        b.answer({"move": "b1", "to": "(21,-15)", "facing": "A"})
    b.answer({"clock": 1})
    assert u.present, "V13.632: the counter never completes a retreat by itself"
    assert any(e.rule == "V13.632" and "may now complete" in e.text for e in b.log.events)
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "A"})  # across the DoR border, facing it
    assert u.status is Status.RETREATED


def test_an_attacker_getting_in_the_way_after_the_declaration_counts_v13_631_v13_632():
    # Blue declares with no attacker between it and its border (DoR A, top); Red then moves above it
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2105", "2106"), red_at=("2140",))
    b.answer({"declare": "b1"})
    b.answer(True)
    b.answer("acceleration")
    u = b.state.units["b1"]
    assert u.counter is None
    b.answer({"move": "r1", "to": "2102", "facing": "A"})
    with pytest.raises(IllegalAnswer, match="V13.632"):  # in the way now: 0/32
        b.answer({"move": "b1", "to": "(21,-15)", "facing": "A"})
    b.answer({"clock": 1})
    assert u.counter is not None and u.counter.count == 0  # 3 hexes from r1: the count has not begun
    assert any(e.rule.startswith("V13.631") for e in b.log.events)


def test_a_retreat_with_no_attacker_in_the_way_needs_no_count_v13_631():
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2105", "2106"), red_at=("2140",))
    b.answer({"declare": "b1"})
    b.answer(True)
    b.answer("acceleration")
    b.answer({"clock": 32})
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "A"})
    assert b.state.units["b1"].status is Status.RETREATED


def test_pursuit_after_a_disengagement_with_a_secret_rear_guard_v13_70():
    b = fight(red=[unit("r1"), unit("r2"), unit("r3")], red_at=("2140", "2141", "2142"), faces=[3, 3])
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)  # unopposed
    assert b.state.ended and b.pending.key == "V13.702/blue"
    b.answer(True)
    assert b.pending.key == "V13.721/force" and b.pending.data.get("secret")
    b.answer(["b1"])
    assert not [e for e in b.log.for_viewer("red") if e.kind == "answer" and e.data["key"] == "V13.721/force"]
    assert b.pending.key == "V13.722/rear_guard"
    with pytest.raises(IllegalAnswer, match="not all"):
        b.answer(["r1", "r2", "r3"])
    b.answer([])  # no Rear Guard: straight to the Pursuit Roll
    roll = next(e for e in b.log.events if e.kind == "roll" and e.rule == "V13.741")
    assert roll.data["total"] == 6  # 3 + 3; 1 pursuer vs 3: no modifier
    assert any(e.rule.startswith("V13.748") for e in b.log.events) and b.done


def test_no_pursuit_after_an_unopposed_withdrawal_before_combat_v13_23():
    c = duel([unit("b1"), unit("b2")], [unit("r1")])
    answers = (True, False, ["b1"], 30, 30, place("b2", "2103", "D"), place("r1", "2140", "A"), "2115")
    b = battle(c, answers=answers, faces=WS)
    b.answer({"declare": "b2"})
    b.answer(False)
    assert b.done and any(e.rule == "V13.23" and "no Pursuit" in e.text for e in b.log.events)


def test_battle_ends_when_a_side_is_destroyed_and_results_are_written_back():
    b = fight(faces=[])
    b.answer({"mark": "b1", "status": "crippled"})
    b.answer({"mark": "r1", "status": "destroyed"})
    assert b.done and b.state.resolved
    saved = b.saved()
    b1 = next(x for f in saved.fleets for x in f.units if x.id == "b1")
    assert b1.crippled and not any(x.id == "r1" for f in saved.fleets for x in f.units)
    assert any("Battle Hex 0304 resolved" in e.text for e in saved.log)


def test_gm_may_end_the_battle_a_59():
    b = fight()
    with pytest.raises(IllegalAnswer, match="A-59"):
        b.answer({"end": "tired", "by": "red"})
    b.answer({"end": "both sides agree to break off"})
    assert b.state.ended and "agree" in b.state.end_reason


def test_disorganized_pursuit_v13_830_834():
    b = fight(blue=[unit("b1"), unit("b2")], blue_at=("2103", "2104"), red_at=("2140",))
    b.answer({"move": "b1", "to": "2101", "facing": "B"})
    b.answer({"move": "b1", "to": "(21,-15)", "facing": "B"})  # top border facing B: not the DoR: disorganized
    assert b.state.units["b1"].status is Status.DISORGANIZED
    b.answer({"clock": 40})
    b.answer({"move": "r1", "to": "(21,-15)", "facing": "B"})  # the pursuer follows, 40 impulses later
    assert b.state.units["r1"].status is Status.DISORGANIZED  # V13.832: not its DoD, so it is disorganized too
    assert b.state.ended and b.pending.key == "V13.831/b1"  # Red has nobody left on the map
    b.answer(["r1"])
    assert any(e.rule == "V13.834" and "catches it" in e.text for e in b.log.events)  # 40 <= 64: automatic


def test_an_interception_opens_a_pursuit_battle_in_the_same_hex_v13_748_a_39():
    from rules.systems.v13.procedure import BattleProcedure

    b = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"), faces=[1, 1])
    for r in ("r1", "r2"):
        b.answer({"declare": r})
        b.answer(False)
    b.answer(True)        # Blue pursues
    b.answer(["b1"])      # Pursuit Force
    b.answer([])          # no Rear Guard
    assert any(e.rule.startswith("V13.748") for e in b.log.events)  # 1 + 1 = 2: intercepted
    saved = b.saved()
    main, chase = [r for r in saved.battle_hexes if r.at == AT]
    assert main.resolved and not chase.resolved and chase.kind == "pursuit"
    assert (chase.attacker, chase.defender) == ("blue", "red")  # V13.712: the pursuer attacks
    assert set(chase.participants) == {"b1", "r1", "r2"} and chase.kept_ws == {"red": 0, "blue": 0}
    nb = BattleProcedure(saved, AT)
    assert nb.state.record.kind == "pursuit" and nb.pending.key.startswith("V13.422")  # no Step 1 or 2
    assert any("A-11" in e.rule for e in nb.log.events)  # Weapon Status kept, no roll


def test_the_map_follows_a_unit_off_the_sheet_v13_812():
    from rules.systems.v13.combat import current_window

    b = fight()
    assert not current_window(b.ctx).contains(b.ctx.window.hex_at("2143"))
    b.answer({"move": "r1", "to": "2143", "facing": "D"})  # off the 42 x 30 sheet centred on 2115, still legal
    w = current_window(b.ctx)
    assert w.contains(b.state.units["r1"].pos) and w.contains(b.state.centre)
    assert any(e.rule == "V13.812" and "follow" in e.text for e in b.log.events)


def test_mid_battle_save_and_reload_replays_exactly():
    from rules.systems.v13.procedure import BattleProcedure
    from rules.model import dumps, parse_campaign

    b = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"), scripted=False)
    b.answer({"move": "r1", "to": "2139", "facing": "A"})
    b.answer({"clock": 5})
    b.answer({"declare": "r2"})
    back = parse_campaign(dumps(b.saved()), "mid.json")
    again = BattleProcedure(back, AT)
    assert again.events_json() == b.events_json() and again.pending.key == b.pending.key


@pytest.mark.parametrize("role", ["attacker", "defender"])
@pytest.mark.parametrize("facing", list(Facing))
@pytest.mark.parametrize("border", ["top", "right", "bottom", "left"])
def test_exit_for_every_team_facing_and_border(role, facing, border):
    from rules.systems.v13.exits import ExitKind, classify_exit

    reach = {"A": "top", "B": "top right", "C": "right bottom", "D": "bottom", "E": "bottom left", "F": "left top"}
    own = Facing.D  # the team's direction (DoD for the attacker, DoR for the defender)
    e = classify_exit(role, facing, frozenset({border}), dod=own if role == "attacker" else Facing.A,
                      dor=own if role == "defender" else Facing.A)
    organized = facing is own and border in reach[facing.name].split()
    expected = (ExitKind.DISENGAGED if role == "attacker" else ExitKind.RETREATED) if organized \
        else ExitKind.DISORGANIZED
    assert e.kind is expected


def test_left_behind_active_survivors_give_half_their_bpv_v13_28b():
    left = [unit("bats", kind="battle_station", economic_bpv=110), unit("ff", economic_bpv=70)]
    c = duel(left, [unit("r1")])
    answers = (True, False, ["ff"], "active", 30, 30, place("bats", "2103"), place("r1", "2140", "A"), "2115")
    b = battle(c, answers=answers, faces=WS)
    b.answer({"mark": "bats", "status": "captured"})
    assert b.done and b.state.awards == {"red": 55}  # not destroyed, and Red holds the hex: floor(110 / 2)
    b2 = battle(c, answers=answers, faces=WS)
    b2.answer({"declare": "r1"})
    b2.answer(False)
    assert b2.state.awards == {}  # the attacker left: it does not hold the hex


def test_friendly_hex_evader_chooses_repair_tow_abandon_or_scuttle_v13_942():
    own = {"0304": {"owner": "klingon"}}  # Red's own hex: a sub-light evader lands in a friendly hex
    b = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"), sectors=own)
    b.answer({"declare": "r1"})
    b.answer(True)
    b.answer("sub-light evasion")
    b.answer({"mark": "r2", "status": "destroyed"})
    assert b.pending.key == "V13.942/r1" and b.pending.options == ("repair", "tow", "abandon", "scuttle")
    b.answer("scuttle")
    r1 = next((x for f in b.saved().fleets for x in f.units if x.id == "r1"), None)
    assert r1 is None  # scuttled counts as destroyed: off the roster (V13.944)


def test_approach_battle_outcomes_v13_34_v13_37():
    group = [unit("cv", is_carrier=True), unit("ff")]
    c = duel(group, [unit("r1")])
    base = (False, True, ["ff"], 30, 30, place("ff", "2103", "D"), place("r1", "2140", "A"), "2115")
    gone = battle(c, answers=base, faces=[1, 1])
    gone.answer({"move": "r1", "to": "2145", "facing": "D"})  # the attacker disengages from the approach battle
    assert gone.done and "V13.34" in gone.state.resolution
    assert not any(e.rule == "V13.702" for e in gone.log.events)  # no Pursuit
    won = battle(c, answers=base, faces=[1, 1])
    won.answer({"mark": "ff", "status": "destroyed"})
    saved = won.saved()
    follow = [r for r in saved.battle_hexes if r.at == AT and not r.resolved]
    assert len(follow) == 1 and follow[0].kind == "base"  # V13.37: the battle at the carrier follows


def test_rear_guard_battle_v13_731_to_v13_735():
    from rules.systems.v13.procedure import BattleProcedure
    from rules.dice import ScriptedDice

    b = fight(red=[unit("r1"), unit("r2"), unit("r3")], red_at=("2140", "2141", "2142"))
    for r in ("r1", "r2", "r3"):
        b.answer({"declare": r})
        b.answer(False)
    b.answer(True)
    b.answer(["b1"])
    b.answer(["r1"])  # the Rear Guard
    saved = b.saved()
    rg = next(r for r in saved.battle_hexes if r.kind == "rear_guard")
    assert (rg.attacker, rg.defender, set(rg.participants)) == ("blue", "red", {"b1", "r1"})
    assert rg.pursuit == {"force": ["b1"], "pursued": ["r2", "r3"], "rear": ["r1"]}
    setup = [30, 30, place("r1", "2103", "D", speed=27), place("b1", "2140", "A", speed=5), "2115"]
    nb = BattleProcedure(saved, AT, answers=setup, dice=lambda _s: ScriptedDice([3, 3]))
    assert nb.state.ws == {"blue": 3, "red": 3} and nb.state.units["r1"].speed == 27  # V13.732
    assert set(nb.state.units) == {"b1", "r1"}
    with pytest.raises(IllegalAnswer, match="V13.733"):
        nb.answer({"declare": "r1"})  # (b) the Rear Guard may not retreat yet
    with pytest.raises(IllegalAnswer, match="V13.733"):
        nb.answer({"move": "b1", "to": "2145", "facing": "D"})  # (a) nor the Pursuit Force disengage
    nb.answer({"clock": 320})  # ten turns
    assert nb.state.ended and "ten tactical turns" in nb.state.end_reason
    roll = next(e for e in nb.log.events if e.kind == "roll" and e.rule == "V13.741")
    assert roll.data["total"] == 3 + 3 + 10  # +10 for ten turns against the Rear Guard (V13.744); 1 against 3
    assert any(e.rule == "V13.747" for e in nb.log.events) and nb.done  # 16: the pursuit fails


def test_the_evasion_choice_of_a_native_sublight_unit_shows_its_certain_routing_v13_921():
    b = fight(red=[unit("r1", native_sublight=True), unit("r2")], red_at=("2140", "2141"))
    b.answer({"declare": "r1"})
    b.answer(True)
    assert b.pending.data["odds"] == "sub-light evasion: awaits a friendly warp-capable unit (V13.921), certain"


def test_an_out_of_supply_unit_is_told_the_gm_may_deny_methods_v13_512():
    """V13.512: "Unless constrained (perhaps by being Out of Supply [V2.40]), a unit may disengage
    by any of the methods"; V2.40 is not in the seeds, so the question says so and denies none."""
    b = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"))
    b.answer({"declare": "r1"})
    b.answer(True)
    assert "R1 is Out of Supply: the GM may deny it one or more methods (V13.512" in b.pending.text
    assert set(b.pending.options) == {"acceleration", "separation", "sub-light evasion"}
    supplied = fight(red=[unit("r1"), unit("r2")], red_at=("2140", "2141"),
                     sectors={"0304": {"owner": "klingon", "supply_point": True}})
    supplied.answer({"declare": "r1"})
    supplied.answer(True)
    assert "Out of Supply" not in supplied.pending.text
