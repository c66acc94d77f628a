"""Seed 002's Shipboard Melee Combat (issue 25): the Melee Combat Table, the strength modifiers rounded
1/2 up, odds rounded in the defender's favour, losses of at least 1, morale, and a melee phase fought
aboard the boarded Klothos through the act list."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.systems.stcs.battle import STCSBattle
from rules.systems.stcs.melee import TABLE, column, holds, losses, morale_score, strength
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_firing import ARRIVAL
from tests.rules.systems.stcs.test_shieldcontrol import lower
from tests.rules.systems.stcs.test_transporters import boarded
from tests.rules.systems.v13.helpers import AT


def test_the_melee_combat_table_corners() -> None:
    assert TABLE[1][0] == (50, 0) and TABLE[1][11] == (10, 0)
    assert TABLE[10][0] == (0, 10) and TABLE[10][11] == (5, 50) and TABLE[9][5] == (0, 15)


@pytest.mark.parametrize(("a", "d", "col"), [(1, 6, -1), (1, 5, 0), (7, 10, 4), (2, 3, 4), (1, 1, 5), (6, 1, 11),
                                             (13, 2, None), (5, 0, None)])
def test_odds_are_rounded_in_the_defenders_favour(a: int, d: int, col: int | None) -> None:
    assert column(a, d) == col


def test_strength_modifiers_round_half_up() -> None:
    assert strength(5, 57, False, False, False, False) == 5  # 4.5
    assert strength(10, 95, True, False, True, True) == 8  # 10 x 1.2 x 1.1 x 0.9 x 0.8 x 0.8 = 7.6
    assert strength(10, 44, False, True, False, False) == 8


def test_losses_are_at_least_one_person() -> None:
    assert losses(72, 5) == 3 and losses(10, 5) == 1 and losses(10, 0) == 0 and losses(0, 5) == 0


def test_morale() -> None:
    assert morale_score(57, False, False, False, False, False) == 6
    assert morale_score(95, True, True, False, True, False) == 10
    assert morale_score(40, False, False, True, False, True) == 2
    assert holds(2, 1) and not holds(2, 3) and holds(6, 6)


def test_a_melee_phase_aboard_the_klothos() -> None:
    run = boarded(100, [5, 7, 9])  # the melee's D10 5; the boarders' morale 7, the defenders' 9
    run.answer("next")
    run.answer("none")  # no cloaked warp out
    assert "melee:d7" in run.pending.options
    run.answer("melee:d7")
    assert run.pending.high == 86  # 20% of the Klothos' 430
    run.answer(86)
    run.answer("no")  # not cut off
    assert run.pending.to == "blue" and run.pending.data["secret"]  # c: each side, in secret
    run.answer("stay")
    run.answer("stay")
    log = run.events_json()
    assert ("at 2/3 (strength 72 against 95): each D10 face 10%, boarders / defenders lost: 1 20/0%, 2 15/5%, 3 "
            "10/0%, 4 10/5%, 5 5/0%, 6 0/0%, 7 0/5%, 8 5/10%, 9 5/15%, 0 5/20%") in log  # the odds before the die
    # boarders 100 x 0.9 (not own ship) x 0.8 (first phase) = 72; defenders 86 x 1.1 (Klingon) = 94.6 -> 95
    assert ("melee aboard Klothos: strength 72 against 95, odds 2/3, D10 5: boarders lose 5% (5), defenders 0% "
            "(0); 95 boarders, 86 defenders left") in log
    assert "the boarders' morale fails (7 over 6): Shaken" in log
    assert "defenders' morale fails" not in log  # 6 + 1 own ship + 1 Klingon + 1 reinforced = 9
    run.answer("no")  # no power shut-down attempt
    assert run.engine.contact.melees["d7"].morale == ("Shaken", "Good")
    assert "melee:d7" not in run.pending.options  # one melee phase a segment


def test_even_odds_read_as_the_tables_1_1() -> None:
    run = boarded(100, [1, 1, 1])  # the melee's D10 1, both morale rolls 1
    run.answer("next")
    run.answer("none")
    run.answer("melee:d7")
    run.answer(65)  # 72 against 65 x 1.1 = 71.5 -> 72: odds 1/1
    for a in ("no", "stay", "stay"):
        run.answer(a)
    assert "strength 72 against 72, odds 1/1, D10 1: boarders lose 20% (20), defenders 0% (0)" in run.events_json()


def test_cut_off_boarders_lose_1_on_their_morale() -> None:
    run = boarded(100, [5, 6, 9])  # the melee's D10 5; the boarders' morale 6 (over 6 - 1), the defenders' 9
    run.answer("next")
    run.answer("none")
    run.answer("melee:d7")
    run.answer(86)
    for a in ("yes", "stay", "stay"):
        run.answer(a)
    assert "the boarders' morale fails (6 over 5): Shaken" in run.events_json()


def test_the_ships_damage_since_the_last_phase_hurts_both_sides_first() -> None:
    run = boarded(100, [99, 5, 1, 1])  # the Klothos' crew hit: its efficiency roll 99 fails (20%)
    for a in ("crew:d7", "other", 5, 4):
        run.answer(a)
    run.answer("next")
    run.answer("none")
    run.answer("melee:d7")
    assert "damage to Klothos since the last melee phase (20% casualties): the boarders lose 20, the defenders 0" \
        in run.events_json()
    assert run.engine.contact.melees["d7"].attackers == 80


@pytest.mark.parametrize(("blue", "red", "taken"), [("withdraw", "stay", False), ("stay", "withdraw", True)])
def test_a_side_that_withdraws_ends_the_melee(blue: str, red: str, taken: bool) -> None:
    run = boarded(100)
    run.answer("next")
    run.answer("none")
    run.answer("melee:d7")
    for a in (86, "no", blue, red):
        run.answer(a)
    e = run.engine
    assert e.contact.melees == {} and ("d7" in e.contact.captured) is taken
    side = "boarders" if blue == "withdraw" else "defenders"
    assert f"the {side} withdraw from Klothos: {5 if side == 'boarders' else 4} lost on the way" in run.events_json()
    other = run.events_json("red" if blue == "withdraw" else "blue")
    assert '"answer": "withdraw"' not in other  # each side's choice is its own (the withdrawal itself is seen)


def defended(party: int, hits: tuple[tuple[int, int], ...] = (), faces: list[int] | None = None) -> STCSBattle:
    """The Klothos allocates boarding parties of ``party`` of its crew (Red's secret), the Lexington warps in 4
    hexes off, the crew ``hits`` on the Klothos (each efficiency roll 99 fails), 100 of the Lexington's crew board
    it, and the next segment's melee phase asks how many of the Klothos' crew join."""
    run = STCSBattle(stcs_campaign(), AT, dice=lambda _seed: ScriptedDice(ARRIVAL + [99] * len(hits) + (faces or [])))
    for a in ("sublight", ["lexington"], "power:d7", f"movement 4, shields 1/1/1/1/1/1, weapons 4, boarding {party}",
              "warpin:lexington", "4,0", "2"):
        run.answer(a)
    for points, rate in hits:
        for a in ("crew:d7", "other", points, rate):
            run.answer(a)
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    for a in ("beam:lexington", "board:d7", 100, "next", "none", "melee:d7"):
        run.answer(a)
    assert run.pending.key.endswith("/melee/d7/defenders")
    return run


@pytest.mark.parametrize("party", [0, 20, 387])
def test_the_boarded_ships_waiting_party_may_defend_it_within_the_20_percent(party: int) -> None:
    """Shipboard Melee Combat: "A boarded ship may add up to 20% of its original crew strength ... to a melee in each
    Melee Phase": the Klothos' party waiting in its transporter rooms is its crew aboard (Boarding Operations) and
    may join, within the same 20% (86 of 430) as its crew at their stations: 86 taken, 87 refused. The 387 waiting
    left 43 at their stations: only 43 could join before. Those waiting join first, already off the track."""
    run = defended(party)
    assert run.pending.high == 86
    with pytest.raises(IllegalAnswer, match="0-86"):
        run.answer(87)
    run.answer(86)
    e = run.engine
    assert e.contact.melees["d7"].defenders == 86
    assert e.contact.parties.waiting.get("d7", 0) == max(0, party - 86)
    assert e.casualties["d7"] == -(-max(party, 86) * 100 // 430)  # the persons off their stations, rounded up


def test_defenders_from_the_waiting_party_taken_back_are_at_their_stations_the_turn_after() -> None:
    """Those drawn from the party waiting leave the melee for the transporter rooms: removed from a boarding party,
    back on the track in the next turn's Power Allocation Phase (Boarding Operations), not at once as those from the
    stations; logged for Red alone."""
    run = defended(387, faces=[5, 7, 9])
    for a in (86, "no", "stay", "stay", "no", "next", "none", "melee:d7"):
        run.answer(a)
    assert run.pending.low == -86
    run.answer(-86)
    e = run.engine
    assert e.contact.melees["d7"].defenders == 0 and e.casualties["d7"] == 90
    assert e.contact.parties.back == [(2, "d7", 86)] and e.contact.parties.waiting["d7"] == 301
    line = "86 of Klothos' crew leave the melee for the transporter rooms (back at their stations in turn 2)"
    assert line in run.events_json("red") and line not in run.events_json("blue")
    assert [(v.kind, v.rule, v.data) for v in run.log.events if v.text == line] == [
        ("ruling", "STCS Boarding Operations", {"unit": "d7"})]


def test_defenders_from_the_party_who_withdraw_are_gone_from_the_ship() -> None:
    """Both sides withdraw: the Klothos' 86 defenders drawn from its party beamed off (5% lost on the way): they are
    not back at its stations (its track keeps charging them), nor due back."""
    run = defended(387)
    for a in (86, "no", "withdraw", "withdraw"):
        run.answer(a)
    e = run.engine
    assert e.contact.melees == {} and e.casualties["d7"] == 90
    assert [b for b in e.contact.parties.back if b[1] == "d7"] == []
