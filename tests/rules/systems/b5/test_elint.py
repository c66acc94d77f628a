"""b5 ELINT as engine steps (seed 003 ELINT Abilities): orders given in secret with the plots,
one level each (jam command 1 a ship, 2 a squadron commander, 4 the flagship); offensive support
+1 sensor at an enemy squadron within 20 hexes commander to commander; defensive support +1 Def,
never jammed; fire-control jamming one range bracket further within 25 hexes; jamming enemy
ELINT a level a level within 35; a jammed command network out of command for the turn within 15
hexes, the jammer then fired at without the bypass penalty."""
from __future__ import annotations

import json

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model import io
from rules.strategic import build_graph
from rules.strategic.turn import end_movement
from rules.systems.b5 import elint
from rules.systems.b5.battle import B5Battle
from tests.rules.systems.b5.helpers import b5
from tests.rules.systems.b5.test_firing import LASER
from tests.rules.systems.b5.test_pulses import ruled
from tests.rules.systems.v13.helpers import AT, duel


def fight(blue_elint: str = "none", red_elint: str = "none", red_at: str = "3530", faces=(1,) * 40, behind: str = "",
          **b_f2):
    """Blue: B-FLAG (laser) and B-F2 (laser, ELINT 3) at 1030 / 1031; Red: R-FLAG (laser) and R-F2
    (laser, ELINT 2) at ``red_at`` and the hex below (or ``behind``); turn 1 plotted (Blue 2/1/2, Red 3/2/3) with
    each side's ELINT orders; the GM asked whether a ship fires in pulse 1."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER]),
            b5("b-f2", "bflag", weapons=[LASER], **dict({"elint": 3}, **b_f2))]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER]),
           b5("r-f2", "rflag", weapons=[LASER], elint=2)]
    below = red_at[:2] + f"{int(red_at[2:]) + 1:02d}"
    return _started(blue, red, faces, [ruled(red_at, "F"), ruled(behind or below, "F"), "plot and move", "FF F FF",
                                       blue_elint, "FFF FF FFF", red_elint])


def _started(blue, red, faces, answers: list) -> B5Battle:
    """A b5 duel of ``blue`` and ``red`` on the dice ``faces``: Blue set up at 1030 / 1031, then ``answers``."""
    c = duel(blue, red)
    data = json.loads(io.dumps(c))
    data.setdefault("settings", {})["battle_system"] = "b5"
    data["settings"].setdefault("b5", {}).setdefault("declared_fire", False)  # written for shot-by-shot fire
    c = type(c).model_validate(data)
    run = B5Battle(end_movement(c, build_graph(c)).campaign, AT, dice=lambda _seed: ScriptedDice(list(faces)))
    for a in ["meeting engagement", "skirmish", "none", 5, 8, {"at": "1030", "facing": "C"}, "1031", *answers]:
        run.answer(a)
    return run


def odds(run, firer="b-flag", target="R-FLAG") -> str:
    for a in ("fire", firer, "Laser"):
        run.answer(a)
    return run.question_odds()[target]


def need(text: str) -> int:
    return int(text.split(" needs ")[1].split("+")[0])


def test_the_orders_are_a_secret_question_to_the_side_with_the_plots():
    run = fight(blue_elint="offensive")
    given = next(e for e in run.log.events if e.kind == "answer" and e.data["key"] == "b5/1/elint/b-f2")
    assert given.data["by"] == run.engine.units["b-f2"].team and given.visible_to == ("blue", "gm")  # secret
    keys = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert keys.index("b5/1/plot/b-flag") < keys.index("b5/1/elint/b-f2") < keys.index("b5/1/plot/r-flag")
    last = max(i for i, e in enumerate(run.log.events) if e.kind == "answer")
    assert next(i for i, e in enumerate(run.log.events) if e.text == "B-F2's ELINT: offensive") > last  # revealed
    assert run.engine.elint["b-f2"] == (elint.Order("b-f2", elint.OFFENSIVE),) and run.engine.elint["r-f2"] == ()


def test_offensive_support_adds_one_to_the_squadrons_sensors_within_20_hexes():
    plain, helped = odds(fight()), odds(fight(blue_elint="offensive"))
    assert need(helped) == need(plain) - 1, (plain, helped)
    assert "B-F2's ELINT: offensive" in [e.text for e in fight(blue_elint="offensive").log.events]


def test_no_offensive_support_beyond_20_hexes_commander_to_commander():
    plain, helped = odds(fight(red_at="4530")), odds(fight(blue_elint="offensive", red_at="4530"))
    assert need(helped) == need(plain), (plain, helped)


def test_defensive_support_adds_one_to_the_squadrons_def():
    plain, guarded = odds(fight()), odds(fight(red_elint="defensive"))
    assert need(guarded) == need(plain) + 1, (plain, guarded)


def test_fire_control_jamming_moves_the_range_one_bracket_further():
    plain, jammed = odds(fight()), odds(fight(red_elint="jam fire control B-FLAG"))
    bands = ("short", "medium", "long", "extreme")
    assert bands.index(jammed.split(" range")[0]) == bands.index(plain.split(" range")[0]) + 1, (plain, jammed)


def test_jamming_enemy_elint_cancels_its_last_order_but_never_defensive_support():
    run = fight(blue_elint="defensive; offensive", red_elint="jam elint B-F2")
    texts = [e.text for e in run.log.events]
    assert "B-F2's ELINT: offensive: jammed, fails" in texts and "B-F2's ELINT: defensive" in texts
    assert [o.ability for o in run.engine.elint["b-f2"]] == ["defensive"]
    run = fight(blue_elint="offensive; defensive", red_elint="jam elint B-F2")
    assert [o.ability for o in run.engine.elint["b-f2"]] == ["defensive"]  # defensive support cannot be jammed


def test_jamming_a_ship_out_of_its_command_network_within_15_hexes():
    run = fight(blue_elint="jam command R-F2", red_at="2230")  # 12 hexes off
    assert "out of command this turn (command network jammed): R-F2" in [e.text for e in run.log.events]
    assert "r-f2" in run.engine.out_of_command
    far = fight(blue_elint="jam command R-F2")  # 25 hexes off
    assert "B-F2's ELINT: jam command R-F2: beyond 15 hexes, fails" in [e.text for e in far.log.events]
    assert "r-f2" not in far.engine.out_of_command


def test_more_levels_than_the_ship_has_are_refused_naming_the_rule():
    with pytest.raises(IllegalAnswer) as e:
        fight(blue_elint="offensive; defensive; jam elint R-F2; jam fire control R-FLAG")
    assert e.value.rule == elint.RULE and "has 3 ELINT levels, not the 4 these orders need" in str(e.value)
    with pytest.raises(IllegalAnswer) as e:
        fight(blue_elint="jam command R-FLAG")
    assert "not the 4 these orders need" in str(e.value)
    with pytest.raises(IllegalAnswer) as e:
        fight(blue_elint="cloak")
    assert "an order is one of offensive, defensive" in str(e.value)


def test_a_lit_jammer_is_fired_at_without_the_bypass_penalty():
    """R-F2 jams B-F2's network: R-F2 (behind R-FLAG from B-FLAG) is fired at without the -1."""
    plain = odds(fight(red_at="2230", behind="2430"), target="R-F2")
    lit = odds(fight(red_elint="jam command B-F2", red_at="2230", behind="2430"), target="R-F2")
    assert need(lit) == need(plain) - 1, (plain, lit)


def test_undo_at_the_elint_orders_replays_nothing_and_gives_a_full_replays_bytes(monkeypatch):
    from rules.systems import start
    from tests.rules.systems.b5.helpers import b5_campaign
    from tests.rules.systems.b5.test_marking import seeded, undo_everywhere

    c = start(b5_campaign(4, armed=True, elint=1), AT).saved()
    run = seeded(c, 6)
    asked = [e.data["key"] for e in run.log.events if e.kind == "question"]
    assert sum("/elint/" in k for k in asked) >= 6, asked
    undo_everywhere(c, list(run.answers), monkeypatch)


def priority(blue_elint: str, admiral: bool = True, b2_at: str = "2030"):
    """Blue's flag squadron (B-FLAG, the admiral, maybe with ELINT Priority Support; B-F2 with
    ELINT 3) and squadron b2 (B-C2, laser) at ``b2_at``; Red at 3530; B-C2 asked to fire."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True,
               abilities=["elint priority support"] if admiral else []),
            b5("b-f2", "bflag", elint=3), b5("b-c2", "b2", command=True, weapons=[LASER])]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER]), b5("r-f2", "rflag")]
    return _started(blue, red, [1] * 20, [ruled("3530", "F"), ruled("3531", "F"), ruled(b2_at, "C"), "plot and move",
                                          "FF F FF", "FF F FF", blue_elint, "FFF FF FFF"])


def test_elint_priority_support_lends_a_flag_squadron_ships_support_to_another_squadron():
    """The Fleet Admiral orders B-F2 (flag squadron) to support squadron b2, whose command ship is
    within 15 hexes of the flagship: B-C2's laser needs one less (offensive support)."""
    plain, helped = odds(priority("none"), firer="b-c2"), odds(priority("offensive for b2"), firer="b-c2")
    assert need(helped) == need(plain) - 1, (plain, helped)
    texts = [e.text for e in priority("offensive for b2").log.events]
    assert "B-F2's ELINT: offensive for squadron b2 (ELINT Priority Support)" in texts
    far = priority("offensive for b2", b2_at="2630")  # 16 hexes from the flagship
    assert any(t.endswith("beyond 15 hexes of the flagship, or the admiral has used an ability this turn: fails")
               for t in (e.text for e in far.log.events))
    assert need(odds(far, firer="b-c2")) == need(odds(priority("none", b2_at="2630"), firer="b-c2"))
    with pytest.raises(IllegalAnswer) as e:
        priority("offensive for b2", admiral=False)
    assert "needs the fleet admiral's ELINT Priority Support" in str(e.value)


def pooled(flag_orders: str, f2_orders: str, red_at: str = "2230", faces=(1,) * 40, **b_f2):
    """As :func:`fight`, but B-FLAG has ELINT 1 (asked first) beside B-F2's 3."""
    blue = [b5("b-flag", "bflag", "capital", command=True, flagship=True, weapons=[LASER], elint=1),
            b5("b-f2", "bflag", weapons=[LASER], **dict({"elint": 3}, **b_f2))]
    red = [b5("r-flag", "rflag", "capital", command=True, flagship=True, weapons=[LASER]),
           b5("r-f2", "rflag", weapons=[LASER], elint=2)]
    below = red_at[:2] + f"{int(red_at[2:]) + 1:02d}"
    return _started(blue, red, faces, [ruled(red_at, "F"), ruled(below, "F"), "plot and move", "FF F FF", flag_orders,
                                       f2_orders, "FFF FF FFF", "none"])


def test_several_ships_pool_their_levels_for_one_order():
    """ELINT Abilities: "it is possible to utilize several ELINT ships whose levels are less
    individually but combine to meet the level requirements": B-FLAG (1) and B-F2 (3) jam the
    enemy flagship's network (4 levels), ``with`` naming the ships that lend the rest."""
    run = pooled("jam command R-FLAG with B-F2", "none")
    texts = [e.text for e in run.log.events]
    assert "B-FLAG's ELINT: jam command R-FLAG (4 levels, 3 of them lent by B-F2)" in texts
    assert {"r-flag", "r-f2"} <= run.engine.out_of_command  # the flagship jammed: the whole fleet
    with pytest.raises(IllegalAnswer, match="B-F2 has 3 ELINT levels, 3 lent to other orders: not the 1"):
        pooled("jam command R-FLAG with B-F2", "offensive")  # its levels are spent on B-FLAG's order
    run = pooled("none", "jam command R-FLAG with B-FLAG")  # the other way round: B-FLAG already asked
    assert "B-F2's ELINT: jam command R-FLAG (4 levels, 1 of them lent by B-FLAG)" in [e.text for e in run.log.events]
    with pytest.raises(IllegalAnswer, match="B-FLAG has no ELINT level free for jam command"):
        pooled("offensive", "jam command R-FLAG with B-FLAG")  # B-FLAG's one level already given
    with pytest.raises(IllegalAnswer, match="not the 4 these orders need"):
        pooled("jam command R-FLAG", "none")  # alone it has 1
    with pytest.raises(IllegalAnswer, match="is no other ELINT ship of Blue"):
        pooled("jam command R-FLAG with R-F2", "none")


SENSOR_HIT = [8, 1, 9, 3]
"""R-FLAG's Laser (x2) at B-F2: d8 8 + sensor 5 hits (needs 11), 1 misses; damage 9 on armor 4 severe,
odd: a primary system; the second die 3, odd: the sensors (one box, from the right)."""


def test_each_s_box_marked_loses_an_elint_level_and_the_last_orders_fail():
    """Damage to the ELINT Systems: B-F2 (sensor 5, ELINT 3, an 'S' in box 5) has its sensor box 5
    marked: ELINT 2; of its three orders the last given fails, and next turn 3 levels are refused."""
    run = fight(blue_elint="offensive; jam elint R-F2; jam fire control R-F2", faces=SENSOR_HIT + [1] * 40,
                elint_boxes=[5])
    for a in ("fire", "r-flag", "Laser", "b-f2"):
        run.answer(a)
    texts = [e.text for e in run.log.events]
    assert "B-F2: an 'S' box of its sensor track marked: ELINT level 2 now (of 3)" in texts
    assert "B-F2's ELINT: jam fire control R-F2: fails (B-F2 has 2 ELINT levels left)" in texts
    assert [o.ability for o in run.engine.elint["b-f2"]] == [elint.OFFENSIVE, elint.JAM_ELINT]
    assert (run.engine.data("b-f2").sensor, run.engine.data("b-f2").elint) == (4, 2)
    from rules.systems.b5 import damage
    base = run.engine.units["b-f2"].unit.b5
    assert damage.summary(base, run.engine.hits["b-f2"], 2) == "structure 10 of 12, sensor 4, ELINT 2 of 3"
    for a in ("done", "done", "done", [], "plot and move", "FF F FF"):
        run.answer(a)
    assert run.pending.key == "b5/2/elint/b-f2" and "(2 levels; in secret)" in run.pending.text
    with pytest.raises(IllegalAnswer, match="B-F2 has 2 ELINT levels, not the 3 these orders need"):
        run.answer("offensive; jam elint R-F2; jam fire control R-F2")
    run.answer("offensive; jam elint R-F2")


def test_a_sensor_box_without_an_s_keeps_the_elint_level():
    """Without 'S' places in the unit data, B-F2's 3 levels sit in boxes 2, 3 and 4 of its 5 (spread
    like the grey boxes): the first sensor hit (box 5) costs no level, the second (box 4) one."""
    run = fight(blue_elint="offensive; jam elint R-F2; jam fire control R-F2", faces=SENSOR_HIT * 2 + [1] * 40)
    for a in ("fire", "r-flag", "Laser", "b-f2"):
        run.answer(a)
    assert run.engine.data("b-f2").elint == 3 and len(run.engine.elint["b-f2"]) == 3
    assert not [e for e in run.log.events if "'S' box" in e.text]
    for a in ("fire", "r-f2", "Laser", "b-f2"):
        run.answer(a)
    assert (run.engine.data("b-f2").sensor, run.engine.data("b-f2").elint) == (3, 2)
    assert "B-F2: an 'S' box of its sensor track marked: ELINT level 2 now (of 3)" in [e.text for e in run.log.events]


def test_the_s_boxes_and_the_levels_lost_on_the_track():
    from rules.systems.b5 import damage
    from tests.rules.systems.b5.helpers import ship
    spread = ship(sensor=5, elint=3)
    assert damage.elint_boxes(spread) == [2, 3, 4]
    assert [damage.elint_lost(spread, n) for n in range(6)] == [0, 0, 1, 2, 3, 3]
    placed = ship(sensor=6, elint=2, elint_boxes=[6, 4])
    assert [damage.elint_lost(placed, n) for n in range(7)] == [0, 1, 1, 2, 2, 2, 2]
    assert damage.effective(placed, {"sensor": 3}).elint == 0 and damage.effective(placed, {"sensor": 1}).elint == 1



def test_levels_lent_and_lost_to_damage_fail_the_pooled_order():
    """B-F2 (ELINT 3, an 'S' in box 5) lends its 3 levels to B-FLAG's jam of the enemy flagship's
    network; R-FLAG, out of command, marks B-F2's sensor box 5: B-F2 has 2 levels, not the 3 it lends,
    so the jam fails and the enemy fleet is back in command."""
    run = pooled("jam command R-FLAG with B-F2", "none", faces=[8, 9, 3] + [1] * 40, elint_boxes=[5])
    for a in ("done", "fire", "r-flag", "Laser", "b-f2"):  # Blue has no shot; R-FLAG fires late, at x1
        run.answer(a)
    texts = [e.text for e in run.log.events]
    assert "B-F2: an 'S' box of its sensor track marked: ELINT level 2 now (of 3)" in texts
    assert ("B-FLAG's ELINT: jam command R-FLAG (4 levels, 3 of them lent by B-F2): fails (B-F2 has 2 ELINT "
            "levels left): back in command: R-FLAG, R-F2") in texts
    assert run.engine.elint["b-flag"] == () and not {"r-flag", "r-f2"} & run.engine.out_of_command


def test_the_orders_read_word_by_word_and_each_refusal_names_the_rule():
    """elint.read, as the question's check: empty parts and 'none' skipped (not the end of the orders),
    ships by id or name in any case, two ships for fire control split at ','; the refusals say why."""
    run = fight()
    e = run.engine
    e.units["r-f2"].unit.name = "Fang"  # a name unlike its id: both read
    read = lambda a: elint.read(e, "b-f2", a)  # noqa: E731
    assert read("none; ; defensive") == (elint.Order("b-f2", elint.DEFENSIVE),)
    assert read("jam fire control R-FLAG, fang") == (elint.Order("b-f2", elint.JAM_FC, ("r-flag", "r-f2")),)
    assert read("jam elint R-f2")[0].targets == ("r-f2",) and read("jam elint FANG")[0].targets == ("r-f2",)
    refusals = {5: "ELINT orders such as \"offensive; jam fire control SHIP, SHIP\", not 5",
                "jam elint Pride": "'pride' is no enemy ship on the board",
                "fly": "an order is one of offensive, defensive, jam fire control, jam elint, jam command (with its "
                       "ships), not 'fly'",
                "jam elint": "jam elint names the enemy ship it jams",
                "jam fire control": "jam fire control names the enemy ships it jams",
                "jam command": "jam command names the enemy ship it jams",
                "jam elint r-flag": "R-FLAG has no ELINT to jam",
                "jam elint fang, r-flag": "one level of jam elint jams one ship, not 2",
                "jam fire control fang, r-flag, fang": "one level of jam fire control jams two ships, not 3",
                "jam elint fang with fang with fang": "'fang with fang' is no other ELINT ship of Blue on the board "
                                                      "(or named twice)"}
    for answer, why in refusals.items():
        with pytest.raises(IllegalAnswer) as no:
            read(answer)
        assert no.value.rule == elint.RULE and why in str(no.value), (answer, str(no.value))


def test_an_order_pooled_from_its_first_word_and_its_words_in_the_log():
    """"offensive with B-FLAG" after B-F2's three levels are given: the pool named right after the ability
    (nothing between), B-FLAG lending the one level."""
    run = pooled("none", "jam elint R-F2")
    got = elint.read(run.engine, "b-f2", "defensive; jam elint R-F2; jam fire control R-FLAG; offensive with B-FLAG")
    assert got[-1] == elint.Order("b-f2", elint.OFFENSIVE, (), 1, "", (("b-flag", 1),)), got
    said = [(ev.kind, ev.rule, ev.text, ev.data) for ev in run.log.events if ev.rule == elint.RULE]
    assert ("ruling", elint.RULE, "B-F2's ELINT: jam elint R-F2", {"unit": "b-f2"}) in said, said


def _elint_rulings_told_right(run) -> list[str]:
    """Every ELINT ruling of ``run``: kind 'ruling', the ELINT rule, the unit it is about in its data."""
    names = {u.unit.name: x for x, u in run.engine.units.items()}
    texts = []
    for ev in run.log.events:
        if "'s ELINT: " in ev.text or "'S' box" in ev.text or ev.text.startswith("out of command this turn"):
            about = ev.text.split("'s ELINT: ")[0] if "'s ELINT: " in ev.text else ev.text.split(":")[0] \
                if "'S' box" in ev.text else ev.text.rsplit(": ", 1)[1].split(", ")[0]
            assert (ev.kind, ev.rule, ev.data) == ("ruling", elint.RULE, {"unit": names[about]}), ev
            texts.append(ev.text)
    return texts


def test_each_elint_ruling_is_a_ruling_of_the_elint_rule_about_its_ship():
    told = _elint_rulings_told_right(fight(blue_elint="defensive; offensive", red_elint="jam elint B-F2"))
    assert "B-F2's ELINT: offensive: jammed, fails" in told and "R-F2's ELINT: jam elint B-F2" in told
    assert "out of command this turn (command network jammed): R-F2" in _elint_rulings_told_right(
        fight(blue_elint="jam command R-F2", red_at="2230"))
    assert "B-F2's ELINT: jam command R-F2: beyond 15 hexes, fails" in _elint_rulings_told_right(
        fight(blue_elint="jam command R-F2"))
    assert any(t.endswith("of the flagship, or the admiral has used an ability this turn: fails")
               for t in _elint_rulings_told_right(priority("offensive for b2", b2_at="2630")))
    assert "B-F2's ELINT: jam fire control R-FLAG, R-F2" in _elint_rulings_told_right(
        fight(blue_elint="jam fire control R-FLAG, R-F2"))
    run = fight(blue_elint="offensive; jam elint R-F2; jam fire control R-F2", faces=SENSOR_HIT + [1] * 40,
                elint_boxes=[5])
    for a in ("fire", "r-flag", "Laser", "b-f2"):
        run.answer(a)
    told = _elint_rulings_told_right(run)
    assert "B-F2: an 'S' box of its sensor track marked: ELINT level 2 now (of 3)" in told
    assert "B-F2's ELINT: jam fire control R-F2: fails (B-F2 has 2 ELINT levels left)" in told


def test_each_jam_level_cuts_exactly_one_order_from_the_last_given():
    orders = "offensive; defensive; jam fire control R-FLAG"
    one = fight(blue_elint=orders, red_elint="jam elint B-F2")
    assert [o.ability for o in one.engine.elint["b-f2"]] == [elint.OFFENSIVE, elint.DEFENSIVE]
    two = fight(blue_elint=orders, red_elint="jam elint B-F2; jam elint B-F2")
    assert [o.ability for o in two.engine.elint["b-f2"]] == [elint.DEFENSIVE]


def test_pooling_and_priority_support_refusals_in_full():
    """B-F2 (3 levels) pools with B-FLAG (1, renamed Pride: named by id or name); each refusal's words."""
    run = pooled("none", "none")
    e = run.engine
    e.units["b-flag"].unit.name = "Pride"
    read = lambda a: elint.read(e, "b-f2", a)  # noqa: E731
    for pool in ("pride", "B-FLAG"):
        assert read(f"jam command R-FLAG with {pool}")[0].lent == (("b-flag", 1),)
    refusals = {
        "jam command R-FLAG with pride, pride": "'pride' is no other ELINT ship of Blue on the board (or named twice)",
        "jam command R-FLAG with r-f2": "'r-f2' is no other ELINT ship of Blue on the board (or named twice)",
        "offensive; jam command R-FLAG with pride": "jam command needs 4 levels: not enough between B-F2 and Pride",
        "jam elint R-F2 with pride": "Pride has no ELINT level free for jam elint: B-F2 pays all 1 itself"}
    for answer, why in refusals.items():
        with pytest.raises(IllegalAnswer) as no:
            read(answer)
        assert str(no.value) == f"{elint.RULE}: {why}", (answer, str(no.value))
    run = priority("none")
    with pytest.raises(IllegalAnswer) as no:
        elint.read(run.engine, "b-f2", "offensive for bflag")
    assert str(no.value) == f"{elint.RULE}: 'bflag' is no other squadron of Blue"
    with pytest.raises(IllegalAnswer) as no:
        priority("offensive for b2", admiral=False)
    assert str(no.value) == f"{elint.RULE}: support for another squadron needs the fleet admiral's ELINT Priority Support"


def test_the_orders_question_and_the_levels_a_network_jam_costs():
    from rules.battlehex.questions import QKind

    run = priority("none")
    e = run.engine
    q = elint.question(e, "b-f2")
    assert (q.key, q.kind, q.to, q.rule, q.default) == (f"b5/{e.round}/elint/b-f2", QKind.LABEL, "blue", elint.RULE,
                                                         "none")
    assert q.data == {"secret": True, "unit": "b-f2", "elint": "b-f2"}
    assert [elint._levels(e, elint.JAM_COMMAND, (x,)) for x in ("b-flag", "b-c2", "b-f2")] == [4, 2, 1]
    assert elint._levels(e, elint.JAM_ELINT, ("b-flag",)) == 1
