"""Every Battle Hex of the default campaign can be fought in STCS with ships on both sides (issue 25 leftover: only
0509's seven units had STCS data, so at 0604, 0703, 0707 and 0907 STCS 'fought' with no ships at all; seen at 0703,
Coalition vs Orion: the GM's 'which ships were destroyed?' list was empty, the battle resolved with no losses). Every
fleet and garrison unit now has a conversion of its SFB data (docs/stcs.md, 'The default campaign's ships'); a
side with none is refused when the battle starts, in words naming the rule and the side."""
from __future__ import annotations

import random

import pytest

from rules.battlehex.headless_systems import with_system
from rules.errors import RuleError
from rules.model.io import load_campaign
from rules.systems import start
from tests.play.battle_player import fight
from tests.play.walk import formed

DEFAULT = "scenarios/default_campaign.json"


def test_every_ship_and_garrison_unit_of_the_default_campaign_has_stcs_data() -> None:
    c = load_campaign(DEFAULT)  # validated: STCSData's bounds and words
    fleets = [u for f in c.fleets for u in f.units if u.kind != "fighter"]
    garrisons = [u for s in c.map.sectors for u in s.garrison or []]
    assert len(fleets) + len(garrisons) == 54
    assert [u.name for u in fleets + garrisons if u.stcs is None] == []
    # the fighter flight has none: seed 002 has no fighters (left to the table, said in the log)
    assert [u.name for f in c.fleets for u in f.units if u.stcs is None] == ["Claw Fighter Squadron 1 (12 AAS)"]


def _turn_one() -> tuple[object, object, list[str]]:
    c, graph = formed(-1)
    return c, graph, [r.at for r in c.battle_hexes if not r.resolved]


def test_every_battle_hex_of_turn_1_has_ships_of_both_sides_on_the_stcs_map() -> None:
    c, graph, hexes = _turn_one()
    assert sorted(str(h) for h in hexes) == ["0509", "0604", "0703", "0707", "0907"]
    for at in hexes:
        run = start(with_system(c, at, "stcs", 0), at, graph)  # type: ignore[arg-type]
        run.answer("warp")  # warp-speed combat: every ship placed at the start
        e = run.engine
        assert e.on_map(e.attacker) and e.on_map(e.defender), f"{at}: {e.on_map()}"


@pytest.mark.parametrize("press", [False, True])
def test_every_battle_hex_of_turn_1_is_fought_to_its_end_in_stcs(press: bool) -> None:
    c, graph, hexes = _turn_one()
    for at in hexes:
        f = fight(with_system(c, at, "stcs", 0), at, graph, random.Random(0), bound=3000,  # type: ignore[arg-type]
                  press=press)
        where = f"STCS at {at}, {'Return pressed' if press else 'random answers'}"
        assert f.system == "stcs" and not f.error and not f.stuck, f"{where}: {f.error or f.stuck}"
        assert f.ended, f"{where}: not ended within 3000 answers"
        assert not any("nothing to fight" in t for t in f.texts), where


def test_a_side_without_stcs_ships_is_refused_when_the_battle_starts() -> None:
    from tests.rules.systems.stcs.test_nothing_to_fight import one_sided
    from tests.rules.systems.v13.helpers import AT

    with pytest.raises(RuleError) as err:
        start(one_sided(), AT)  # Blue's Enterprise has STCS data, Red's r1 none
    assert str(err.value) == "STCS: Red has no ship with STCS data in this battle (seed 002 ship data: docs/stcs.md)"


def test_the_independent_orions_at_0703_are_left_to_the_table_by_name() -> None:
    """Seen on the real screen at 0703 (Coalition attacks Alliance, the independent Orions in the hex): with their
    STCS data the Orions were listed among 'which ships were destroyed?' though never on the map (the engine
    places two sides). A third party is now left to the table, named in the log, as a ship without data is."""
    import json

    c, graph, _ = _turn_one()
    at = next(r.at for r in c.battle_hexes if str(r.at) == "0703")  # type: ignore[attr-defined]
    run = start(with_system(c, at, "stcs", 0), at, graph)  # type: ignore[arg-type]
    run.answer("warp")
    e = run.engine
    assert {e.units[x].team for x in e.units} == {e.attacker, e.defender}
    assert not {"ori-cr-1", "ori-slv-1"} & set(e.units)
    lines = [x["text"] for x in json.loads(run.events_json()) if "neither side" in x.get("text", "")]
    assert lines == ["Orion Pirates, neither side of this battle (left to the table, not on the tactical map): "
                     "Black Mira's Revenge, Jade Serpent; the Game Master enters their losses when the battle is "
                     "resolved"]  # (test_table_losses.py: asked after the STCS ships)


@pytest.mark.parametrize("seed", (3, 7))  # (4 met no Battle Hex in turn 2 once mines were laid by the rules, 5 none
# once Construction Completion became a phase of its own, 2da3c87, 6 none once 0509 had its planet, moon and asteroid)
def test_turns_1_and_2_are_played_with_every_battle_hex_fought_in_stcs(seed: int) -> None:
    """Whole turns 1 and 2 (seeds with Battle Hexes in turn 2 too, as B5's test), every Battle Hex fought in STCS:
    none erring, refused, unanswered or left open. (Seed 1 gave none in turn 2 once a Team ignoring Orions or a
    sub-light unit, answered at random, no longer meets them: V13.16, V13.18.)"""
    from rules.systems import choose_for_campaign
    from tests.rules.systems.b5.test_b5_default_campaign import Recording

    p = Recording(choose_for_campaign(load_campaign(DEFAULT), "stcs"), seed, ruling=0.0, check_saves=False)
    p.play_turns(2)
    assert p.run.campaign.turn == 3
    notes = {k: v for k, v in p.notes.items() if k.startswith("stcs") or k.startswith("battle")}
    assert notes == {"stcs battle fought": len(p.fought)}, notes
    assert {t for t, _ in p.fought} == {1, 2}, p.fought
