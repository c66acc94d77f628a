"""Repairs in the STCS procedure (issue 25, seed 002 Systems Repair, Repairing Superstructure And
Engine Damage, Repair Assistance By Tenders): a boxed system's successive attempts at 0, -1, -2, at
most -3 (a 0 always fails); superstructure on the Crew Efficiency D100; a tender's Repair Team on its
efficiency + 10, Class / 3 assists a turn; none while Bridge hits bar repairs or with no crew."""
from __future__ import annotations

from rules.systems.stcs.repairing import box_repaired
from tests.rules.systems.stcs.test_damage import hit, scripted
from tests.rules.systems.stcs.test_ramming import lands


def test_successive_attempts_on_a_boxed_system() -> None:
    assert box_repaired(5, 1, 5) and not box_repaired(6, 1, 5)
    assert box_repaired(6, 2, 5) and box_repaired(7, 3, 5)
    assert box_repaired(8, 4, 5) and box_repaired(8, 9, 5) and not box_repaired(9, 9, 5)  # at most -3
    assert not box_repaired(10, 4, 9)  # a 0 always fails


def test_the_sensors_repaired_a_box_on_the_second_attempt() -> None:
    run = scripted([6, 6])
    run.answer("hit:d7")
    run.answer("sensors")
    run.answer(12)  # 2 boxes, 2 carried
    for _ in range(2):
        run.answer("repair:d7")
        run.answer("sensors")
        run.answer("crew")
        run.answer(5)
    assert run.engine.boxes[("d7", "sensors")] == (1, 2)  # 6 fails at 0; 6 - 1 = 5 repairs
    assert "Klothos fails to repair the sensors" in run.events_json("blue")


def test_a_tenders_repair_team_rolls_on_its_efficiency_plus_10_class_5_once_a_turn() -> None:
    run = scripted([62, 63])
    hit(run, "d7", 5)
    run.answer("repair:d7")
    run.answer("superstructure")
    assert "team:bop" not in run.pending.options  # cloaked: no team beams over (the offer would tell its place)
    run = scripted([62, 63])
    run.answer("uncloak:bop")
    hit(run, "d7", 5)
    run.answer("repair:d7")
    run.answer("superstructure")
    assert "team:bop" not in run.pending.options  # the shields along the line are up (Shield Control)
    run = scripted([62, 63])
    for a in ("uncloak:bop", "shields:bop", "toward:d7", "shields:d7", "toward:bop"):
        run.answer(a)
    hit(run, "d7", 5)
    run.answer("repair:d7")
    run.answer("superstructure")
    assert "team:bop" in run.pending.options  # the Bird of Prey, Class V, 2 hexes off: 1 assist a turn
    run.answer("team:bop")  # 52 + 10: 62 repairs
    assert run.engine.ss_lost["d7"] == 4
    run.answer("repair:d7")
    run.answer("superstructure")
    assert run.pending.options == ("crew",)
    run.answer("crew")  # 63 > 61 fails
    assert run.engine.ss_lost["d7"] == 4


def test_bridge_hits_bar_repairs_for_their_phases() -> None:
    run = scripted([1])
    hit(run, "d7", 5)
    run.answer("bridge:d7")
    run.answer(1)
    assert "repair:d7" not in run.pending.options
    assert run.pending.data["barred"]["Klothos repair"] == "Bridge hits bar repairs this phase"
    run.answer("next")
    run.answer("none")  # Red's secret question: no cloaked ship warps out
    assert "repair:d7" in run.pending.options


def test_the_carry_is_eliminated_when_the_equipment_is_repaired() -> None:
    run = scripted([1, 1])
    run.answer("hit:d7")
    run.answer("shield:2")
    run.answer(8)  # 1 box, 3 carried: shield 2 down
    run.answer("repair:d7")
    run.answer("shield:2")
    run.answer("crew")
    run.answer(5)  # the D10 1 repairs the box: the generator works again, its carry goes
    assert run.engine.boxes[("d7", "shield:2")] == (0, 0) and "repair:d7" not in run.pending.options


def test_repair_shuttles_two_rolls_in_the_same_hex_neither_ship_moving_that_turn() -> None:
    """Seed 002 Repair Shuttles: the Bird of Prey (Class V) joins the Klothos's hex in turn 1, so its Shuttles
    wait for turn 2; there, with a shield down on each, they make two rolls on 52 + 10 (40 repairs, 63 does
    not), then neither ship may move that turn and the tender gives no other assist that phase."""
    run = scripted([99, 40, 63])
    e = run.engine
    run.answer("uncloak:bop")
    run.answer("move:bop")
    run.answer("3")
    run.answer(next(o for o in run.pending.options if lands(e.at["bop"], o) == e.at["d7"]))
    assert e.at["bop"] == e.at["d7"]
    hit(run, "d7", 5)
    for a in ("shields:d7", "lower:1", "shields:bop", "lower:1", "repair:d7", "superstructure"):
        run.answer(a)
    assert "team:bop" in run.pending.options and "shuttles:bop" not in run.pending.options  # it moved this turn
    run.answer("crew")  # 99 fails
    while e.turn_segment() != (2, 1):
        run.answer("next")
    assert "move:bop" in run.pending.options and "move:d7" in run.pending.options
    run.answer("repair:d7")
    run.answer("superstructure")
    assert "shuttles:bop" in run.pending.options  # the same hex, neither moved this turn, a shield down on each
    run.answer("shuttles:bop")
    assert e.ss_lost["d7"] == 4
    assert "Klothos repairs one box of superstructure (by Bird of Prey's Repair Shuttles)" in run.events_json()
    assert "Klothos fails to repair superstructure (by Bird of Prey's Repair Shuttles)" in run.events_json()
    assert "move:bop" not in run.pending.options and "move:d7" not in run.pending.options
    run.answer("repair:d7")
    run.answer("superstructure")
    assert run.pending.options == ("crew",)  # one assist a phase (and Class V: one a turn)


def test_no_repair_shuttles_without_a_shield_down_on_each_ship() -> None:
    run = scripted([])
    e = run.engine
    run.answer("uncloak:bop")
    run.answer("move:bop")
    run.answer("3")
    run.answer(next(o for o in run.pending.options if lands(e.at["bop"], o) == e.at["d7"]))
    hit(run, "d7", 5)
    while e.turn_segment() != (2, 1):
        run.answer("next")
    run.answer("shields:d7")
    run.answer("lower:1")  # the Klothos only
    run.answer("repair:d7")
    run.answer("superstructure")
    assert "shuttles:bop" not in run.pending.options and "team:bop" not in run.pending.options


def test_a_bridge_hit_on_the_tender_bars_its_repair_assists() -> None:
    run = scripted([1])
    for a in ("uncloak:bop", "shields:bop", "toward:d7", "shields:d7", "toward:bop"):
        run.answer(a)
    hit(run, "d7", 5)
    run.answer("bridge:bop")
    run.answer(1)  # one Bridge hit on the Bird of Prey (D10 1: its commander unhurt)
    run.answer("repair:d7")
    run.answer("superstructure")
    assert run.pending.options == ("crew",)  # no Repair Team from a tender with a Bridge hit in effect


def test_a_class_viii_tender_gives_2_assists_a_turn_one_a_phase() -> None:
    """The seed's "Class VIII/3 gives 2.67 which becomes 2 repair assists" through the act list: the Klothos (Class
    VIII) sends its Repair Team to the Bird of Prey in segments 1 and 2 of turn 1, not twice in a phase, not a third
    time that turn, and again in turn 2."""
    from tests.rules.systems.stcs.test_battle import end_segment

    run = scripted([10] * 8)  # every roll repairs (the Klothos's 61 + 10)
    for a in ("uncloak:bop", "shields:bop", "toward:d7", "shields:d7", "toward:bop"):
        run.answer(a)
    hit(run, "bop", 10)  # ten boxes: more than the six repairs below

    def helpers() -> tuple[str, ...]:
        run.answer("repair:bop")
        run.answer("superstructure")
        return run.pending.options

    for segment in (1, 2):
        assert "team:d7" in helpers()
        assert "0 of 2 assists" in run.pending.data["option_words"]["team:d7"] if segment == 1 else \
            "1 of 2 assists" in run.pending.data["option_words"]["team:d7"]
        run.answer("team:d7")
        assert helpers() == ("crew",)  # no more than one repair assist a phase
        run.answer("crew")
        end_segment(run)
    assert helpers() == ("crew",)  # turn 1, segment 3: both assists used
    run.answer("crew")
    end_segment(run)
    assert run.status().stage == "turn 2, segment 1" and "team:d7" in helpers()
