"""Whole campaign turns played by Return at every question, battles fought by Return too (I8, session of 2026-11-28;
the guide's "each dialog's default (Return)" over whole turns and every battle system).

:class:`tests.play.return_player.ReturnPlayer` plays the default campaign, with each battle system and both Combat
Phase settings, for two whole turns: every battle of them is fought, not ruled. Fails on a wall: an exception, a
question whose Return answer the engine refuses (the turn's, or a battle's), a battle not ended within the bound,
flights left without their carrier. The B5 and STCS games take a minute or more each: ``BATTLEHEX_LONG=1`` plays them
(and more dice seeds)."""
from __future__ import annotations

import os

import pytest

from rules.model import load_campaign
from rules.systems import choose_for_campaign
from tests.conftest import DEFAULT
from tests.play.return_player import ReturnPlayer

LONG = os.environ.get("BATTLEHEX_LONG") == "1"
SYSTEMS = ("v13", "table", "sidcors", "afef") + (("b5", "stcs") if LONG else ())
SEEDS = (0, 7, 11) if LONG else (0,)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("phase", ("seed004", "v13"))
@pytest.mark.parametrize("system", SYSTEMS)
def test_two_turns_by_return_fight_every_battle_to_its_end(system: str, phase: str, seed: int) -> None:
    c = load_campaign(DEFAULT)
    c = c.model_copy(update={"dice_seed": seed, "settings": c.settings.model_copy(update={"combat_phase": phase})})
    p = ReturnPlayer(choose_for_campaign(c, system), seed, check_saves=False, max_answers=1000,
                     dice_key=f"{seed:064x}")
    assert p.play_turns(2) == 2
    walls = {k: v for k, v in p.notes.items() if not k.endswith("battle fought")}
    assert walls == {}, walls
    assert p.notes[f"{system} battle fought"] >= 5  # the five Battle Hexes of turn 1 at least, none ruled


@pytest.mark.parametrize("phase", ("seed004", "v13"))
def test_two_turns_by_return_with_every_v13_set_up_ruled_far_off(phase: str) -> None:
    """Issue 22's wall at V13.811: with a unit placed far off by a GM ruling no original centre hex holds every unit,
    and Return's answer (the proposed centre) was refused in every battle (10 walls in 10 battles on the old code).
    ``far_off`` rules each set-up's last attacker ~150 hexes off the sheet; every battle must go on by Return, its
    centre ruled by the engine."""
    c = load_campaign(DEFAULT)
    c = c.model_copy(update={"dice_seed": 0, "settings": c.settings.model_copy(update={"combat_phase": phase})})
    p = ReturnPlayer(choose_for_campaign(c, "v13"), 0, check_saves=False, max_answers=1000, dice_key=f"{0:064x}",
                     far_off=True)
    assert p.play_turns(2) == 2
    walls = {k: v for k, v in p.notes.items() if not k.endswith(("battle fought", "ruled by the engine"))}
    assert walls == {}, walls
    assert p.notes["v13 centre ruled by the engine"] == p.notes["v13 battle fought"] >= 5, p.notes
