"""The per-power sheet from the default campaign's planets (figures worked by hand from the file)."""
from __future__ import annotations

import csv
import io

import pytest

from rules.economy.sheet import csv_text, sheet
from rules.model import load_campaign
from tests.conftest import DEFAULT


def test_the_kzinti_sheet_of_the_default_campaign():
    s = sheet(load_campaign(DEFAULT), "kzinti")
    rows = {p.name: p for p in s.planets}
    prime = rows["Kzin Prime"]  # Census 10, Productivity 8, RAW 4, Morale 8
    assert (prime.utilized, prime.output, prime.docks, prime.note) == (8, 32, 8, "")
    rrawl = rows["Rrawl"]  # Census 4, Productivity 3, RAW 2, Morale 5
    assert (rrawl.utilized, rrawl.output) == (3, 6)
    assert rows["Ktharn III"].output == 0  # no RAW
    assert s.tdp == sum(p.output for p in s.planets) and s.docks == sum(p.docks for p in s.planets)
    assert s.name and s.power == "kzinti"


def test_cuts_are_explained():
    c = load_campaign(DEFAULT)
    c = c.model_copy(deep=True)
    planet = next(p for sec in c.map.sectors if sec.star_system for p in sec.star_system.planets
                  if p.name == "Kzin Prime")
    planet.morale = 4  # below half of Census 10
    assert sheet(c, "kzinti").planets[0].note == "Morale 4 below half its Census: utilized Productivity halved"
    planet.morale = 0  # Kzin Prime's system has a Command Post
    row = next(p for p in sheet(c, "kzinti").planets if p.name == "Kzin Prime")
    assert row.output == 16 and row.note == ("Morale 0 below half its Census: utilized Productivity halved; a Command "
                                             "Post keeps it from rebellion")
    rrawl = next(p for sec in c.map.sectors if sec.star_system for p in sec.star_system.planets if p.name == "Rrawl")
    rrawl.morale = 0
    row = next(p for p in sheet(c, "kzinti").planets if p.name == "Rrawl")
    assert row.output == 0 and row.note == "in rebellion (Morale 0): no output"
    planet.morale, planet.productivity = 8, 12
    row = next(p for p in sheet(c, "kzinti").planets if p.name == "Kzin Prime")
    assert row.utilized == 10 and row.note == "Productivity 12 used up to its Census 10"


def test_the_csv_has_every_planet_and_the_total():
    s = sheet(load_campaign(DEFAULT), "fed")
    rows = list(csv.reader(io.StringIO(csv_text(s))))
    assert rows[0][0] == "Sector" and len(rows) == len(s.planets) + 2
    assert rows[-1][1] == "Total Domestic Product" and rows[-1][7] == str(s.tdp)


def test_an_unknown_power_is_refused():
    with pytest.raises(ValueError, match="no power 'nobody'"):
        sheet(load_campaign(DEFAULT), "nobody")


def test_each_income_phase_keeps_a_line_per_power_for_the_charts():
    """Two turns' Income Phases: two history lines per power (turn, TDP, Point Pool after, fleet
    strength), kept in the saved file; a campaign that played no Income Phase writes none."""
    from fractions import Fraction

    from rules.economy.sheet import fleet_strength
    from rules.model import dumps, parse_campaign
    from rules.turn.run import play
    from tests.rules.turn.test_empire import EXAMPLE, scenario

    start = scenario()
    assert '"history"' not in dumps(start)
    run = play(start, EXAMPLE)  # a whole turn and turn 2's Income Phase (Tau Ceti IV taken by the Klingons)
    c = parse_campaign(dumps(run.campaign))
    fed = c.power("fed").economy
    assert [(h.turn, h.tdp) for h in fed.history] == [(1, 20), (2, 18)]
    assert fed.history[0].pool == Fraction(109, 5) and fed.history[1].pool == fed.point_pool
    strength = sum(u.economic_bpv for f in start.fleets if f.power == "fed" for u in f.units)
    assert strength > 0 and fed.history[0].strength == fleet_strength(start, "fed") == strength
    assert all(len(p.economy.history) == 2 for p in c.powers)


def test_the_sheet_names_the_power_s_orders_waiting_in_its_record():
    from rules.economy.sheet import economy_lines
    from tests.rules.turn.test_purchases import buy, orders

    run = orders()
    assert economy_lines(run.campaign, "fed")[-1] == \
        "Orders waiting for Construction Completion and Update Asset: none"
    run.answer(buy("FF"))
    assert economy_lines(run.campaign, "fed")[-1] == ("Orders waiting for Construction Completion and Update "
                                                      "Asset: FF at Vanguard II (0207), 3 paid on turn 1")


def _caught_spying():
    """The default campaign with the Lyrans and Romulans at Peace (their Mutual Defense Treaty gone) and
    the Romulans caught running an espionage mission on a Lyran system this turn (seed 004's example)."""
    from rules.model import load_campaign
    from rules.model.campaign import Relation
    from rules.model.treaty_model import PairFact, TreatyPair
    from rules.model.types import DiplomaticState
    from tests.conftest import DEFAULT

    c = load_campaign(DEFAULT).model_copy(deep=True)
    c.treaties = [tp for tp in c.treaties if set(tp.powers) != {"lyran", "romulan"}]
    c.treaties.append(TreatyPair(powers=("lyran", "romulan"), treaties=["non_aggression", "peace"],
                                 facts=[PairFact(fact="caught_espionage", by="romulan", turn=c.turn)]))
    c.treaties.sort(key=lambda tp: tp.powers)
    c.diplomacy = [r for r in c.diplomacy if set(r.powers) != {"lyran", "romulan"}]
    c.diplomacy.append(Relation(powers=("lyran", "romulan"), state=DiplomaticState.PEACE))
    c.diplomacy.sort(key=lambda r: r.powers)
    return c


def test_the_sheet_shows_each_treaty_and_the_chance_to_break_it_or_declare():
    """Issue 23's sheet: "treaties and their break chances". The seed's example: breaking a Peace Treaty
    after being caught spying is 10 + 25 (+ 5 per Intel Point: 45% with 2), shown before any attempt."""
    from rules.economy.sheet import treaty_lines
    from rules.turn.diplomacy_phase import chance
    from rules.economy.diplomacy import Treaty

    c = _caught_spying()
    lines = treaty_lines(c, "lyran")
    assert lines[0].startswith("Treaties and the chances of an attempt now (004 Exhibit B; each Intel Point spent "
                               "adds 5%)")
    rom = next(x for x in lines if x.startswith("Romulan Star Empire: "))
    assert rom == ("Romulan Star Empire: Non-Aggression Treaty, Peace Treaty; "
                   "Break the Non-Aggression Treaty: base 60 + Power was caught running an espionage mission on one "
                   "of your systems 25 - Power has a Peace Treaty with you 20 = 65%; "
                   "Break the Peace Treaty: base 10 + Power was caught running an espionage mission on one of your "
                   "systems 25 = 35%; "
                   "Make a Declaration of Hostilities: base 20 + Power was caught running an espionage mission on one "
                   "of your systems 10 - Power has a Peace Treaty with you 40 = -10%, so no chance; "
                   "Make a Declaration of War: base -20 + Power was caught running an espionage mission on one of "
                   "your systems 10 - Power has a Peace Treaty with you 40 = -50%, so no chance")
    assert chance(c, "lyran", "romulan", Treaty.PEACE, 2).percent == 45  # the seed's figure, with 2 Intel Points
    # the attempt the turn would make reads the same chance the sheet shows
    assert "Fed" not in rom
    assert next(x for x in lines if x.startswith("United Federation of Planets: ")) == \
        "United Federation of Planets: Declaration of War; only an Armistice ends the war"
    assert next(x for x in lines if x.startswith("Klingon Empire: ")).endswith(
        "Make a Declaration of War: impossible (Power has an Alliance Treaty with you)")


def test_a_power_without_contact_and_a_campaign_kept_by_hand():
    from rules.economy.sheet import treaty_lines
    from rules.model.campaign import Relation
    from rules.model.types import DiplomaticState

    c = _caught_spying()
    c.treaties = [tp for tp in c.treaties if set(tp.powers) != {"lyran", "orion"}]
    c.diplomacy = [r for r in c.diplomacy if set(r.powers) != {"lyran", "orion"}]
    c.diplomacy.append(Relation(powers=("lyran", "orion"), state=DiplomaticState.NO_CONTACT))
    lines = treaty_lines(c, "lyran")
    assert lines[-1] == "No contact yet: Orion Pirates (Blackstar Cartel)"
    assert not any(x.startswith("Orion") for x in lines)
    c.settings.empire_turn = "by_hand"
    assert treaty_lines(c, "lyran") == ()


@pytest.mark.parametrize("percent, words", [(-40, "= -40%, so no chance"), (0, "= 0%, so no chance"), (1, "= 1%"),
                                            (99, "= 99%"), (100, "= 100%, so certain"),
                                            (120, "= 120%, so certain")])
def test_a_chance_at_or_below_0_or_at_or_over_100_says_what_the_d100_makes_of_it(percent, words):
    """The sheet's treaty chances (issue 23 printed "= -40%"): the attempt's d100 (1-100, succeeding at
    or under the chance, rules/economy/diplomacy.py Chance.succeeds) never succeeds at 0% or below and
    always at 100% or above; the figure keeps its parts and says so, and nothing is added between."""
    from rules.economy.diplomacy import Chance, Part
    from rules.economy.sheet import odds_words

    odds = Chance("Break the Peace Treaty", percent, (Part("base", 10), Part("Power has a Peace Treaty", percent - 10)))
    assert odds_words(odds) == f"Break the Peace Treaty: base 10 {'+' if percent >= 10 else '-'} Power has a Peace " \
        f"Treaty {abs(percent - 10)} {words}"
    wins = sum(odds.succeeds(roll) for roll in range(1, 101))
    assert ("no chance" in words) == (wins == 0) and ("certain" in words) == (wins == 100)
    impossible = Chance("Make a Declaration of War", -200, (Part("Power has an Alliance Treaty with you", 0),), False)
    assert odds_words(impossible) == "Make a Declaration of War: impossible (Power has an Alliance Treaty with you)"
