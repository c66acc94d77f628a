"""What an Intel mission risks, shown before it is ordered (issue 23; rules/turn/mission_stakes.py): the
seed gives no odds of a mission's success, only Exhibit B's rows for a mission caught or implicated.
Each chance shown "then" is the one the engine computes once the GM has so ruled the mission."""
from __future__ import annotations

import re

from rules.economy.diplomacy import Treaty
from rules.turn.diplomacy_phase import chance
from rules.turn.mission_stakes import stakes
from rules.turn.run import play
from tests.rules.turn.test_intel_missions import mission, spies
from tests.rules.turn.test_purchases import TO_ORDERS


def shown(line: str) -> dict[str, tuple[int, int]]:
    """The chances a line shows: attempt -> (now, then)."""
    return {m[1]: (int(m[2]), int(m[3])) for m in re.finditer(r"(break the [\w -]+?|make a [\w -]+?) (\d+)% -> (\d+)%",
                                                               line)}


def test_caught_spying_shows_the_peace_treaty_broken_at_35_and_the_engine_agrees_after_the_ruling():
    run = play(spies(klingon_fed="peace"), TO_ORDERS)
    lines = stakes(run.campaign, "klingon", "fed", "espionage")
    assert len(lines) == 1 and lines[0].startswith(
        "If the GM rules it caught: United Federation of Planets' chances against Klingon Empire: ")
    assert lines[0].endswith("(Exhibit B: +25 to break a treaty, +10 to declare; in full next turn, 10 less each turn "
                             "after).")
    odds = shown(lines[0])
    assert odds["break the Peace Treaty"] == (10, 35)  # the seed's example without its 2 Intel Points (45%)
    assert odds["break the Non-Aggression Treaty"] == (40, 65)  # 60 - Peace Treaty 20, + 25
    assert set(odds) == {"break the Non-Aggression Treaty", "break the Peace Treaty",
                         "make a Declaration of Hostilities", "make a Declaration of War"}
    run.answer(mission(2))
    run.answer("failed_caught")
    c = run.campaign
    for words, (_, then) in odds.items():
        t = next(t for t in Treaty if words.endswith(t.title))
        assert max(0, min(chance(c, "fed", "klingon", t).percent, 100)) == then, words


def test_a_sabotage_shows_caught_and_implicated_and_the_implicated_chance_is_the_engines():
    run = play(spies(klingon_fed="peace"), TO_ORDERS)
    caught, implicated = stakes(run.campaign, "klingon", "fed", "sabotage")
    assert caught.startswith("If the GM rules it caught:") and "+60 to break a treaty, +25 to declare" in caught
    assert implicated.startswith("If the GM rules it implicated:") and "+100 to break a treaty, +50 to declare" in implicated
    assert shown(caught)["break the Peace Treaty"] == (10, 70) and shown(implicated)["break the Peace Treaty"] == (10, 100)
    run.answer(mission(2, kind="sabotage"))
    run.answer("succeeded_implicated")
    assert chance(run.campaign, "fed", "klingon", Treaty.PEACE).percent == 110  # shown as 100%
    assert stakes(run.campaign, "klingon", "fed", "insurgency")[0].count("->") == len(shown(caught))


def test_at_war_no_chance_moves_and_an_alliance_partner_is_never_declared_on():
    war = play(spies(klingon_fed="war"), TO_ORDERS).campaign
    (line,) = stakes(war, "klingon", "fed", "espionage")
    assert line == ("If the GM rules it caught: nothing changes now (Exhibit B: +25 to break a treaty, +10 to declare; in "
                    "full next turn, 10 less each turn after): United Federation of Planets is at war with Klingon "
                    "Empire, which only an Armistice ends.")
    allied = play(spies(klingon_fed="alliance"), TO_ORDERS).campaign
    (line,) = stakes(allied, "klingon", "fed", "espionage")
    assert "declaring stays impossible under an Alliance Treaty" in line and "make a Declaration" not in line
    assert stakes(war, "klingon", "fed", "piracy") == ()


def test_the_chances_shown_leave_out_what_the_missions_power_may_not_know():
    """docs/SECRETS.md: the Federation's failed attempt against the Klingons is its own Team's, and an encounter
    the Klingons generated with a cloaked ship is sealed for the Federation's Team: the Klingons' page (shown
    behind their hand-over) counts neither in the Federation's chances now; the GM's engine counts both."""
    from rules.model import dumps, parse_campaign
    from rules.model.treaty_model import PairFact, TreatyPair

    c = play(spies(klingon_fed="peace"), TO_ORDERS).campaign
    fed = c.team_of_power("fed").id
    c.treaties = [TreatyPair(powers=("fed", "klingon"), treaties=["non_aggression", "peace"], facts=[
        PairFact(fact="last_attempt_failed", by="fed", turn=c.turn),
        PairFact(fact="encounter", by="klingon", turn=c.turn, secret_of=[fed])])]
    c = parse_campaign(dumps(c))
    assert chance(c, "fed", "klingon", Treaty.PEACE).percent == 10 - 10 + 75  # the GM's: both counted
    (line,) = stakes(c, "klingon", "fed", "espionage")
    assert shown(line)["break the Peace Treaty"] == (10, 35), line  # as if neither happened
