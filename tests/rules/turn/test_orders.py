"""Seed 004 Turn Orders entered by each power behind its hand-over (issue 23, settings.turn_orders
powers): each power's Team is asked in secret for its own orders before the movement orders; an
order naming another power is refused; End Movement waits for every power; another Team never
sees the question, the answer or its log lines, the GM sees all."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.errors import RuleError
from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign
from rules.model.records import Phase
from rules.turn.run import TurnRun, play
from tests.rules.turn.test_empire import power
from tests.rules.turn.test_purchases import TO_ORDERS, with_list

ASKED = ["fed", "kzinti", "klingon", "lyran", "romulan", "orion"]  # Wild Space is the GM's: not asked


def by_powers() -> Campaign:
    """The economy scenario with a Federation unit list, each power entering its own Turn Orders."""
    c = with_list()
    c.settings.turn_orders = "powers"
    return parse_campaign(dumps(c))


def at_orders() -> TurnRun:
    run = play(by_powers(), TO_ORDERS)
    assert run.campaign.phase is Phase.ORDERS
    return run


def test_each_power_is_asked_its_own_orders_in_secret_before_movement():
    run = at_orders()
    q = run.pending
    assert (q.key, q.to, q.data["secret"]) == ("orders/fed", "alliance", True)
    run.answer({"purchase": {"class": "FF", "at": "0207", "planet": "Vanguard II"}})  # the power is the one asked
    assert power(run.campaign, "fed").economy.point_pool == Fraction(59, 5) - 3
    run.answer("done")
    assert (run.pending.key, run.pending.to) == ("orders/kzinti", "alliance")
    for _ in ASKED[1:]:
        run.answer("done")
    assert run.pending.key == f"turn/{run.campaign.turn}/orders"  # then the GM's movement orders
    coalition = [e.text for e in run.log if e.seen_by("coalition")]
    alliance = [e.text for e in run.log if e.seen_by("alliance")]
    gm = [e.text for e in run.log if e.seen_by("gm")]
    bought = "orders a FF at Vanguard II"
    assert any(bought in t for t in alliance) and any(bought in t for t in gm)
    assert not any(bought in t or "FF" in t and "Vanguard" in t for t in coalition)
    assert not any("United Federation of Planets: your Turn Orders" in t for t in coalition)


def test_an_order_for_another_power_is_refused_and_changes_nothing():
    run = at_orders()
    before = run.campaign
    with pytest.raises(RuleError) as e:
        run.answer({"purchase": {"power": "klingon", "class": "FF", "at": "0207", "planet": "Vanguard II"}})
    assert e.value.rule == "004 Turn Orders Phase" and "enters only its own Turn Orders" in str(e.value)
    assert run.campaign is before


def test_end_movement_waits_for_every_powers_orders():
    from rules.strategic import build_graph
    from rules.turn import combat_phase as cp

    c = at_orders().campaign
    with pytest.raises(RuleError) as e:
        cp.end_movement(c, build_graph(c))
    assert "Turn Orders wait for: United Federation of Planets" in str(e.value)


def test_the_gm_enters_the_orders_when_the_setting_is_gm():
    run = play(with_list(), TO_ORDERS)
    assert run.pending.key == f"turn/{run.campaign.turn}/orders"
