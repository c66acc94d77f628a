"""Seed 002's marines and military passengers in boarding and shipboard melee (issue 25): their strength
and morale by the tables' rows, a boarding party of marines beamed through the act list (off no Percent
Casualties Track, off its ship's own melee strength), the boarded ship adding up to 40% of its original
marines a phase (10 of 25) beside 20% of its crew, marines in Stasis refused, undo and replay through
the seam. The Lexington (25 marines, 40 military passengers) is 4 hexes from the Klothos (25 marines)."""
from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.dice import DiceRoller, ScriptedDice
from rules.model.stcs import Nation
from rules.systems import start
from rules.systems.stcs.battle import STCSBattle
from rules.systems.stcs.troops import CREW, MARINES, PASSENGERS, factor, morale_bonus, take
from tests.rules.systems.stcs.helpers import stcs_campaign
from tests.rules.systems.stcs.test_firing import ARRIVAL
from tests.rules.systems.stcs.test_shieldcontrol import lower
from tests.rules.systems.v13.helpers import AT


def troop_campaign(**ships: dict[str, Any]) -> Any:
    """The tests' STCS campaign with ``ships``' data changed (id -> the changes)."""
    c = stcs_campaign()
    data = json.loads(c.model_dump_json(exclude_defaults=True))
    for f in data["fleets"]:
        for u in f["units"]:
            u["stcs"] = {**u["stcs"], **ships.get(u["id"], {})}
    return type(c).model_validate(data)


LEX = {"marines": 25, "military_passengers": 40}
KLOTHOS = {"marines": 25}


def near(faces: list[int], lex: dict[str, Any] = LEX, d7: dict[str, Any] = KLOTHOS) -> STCSBattle:
    """The Lexington warped in 4 hexes from the Klothos, the shields along the line lowered on both."""
    run = STCSBattle(troop_campaign(lexington=lex, d7=d7), AT, dice=lambda _seed: ScriptedDice(ARRIVAL + faces))
    for a in ["sublight", ["lexington"], "warpin:lexington", "4,0", "2"]:
        run.answer(a)
    lower(run, "lexington", "d7")
    lower(run, "d7", "lexington")
    return run


def test_the_tables_rows_for_marines_and_passengers() -> None:
    fed, kli = Nation.FEDERATION, Nation.KLINGON
    assert factor(MARINES, 57, fed, False) == Fraction(99, 100)  # average 1.0 x not own ship 0.9 x marines 1.1
    assert factor(MARINES, 61, kli, True) == Fraction(6, 5)  # Klingon marines on their own ship
    assert factor(MARINES, 95, Nation.GORN, False) == Fraction(6, 5) * Fraction(9, 10) * Fraction(6, 5)
    assert factor(PASSENGERS, 95, fed, True) == Fraction(4, 5) * Fraction(9, 10) * Fraction(9, 10)  # Poor, never own
    assert factor(CREW, 61, kli, True) == Fraction(11, 10)
    assert morale_bonus(MARINES, 61, kli, True) == 3 and morale_bonus(PASSENGERS, 95, fed, True) == -2
    assert morale_bonus(CREW, 40, fed, False) == -1


def test_a_sides_losses_come_first_from_the_kind_its_owner_chose() -> None:
    assert take({CREW: 10, MARINES: 5}, 7, MARINES) == {CREW: 2, MARINES: 5}
    assert take({CREW: 10, MARINES: 5}, 7, CREW) == {CREW: 7, MARINES: 0}
    assert take({CREW: 3, MARINES: 5, PASSENGERS: 4}, 12, PASSENGERS) == {CREW: 3, MARINES: 5, PASSENGERS: 4}


def board_marines(run: STCSBattle, n: int = 25) -> None:
    run.answer("beam:lexington")
    assert {"board:d7", "marines:d7", "passengers:d7"} <= set(run.pending.options)
    run.answer("marines:d7")
    assert run.pending.to == "blue" and run.pending.data["secret"] and run.pending.high == 25
    with pytest.raises(IllegalAnswer, match="1-25"):
        run.answer(26)
    run.answer(n)


def test_a_boarding_party_of_marines_leaves_the_crew_whole() -> None:
    run = near([])
    board_marines(run, 20)
    e = run.engine
    assert e.casualties.get("lexington", 0) == 0  # marines never man the ship: no crew off their stations
    assert e.contact.melees["d7"].marines == 20 and e.contact.melees["d7"].attackers == 0
    assert "20 boarders (marines) from Lexington beam onto Klothos" in run.events_json("blue")
    assert "Klothos is being boarded" in run.events_json("red") and "20 boarders" not in run.events_json("red")
    run.answer("beam:lexington")  # the 5 left may follow, or its crew, or its passengers
    run.answer("marines:d7")
    assert run.pending.high == 5
    assert "aboard)" not in run.events_json("red")  # the GM's choice names no count: it would tell how many went


def first_phase(run: STCSBattle) -> None:
    run.answer("next")
    run.answer("none")
    run.answer("melee:d7")


def test_the_boarded_ship_adds_up_to_40_percent_of_its_marines_and_20_percent_of_its_crew() -> None:
    run = near([5, 1, 1])  # the melee's D10 5; both morale rolls 1
    board_marines(run)
    first_phase(run)
    assert run.pending.high == 86  # 20% of the Klothos' 430 crew
    run.answer(10)
    assert run.pending.key.endswith("/defenders/marines") and (run.pending.low, run.pending.high) == (0, 10)
    with pytest.raises(IllegalAnswer, match="0-10"):  # 40% of 25 is 10
        run.answer(11)
    run.answer(10)
    for a in ("no", "stay", "stay"):
        run.answer(a)
    log = run.events_json()
    # boarders: 25 marines x 1.0 x 0.9 (not own ship) x 1.1 (marines) x 0.8 (first phase) = 19.8 -> 20;
    # defenders: 10 crew x 1.1 (Klingon) = 11, 10 marines x 1.2 (Klingon marines, own ship) = 12: 23
    assert "melee aboard Klothos: strength 20 against 23, odds 2/3, D10 5: boarders lose 5% (1), defenders 0% (0)" \
        in log
    e = run.engine
    assert e.contact.melees["d7"].marines == 24 and e.casualties.get("lexington", 0) == 0
    assert e.casualties.get("d7", 0) == 3  # the Klothos' crew lost none; its 10 fighting are off their stations (3%)


def test_marines_losses_stay_off_the_percent_casualties_track() -> None:
    run = near([10, 1, 1, 5])  # D10 0 at 2/3: boarders 5%, defenders 20%; morale 1, 1
    board_marines(run)
    first_phase(run)
    for a in (10, 10, "no", "stay", "stay"):
        run.answer(a)
    q = run.pending  # 20% of 20 defenders is 4: the Red side chooses who takes them first
    assert q.to == "red" and set(q.options) == {CREW, MARINES} and q.data["secret"]
    run.answer(MARINES)
    e = run.engine
    assert e.contact.melees["d7"].guards == 6 and e.contact.melees["d7"].defenders == 10
    assert e.casualties.get("d7", 0) == 3  # four marines lost: not its crew (its 10 crew fighting: 3% off stations)
    assert "the defenders lost: 0 crew, 4 marines" in run.events_json("red")
    assert "the defenders lost" not in run.events_json("blue")


def test_marines_beamed_over_are_off_their_ships_own_melee_strength() -> None:
    run = near([5, 1, 1])
    board_marines(run, 20)
    run.answer("beam:d7")  # the Klothos boards the Lexington with 50 of its crew
    run.answer("board:lexington")
    run.answer(50)
    run.answer("next")
    run.answer("none")
    run.answer("melee:lexington")
    run.answer(86)
    assert run.pending.key.endswith("/defenders/marines") and run.pending.high == 5  # 25 less the 20 gone


def test_marines_in_stasis_never_board_nor_defend() -> None:
    run = near([5, 1, 1], lex={"marines": 20, "marines_carry": "stasis"}, d7={"marines": 30, "marines_carry": "stasis"})
    run.answer("beam:lexington")
    assert "marines:d7" not in run.pending.options
    with pytest.raises(IllegalAnswer, match="Lexington's marines are in Stasis: they must be reanimated"):
        run.answer("marines:d7")
    run.answer("board:d7")
    run.answer(100)
    first_phase(run)
    run.answer(86)
    assert run.pending.key.endswith("/cut")  # no marines question: the Klothos' are in Stasis


def test_military_passengers_board_at_poor_quality() -> None:
    run = near([5, 1, 1])
    run.answer("beam:lexington")
    run.answer("passengers:d7")
    assert run.pending.high == 40
    run.answer(40)
    first_phase(run)
    for a in (10, 0, "no", "stay", "stay"):
        run.answer(a)
    # 40 x 0.8 (Poor) x 0.9 (not own ship) x 0.9 (Military Passengers) x 0.8 (first phase) = 20.7 -> 21
    assert "strength 21 against 11" in run.events_json()


def test_a_crew_hit_costs_the_troops_aboard_its_percent() -> None:
    run = near([99])  # the Lexington's efficiency roll fails: 5 points x 4% = 20%
    for a in ("crew:lexington", "other", 5, 4):
        run.answer(a)
    e = run.engine
    assert e.casualties["lexington"] == 20
    from rules.systems.stcs import troops
    assert troops.aboard(e, "lexington", MARINES) == 20 and troops.aboard(e, "lexington", PASSENGERS) == 32
    assert "Lexington has 20 marines aboard, 32 military passengers aboard after the hit" in run.events_json("blue")
    assert "marines aboard" not in run.events_json("red")  # what is aboard tells what boarded: its side's


def test_undo_and_replay_of_a_marines_melee_through_the_seam() -> None:
    c = start(troop_campaign(lexington=LEX, d7=KLOTHOS), AT).saved()
    cls = type(start(c, AT))  # the system the seam starts for the battle
    run = cls(c, AT, None, dice=lambda _seed: ScriptedDice(ARRIVAL + [10, 1, 1, 5]))
    for a in ["sublight", ["lexington"], "warpin:lexington", "4,0", "2", "shields:lexington", "toward:d7",
              "shields:d7", "toward:lexington", "beam:lexington", "marines:d7", 25,
              "next", "none", "melee:d7", 10, 10, "no", "stay", "stay", MARINES]:
        run.answer(a)
    answers, before = list(run.answers), run.events_json()
    assert "the defenders lost: 0 crew, 4 marines" in run.events_json("red")
    run.undo(5)  # back to the Klothos' marines joining
    assert run.engine.contact.melees["d7"].guards == 0 and run.pending.key.endswith("/defenders/marines")
    for a in answers[-5:]:
        run.answer(a)
    assert run.events_json() == before and run.engine.contact.melees["d7"].guards == 6
    ref = cls(c, AT, None, dice=lambda _seed: ScriptedDice(ARRIVAL + [10, 1, 1, 5]))
    ref.restart(answers)
    assert ref.events_json() == before and ref.saved() == run.saved()
    assert ref.events_json("blue") == run.events_json("blue")


def test_the_default_campaigns_klingon_cruiser_and_battle_station_carry_marines() -> None:
    from rules.model import load_campaign
    from tests.conftest import DEFAULT

    c = load_campaign(DEFAULT)
    units = [u for f in c.fleets for u in f.units] + [u for s in c.map.sectors for u in s.garrison]
    marines = {u.name: u.stcs.marines for u in units if u.stcs is not None and u.stcs.marines}
    assert marines == {"IKV Kumara": 25, "Battle Station Tau": 40}  # Active: they may board and defend


def test_step_b_the_boarded_ship_takes_defenders_back_before_a_later_phase() -> None:
    run = near([5, 1, 1, 5, 1, 1])  # two melee phases: each D10 5 (2/3, then 1/1: no defenders lost), morale 1s
    board_marines(run)
    first_phase(run)
    for a in (10, 10, "no", "stay", "stay", "no"):  # (no shut-down attempt)
        run.answer(a)
    first_phase(run)  # the next segment's melee phase
    q = run.pending
    assert (q.low, q.high) == (-10, 86) and "or -10 to -1 to take that many back" in q.text  # 20% of 430 a phase
    with pytest.raises(IllegalAnswer, match="-10-86"):
        run.answer(-11)
    run.answer(-5)
    assert run.pending.key.endswith("/defenders/marines") and (run.pending.low, run.pending.high) == (-10, 10)
    run.answer(-10)  # the marines go back: 5 crew fight on
    m = run.engine.contact.melees["d7"]
    assert (m.defenders, m.guards) == (5, 0)
    for a in ("no", "stay", "stay"):
        run.answer(a)
    # boarders 24 marines x 0.99 = 23.76 -> 24 (no longer the first phase); defenders 5 x 1.1 = 5.5 -> 6: 4/1
    assert "melee aboard Klothos: strength 24 against 6, odds 4/1" in run.events_json()


def test_troops_carried_for_the_battle_defend_as_marines() -> None:
    """A ship that does not normally carry troops carries 10% of its crew for the battle (Carrying Marines): the
    Klothos's 43 defend as its marines, 40% of them (17) a phase, and the question says of 43."""
    run = near([5, 1, 1], d7={"temporary_troops": 43})
    board_marines(run)
    first_phase(run)
    run.answer(10)
    assert run.pending.key.endswith("/defenders/marines") and run.pending.high == 17
    assert "marines (40% of its 43 a phase)" in run.pending.text
