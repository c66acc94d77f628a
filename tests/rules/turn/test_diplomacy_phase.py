"""Seed 004 Intel Phase diplomacy in the campaign turn (issue 23): treaties proposed and answered
with their prerequisites, breaks and declarations with their Exhibit B chance logged before the
seeded d100, the alliance cascade, the treaties kept per pair in the file."""
from __future__ import annotations

import json
import re

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.economy.diplomacy import Treaty
from rules.errors import RuleError
from rules.model import dumps, load_campaign, parse_campaign
from rules.model.campaign import Campaign
from rules.model.records import Phase
from rules.strategic.diplomacy import Diplomacy
from rules.turn.run import TurnRun, play
from tests.conftest import DEFAULT

ECONOMY = DEFAULT  # the shipped default runs the empire turn


def orders(**changes) -> Campaign:
    c = load_campaign(ECONOMY).model_copy(deep=True)
    c.phase = Phase.ORDERS
    for k, v in changes.items():
        setattr(c, k, v)
    return c


def state(c: Campaign, a: str, b: str) -> str:
    return Diplomacy(c).state(a, b).value


def test_an_armistice_then_non_aggression_and_peace_are_signed_in_order():
    c = orders()
    run = play(c, [{"propose": {"power": "orion", "to": "fed", "treaty": "armistice"}},
                   {"accept": {"power": "fed", "from": "orion", "treaty": "armistice"}},
                   {"propose": {"power": "orion", "to": "fed", "treaty": "non_aggression"}},
                   {"accept": {"power": "fed", "from": "orion", "treaty": "non_aggression"}},
                   {"propose": {"power": "fed", "to": "orion", "treaty": "peace"}},
                   {"accept": {"power": "orion", "from": "fed", "treaty": "peace"}}])
    new = run.campaign
    assert state(new, "fed", "orion") == "peace"
    pair = next(tp for tp in new.treaties if set(tp.powers) == {"fed", "orion"})
    assert pair.treaties == ["non_aggression", "peace"]
    assert not new.proposals
    assert any("sign the Armistice Treaty (Normal Relations restored)" in e.text for e in new.log)
    again = parse_campaign(dumps(new))  # kept in the file, read back equal
    assert again.treaties == new.treaties and dumps(again) == dumps(new)


@pytest.mark.parametrize("answer, words", [
    ({"propose": {"power": "orion", "to": "fed", "treaty": "peace"}}, "Declaration of Hostilities stands"),
    ({"propose": {"power": "lyran", "to": "romulan", "treaty": "mutual_defense"}}, "already in force"),
    ({"propose": {"power": "fed", "to": "klingon", "treaty": "alliance"}}, "Declaration of War stands"),
    ({"accept": {"power": "fed", "from": "orion", "treaty": "peace"}}, "proposed no Peace Treaty"),
    ({"break": {"power": "fed", "with": "orion", "treaty": "peace"}}, "no Peace Treaty stands"),
    ({"declare": {"power": "klingon", "against": "lyran", "declaration": "war"}}, "impossible"),
])
def test_a_refused_diplomacy_order_names_the_rule_and_changes_nothing(answer, words):
    run = TurnRun(orders())
    before = dumps(run.campaign)
    with pytest.raises(RuleError, match=words) as e:
        run.answer(answer)
    assert e.value.rule.startswith("004")
    assert dumps(run.campaign) == before


def test_a_malformed_order_is_refused():
    run = TurnRun(orders())
    for bad in ({"propose": {"power": "orion", "to": "fed", "treaty": "friendship"}},
                {"propose": {"power": "orion", "to": "orion", "treaty": "armistice"}},
                {"break": {"power": "fed", "with": "orion", "treaty": "peace", "intel": True}},
                {"declare": ["orion"]}):
        with pytest.raises(IllegalAnswer):
            run.answer(bad)


def test_a_break_shows_its_exhibit_b_chance_before_the_seeded_roll():
    c = orders()
    run = play(c, [{"break": {"power": "lyran", "with": "romulan", "treaty": "mutual_defense"}}])
    line = next(e.text for e in run.campaign.log if "Break the Mutual Defense Treaty" in e.text)
    # base 40, "Power has a Peace Treaty with you" -20 (the treaty broken loses its own row)
    assert "base 40 - Power has a Peace Treaty with you 20 = 20%" in line
    roll = int(re.search(r"d100 (\d+)", line).group(1))
    assert line.endswith("succeeds" if roll <= 20 else "fails")
    pair = next(tp for tp in run.campaign.treaties if set(tp.powers) == {"lyran", "romulan"})
    if roll <= 20:
        assert pair.treaties == ["non_aggression", "peace"] and state(run.campaign, "lyran", "romulan") == "peace"
    else:
        assert [f.fact for f in pair.facts] == ["last_attempt_failed"]
    again = play(c, [{"break": {"power": "lyran", "with": "romulan", "treaty": "mutual_defense"}}])
    assert dumps(again.campaign) == dumps(run.campaign)  # the same dice


def _first(answer: dict, ok: bool) -> Campaign:
    for seed in range(1, 400):
        run = play(orders(dice_seed=seed), [answer])
        line = next(e.text for e in run.campaign.log if "d100" in e.text)
        if ("succeeds" in line) == ok:
            return run.campaign
    raise AssertionError("no seed gave it")


def test_a_declaration_of_war_breaks_every_treaty_and_cascades_over_the_alliance():
    new = _first({"declare": {"power": "orion", "against": "fed", "declaration": "war"}}, True)
    line = next(e.text for e in new.log if "Make a Declaration of War" in e.text)
    assert "base -20 + Power is currently under a Declaration of Hostilities 25 = 5%" in line
    assert state(new, "orion", "fed") == "war" and state(new, "orion", "kzinti") == "war"  # Kzinti: fed's ally
    assert any("(the alliance cascade)" in e.text for e in new.log)


def test_a_failed_attempt_counts_against_the_next():
    new = _first({"declare": {"power": "orion", "against": "fed", "declaration": "war"}}, False)
    run = play(new, [{"declare": {"power": "orion", "against": "fed", "declaration": "war"}}])
    line = next(e.text for e in reversed(run.campaign.log) if "Make a Declaration of War" in e.text)
    assert ("base -20 - Last attempt to break a treaty with power or declare against a power failed 25 + Power is "
            "currently under a Declaration of Hostilities 25 = -20%; d100") in line


def test_intel_points_spent_add_five_each_and_leave_the_pool():
    c = orders()
    p = c.power("lyran")
    p.economy = p.economy.model_copy(update={"intel_points": 3})
    with pytest.raises(RuleError, match="holds 3 Intel Points, not 4"):
        TurnRun(c).answer({"break": {"power": "lyran", "with": "romulan", "treaty": "mutual_defense", "intel": 4}})
    run = play(c, [{"break": {"power": "lyran", "with": "romulan", "treaty": "mutual_defense", "intel": 2}}])
    assert "+ 2 Intel Points 10 = 30%" in next(e.text for e in run.campaign.log if "Break the" in e.text)
    assert run.campaign.power("lyran").economy.intel_points == 1


def test_the_file_refuses_a_treaty_without_its_prerequisite_and_an_unknown_power():
    data = json.loads(DEFAULT.read_text(encoding="utf-8"))
    for bad, words in (([{"powers": ["fed", "orion"], "treaties": ["peace"]}], "needs non_aggression"),
                       ([{"powers": ["fed", "nobody"], "treaties": []}], "'nobody' does not exist"),
                       ([{"powers": ["fed", "orion"], "treaties": ["war", "peace"]}], "stands alone")):
        with pytest.raises(Exception, match=words):
            parse_campaign(json.dumps({**data, "treaties": bad}))


def test_a_file_without_treaties_is_written_as_before():
    text = DEFAULT.read_text(encoding="utf-8")
    c = parse_campaign(text)
    assert "treaties" not in dumps(c) and "proposals" not in dumps(c)


def _lyran_and_orion_at_normal_relations_romulans_in_non_aggression_with_orion() -> Campaign:
    """The default campaign, Orion at Normal Relations with the Lyrans and in a Non-Aggression Treaty
    with the Romulans, who keep their Mutual Defense Treaty with the Lyrans (no alliance between those
    two: the Klingons are each one's ally). Orion holds 30 Intel Points (+150%: a certain declaration)."""
    from rules.model.campaign import Relation
    from rules.model.treaty_model import TreatyPair
    from rules.model.types import DiplomaticState

    c = orders()
    c.treaties = [tp for tp in c.treaties if set(tp.powers) not in ({"lyran", "orion"}, {"orion", "romulan"})]
    c.treaties += [TreatyPair(powers=("lyran", "orion"), treaties=[]),
                   TreatyPair(powers=("orion", "romulan"), treaties=["non_aggression"])]
    c.treaties.sort(key=lambda tp: tp.powers)
    c.diplomacy = [r for r in c.diplomacy if set(r.powers) not in ({"lyran", "orion"}, {"orion", "romulan"})]
    c.diplomacy += [Relation(powers=("lyran", "orion"), state=DiplomaticState.NORMAL),
                    Relation(powers=("orion", "romulan"), state=DiplomaticState.NON_AGGRESSION)]
    p = c.power("orion")
    p.economy = p.economy.model_copy(update={"intel_points": 30})
    return c


@pytest.mark.parametrize("declaration, break_words, declare_words", [
    # War on the Romulans' Mutual Defense partner: the break list's +90 (non-cumulative: the peace
    # member's +50 is not added), the declare list's "declared war on a MDT member" +30 (the peace
    # member's +10 is not added) against the Non-Aggression Treaty's -20.
    ("war", "Break the Non-Aggression Treaty: base 60 + Power has declared hostilities/war on a mutual defense "
            "treaty member 90 = 150%",
     "Make a Declaration of Hostilities: base 20 + Power has declared war on a mutual defense treaty member 30 "
     "- Power has a Non-Aggression Treaty with you 20 = 30%"),
    # Hostilities: the break list's row reads "hostilities/war" (+90); the declare list's +30 is war
    # only, so its "declared hostilities/war on a peace treaty member" +10 counts (an MDT needs Peace).
    ("hostilities", "Break the Non-Aggression Treaty: base 60 + Power has declared hostilities/war on a mutual "
                    "defense treaty member 90 = 150%",
     "Make a Declaration of Hostilities: base 20 + Power has declared hostilities/war on a peace treaty member 10 "
     "- Power has a Non-Aggression Treaty with you 20 = 10%"),
])
def test_a_declaration_on_a_treaty_partner_counts_for_the_partner_in_exhibit_b(declaration, break_words,
                                                                                declare_words):
    """Seed 004 Exhibit B: "Power has declared hostilities/war on a mutual defense treaty member +90%
    (Non-cumulative)" (to break) and "Power has declared war on a mutual defense treaty member +30%" /
    "... hostilities/war on a peace treaty member +10%" (to declare). The declaration breaks every
    treaty of the pair it is made on, so these rows are for the partner left standing: Orion declares
    on the Lyrans; the Romulans, the Lyrans' Mutual Defense partner, count it against Orion."""
    from rules.turn.diplomacy_phase import chance

    c = _lyran_and_orion_at_normal_relations_romulans_in_non_aggression_with_orion()
    run = play(c, [{"declare": {"power": "orion", "against": "lyran", "declaration": declaration, "intel": 30}}])
    new = run.campaign
    assert state(new, "orion", "lyran") == declaration and state(new, "orion", "romulan") == "non_aggression"
    assert chance(new, "romulan", "orion", Treaty.NON_AGGRESSION).words() == break_words
    assert chance(new, "romulan", "orion", Treaty.HOSTILITIES).words() == declare_words
    # the Exhibit B rows read the same facts from the file
    assert chance(parse_campaign(dumps(new)), "romulan", "orion", Treaty.HOSTILITIES).words() == declare_words
    # before the declaration: the treaty's and the base chances only
    assert chance(c, "romulan", "orion", Treaty.NON_AGGRESSION).words() == \
        "Break the Non-Aggression Treaty: base 60 = 60%"


def test_a_partner_without_contact_with_the_declarer_gets_no_record_and_no_contact():
    """The fact is kept on the pair's record; a power with no contact with the declarer has none, and
    a record would be contact (Normal Relations): no fact is kept for it."""
    from rules.model.campaign import Relation
    from rules.model.types import DiplomaticState

    c = _lyran_and_orion_at_normal_relations_romulans_in_non_aggression_with_orion()
    c.treaties = [tp for tp in c.treaties if set(tp.powers) != {"orion", "romulan"}]
    c.diplomacy = [r for r in c.diplomacy if set(r.powers) != {"orion", "romulan"}]
    c.diplomacy.append(Relation(powers=("orion", "romulan"), state=DiplomaticState.NO_CONTACT))
    c.diplomacy.sort(key=lambda r: r.powers)
    new = play(c, [{"declare": {"power": "orion", "against": "lyran", "declaration": "war", "intel": 30}}]).campaign
    assert state(new, "orion", "lyran") == "war"
    assert state(new, "orion", "romulan") == "no_contact"
    assert not any(set(tp.powers) == {"orion", "romulan"} for tp in new.treaties)


def _at_peace_caught_spying(*treaties: str) -> Campaign:
    """The Lyrans and Romulans at Peace (with ``treaties`` too), the Romulans caught running an espionage
    mission on a Lyran system this turn; the Lyrans hold 20 Intel Points."""
    from rules.model.campaign import Relation
    from rules.model.treaty_model import PairFact, TreatyPair
    from rules.model.types import DiplomaticState

    c = orders()
    c.treaties = [tp for tp in c.treaties if set(tp.powers) != {"lyran", "romulan"}]
    c.treaties.append(TreatyPair(powers=("lyran", "romulan"), treaties=["non_aggression", "peace", *treaties],
                                 facts=[PairFact(fact="caught_espionage", by="romulan", turn=c.turn)]))
    c.treaties.sort(key=lambda tp: tp.powers)
    c.diplomacy = [r for r in c.diplomacy if set(r.powers) != {"lyran", "romulan"}]
    c.diplomacy.append(Relation(powers=("lyran", "romulan"), state=DiplomaticState.PEACE))
    c.diplomacy.sort(key=lambda r: r.powers)
    p = c.power("lyran")
    p.economy = p.economy.model_copy(update={"intel_points": 20})
    return c


def test_modifiers_count_only_since_the_last_successful_diplomatic_action():
    """Seed 004 Exhibit B: "All modifiers apply if they occurred since the last successful diplomatic
    action." Caught spying counts (+25) until the pair's next success: a treaty signed, or the Lyrans'
    own break of the Trade Treaty (whose own "Successfully withdrawn or broken a treaty" +10 is recorded
    after it, so it counts)."""
    from rules.turn.diplomacy_phase import chance

    c = _at_peace_caught_spying()
    assert chance(c, "lyran", "romulan", Treaty.PEACE).words() == (
        "Break the Peace Treaty: base 10 + Power was caught running an espionage mission on one of your systems "
        "25 = 35%")
    signed = play(c, [{"propose": {"power": "romulan", "to": "lyran", "treaty": "trade"}},
                      {"accept": {"power": "lyran", "from": "romulan", "treaty": "trade"}}]).campaign
    assert state(signed, "lyran", "romulan") == "peace"
    assert chance(signed, "lyran", "romulan", Treaty.PEACE).words() == "Break the Peace Treaty: base 10 = 10%"

    c = _at_peace_caught_spying("trade")
    broke = play(c, [{"break": {"power": "lyran", "with": "romulan", "treaty": "trade", "intel": 10}}]).campaign
    assert "Trade Treaty ended" in broke.log[-1].text
    assert chance(broke, "lyran", "romulan", Treaty.PEACE).words() == (
        "Break the Peace Treaty: base 10 + Successfully withdrawn or broken a treaty with power 10 = 20%")


def test_a_failed_attempt_is_no_successful_action_and_clears_nothing():
    from rules.turn.diplomacy_phase import chance

    for seed in range(1, 400):
        c = _at_peace_caught_spying()
        c.dice_seed = seed
        run = play(c, [{"break": {"power": "lyran", "with": "romulan", "treaty": "peace"}}])  # 35%
        if "fails" in next(e.text for e in run.campaign.log if "d100" in e.text):
            break
    assert chance(run.campaign, "lyran", "romulan", Treaty.PEACE).words() == (
        "Break the Peace Treaty: base 10 + Power was caught running an espionage mission on one of your systems "
        "25 - Last attempt to break a treaty with power failed 10 = 25%")
