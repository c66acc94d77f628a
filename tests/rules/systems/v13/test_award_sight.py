"""A battle's own log tells V13.28's Economic Points to the battle's two sides and the GM alone
(issue 23, H5): Blue's battle station and DEFSATs stay behind at 0304 (Economic BPV 129) and Blue
withdraws their personnel, so Red gains floor(129 / 4) = 32. The campaign log's award line is the
two sides' (the defender chooses knowing the figure), but the battle's own log ("Red gains
floor(1/4 x 129) = 32 (A-25)") was read by any viewer of the battle: the Orions, not a side,
learned Red's award from the battle window or `main.py battle --viewer orions`. So is the
half of the Economic BPV of those that stay active with Poor crews and survive (V13.28(b))."""
from __future__ import annotations

import pytest

from rules.battlehex.sight import events_for
from tests.rules.systems.v13.helpers import battle, duel, unit

LEFT = [unit("bats", kind="battle_station", economic_bpv=111), unit("ds1", kind="defsat", economic_bpv=9),
        unit("ds2", kind="defsat", economic_bpv=9), unit("ff", economic_bpv=70)]
FIGURE = "gains floor(1/4 x 129) = 32"


@pytest.fixture(scope="module")
def fought():
    b = battle(duel(LEFT), answers=(True, False, ["ff"]))
    b.answer("unmanned")
    assert b.state.awards == {"red": 32} and "orions" in {t.id for t in b.campaign.teams}
    return b


@pytest.mark.parametrize("viewer", ["red", "blue", "gm"])
def test_the_two_sides_and_the_gm_read_the_award(fought, viewer):
    assert [e.rule for e in events_for(fought, viewer) if FIGURE in e.text] == ["V13.28"]


def test_a_team_not_in_the_battle_reads_no_award(fought):
    texts = [e.text for e in events_for(fought, "orions")]
    assert texts and not [t for t in texts if "floor(1/4" in t or "32" in t]


def test_the_pending_question_tells_the_figure_to_the_two_sides_alone():
    from rules.battlehex.headless import question_for

    b = battle(duel(LEFT), answers=(True, False, ["ff"]))
    assert question_for(b, "orions") == {"to": "blue", "rule": "V13.28", "secret": True}
    for viewer in ("blue", "red", "gm"):
        assert "(the attacker gains 32)" in question_for(b, viewer)["text"]


def test_the_half_award_of_left_behind_units_that_survived_is_the_two_sides_too_v13_28b():
    from tests.rules.systems.v13.helpers import place
    from tests.rules.systems.v13.test_combat import WS

    left = [unit("bats", kind="battle_station", economic_bpv=110), unit("ff", economic_bpv=70)]
    b = battle(duel(left, [unit("r1")]), faces=WS, answers=(
        True, False, ["ff"], "active", 30, 30, place("bats", "2103"), place("r1", "2140", "A"), "2115"))
    b.answer({"mark": "bats", "status": "captured"})
    assert b.done and b.state.awards == {"red": 55}
    half = "gains floor(1/2 x 110) = 55"
    for viewer in ("red", "blue", "gm"):
        assert [e.rule for e in events_for(b, viewer) if half in e.text] == ["V13.28 / A-25"]
    assert not [e.text for e in events_for(b, "orions") if "floor(1/2" in e.text or "55" in e.text]
