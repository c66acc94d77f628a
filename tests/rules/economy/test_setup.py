"""Seed 004 Setup as data (issue 23): the allowed empires, and a new campaign from the GM's
choices that loads, passes ``main.py --check`` and plays a whole turn."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rules.economy.setup import EMPIRES, Homeworld, campaign_data, why_not
from rules.model import parse_campaign, save_campaign
from rules.model.records import Phase
from rules.strategic.diplomacy import Diplomacy
from rules.turn.run import TurnRun

ROOT = Path(__file__).resolve().parents[3]
HOME = Homeworld(8, 8, 4, 8)


def play_one_turn(run: TurnRun) -> None:
    """Every question of turn 1 answered as a GM who buys nothing and rolls what must be rolled."""
    for _ in range(80):
        if run.campaign.turn > 1:
            return
        q = run.pending
        if q.key in ("income/confirm", "construction/confirm"):
            run.answer("confirm")
        elif q.key.startswith("tech/invest"):
            run.answer(0)
        elif "roll" in (q.options or ()):
            run.answer("roll")
        elif q.key.endswith("/orders"):
            run.answer("end_movement")
        else:
            run.answer("end_phase")
    raise AssertionError(f"turn 1 did not end: {run.pending.key}")


def test_the_allowed_empires_are_the_seeds_fifteen():
    assert len(EMPIRES) == 15
    assert [e.rule for e in EMPIRES][:3] == ["R2.0", "R3.0", "R4.0"] and EMPIRES[-1].name == "The Quari"
    assert "orion" not in {e.id for e in EMPIRES}  # the seed leaves the Orions out


def test_a_new_campaign_loads_owns_its_sectors_starts_without_contact_and_plays_a_turn():
    c = parse_campaign(json.dumps(campaign_data("New", 20, 15, ["fed", "klingon", "hydran"], 171, 6, HOME)))
    assert c.phase is Phase.INCOME and c.settings.year == 171
    # shown on the main window: words for people, no seed file number (issue 22)
    assert c.description == "A new campaign (File > New Campaign): The Federation, The Klingon Empire, " \
        "The Hydran Kingdom."
    for p in c.powers:
        assert sum(s.owner == p.id for s in c.map.sectors) == 6
        home = c.sector_at(str(p.economy.homeworld))
        assert home.owner == p.id and home.star_system.planets[0].census == 8
    assert Diplomacy(c).state("fed", "klingon").value == "no_contact"
    assert "the GM set each homeworld's Census 8" in c.log[0].text
    run = TurnRun(c)
    play_one_turn(run)
    assert run.campaign.turn == 2 and run.campaign.phase is Phase.INCOME
    assert run.campaign.power("fed").economy.last_tdp == 32  # Productivity 8 (Census 8) x RAW 4


@pytest.mark.parametrize("args, words", [
    ((20, 15, ["fed", "orion"], 171, 6), "not an allowed empire"),
    ((20, 15, ["fed"], 171, 6), "two or more"),
    ((4, 15, ["fed", "gorn"], 171, 6), "5-500"),
    ((5, 5, ["fed", "gorn"], 171, 13), "cannot each own 13"),
    ((20, 15, ["fed", "gorn"], 0, 6), "the year"),
])
def test_impossible_choices_are_refused(args, words):
    assert words in why_not(*args)
    with pytest.raises(ValueError, match=words):
        campaign_data("x", *args, HOME)


def test_main_check_accepts_the_new_campaign(tmp_path):
    path = tmp_path / "new.json"
    save_campaign(parse_campaign(json.dumps(campaign_data("New", 30, 20, ["gorn", "tholian", "isc", "quari"],
                                                          175, 10, HOME))), path)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    r = subprocess.run([sys.executable, "main.py", "--check", str(path)], cwd=ROOT, capture_output=True, text=True,
                       env=env, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
