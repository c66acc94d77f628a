"""A power's own diplomacy among its Turn Orders (issue 23, settings.turn_orders powers): each power
proposes, answers, breaks and declares in its own secret orders question (main.py turn alike), only for
itself; an attempt's Exhibit B line is its Team's, a proposal and a signing everyone's; the odds a power
is shown count only the facts its Team may know (docs/SECRETS.md)."""
from __future__ import annotations

import pytest

from rules.economy.diplomacy import Treaty
from rules.errors import RuleError
from rules.model.treaty_model import PairFact, TreatyPair
from rules.strategic.diplomacy import Diplomacy
from rules.turn import diplomacy_orders, diplomacy_phase
from tests.rules.turn.test_orders import at_orders


def _to(run, power: str):
    """Close the orders of every power asked before ``power``."""
    while run.pending.data.get("power") != power:
        run.answer("done")
    return run


def test_each_power_enters_its_own_diplomacy_in_its_orders_question():
    run = at_orders()
    assert run.pending.key == "orders/fed" and "{\"propose\": {to, treaty}}" in run.pending.text
    run.answer({"propose": {"to": "orion", "treaty": "armistice"}})  # the power is the one asked
    assert run.campaign.proposals[-1].by == "fed" and run.campaign.log[-1].secret_of == []  # Orion must read it
    _to(run, "lyran")
    with pytest.raises(RuleError, match="enters only its own Turn Orders"):
        run.answer({"propose": {"power": "klingon", "to": "orion", "treaty": "armistice"}})
    run.answer({"break": {"with": "romulan", "treaty": "mutual_defense", "intel": 0}})
    attempt = next(e for e in reversed(run.campaign.log) if "d100" in e.text)
    assert attempt.text.startswith("Lyran Star Empire against Romulan Star Empire: Break the Mutual Defense Treaty: "
                                   "base 40 - Power has a Peace Treaty with you 20 = 20%; d100 ")
    assert attempt.secret_of == ["coalition"]  # the odds and the roll are the Coalition's
    _to(run, "orion")
    run.answer({"accept": {"from": "fed", "treaty": "armistice"}})
    assert Diplomacy(run.campaign).state("fed", "orion").value == "normal"
    assert "orders/orion" not in run.campaign.turn_asked  # still its orders: "done" closes them
    run.answer("done")


def test_the_odds_a_power_is_shown_leave_out_a_fact_sealed_for_another_team():
    c = at_orders().campaign.model_copy(deep=True)
    c.treaties.append(TreatyPair(powers=sorted(["lyran", "romulan"]), treaties=["non_aggression", "peace",
                                                                                  "mutual_defense"],
                                 facts=[PairFact(fact="broke_treaty_with_you", by="romulan", turn=c.turn),
                                        PairFact(fact="encounter", by="romulan", turn=c.turn,
                                                 secret_of=["alliance"])]))
    engine = diplomacy_phase.chance(c, "lyran", "romulan", Treaty.MUTUAL_DEFENSE)
    shown = diplomacy_orders.odds(c, "lyran", "romulan", Treaty.MUTUAL_DEFENSE)
    assert "generated an encounter" in engine.words() and "generated an encounter" not in shown.words()
    assert "broken a treaty with you" in shown.words()
    assert diplomacy_orders.odds(c, "monsters", "romulan", Treaty.WAR).words() == \
        diplomacy_phase.chance(c, "monsters", "romulan", Treaty.WAR).words()  # the GM's power: every fact
