"""Random play reaches base damage levels and their repair through battles (issue 23): in the profile
of tests/play/bases_fight.py (the Klingon Deep Strike at the Federation's Tau Ceti bases), whole turns
played by the random player (tests/play/turn_player.py, SIDCORS battles fought by their random answers,
none ruled) see a battle cripple a base ('... is crippled: 1 damage level to repair'), the Federation
order that base's repair from the orders dialog's list at the next Turn Orders, and Construction
Completion make it whole again. Searched over the first seeds, two turns each, until one game did all
three to one base; every game's answers replay to the same bytes, and a repair never waits for a base
no longer in play (tests/rules/turn/test_repair_of_a_lost_unit.py)."""
from __future__ import annotations

from tests.play.bases_fight import AT, bases_fight, crippled_in_battle
from tests.play.turn_player import TurnPlayer, replay, run_bytes
from tests.test_campaign_property import _base_repairs, _default, _economy


def test_random_play_cripples_a_base_in_battle_orders_its_repair_and_completes_it():
    seen = []
    for seed in range(8):
        c = bases_fight(_economy(_default(seed, "sidcors", "seed004"), seed, 5))
        p = TurnPlayer(c, seed, ruling=0.0, move=0.6)
        p.play_turns(2)
        said = [e.text for e in p.run.log if e.kind == "log"]
        crippled = crippled_in_battle(said)
        ordered, done = _base_repairs(p)
        whole = [b for b in crippled if any(f"; {b} is whole again at {AT}" in t for t in done)
                 and any(f"orders {b}'s repair at " in t for t in ordered)]
        seen.append((seed, crippled, len(ordered), len(done)))
        assert not [t for t in said if "the unit is not at" in t and "repair of" in t and "fed-" in t], seed
        if whole:
            assert replay(c, p.run.answers) == run_bytes(p.run), "the same answers give other bytes"
            break
    assert whole, seen
