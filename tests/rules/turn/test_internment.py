"""Seed 004: internment under a Non-Aggression Treaty (issue 23) - "It prohibits the movement of units
through each other's systems. If units from one government accidentally enter the system of the other
government, they can be held temporarily or allowed to leave. The internment costs are covered by the
nation holding the units." The holder answers in the Supply Phase; a held fleet does not move and the
holder pays its maintenance."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hexmap import Label
from rules.model.campaign import Campaign, Relation
from rules.model.records import Phase
from rules.model.types import DiplomaticState as D
from rules.strategic.diplomacy import INTERNMENT
from rules.strategic.turn import OrderRefused
from rules.turn.empire_facts import power_ledger
from rules.turn.run import TurnRun, play
from tests.rules.turn.test_empire import economy, scenario
from tests.rules.turn.test_purchases import TO_ORDERS


def astray(state: str = "non_aggression", phase: Phase = Phase.SUPPLY, at: str = "0906") -> Campaign:
    """The Federation's Second Squadron (a CL and a FF) stands in the Klingons' system ``at``."""
    c = scenario()
    c.diplomacy = [r for r in c.diplomacy if set(r.powers) != {"fed", "klingon"}] + [
        Relation(powers=("fed", "klingon"), state=D(state))]
    next(f for f in c.fleets if f.id == "fed-second").sector = Label.parse(at)
    economy(c, "fed", maintenance={"CL": Fraction(2), "FF": Fraction(1, 2)})
    c.phase = phase
    return c


def test_the_holder_is_asked_and_a_held_fleet_does_not_move() -> None:
    run = TurnRun(astray())
    q = run.pending
    assert (q.key, q.to, q.rule, q.options) == ("intern/fed-second", "coalition", INTERNMENT, ("hold", "release"))
    assert q.text.startswith("Klingon Empire: Second Squadron of United Federation of Planets stands in your system 0906, "
                             "where a Non-Aggression Treaty with Klingon Empire prohibits entering its sectors")
    run.answer("hold")
    fleet = next(f for f in run.campaign.fleets if f.id == "fed-second")
    assert fleet.interned_by == "klingon"
    assert run.campaign.log[-1].text == ("Klingon Empire holds Second Squadron of United Federation of Planets in 0906: "
                                         "interned, it does not move; Klingon Empire covers its costs")
    assert run.pending.key != "intern/fed-second"  # once a turn
    orders = TurnRun(run.campaign.model_copy(update={"phase": Phase.ORDERS}))
    with pytest.raises(OrderRefused, match="Second Squadron is interned: Klingon Empire holds it in 0906") as e:
        orders.answer({"orders": {"fed-second": ["0806"]}})
    assert e.value.rule == INTERNMENT


def test_a_released_fleet_may_leave() -> None:
    run = TurnRun(astray())
    run.answer("release")
    assert next(f for f in run.campaign.fleets if f.id == "fed-second").interned_by is None
    assert run.campaign.log[-1].text == "Klingon Empire lets Second Squadron of United Federation of Planets leave 0906"
    TurnRun(run.campaign.model_copy(update={"phase": Phase.ORDERS})).answer({"orders": {"fed-second": ["0806"]}})


@pytest.mark.parametrize("state, asked", [("non_aggression", True), ("peace", True), ("trade", True),
                                          ("normal", False), ("hostilities", False), ("mutual_defense", False)])
def test_only_a_treaty_that_bars_the_fleet_asks(state: str, asked: bool) -> None:
    q = TurnRun(astray(state)).pending
    assert (q.key == "intern/fed-second") is asked


def test_the_holder_covers_the_internment_costs_at_income() -> None:
    c = astray(phase=Phase.INCOME)
    before_fed = {i.text: i.amount for i in power_ledger(c, "fed").items}
    next(f for f in c.fleets if f.id == "fed-second").interned_by = "klingon"
    fed = {i.text: i.amount for i in power_ledger(c, "fed").items}
    kli = {i.text: i.amount for i in power_ledger(c, "klingon").items}
    assert before_fed["Maintenance: 1 CL at 2"] == -2 and "Maintenance: 1 CL at 2" not in fed
    assert kli["Maintenance: Second Squadron of United Federation of Planets, interned"] == Fraction(-5, 2)


def test_a_hold_ends_when_the_treaty_no_longer_bars_the_fleet() -> None:
    c = astray("war", phase=Phase.INCOME)  # a declaration broke the treaty since
    next(f for f in c.fleets if f.id == "fed-second").interned_by = "klingon"
    run = play(c, TO_ORDERS + ["end_movement"])
    while run.campaign.phase is Phase.ORDERS:
        run.answer(True)
    assert next(f for f in run.campaign.fleets if f.id == "fed-second").interned_by is None
    assert any(e.rule == INTERNMENT and e.text == "Second Squadron of United Federation of Planets is no longer held by "
               "Klingon Empire: the treaty no longer bars it there" for e in run.campaign.log)


def test_a_hold_is_saved_and_replays_to_the_same_bytes() -> None:
    from rules.model import dumps, parse_campaign
    from tests.play.turn_player import replay, run_bytes

    c = astray()
    run = play(c, ["hold"])
    assert parse_campaign(dumps(run.campaign)) == run.campaign
    assert '"interned_by": "klingon"' in dumps(run.campaign) and '"interned_by"' not in dumps(c)  # unset: not written
    assert replay(c, run.answers) == run_bytes(run)


def _fleet(c: Campaign, fid: str):
    return next(f for f in c.fleets if f.id == fid)


def test_two_fleets_astray_are_asked_one_after_the_other_one_in_transit_or_destroyed_never() -> None:
    from rules.battlehex.log import IllegalAnswer
    from rules.errors import RuleError
    from rules.strategic import build_graph
    from rules.strategic.state import StrategicState
    from rules.turn import internment as im

    def st(c: Campaign) -> StrategicState:
        return StrategicState.compute(c, build_graph(c))

    c = astray()
    _fleet(c, "fed-third").sector = Label.parse("0906")
    _fleet(c, "fed-third").in_transit_to = Label.parse("0806")  # leaving: not asked, the next one is
    assert im.pending(c, st(c)).key == "intern/fed-second"
    _fleet(c, "fed-third").in_transit_to = None
    q = im.pending(c, st(c))
    assert q.key == "intern/fed-third" and q.kind.value == "choose"
    assert q.data == {"option_words": im.WORDS, "fleet": "fed-third", "holder": "klingon"}
    assert "prohibits entering its sectors - hold it (interned: it does not move" in q.text  # not held before
    with pytest.raises(IllegalAnswer):
        im.answer(c, st(c), "keep")
    c = im.answer(c, st(c), "hold")
    assert c.log[-1].rule == INTERNMENT
    assert im.pending(c, st(c)).key == "intern/fed-second"  # the next fleet, once the first is decided
    for u in _fleet(c, "fed-second").units:
        u.destroyed = True
    assert im.pending(c, st(c)) is None
    with pytest.raises(RuleError) as e:
        im.answer(c, st(c), "hold")
    assert str(e.value) == f"{INTERNMENT}: no fleet waits for its holder's answer"
    nxt = c.model_copy(update={"turn_asked": []})  # the next turn: asked again, held since
    again = im.pending(nxt, st(nxt))
    assert again.key == "intern/fed-third" and "(held since an earlier turn) - hold it" in again.text


def test_releasing_stale_holds_logs_each_once_and_keeps_the_given_campaign() -> None:
    from rules.strategic import build_graph
    from rules.strategic.state import StrategicState
    from rules.turn import internment as im

    c = astray("war")
    _fleet(c, "fed-second").interned_by = "klingon"
    before = c.model_dump_json()
    new = im.release_stale(c, StrategicState.compute(c, build_graph(c)))
    assert c.model_dump_json() == before
    assert [e.text for e in new.log[len(c.log):]] == [
        "Second Squadron of United Federation of Planets is no longer held by Klingon Empire: the treaty no longer "
        "bars it there"]
