"""Issue 22's defaults in a B5 battle: Return plays the battle, it does not sit it out.

Seen on the real screen: at 0604 of the default campaign (a meeting engagement) the GM's turn question opened at
"at the table", so pressing Return played empty turns (nothing moved, nothing fired) up to the turn limit ("17 turns
fought"), and each fleet's secret prior speed opened at 0. Now the turn question opens at "plot and move" (the
tool's own play; the options keep their order) and the meeting speed at 10: seed 003 "fleets should begin 45 or
more hexes apart with a speed of 10 or less", the usual case being the most the rule allows (at 0 fleets 45 hexes
apart only close when every squadron's plot accelerates).

Played by :func:`tests.play.battle_player.fight` pressing Return at every question (random only where B5 places a
ship on the map): the ships move in turn 1 and the battle still ends within the random-play bound.
"""
from __future__ import annotations

import random
import re

from hexmap import Label
from rules.battlehex.headless_systems import with_system
from rules.systems.b5.engine import PLOT, ROUND_LIMIT
from tests.play.battle_player import fight
from tests.play.walk import formed

BOUND = 3000
"""As tests/test_random_play_every_system.py."""


def _pressed_at_0604(seed: int):
    c, graph = formed(-1)
    at = Label.parse("0604")
    return fight(with_system(c, at, "b5", seed), at, graph, random.Random(seed), bound=BOUND, press=True)


def test_return_at_0604_plots_and_moves_at_speed_10_and_the_battle_ends() -> None:
    for seed in (0, 1):
        f = _pressed_at_0604(seed)
        assert not f.error and not f.stuck, (seed, f.error, f.stuck)
        assert f.ended, f"seed {seed}: not ended within {BOUND} answers ({len(f.answers)} given)"
        said = [t for t in f.texts if t.startswith("Game Master: ") and "turn" not in t]
        turns = [f.texts[i + 1] for i, t in enumerate(f.texts[:-1])
                 if re.match(r"Game Master: turn \d+: plot and move", t)]
        assert turns and all(t == f"Game Master: {PLOT}" for t in turns[:ROUND_LIMIT]), (seed, turns[:3], said[:3])
        speeds = [t for t in f.texts if " announces its fleet speed: " in t]
        assert len(speeds) == 2 and all(t.endswith(": 10") for t in speeds), speeds
        placed = {}  # squadron -> the hex its command ship (or the flagship) was placed at
        role = {}
        for t in f.texts:
            m = re.match(r"\w+: place (.+) \(squadron (\w+), (flagship|command|patrol)\)$", t)
            if m:
                role[m[1]] = m[2]
            m = re.match(r"(.+) is placed at (\d{4}),", t)
            if m and m[1] in role:
                placed[role.pop(m[1])] = m[2]
        moved = {m[1]: m[2] for t in f.texts
                 if (m := re.match(r"turn 1 pulse \d: squadron (\w+)'s command ship moves to (\d{4})", t))}
        assert placed and set(moved) == set(placed), (placed, moved)
        assert all(moved[s] != placed[s] for s in placed), (seed, placed, moved)  # every squadron moved in turn 1
