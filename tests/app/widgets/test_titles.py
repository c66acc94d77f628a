"""A dialog title is cut after a word, keeping whom it is for (app/widgets/titles.py)."""
from __future__ import annotations

from app.widgets.titles import TITLE_CHARS, fit_title, plain_words, rule_words


def test_a_title_is_cut_after_a_word_keeping_whom_it_is_for():
    assert fit_title("V13.811", " \u2014 Coalition") == "V13.811 \u2014 Coalition"
    cut = fit_title("004 Construction Completion Phase (reserve and mothballs)", " \u2014 Orion Pirates")
    assert cut == "004 Construction Completion Phase\u2026 \u2014 Orion Pirates" and len(cut) <= TITLE_CHARS
    assert len(fit_title("x" * 90)) == TITLE_CHARS


def test_a_rule_reads_without_its_seed_s_number():
    """Issue 22: players do not know the seeds' numbers; the other citations are the rules' own."""
    assert rule_words("004 Encounters Phase") == "Encounters Phase"
    assert rule_words("004 Intel Phase (Non-Aggression Treaty: internment)") == \
        "Intel Phase (Non-Aggression Treaty: internment)"
    assert rule_words("Seed 002 Carrying Marines") == "Carrying Marines"
    for kept in ("V13.811 / INTERPRETATIONS 4", "AF/EF 4.1.b", "STCS Shield Control", "B5 Combat", "V13.004", "004"):
        assert rule_words(kept) == kept


def test_the_seed_reads_as_the_rules():
    """Issue 22: a player reads rules, not "the seed" we build them from (seen in the campaign log's Supply Phase
    lines, the SIDCORS retreat, the Intel mission and Random Event questions, a B5 battle's first line)."""
    assert plain_words("combat values may be reduced: the seed gives no amount, so BattleHex applies none") == \
        "combat values may be reduced: the rules give no amount, so BattleHex applies none"
    assert plain_words("The seed prints no Random Event table") == "The rules print no Random Event table"
    assert plain_words("as the seed has it; the seed does not say") == "as the rules have it; the rules do not say"
    assert plain_words("Alliance retreats (the seed's way out: ...)") == "Alliance retreats (the rules' way out: ...)"
    assert plain_words("fought with Babylon 5 Fleet Action (seed 003), turn 1") == \
        "fought with Babylon 5 Fleet Action, turn 1"
    assert plain_words('no unit list (seed 004: "Each player has a list")') == \
        'no unit list (the rules: "Each player has a list")'
    for kept in ("the seedling", "dice seed 1234", "Seeds of doubt"):
        assert plain_words(kept) == kept
