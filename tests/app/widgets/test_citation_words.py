"""Rule citations in the words people read (issue 22): the seeds' file numbers ("004 Combat Phase") and our
design notes' numbering of a reading ("V13.472 / A-21", INTERPRETATIONS) are no rule a player can look up. The
engine and the file keep the whole citation; the screen reads "Combat Phase" and "V13.472", and the battle log's
Details (the raw data, as in the JSON export) show the citation as the file holds it."""
from __future__ import annotations

import re

from app.widgets.log_html import event_html
from app.widgets.titles import plain_words, rule_words
from tests.play.walk import battle_questions


def test_a_citation_reads_as_the_rule_a_player_can_look_up():
    assert rule_words("004 Combat Phase") == "Combat Phase"
    assert rule_words("seed 004 Fleet Composition") == "Fleet Composition"
    assert rule_words("V13.472 / A-21") == "V13.472" and rule_words("V13.414 / V13.423") == "V13.414 / V13.423"
    assert rule_words("A-59") == ""  # an interpretation alone: no rule to name
    assert rule_words("AF/EF 4.1.b") == "AF/EF 4.1.b" and rule_words("STCS Shield Control") == "STCS Shield Control"


def test_a_text_reads_its_citations_as_words():
    """The forms the engine writes (V13 log lines and refusals, the Supply Phase's effects, the Combat Phase)."""
    said = {"V13.462 / A-22: Tau Ceti IV Ground Base Alpha: distance": "V13.462: Tau Ceti IV Ground Base Alpha: "
                                                                       "distance",
            "A-59: only the GM ends a battle early, with a reason": "only the GM ends a battle early, with a reason",
            "movement: no effect (seed 004 states none)": "movement: no effect (the rules state none)",
            "orbital bombardment is fought by hand (seed 004 gives no procedure)":
                "orbital bombardment is fought by hand (the rules give no procedure)",
            "+8 engaging a unit (Space Amoeba) [V13.414 / A-29], +4": "+8 engaging a unit (Space Amoeba) [V13.414], +4",
            "terrain: Asteroid Field (A-51: the sector's own terrain (Asteroid Field))":
                "terrain: Asteroid Field (the sector's own terrain (Asteroid Field))",
            "Alliance attacks (V13.14 / A-50: it paid attention": "Alliance attacks (V13.14: it paid attention",
            "that survive the fighting (A-25, A-62)": "that survive the fighting",
            "rejoined (rolled 3 or less; A-37): none": "rejoined (rolled 3 or less): none",
            "a new battle (from V13.420, A-39; Turn > Fight a Battle Hex)":
                "a new battle (from V13.420; Turn > Fight a Battle Hex)",
            "Refused: 004 Intel Phase (Mutual Defense Treaty): ground":
                "Refused: Intel Phase (Mutual Defense Treaty): ground",
            "What seed 004's empire turn keeps": "What the empire turn keeps",
            "KA-10 at 0101, 2004 points": "KA-10 at 0101, 2004 points"}
    assert {text: plain_words(text) for text in said} == said


def test_the_log_shows_the_rule_number_and_its_details_the_whole_citation():
    """A V13 line cited "V13.03 / A-61" (the Incidental Units revealed) reads "[V13.03]", a link to Help > Rules;
    with Details ticked, "rule: V13.03 / A-61" under it."""
    event = next(e for _s, run, _q, _a in battle_questions(sources=(-1,)) for e in run.log.events
                 if re.search(r" / A-\d+$", e.rule))
    line, details = event_html(event), event_html(event, details=True)
    number = event.rule.split(" / ")[0]
    assert f'[<a href="rule:{number}">{number}</a>]' in line and "A-" not in line, line
    assert f"rule: {event.rule}" in details, details
