"""Every battle system played to its end, headless, by random legal answers and by Return pressed at every question
(issue 25's leftovers; issues 19 and 22): V13, the table, SIDCORS, AF/EF, Babylon 5 and STCS each fight every open
Battle Hex of the default campaign (after End Movement), the Battle Hexes of a few generated campaigns, and (B5 and
STCS, which the generated campaigns' ships have no data for) their own test scenarios, on a few dice seeds.

Played by :func:`tests.play.battle_player.fight`: random answers the questions' own checks accept or, pressing
Return, the answer each question opens at (:func:`tests.play.pressed.pressed`: the engine's default, or the dialog's
first choice), random only where a question is answered by choosing on a map or a panel (V13's placements and
moves, AF/EF's attack plans, B5's placements). Fails: an exception other than a refused answer, a question with no
legal answer (or whose Return answer is refused), a battle not ended within :data:`BOUND` answers, flights left
with no carrier. Found: STCS pressing Return never ended (the act question opened at the segment's first act again
and again: 191 area scans by IKV Kumara at 0509), fixed in rules/systems/stcs/acts.py.

A system that cannot fight a Battle Hex says so in its words when the battle starts (B5 or STCS with a side without
their data: a ``RuleError`` naming B5 Fleet Command or STCS and the side); that is checked, not played.

``BATTLEHEX_LONG=1`` plays more seeds.
"""
from __future__ import annotations

import os
import random
from typing import Any

import pytest

from hexmap import Label
from rules.battlehex.headless_systems import with_system
from rules.errors import RuleError
from rules.systems import start
from tests.play.battle_player import Fought, fight
from tests.play.walk import formed

LONG = os.environ.get("BATTLEHEX_LONG") == "1"
SYSTEMS = ("v13", "table", "sidcors", "afef", "b5", "stcs")
BOUND = 3000
"""The most answers a battle may take (STCS's 30 segments with every act: a few hundred)."""
SEEDS = tuple(range(6)) if LONG else (0, 1)
"""The dice (and answers') seeds (the default campaign's Battle Hexes: the first, or all when long)."""
GENERATED = (3, 5, 8, 11) if LONG else (3, 5)
"""The generated campaigns (tests/strategies/campaigns.py) whose Battle Hexes are fought."""
HOW = {"random": False, "return": True}
REFUSED = {"b5": ("B5 Fleet Command", "has no ship with Babylon 5 data"), "stcs": ("STCS", "has no ship with STCS data")}
"""The systems whose data the generated campaigns' ships lack, and the words of their refusal."""


def _played(f: Fought, where: str) -> None:
    assert not f.error, f"{where}: {f.error}"
    assert not f.stuck, f"{where}: no legal answer to {f.stuck}"
    assert f.ended, f"{where}: not ended within {BOUND} answers ({len(f.answers)} given)"
    assert not f.dangling, f"{where}: flights with no carrier: {f.dangling}"


def _fight(c: Any, at: Label, graph: Any, system: str, seed: int, press: bool) -> Fought:
    return fight(with_system(c, at, system, seed), at, graph, random.Random(seed), bound=BOUND, press=press)


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("system", SYSTEMS)
def test_every_battle_hex_of_the_default_campaign_is_played_to_its_end(system: str, how: str) -> None:
    c, graph = formed(-1)
    hexes = [r.at for r in c.battle_hexes if not r.resolved]
    assert len(hexes) == 5  # 0509, 0604, 0703, 0707, 0907 (every unit has B5 and STCS data)
    for at in hexes:
        for seed in SEEDS if LONG else SEEDS[:1]:
            f = _fight(c, at, graph, system, seed, HOW[how])
            _played(f, f"{system} at {at} of the default campaign, seed {seed}, {how}")


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("system", SYSTEMS)
def test_the_battle_hexes_of_generated_campaigns_are_played_or_refused_in_words(system: str, how: str) -> None:
    fought = 0
    for source in GENERATED:
        c, graph = formed(source)
        for at in [r.at for r in c.battle_hexes if not r.resolved]:
            if system in REFUSED:
                try:
                    start(with_system(c, at, system, 0), at, graph)
                except RuleError as e:  # the generated ships have no B5 or STCS data: said when the battle starts
                    assert all(w in str(e) for w in REFUSED[system]), e
                    continue
            f = _fight(c, at, graph, system, SEEDS[-1], HOW[how])
            _played(f, f"{system} at {at} of generated campaign {source}, {how}")
            fought += 1
    assert fought or system in REFUSED


SCENARIOS = [("b5", 0), ("b5", 1), ("b5", 3), ("b5", 11), ("stcs", 0)]
"""B5's test scenarios (unarmed, armed; seeds 3 and 11: ELINT, energy mines and flights, shot by shot or declared
fire) and STCS's (a cloaked Bird of Prey, two Constitutions, a D-7), whose ships the generated campaigns lack."""


@pytest.mark.parametrize("how", HOW)
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("system", "scenario"), SCENARIOS)
def test_b5_and_stcs_scenarios_are_played_to_their_end(system: str, scenario: int, seed: int, how: str,
                                                      request: pytest.FixtureRequest) -> None:
    from tests.rules.systems.b5.test_random_b5 import campaign as b5_campaign
    from tests.rules.systems.stcs.helpers import stcs_campaign
    from tests.rules.systems.v13.helpers import AT

    c = b5_campaign(scenario) if system == "b5" else stcs_campaign()
    f = fight(with_system(c, AT, None, seed), AT, None, random.Random(seed), bound=BOUND,  # type: ignore[arg-type]
              press=HOW[how])
    assert f.system == system
    _played(f, f"{system} scenario {scenario}, seed {seed}, {how}")
