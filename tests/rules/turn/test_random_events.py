"""Seed 004's optional Random Events rule at End of Turn (issue 23, rules/turn/random_events.py): the
GM's loop of events, each checked, logged with the rule and sealed to the power's Team; an economic
item reaches the next Income Phase's ledger, a morale event applies now; saved, undone, replayed."""
from __future__ import annotations

from fractions import Fraction

import pytest

from rules.battlehex.log import IllegalAnswer
from rules.battlehex.questions import QKind
from rules.model import dumps, parse_campaign
from rules.model.campaign import Campaign
from rules.model.records import Phase
from rules.turn.random_events import RULE
from rules.turn.run import TurnRun, play
from rules.turn.sequence import current
from tests.rules.turn.test_empire import scenario


def at_end(on: bool = True) -> Campaign:
    """The economy scenario in its Update Asset Phase, the Random Events option ``on`` or off."""
    c = scenario(phase=Phase.UPDATE)
    c.settings = c.settings.model_copy(update={"random_events": on})
    return c


def planet(c: Campaign, name: str):
    return next(p for s in c.map.sectors if s.star_system for p in s.star_system.planets if p.name == name)


def test_off_by_default_the_turn_ends_with_no_question():
    c = scenario()
    assert c.settings.random_events is False and '"random_events"' not in dumps(c)
    run = play(at_end(False), ["roll", "end_phase"])
    assert run.campaign.phase is Phase.END and run.pending.key.endswith("/end/end")
    assert "the turn ends (no random events" in run.campaign.log[-1].text


def test_the_gm_s_loop_asks_until_none_and_none_is_the_default():
    run = play(at_end(), ["roll", "end_phase"])
    q = run.pending
    assert (q.key, q.to, q.rule, q.kind, q.default) == ("random/1", "gm", RULE, QKind.CHOOSE, "none")
    assert q.options[0] == "none" and "economic/fed" in q.options and "morale/0402/Rrawl" in q.options
    assert q.data["secret"] and "Random Event table" in q.text
    assert "random event" in current(run.campaign).waits_for
    with pytest.raises(Exception, match="End of Turn"):  # End Phase waits for the events
        run.answer("end_phase")
    run.answer("none")
    assert run.pending.key.endswith("/end/end")
    run.answer("end_phase")
    assert (run.campaign.turn, run.campaign.phase) == (2, Phase.INCOME)


def test_an_economic_item_is_the_power_s_next_income_item_sealed_to_its_team():
    run = play(at_end(), ["roll", "end_phase", "economic/fed", -12, "  a  plague on Vanguard II "])
    assert [(m.text, m.amount) for m in run.campaign.power("fed").economy.misc] == [
        ("random event: a plague on Vanguard II", Fraction(-12))]
    line = run.campaign.log[-1]
    assert (line.rule, line.secret_of) == (RULE, ["alliance"])
    assert line.text == ("Random event for United Federation of Planets: a plague on Vanguard II - a miscellaneous "
                         "expense of 12 in the next Income Phase (a one-time event)")
    run.answer("none")
    run.answer("end_phase")
    q = run.pending  # the next Income Phase's ledger shows it
    assert q.key == "income/confirm" and "Miscellaneous: random event: a plague on Vanguard II: -12" in q.text
    run.answer("confirm")
    assert run.campaign.power("fed").economy.misc == []
    assert "Miscellaneous: random event: a plague on Vanguard II: -12" in run.campaign.log[-7].text


def test_a_morale_event_is_applied_now_logged_with_the_chart_s_row():
    c = at_end()
    run = play(c, ["roll", "end_phase"])
    before = planet(run.campaign, "Rrawl").morale
    run.answer("morale/0402/Rrawl")
    assert run.pending.key == "random/1/amount" and "Morale" in run.pending.text
    run.answer(-2)
    run.answer("")
    assert planet(run.campaign, "Rrawl").morale == max(before - 2, 0)
    line = run.campaign.log[-1]
    assert (line.rule, line.secret_of) == (RULE, ["alliance"])
    assert "Rrawl (0402): a random event - Morale Check Chart \"Event from Random Event table\" -2" in line.text
    assert run.pending.key == "random/2"  # the loop goes on
    run.answer("morale/0207/Vanguard II")  # a Command Post keeps Morale at 1 or more
    run.answer(-99)
    run.answer("riots")
    assert planet(run.campaign, "Vanguard II").morale == 1


@pytest.mark.parametrize("answers, words", [
    (["economic/nobody"], "there is no power 'nobody'"),
    (["morale/0402/Nowhere"], "no power holds a planet 'Nowhere' at '0402'"),
    ([7], "a random event is \"none\""),
    (["economic/fed", "ten"], "the amount of random event 1 is a whole number, not 'ten'"),
    (["economic/fed", 2_000_000], "the amount of random event 1 is -1000000 to 1000000"),
    (["morale/0402/Rrawl", 1.5], "the morale change of random event 1 is a whole number"),
    (["economic/fed", 3, 12], "the words of the event are words"),
])
def test_each_answer_is_checked_naming_its_field_and_changes_nothing(answers, words):
    run = play(at_end(), ["roll", "end_phase", *answers[:-1]])
    before = dumps(run.campaign)
    with pytest.raises(IllegalAnswer, match=words.replace("(", r"\(")) as e:
        run.answer(answers[-1])
    assert e.value.rule == RULE and dumps(run.campaign) == before


def test_saved_between_questions_it_asks_the_next_one_and_replays_the_same_bytes():
    answers = ["roll", "end_phase", "economic/klingon", 30, "a trade windfall", "morale/0402/Rrawl", 1]
    run = play(at_end(), answers)
    again = play(parse_campaign(dumps(run.campaign)), [])
    assert again.pending.key == "random/2/words" and again.pending.kind is QKind.TEXT
    again.answer("festival")
    run.answer("festival")
    assert dumps(again.campaign) == dumps(run.campaign)
    assert [e.to_dict() for e in play(at_end(), [*answers, "festival"]).log] == \
        [e.to_dict() for e in run.log]


def test_the_gm_s_questions_and_answers_are_the_gm_s_and_each_line_its_team_s():
    run = play(at_end(), ["roll", "end_phase", "economic/klingon", 30, "a trade windfall"])
    events = [e for e in run.log if e.rule == RULE]
    assert {e.visible_to for e in events if e.kind in ("question", "answer")} == {("gm",)}
    assert [e.visible_to for e in events if e.kind == "log"] == [("coalition",)]
    assert not run.log[-1].seen_by("alliance") and run.log[-1].seen_by("coalition")


def test_undo_is_the_campaign_before_the_answer():
    run = play(at_end(), ["roll", "end_phase", "economic/fed", 5])
    before = dumps(run.campaign)
    run.answer("gift")
    back = TurnRun(parse_campaign(before))
    assert back.pending.key == "random/1/words"


@pytest.mark.parametrize("change, morale, state", [
    (-2, 3, ""),  # 3 of Census 6: exactly half, not below it
    (-3, 2, " - below half its Census: utilized Productivity halved"),
    (-5, 0, " - in rebellion: no output"),  # Morale 0 without a Command Post
    (-9, 0, " - in rebellion: no output"),  # never below 0
])
def test_a_morale_event_s_boundaries_half_the_census_and_rebellion(change: int, morale: int, state: str) -> None:
    c = at_end()
    rrawl = planet(c, "Rrawl")
    rrawl.census, rrawl.morale = 6, 5
    run = play(c, ["roll", "end_phase", "morale/0402/Rrawl", change, "unrest"])
    assert planet(run.campaign, "Rrawl").morale == morale and planet(c, "Rrawl").morale == 5
    line = next(e for e in reversed(run.campaign.log) if e.rule == RULE and "Rrawl (0402)" in e.text)
    assert line.text.startswith(f"Random event on Rrawl (0402): unrest - Morale Check Chart \"Event from Random "
                                f"Event table\" {change:+d}, a permanent effect as if in this turn's Update Asset "
                                "Phase; Morale ")
    assert line.text.endswith(f"{morale}{state}") and line.secret_of == ["alliance"]


# Mutation testing (mutmut, docs/ARCHITECTURE.md): the exact words of each question, refusal and
# log line, and the ranges' boundaries.
FIRST = ("random event this End of Turn? The seed prints no Random Event table: the GM rules each one - a one-time "
         "economic item for a power (its next Income Phase's miscellaneous income or expense) or a morale event on "
         "a planet (\"Event from Random Event table\", a permanent effect applied now); or no more events")
WAITS = " (Random Events option; Turn > Answer, Ctrl+Shift+A)"


def test_each_question_s_words_ranges_and_what_the_end_of_turn_waits_for() -> None:
    from rules.turn import random_events as ev

    c = play(at_end(), ["roll", "end_phase"]).campaign
    q = ev.pending(c)
    assert q.text == f"Game Master: a {FIRST}" and ev.waits_for(c) == f"the GM: another random event, or none{WAITS}"
    words = q.data["option_words"]
    assert (words["none"], words["economic/fed"], words["morale/0402/Rrawl"]) == (
        "No more random events this turn", "An economic item for United Federation of Planets",
        "A morale event on Rrawl (0402, Kzinti Hegemony, Morale 5)")
    assert list(words) == list(q.options) and q.check("none") == "none"
    c = ev.answer(c, "economic/fed")
    assert c.turn_asked[-1] == "random/1=economic/fed"
    q = ev.pending(c)
    assert (q.key, q.kind, q.to, q.rule, q.low, q.high, q.default, q.data) == (
        "random/1/amount", QKind.NUMBER, "gm", RULE, -1_000_000, 1_000_000, 0, {"secret": True})
    assert q.text == ("Game Master: random event 1, an economic item for United Federation of Planets: its amount "
                      "in points (+ a miscellaneous income, - an expense; -1000000 to 1000000), applied in the next "
                      "Income Phase")
    assert ev.waits_for(c) == f"the GM: the event's amount{WAITS}"
    assert [q.check(a) for a in (-1_000_000, 1_000_000)] == [-1_000_000, 1_000_000]
    for bad, why in ((True, "a whole number, not True"), (-1_000_001, "-1000000 to 1000000, not -1000001"),
                     (1_000_001, "-1000000 to 1000000, not 1000001")):
        with pytest.raises(IllegalAnswer) as e:
            q.check(bad)
        assert e.value.message == f"the amount of random event 1 is {why}"
    c = ev.answer(c, 0)
    assert c.turn_asked[-1] == "random/1/amount=0"
    q = ev.pending(c)
    assert (q.key, q.kind, q.to, q.rule, q.data["secret"]) == ("random/1/words", QKind.TEXT, "gm", RULE, True)
    assert q.text == ("Game Master: random event 1, an economic item for United Federation of Planets (+0): what "
                      "happened, in words for the log and the ledger (empty: \"a random event\")")
    assert ev.waits_for(c) == f"the GM: the event's words{WAITS}"
    before = dumps(c)
    after = ev.answer(c, "x")
    assert dumps(c) == before
    assert after.log[-1].text == ("Random event for United Federation of Planets: x - a miscellaneous income of 0 "
                                  "in the next Income Phase (a one-time event)")  # 0 is no expense
    assert after.turn_asked[-1] == "random/1/words" and ev.pending(after).text == f"Game Master: another {FIRST}"
    c = ev.answer(after, "morale/0402/Rrawl")
    q = ev.pending(c)
    assert (q.low, q.high, q.default) == (-99, 99, 0) and q.text == (
        "Game Master: random event 2, a morale event on Rrawl (0402, Kzinti Hegemony, Morale 5): the change to its "
        "Morale (-99 to 99; Morale Check Chart \"Event from Random Event table\": Varies), applied now as a "
        "permanent effect")
    assert [q.check(a) for a in (-99, 99)] == [-99, 99]
    for bad, why in (("1", "a whole number, not '1'"), (100, "-99 to 99, not 100"), (-100, "-99 to 99, not -100")):
        with pytest.raises(IllegalAnswer) as e:
            q.check(bad)
        assert e.value.message == f"the morale change of random event 2 is {why}"
    c = ev.answer(c, 1)
    assert ev.pending(c).text.startswith("Game Master: random event 2, a morale event on Rrawl (0402, Kzinti "
                                         "Hegemony, Morale 5) (+1): what happened")
    before = dumps(c)
    after = ev.answer(c, "y")
    assert dumps(c) == before and planet(c, "Rrawl").morale == 5 and planet(after, "Rrawl").morale == 6
    assert after.log[-1].text == ("Random event on Rrawl (0402): y - Morale Check Chart \"Event from Random Event "
                                  "table\" +1, a permanent effect as if in this turn's Update Asset Phase; Morale 5 "
                                  "to 6")
    assert after.turn_asked[-2:] == ["random/2/amount=1", "random/2/words"]
    done = ev.answer(after, "none")
    assert ev.pending(done) is None and ev.waits_for(done) == ""
    with pytest.raises(IllegalAnswer) as e:
        ev.answer(done, "none")
    assert (e.value.rule, e.value.message) == (RULE, "no random event question is open")


def test_an_economic_item_s_text_and_the_other_powers_untouched() -> None:
    from rules.turn import random_events as ev

    run = play(at_end(), ["roll", "end_phase", "economic/klingon", 1_000_000])
    fed, before = run.campaign.power("fed").model_dump_json(), dumps(run.campaign)
    c = ev.answer(run.campaign, "")
    assert dumps(run.campaign) == before  # the Klingon record copied, not changed in place
    assert [(m.text, m.amount) for m in c.power("klingon").economy.misc] == [
        ("random event: a random event", 1_000_000)]
    assert c.power("fed").model_dump_json() == fed and c.log[-1].text == (
        "Random event for Klingon Empire: a random event - a miscellaneous income of 1000000 in the next Income "
        "Phase (a one-time event)")


def test_off_or_outside_the_seed_s_empire_turn_there_is_no_question() -> None:
    from rules.turn import random_events as ev

    c = play(at_end(), ["roll", "end_phase"]).campaign
    assert ev.runs(c) and ev.pending(c) is not None
    by_hand = c.model_copy(update={"settings": c.settings.model_copy(update={"empire_turn": "by_hand"})})
    off = c.model_copy(update={"settings": c.settings.model_copy(update={"random_events": False})})
    assert [(ev.runs(x), ev.pending(x), ev.waits_for(x)) for x in (by_hand, off)] == [(False, None, "")] * 2


@pytest.mark.parametrize("asked, why", [
    (["random/1=economic/nobody"], "an economic event's power: there is no power 'nobody' (one of fed, kzinti, "
                                   "klingon, lyran, romulan, orion, monsters)"),
    (["random/1=morale/0402/Nowhere"], "a morale event's planet: no power holds a planet 'Nowhere' at '0402' "
                                       "(\"morale/SECTOR/PLANET\", e.g. \"morale/0507/Terra\")"),
    (["random/1=weather"], "a random event is \"none\", \"economic/POWER\" or \"morale/SECTOR/PLANET\", not 'weather'"),
    (["random/1/amount=5"], "an amount is a whole number, -99 to 99, after its event"),  # before its event
    (["random/1=economic/fed", "random/1/amount=1000001"], "an amount is a whole number, -1000000 to 1000000, "
                                                           "after its event"),
    (["random/1=economic/fed", "random/1/amount=-1000001"], "an amount is a whole number, -1000000 to 1000000, "
                                                            "after its event"),
    (["random/1=economic/fed", "random/1/amount=000000001"], "an amount is a whole number, -1000000 to 1000000, "
                                                             "after its event"),  # nine characters
    (["random/1=economic/fed", "random/1/amount=\u0661"], "an amount is a whole number, -1000000 to 1000000, "
                                                          "after its event"),  # an Arabic-Indic digit
    (["random/1=economic/fed", "random/1/amount=1x"], "an amount is a whole number, -1000000 to 1000000, "
                                                      "after its event"),
    (["random/1=economic/fed", "random/1/amount=X5"], "an amount is a whole number, -1000000 to 1000000, "
                                                      "after its event"),
    (["random/1=morale/0402/Rrawl", "random/1/amount=100"], "an amount is a whole number, -99 to 99, after its event"),
    (["random/1=morale/0402/Rrawl", "random/1/amount=-100"], "an amount is a whole number, -99 to 99, "
                                                             "after its event"),
])
def test_a_hand_edited_answer_in_the_file_is_named_with_its_place(asked: list[str], why: str) -> None:
    from rules.errors import RuleError
    from rules.turn import random_events as ev

    c = play(at_end(), ["roll", "end_phase"]).campaign  # turn_asked[0] is the Update Asset roll
    c = c.model_copy(update={"turn_asked": [*c.turn_asked, *asked]})
    with pytest.raises(RuleError) as e:
        ev.pending(c)
    assert (e.value.rule, e.value.message) == (RULE, f"turn_asked[{len(c.turn_asked) - 1}] {asked[-1]!r} cannot be "
                                                     f"read: {why}")


@pytest.mark.parametrize("asked, key, amount", [
    (["random/1=economic/fed", "random/1/amount=-1000000"], "random/1/words", -1_000_000),
    (["random/1=economic/fed", "random/1/amount=+1000000"], "random/1/words", 1_000_000),  # eight characters
    (["random/1=morale/0402/Rrawl", "random/1/amount=-99"], "random/1/words", -99),
    (["random/1=morale/0402/Rrawl", "random/1/amount=99"], "random/1/words", 99),
    (["random/1=economic/fed", "random/1/amount=3", "random/1/words", "random/2=economic/fed"], "random/2/amount",
     None),
    (["random/1=economic/fed", "random/1/amount=3", "random/1/words", "random/2=none"], None, None),
    (["random/1=none", "random/2=weather"], None, None),  # nothing after "none" is read
])
def test_the_answers_in_the_file_at_the_ranges_ends(asked: list[str], key: str | None, amount: int | None) -> None:
    from rules.turn import random_events as ev

    c = play(at_end(), ["roll", "end_phase"]).campaign
    c = c.model_copy(update={"turn_asked": [*c.turn_asked, *asked]})
    q = ev.pending(c)
    assert (q.key if q else None) == key
    if amount is not None:
        assert f"({amount:+d}): what happened" in q.text


def test_a_second_planet_in_a_system_named_with_a_slash() -> None:
    """A planet's name is free words: 'Rrawl/B', Rrawl's system's second planet, is its own target."""
    from rules.turn import random_events as ev

    c = at_end()
    system = next(s.star_system for s in c.map.sectors if str(s.at) == "0402")
    system.planets.append(system.planets[0].model_copy(update={"name": "Rrawl/B", "morale": 4}))
    c = play(c, ["roll", "end_phase"]).campaign
    assert "morale/0402/Rrawl/B" in ev.pending(c).options
    c = ev.answer(c, "morale/0402/Rrawl/B")
    assert ev.pending(c).text.startswith("Game Master: random event 1, a morale event on Rrawl/B (0402, Kzinti "
                                         "Hegemony, Morale 4): the change to its Morale")
    c = ev.answer(ev.answer(c, 2), "feast")
    assert (planet(c, "Rrawl").morale, planet(c, "Rrawl/B").morale) == (5, 6)
    assert c.log[-1].text.startswith("Random event on Rrawl/B (0402): feast - ")


def test_two_economic_items_for_one_power_are_both_kept() -> None:
    run = play(at_end(), ["roll", "end_phase", "economic/fed", 4, "a gift", "economic/fed", -3, "a flood"])
    assert [(m.text, m.amount) for m in run.campaign.power("fed").economy.misc] == [
        ("random event: a gift", 4), ("random event: a flood", -3)]


def test_a_choice_that_is_no_string_is_quoted_in_the_refusal() -> None:
    from rules.turn import random_events as ev

    q = ev.pending(play(at_end(), ["roll", "end_phase"]).campaign)
    with pytest.raises(IllegalAnswer) as e:
        q.check(7)
    assert e.value.message == "a random event is \"none\", \"economic/POWER\" or \"morale/SECTOR/PLANET\", not 7"


def test_a_power_whose_id_holds_a_slash() -> None:
    """A power's id is any word ('orion/x'): "economic/orion/x" is that power's item, named in words."""
    run = play(parse_campaign(dumps(at_end()).replace('"orion"', '"orion/x"')), ["roll", "end_phase",
                                                                                  "economic/orion/x"])
    assert run.pending.text.startswith("Game Master: random event 1, an economic item for Orion Pirates (Blackstar "
                                       "Cartel): its amount")
    run.answer(5)
    run.answer("loot")
    assert [m.text for m in run.campaign.power("orion/x").economy.misc] == ["random event: loot"]
    assert run.campaign.log[-1].text.startswith("Random event for Orion Pirates (Blackstar Cartel): loot - ")
