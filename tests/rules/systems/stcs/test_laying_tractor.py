"""Seed 002, Carrying And Deploying Mines: "To deploy a mine, a ship must ... have an operational tractor beam"; Tractor
Beams: "A tractor beam requires 1 point of power to function". Read (issue 25's leftover "tractor towing counted as
operational"): the beam that places the mine is one not lost to superstructure damage, not holding a ship in tow (a
beam holds one thing, as a second tow needs a second beam and its power), and powered when the ship's side allocated
its power (1 a beam). Before, any beam not lost counted: the Lexington laid a mine with the one beam that held the
Klothos in tow, and the Klothos with no power to its tractor beam. Refused to the GM, naming the rule (the act stays
listed: the other side reads nothing of the power or the shields)."""
from __future__ import annotations

import pytest

from rules.battlehex.log import IllegalAnswer
from tests.rules.systems.stcs.test_laying import ahead, lower
from tests.rules.systems.stcs.test_power import allocate, battle
from tests.rules.systems.stcs.test_shieldcontrol import lower as lower_toward
from tests.rules.systems.stcs.test_tractors import decrewed

RULE = "STCS Carrying And Deploying Mines"
SHIELDS = "shields 2/2/2/2/2/2"


def refused(run, x: str, words: str) -> None:
    before = run.events_json()
    with pytest.raises(IllegalAnswer, match=words) as err:
        run.answer(f"mine:{x}")
    assert err.value.rule == RULE and run.events_json() == before


@pytest.mark.parametrize(("tractors", "laid"), [(0, False), (1, True)])
def test_a_tractor_beam_without_power_places_no_mine(tractors: int, laid: bool) -> None:
    run = battle()
    allocate(run, "d7", f"movement 2, {SHIELDS}, tractors {tractors}")
    lower(run, 1)
    if not laid:
        refused(run, "d7", r"Klothos has no power allocated to a free tractor beam \(tractor beams: 0 power, 1 a beam\)")
        return
    run.answer("mine:d7")
    run.answer(ahead(run, 2))
    assert [m.at for m in run.engine.mines] == [run.engine.at["d7"].neighbor(run.engine.facing["d7"], 2)]


def test_the_beam_holding_a_ship_in_tow_places_no_mine_until_it_lets_go() -> None:
    run = decrewed([5])
    e = run.engine
    lower_toward(run, "lexington", "d7")
    run.answer("tractor:lexington")
    run.answer("d7")
    run.answer(5)
    assert e.contact.tractors == {"lexington": ["d7"]}  # the Lexington (Class VIII): its one beam
    refused(run, "lexington", "Lexington has no tractor beam free: it holds Klothos in tow")
    run.answer("release:lexington")
    run.answer("d7")
    run.answer("mine:lexington")
    assert run.pending.key.endswith("/mine/lexington")  # its question: the beam is free again
