"""A dialog title is cut after a word, keeping whom it is for (app/widgets/titles.py)."""
from __future__ import annotations

from app.widgets.titles import TITLE_CHARS, fit_title, rule_words


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
