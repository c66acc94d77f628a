"""The Casualty Modifier Track's "Not Firing" box (issue 25 leftover): seed 002 names it ("the ship cannot be forced
into the 'Not Firing' box just due to crowding", beyond the 60-69% box) but does not print the chart. Where the chart
would decide - a ship in a box worse than 60-69% fires - the engine asks the GM, whose ruling is logged with the
rule, once a box; the question, the ruling and the ships' sheet say the charts do not say which box it is, in
words without the seed's number (issue 22: "not in seed 002's charts"). The Lexington (crew 430)
takes crew hits of 5 points at 20% a point, its efficiency rolls failed (D100 100), then fires at the Klothos."""
from __future__ import annotations

import re

import pytest

from rules.battlehex.log import GM
from rules.battlehex.questions import QKind
from rules.systems.stcs import casualty_track as track
from tests.rules.systems.stcs.test_firing import next_segment, settled


def hurt(hits: int, faces: list[int] | None = None):
    """The Lexington, settled 4 hexes from the Klothos, after ``hits`` crew hits of 20% each."""
    run = settled([100] * hits + (faces or []))
    for _ in range(hits):
        for a in ("crew:lexington", "other", 5, 20):
            run.answer(a)
    return run


def rulings(run, viewer: str) -> list[str]:
    return [e.text for e in run.log.events if e.rule == track.RULE and e.seen_by(viewer)]


def test_in_the_60_69_box_the_ship_fires_unasked() -> None:
    run = hurt(2)
    assert track.BOXES[track.of(run.engine, "lexington")] == "60-69%"
    run.answer("fire:lexington:d7")
    assert run.pending.key == "stcs/2/fire/lexington/weapon"


def test_beyond_it_the_gm_rules_the_not_firing_box_once_a_box_and_it_is_logged_with_the_rule() -> None:
    run = hurt(3)
    assert track.BOXES[track.of(run.engine, "lexington")] == "40-49%"
    run.answer("fire:lexington:d7")
    q = run.pending
    assert q.key == "stcs/2/fire/lexington/notfiring" and q.kind is QKind.YES_NO and q.to == GM
    assert q.rule == track.RULE and q.default is False and q.data.get("secret")
    assert "Not Firing box" in q.text and "40-49% box" in q.text
    assert "The rules name the track's \"Not Firing\" box but do not print its chart" in q.text
    run.answer(True)
    asked = [e for e in run.log.events if e.data.get("key") == "stcs/2/fire/lexington/notfiring"]
    assert [e.kind for e in asked] == ["question", "answer"] and asked[1].text == "Game Master: yes"
    assert asked[0].seen_by("blue") and not any(e.seen_by("red") for e in asked)  # being asked tells the box is low
    assert run.pending.key.endswith("/act")  # no weapon asked, none fired
    assert not any(k[0] == "lexington" for k in run.engine.fired)
    ruled = ("the Game Master rules that Lexington's 40-49% box is its Not Firing box "
             "(the charts do not say which box it is)")
    told = "Lexington does not fire at Klothos (its crew: the Game Master's ruling)"
    assert ruled in rulings(run, "blue") and ruled in rulings(run, GM) and told in rulings(run, "blue")
    assert ruled not in rulings(run, "red") and told in rulings(run, "red")  # its box counts its secret parties
    said = [q.text, *rulings(run, GM), track.sheet_words(run.engine, "lexington", GM)]  # the rule is in the rule field
    assert not [t for t in said if re.search(r"\bseed\b|\b00\d\b", t, re.IGNORECASE)], said  # issue 22: no seed words
    assert track.sheet_words(run.engine, "lexington", "blue") == \
        ", crew track 40-49% (Not Firing? the charts do not say: ruled Not Firing)"
    assert track.sheet_words(run.engine, "lexington", "red") == ""
    next_segment(run)
    run.answer("fire:lexington:d7")  # the same box: the standing ruling, not asked again
    assert run.pending.key.endswith("/act") and rulings(run, GM).count(told) == 2


def test_ruled_not_its_not_firing_box_it_fires_and_a_worse_box_is_asked_again() -> None:
    run = hurt(3, [100])
    assert track.sheet_words(run.engine, "lexington", GM) == \
        ", crew track 40-49% (Not Firing? the charts do not say: the GM is asked when it fires)"
    run.answer("fire:lexington:d7")
    run.answer(False)
    assert run.pending.key == "stcs/2/fire/lexington/weapon"
    run.answer("0")
    run.answer(0)  # To-Hit 0 - 6: no hit, no die
    for a in ("crew:lexington", "other", 5, 20):  # down to the 20-29% box
        run.answer(a)
    next_segment(run)
    next_segment(run)  # (its phasers recharge: not in two sequential segments)
    run.answer("fire:lexington:d7")
    assert run.pending.key.endswith("/fire/lexington/notfiring") and "20-29% box" in run.pending.text


@pytest.mark.parametrize(("b", "may"), [(0, False), (3, False), (4, True), (9, True)])
def test_the_not_firing_box_may_only_lie_beyond_the_60_69_box(b: int, may: bool) -> None:
    assert track.maybe_not_firing(b) is may
