"""A power's damaged bases as its Empire Sheet words them (rules/economy/sheet.py ``damage_lines``; issue 23,
docs/combat_phase.md "Base damage levels"): the economy scenario's Starbase 11 at 0207 (cost 40, so 10 a
level), its levels to repair, the repairs ordered with the levels they take, the levels not ordered yet."""
from __future__ import annotations

from rules.economy.sheet import damage_lines, economy_lines
from rules.model import dumps, parse_campaign
from rules.turn.run import TurnRun
from tests.app.shell.test_orders_base_repair_gui import campaign

HEAD = "Damaged bases (004 Construction Completion: 25% of a base's cost repairs a damage level):"


def _repair(c, levels: int):
    run = TurnRun(c)
    run.answer({"repair": {"power": "fed", "unit": "fed-sb-11", "planet": "Vanguard II", "levels": levels}})
    return run.campaign


def test_a_damaged_base_its_levels_and_its_cost_a_level():
    assert damage_lines(campaign(), "fed") == (
        HEAD, "Starbase 11 at Vanguard (0207): 3 damage levels to repair (10 each)")


def test_the_repairs_ordered_and_the_levels_left_to_order():
    c = _repair(campaign(), 1)
    assert damage_lines(c, "fed")[1] == ("Starbase 11 at Vanguard (0207): 3 damage levels to repair (10 each); "
                                         "repair ordered: 1 damage level at Vanguard II on turn 1; 2 damage levels "
                                         "not ordered yet")
    assert ("Orders waiting for Construction Completion and Update Asset: repair of Starbase 11 (SB, 1 damage level) "
            "at Vanguard II (0207), 10 paid on turn 1") in economy_lines(c, "fed")  # its name, not its id
    eco = c.power("fed").economy  # the other two ordered too (at a capacity the scenario's planet lacks: the record)
    more = eco.projects[0].model_copy(update={"id": eco.projects[0].id + "-2", "levels": 2, "cost": 20})
    c.power("fed").economy = eco.model_copy(update={"projects": [*eco.projects, more]})
    assert damage_lines(parse_campaign(dumps(c)), "fed")[1].endswith(
        "repair ordered: 1 damage level at Vanguard II on turn 1, 2 damage levels at Vanguard II on turn 1; every "
        "level ordered")


def test_a_crippled_base_without_levels_has_one_and_no_cost_is_said():
    c = campaign()
    sb = c.sector_at("0207").garrison[0]
    sb.damage_levels, sb.cost = 0, None  # a file written before the levels: crippled counts one
    assert damage_lines(c, "fed")[1] == "Starbase 11 at Vanguard (0207): 1 damage level to repair (no cost in the file)"


def test_whole_bases_ships_other_powers_and_a_game_kept_by_hand():
    c = campaign()
    assert damage_lines(c, "klingon") == (HEAD + " none",)  # the base is the Federation's
    ship = next(u for f in c.fleets if f.power == "fed" for u in f.units if not u.kind.is_base)
    ship.crippled = True  # a crippled ship is repaired whole, not by levels: not a damaged base
    c.sector_at("0207").garrison[0].crippled = False
    c.sector_at("0207").garrison[0].damage_levels = 0
    assert damage_lines(parse_campaign(dumps(c)), "fed") == (HEAD + " none",)
    c = campaign()
    c.settings = c.settings.model_copy(update={"empire_turn": "by_hand"})
    assert damage_lines(c, "fed") == ()
