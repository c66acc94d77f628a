"""A dialog title is cut after a word, keeping whom it is for (app/widgets/titles.py)."""
from __future__ import annotations

from app.widgets.titles import TITLE_CHARS, fit_title


def test_a_title_is_cut_after_a_word_keeping_whom_it_is_for():
    assert fit_title("V13.811", " \u2014 Coalition") == "V13.811 \u2014 Coalition"
    cut = fit_title("004 Construction Completion Phase (reserve and mothballs)", " \u2014 Orion Pirates")
    assert cut == "004 Construction Completion Phase\u2026 \u2014 Orion Pirates" and len(cut) <= TITLE_CHARS
    assert len(fit_title("x" * 90)) == TITLE_CHARS
