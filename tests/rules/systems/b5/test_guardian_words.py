"""b5 the Guardian Array's question (seed 003 Guardian Array; rules/systems/b5/guardian.py), what a mutation
run of guardian.py found untested: its full words, whose question it is, the ship it names, and its usual
answer: the ship with the most shots at it ("designate what ships are protected after fire has been
announced but before fire is resolved")."""
from __future__ import annotations

from tests.rules.systems.b5.test_guardian import BEAM, campaign, fight


def test_the_question_names_its_side_and_guardian_and_opens_on_the_ship_most_fired_at():
    """R-F2's Beam at B-F2 first, then R-FLAG's two Beams at B-FLAG: B-FLAG (two shots) is the usual answer
    though B-F2 is offered first."""
    second = dict(BEAM, name="Beam 2")
    run = fight(campaign(red_weapons=(BEAM, second)),
                ("fire", "r-f2", "Beam", "b-f2", "fire", "r-flag", "Beam", "b-flag",
                 "fire", "r-flag", "Beam 2", "b-flag", "resolve"))
    q = run.pending
    assert q.key == "b5/1/guard" and q.options == ("b-f2", "b-flag", "none") and q.default == "b-flag"
    assert q.text == ("Blue: B-FLAG's Guardian Array, level 1 of 2: which ship of its squadron does it protect "
                      "from this fire (Def +1; not against lasers)?")
    assert q.data["unit"] == "b-flag"
    assert q.data["option_words"]["none"] == "none: leave its other levels unused this time"


def test_a_guardian_answering_none_leaves_the_next_one_asked_and_each_answer_is_logged():
    """B-FLAG (1 level) protects no ship; B-F2's own array (1 level) is asked next and protects B-F2."""
    run = fight(campaign(flag_guard=1, f2_guard=1, red_weapons=(BEAM,)),
                ("fire", "r-flag", "Beam", "b-f2", "fire", "r-f2", "Beam", "b-flag", "resolve", "none"))
    assert "B-F2's Guardian Array, level 1 of 1" in run.pending.text
    run.answer("b-f2")
    events = {e.text: (e.kind, e.rule, e.data.get("unit")) for e in run.log.events}
    assert events["B-FLAG's Guardian Array protects no more ships from this fire"] == \
        ("ruling", "B5 Guardian Array", "b-flag")
    assert events["B-F2's Guardian Array raises B-F2's Def by 1 against this fire (not against lasers)"] == \
        ("ruling", "B5 Guardian Array", "b-f2")


def test_a_laser_at_the_protected_ship_needs_no_more():
    """"Guardian Arrays do not affect the fire of laser weapons": R-FLAG's Beam and R-F2's Laser at B-F2,
    protected twice: the Beam needs 2 more, the Laser as ever."""
    from tests.rules.systems.b5.test_guardian import needs

    run = fight(campaign(), ("fire", "r-flag", "Beam", "b-f2", "fire", "r-f2", "Laser", "b-f2", "resolve",
                             "b-f2", "b-f2"))
    assert needs(run) == [17, 15]
