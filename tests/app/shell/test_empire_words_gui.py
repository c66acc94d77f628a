"""The empire phases' questions on the shipped default campaign as the GM reads them in the
question dialog (issue 22: words for people): Turn > Answer (Ctrl+Shift+A), the GM takes the
screen. The Update Asset roll read "the Morale Check Chart for 11 planet(s)", a turn-6 tech roll
"0 advance(s) this year"."""
from __future__ import annotations

from rules.model import load_campaign
from rules.model.campaign import Campaign
from rules.model.records import Phase
from tests.app.gui import answering, open_campaign, press, refuse_questions, take_over
from tests.conftest import DEFAULT


def _question_read(qtbot, tmp_path, c: Campaign) -> str:
    """The head of the first question Turn > Answer (Ctrl+Shift+A) opens on ``c``."""
    main = open_campaign(qtbot, tmp_path, c)
    seen: list[str] = []
    answering(qtbot, lambda: press(main, "Ctrl+Shift+A"), take_over, refuse_questions(lambda d: d.head.text(), seen),
              until=lambda: bool(seen))
    return seen[0]


def test_the_update_asset_roll_counts_its_planets_in_words(qtbot, tmp_path):
    c = load_campaign(DEFAULT)
    c.phase = Phase.UPDATE
    said = _question_read(qtbot, tmp_path, c)
    assert "Morale Check Chart for 11 planets" in said and "(s)" not in said, said


def test_a_tech_roll_counts_the_advances_in_words(qtbot, tmp_path):
    c = load_campaign(DEFAULT)
    c.phase, c.turn = Phase.TECH, 6
    c.turn_asked = [f"tech/invest/{p.id}" for p in c.powers]
    fed = c.power("fed")
    assert fed is not None and fed.economy is not None
    fed.economy = fed.economy.model_copy(update={"tech_pool": 5, "last_tdp": 20})
    said = _question_read(qtbot, tmp_path, c)
    assert "tech roll on d100" in said and "0 advances this year" in said and "(s)" not in said, said


def test_the_research_investment_names_its_pool(qtbot, tmp_path):
    """The investment question read "(0-20): pool 0, required 10 ...; Point Pool 21 4/5": two pools,
    one unnamed. The research pool is named."""
    from rules.turn.run import TurnRun
    from tests.play.turn_player import default_answer

    run = TurnRun(load_campaign(DEFAULT))
    while run.campaign.phase is not Phase.TECH:  # the ledgers confirmed, End Phase
        run.answer(default_answer(run.pending))
    said = _question_read(qtbot, tmp_path, run.campaign)
    assert "points to invest in research this turn (0-20): research pool 0, required 10" in said, said
