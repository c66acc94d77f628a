"""Seed 002, Carrying And Deploying Mines: "Mines are transported as cargo. Each mine requires 1 Standard Cargo Unit
(SCU) of space. [...] Freighters may use up to 90% of their total capacity (round fractions down) to carry mines.
Other types of ships may use up to 25% of their total capacity (round fractions down) to carry mines." A ship's
data may give its ``cargo`` (SCU) and the ``mines`` it carries; the engine counts them down as it deploys them and
refuses a deployment with none left (issue 25: the ship data had no cargo, so the GM's question named it). A ship
without ``cargo`` keeps the GM's question."""
from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.battlehex.log import IllegalAnswer
from rules.dice import ScriptedDice
from rules.model.stcs import STCSData, mine_room
from rules.systems.stcs.battle import STCSBattle
from tests.rules.systems.stcs import helpers
from tests.rules.systems.stcs.test_bodies import ahead
from tests.rules.systems.stcs.test_data import SHIP
from tests.rules.systems.v13.helpers import AT


@pytest.mark.parametrize(("cargo", "freighter", "most"), [(40, False, 10), (43, False, 10), (44, False, 11),
                                                          (3, False, 0), (4, False, 1), (40, True, 36),
                                                          (41, True, 36), (10, True, 9), (0, True, 0)])
def test_a_ship_carries_mines_in_25_percent_of_its_cargo_a_freighter_90_rounded_down(
        cargo: int, freighter: bool, most: int) -> None:
    assert mine_room(cargo, freighter) == most
    assert STCSData.model_validate({**SHIP, "cargo": cargo, "freighter": freighter, "mines": most}).mines == most
    with pytest.raises(ValidationError, match=f"stcs.mines: {most + 1} mines? needs? {most + 1} SCU of cargo, and a "
                       f"{'freighter' if freighter else 'ship'} carries mines in at most {90 if freighter else 25}% "
                       f"of its cargo \\(seed 002 Carrying And Deploying Mines\\): {most} of its {cargo} SCU"):
        STCSData.model_validate({**SHIP, "cargo": cargo, "freighter": freighter, "mines": most + 1})


def test_mines_without_a_cargo_are_refused_and_no_cargo_is_the_tables() -> None:
    with pytest.raises(ValidationError, match="stcs.mines: 1 mine needs 1 SCU of cargo.*no cargo is given"):
        STCSData.model_validate({**SHIP, "mines": 1})
    d = STCSData.model_validate(SHIP)
    assert d.cargo is None and d.mines == 0 and not d.freighter
    with pytest.raises(ValidationError, match="cargo"):
        STCSData.model_validate({**SHIP, "cargo": -1})


def laying(monkeypatch: pytest.MonkeyPatch, **cargo: int) -> STCSBattle:
    monkeypatch.setattr(helpers, "D7", {**helpers.D7, **cargo})
    run = STCSBattle(helpers.stcs_campaign(), AT, dice=lambda _seed: ScriptedDice([]))
    for a in ("sublight", ["lexington"], "shields:d7", "lower:1"):
        run.answer(a)
    return run


def next_segment(run: STCSBattle) -> None:
    run.answer("next")
    run.answer("none")  # Red, in secret: its cloaked Bird of Prey stays


def test_the_mines_carried_are_counted_down_and_none_left_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    run = laying(monkeypatch, cargo=8, mines=2)  # 25% of 8 SCU: 2 mines
    run.answer("mine:d7")
    assert "it carries one as cargo" not in run.pending.text  # the engine counts them
    run.answer(ahead(2))
    assert "Klothos carries 1 mine left as cargo" in run.events_json("red")
    assert "left as cargo" not in run.events_json("blue")  # its cargo is its side's
    next_segment(run)
    run.answer("mine:d7")
    run.answer(ahead(3))
    assert "Klothos carries 0 mines left as cargo" in run.events_json("red") and len(run.engine.mines) == 2
    next_segment(run)
    with pytest.raises(IllegalAnswer, match=r"Klothos carries no mine: mines are transported as cargo, 1 SCU each "
                       r"\(it carried 2 in its 8 SCU and has deployed 2\)") as err:
        run.answer("mine:d7")
    assert str(err.value).startswith("STCS Carrying And Deploying Mines") and len(run.engine.mines) == 2


def test_a_ship_with_cargo_and_no_mines_is_refused_the_first(monkeypatch: pytest.MonkeyPatch) -> None:
    run = laying(monkeypatch, cargo=8)
    with pytest.raises(IllegalAnswer, match=r"carries no mine: .* \(it carried 0 in its 8 SCU and has deployed 0\)"):
        run.answer("mine:d7")
    assert run.engine.mines == []


def test_a_ship_without_cargo_keeps_the_gms_question(monkeypatch: pytest.MonkeyPatch) -> None:
    run = laying(monkeypatch)
    run.answer("mine:d7")
    assert "it carries one as cargo" in run.pending.text
    run.answer(ahead(2))
    next_segment(run)
    run.answer("mine:d7")  # no count: laid as often as the GM says it may
    run.answer(ahead(3))
    assert len(run.engine.mines) == 2 and "left as cargo" not in run.events_json("red")


def test_a_ship_with_one_mine_lays_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutation run: none laid read as one laid survived the two-mine test; a ship carrying one mine (4 SCU, 25%)
    lays it, then is refused."""
    run = laying(monkeypatch, cargo=4, mines=1)
    run.answer("mine:d7")
    run.answer(ahead(2))
    assert len(run.engine.mines) == 1 and "Klothos carries 0 mines left as cargo" in run.events_json("red")
    next_segment(run)
    with pytest.raises(IllegalAnswer, match=r"it carried 1 in its 4 SCU and has deployed 1"):
        run.answer("mine:d7")


def test_the_refusals_words_whole_one_mine_and_two_no_cargo() -> None:
    """The mutation run of mines_refused: "needs" for one mine and "need" for more, and the no-cargo tail, were read
    by regular expressions that took either."""
    from rules.model.stcs import mines_refused

    assert mines_refused(1, None, False) == ("stcs.mines: 1 mine needs 1 SCU of cargo, and a ship carries mines in at "
                                             "most 25% of its cargo (seed 002 Carrying And Deploying Mines): no cargo "
                                             "is given")
    assert mines_refused(4, 4, True) == ("stcs.mines: 4 mines need 4 SCU of cargo, and a freighter carries mines in at "
                                         "most 90% of its cargo (seed 002 Carrying And Deploying Mines): 3 of its 4 SCU")
    assert mines_refused(2, 7, False) == ("stcs.mines: 2 mines need 2 SCU of cargo, and a ship carries mines in at "
                                          "most 25% of its cargo (seed 002 Carrying And Deploying Mines): 1 of its 7 SCU")
    assert mines_refused(1, 4, False) == mines_refused(3, 4, True) == mines_refused(0, None, False) == ""
