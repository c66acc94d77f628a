"""Words for people (issue 22): a possessive and a change as a person writes them."""
from __future__ import annotations

from rules.battlehex.words import agrees, changed, clipped, plain, plural, possessive


def test_a_name_ending_in_s_takes_only_an_apostrophe():
    assert possessive("Orion Pirates") == "Orion Pirates'"
    assert possessive("Klothos") == "Klothos'"
    assert possessive("Coalition") == "Coalition's"
    assert possessive("United Federation of Planets") == "United Federation of Planets'"


def test_a_plural_name_takes_a_plural_verb():
    """STCS's log said "KD-4 disruptors misses" (issue 22)."""
    assert agrees("KD-4 disruptors", "misses") == "miss"
    assert agrees("FP-1 photon torpedoes", "hits") == "hit"
    assert agrees("tractor beam", "misses") == "misses"
    assert agrees("RP-1 plasma", "hits") == "hits"
    assert agrees("Klingon ss", "hits") == "hits"  # a last word in -ss is no plural
    assert agrees("phasers", "strikes") == "strike"
    assert agrees("phasers", "carries") == "carry"
    assert agrees("phasers", "reaches") == "reach"


def test_a_change_reads_from_to_or_stays():
    assert changed(3, 2) == "3 to 2"
    assert changed(8, 8) == "stays 8"
    assert changed("19 4/5", "39 4/5") == "19 4/5 to 39 4/5"


def test_an_answer_in_words():
    assert plain({"b": 2, "a": -1}, str) == "a -1, b +2"
    assert plain(["mauler@full", True], lambda u: u.upper()) == "MAULER (full at full value), yes"


def test_a_count_agrees_with_its_word():
    """"1 point to resolve", "0 orders", "3 fleets", never "1 points" or "order(s)" (issue 22)."""
    assert [plural(n, "point") for n in (0, 1, 2)] == ["0 points", "1 point", "2 points"]
    assert plural(1, "die", "dice") == "1 die" and plural(3, "die", "dice") == "3 dice"


def test_a_long_question_is_clipped_at_a_word_with_no_bracket_left_open():
    """B5's undo entries cut questions at 60 characters: "(in secret; speed 7: 2/3/: F - F", "(burn: afterbu: none",
    "(1 launcher system(s), reach 40):: 7049" (issue 22)."""
    plot = "plot squadron b2's move for turn 3 (in secret; speed 7: 2/3/2): give each pulse's moves"
    assert clipped(plot) == "plot squadron b2's move for turn 3…"
    mines = "squadron b2's energy mines (1 launcher system, reach 40): the hex they centre on, in secret, or none"
    assert clipped(mines) == "squadron b2's energy mines (1 launcher system, reach 40)…"
    assert clipped("your fleet's speed last turn, noted in secret (announced once both are noted)") == (
        "your fleet's speed last turn, noted in secret…")
    assert clipped("the turn your reinforcements arrive?") == "the turn your reinforcements arrive"
    assert clipped("a" * 70) == "a" * 60 + "…"
    assert clipped("exactly sixty characters long, with a colon at its end here:", 61) == (
        "exactly sixty characters long, with a colon at its end here")
